// The sign-in route's initial JavaScript (docs/performance.md): gzip -9 of every script index.html
// loads or preloads, plus the SignInPage chunk and its static imports.
//   node scripts/measure-first-screen.mjs [apps/web/dist] [--budget-kb N] [--by-package]
// With --budget-kb (npm run check:first-screen, CI after the build) it fails past the budget.
// With --by-package it also shares each file's gzip size among the packages (and our source
// files) its source map names, in proportion to the bytes they produced; it needs a build with
// source maps, which the release build does not publish:
//   (cd apps/web && npx vite build --sourcemap --outDir /tmp/web-maps) && node scripts/measure-first-screen.mjs /tmp/web-maps --by-package
import fs from 'node:fs'; import path from 'node:path'; import zlib from 'node:zlib';
const args = process.argv.slice(2);
const budgetAt = args.indexOf('--budget-kb');
const budgetKb = budgetAt >= 0 ? Number(args.splice(budgetAt, 2)[1]) : null;
if (budgetKb !== null && !(budgetKb > 0)) { console.error('--budget-kb needs a positive number of KB'); process.exit(2); }
const byPackageAt = args.indexOf('--by-package');
const byPackage = byPackageAt >= 0 && Boolean(args.splice(byPackageAt, 1));
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
if (byPackage) {
  const shares = new Map();
  for (const f of files) {
    const mapFile = path.join(dist, `${f}.map`);
    if (!fs.existsSync(mapFile)) { shares.set(`(no source map) ${f}`, (shares.get(`(no source map) ${f}`) ?? 0) + sizes.get(f)); continue; }
    const code = fs.readFileSync(path.join(dist, f), 'utf8');
    const ratio = sizes.get(f) / Buffer.byteLength(code);
    for (const [source, chars] of charsBySource(code, JSON.parse(fs.readFileSync(mapFile, 'utf8')))) {
      const name = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? source.replace(/^(\.\.\/)+/, '').replace(/^.*?((apps|packages)\/)/, '$1');
      shares.set(name, (shares.get(name) ?? 0) + chars * ratio);
    }
  }
  console.log('\nBy package or source file (gzip KB, shared in proportion to the bytes each produced; 0.1 KB and up):');
  for (const [name, bytes] of [...shares].sort((a, b) => b[1] - a[1])) if (bytes >= 102.4) console.log((bytes / 1024).toFixed(1).padStart(7), name);
}

/** Characters of generated code per source, from a source map's mappings (base64 VLQ). */
function charsBySource(code, map) {
  const digits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const lines = code.split('\n');
  const out = new Map();
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = lines[lineIndex] ?? '';
    let column = 0;
    const segments = [];
    for (const segment of line.split(',').filter(Boolean)) {
      const values = []; let value = 0; let shift = 0;
      for (const ch of segment) {
        const digit = digits.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) { shift += 5; continue; }
        values.push(value & 1 ? -(value >>> 1) : value >>> 1); value = 0; shift = 0;
      }
      column += values[0];
      if (values.length > 1) source += values[1];
      segments.push({ column, source: values.length > 1 ? source : -1 });
    }
    segments.forEach((seg, i) => {
      const end = i + 1 < segments.length ? segments[i + 1].column : text.length;
      const name = seg.source >= 0 ? map.sources[seg.source] : '(generated)';
      out.set(name, (out.get(name) ?? 0) + Math.max(0, end - seg.column));
    });
  });
  return out;
}

if (budgetKb !== null) {
  if (total > budgetKb) {
    console.error(`\nFirst screen over budget: the sign-in route loads ${total.toFixed(1)} KB of JavaScript (gzip), the budget is ${budgetKb} KB.`);
    console.error('Make the new code lazy (React.lazy / route lazy, dynamic import) or move it out of the chunks listed above; see docs/performance.md.');
    process.exit(1);
  }
  console.log(`within the first-screen budget of ${budgetKb} KB (${(budgetKb - total).toFixed(1)} KB left)`);
}
