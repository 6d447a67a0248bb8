// The sign-in route's initial JavaScript (docs/performance.md): gzip -9 of every script index.html
// loads or preloads, plus the SignInPage chunk and its static imports.
//   node scripts/measure-first-screen.mjs [apps/web/dist] [--budget-kb N]
// With --budget-kb (npm run check:first-screen, CI after the build) it fails past the budget.
import fs from 'node:fs'; import path from 'node:path'; import zlib from 'node:zlib';
const args = process.argv.slice(2);
const budgetAt = args.indexOf('--budget-kb');
const budgetKb = budgetAt >= 0 ? Number(args.splice(budgetAt, 2)[1]) : null;
if (budgetKb !== null && !(budgetKb > 0)) { console.error('--budget-kb needs a positive number of KB'); process.exit(2); }
const dist = args[0] ?? 'apps/web/dist';
if (!fs.existsSync(path.join(dist, 'index.html'))) { console.error(`${dist}/index.html is missing: build the web app first (npm run build -w @legal/web)`); process.exit(2); }
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
const signIn = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^SignInPage-.*\.js$/.test(f));
const queue = [`assets/${signIn}`];
while (queue.length) {
  const f = queue.pop(); if (files.has(f) && f !== `assets/${signIn}`) continue; files.add(f);
  const src = fs.readFileSync(path.join(dist, f), 'utf8');
  for (const m of src.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) { const d = `assets/${m[1]}`; if (!files.has(d)) queue.push(d); }
}
const sizes = new Map([...files].map((f) => [f, zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length]));
const total = [...sizes.values()].reduce((sum, n) => sum + n, 0) / 1024;
console.log(`${total.toFixed(1)} KB over ${files.size} files`);
for (const f of [...files].sort()) console.log((sizes.get(f) / 1024).toFixed(1).padStart(7), f);
if (budgetKb !== null) {
  if (total > budgetKb) {
    console.error(`\nFirst screen over budget: the sign-in route loads ${total.toFixed(1)} KB of JavaScript (gzip), the budget is ${budgetKb} KB.`);
    console.error('Make the new code lazy (React.lazy / route lazy, dynamic import) or move it out of the chunks listed above; see docs/performance.md.');
    process.exit(1);
  }
  console.log(`within the first-screen budget of ${budgetKb} KB (${(budgetKb - total).toFixed(1)} KB left)`);
}
