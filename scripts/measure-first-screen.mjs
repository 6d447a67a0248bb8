// The sign-in route's initial JavaScript (docs/performance.md): gzip -9 of every script index.html
// loads or preloads, plus the SignInPage chunk and its static imports. `node scripts/measure-first-screen.mjs apps/web/dist`
import fs from 'node:fs'; import path from 'node:path'; import zlib from 'node:zlib';
const dist = process.argv[2] ?? 'apps/web/dist';
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
const signIn = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^SignInPage-.*\.js$/.test(f));
const queue = [`assets/${signIn}`];
while (queue.length) {
  const f = queue.pop(); if (files.has(f) && f !== `assets/${signIn}`) continue; files.add(f);
  const src = fs.readFileSync(path.join(dist, f), 'utf8');
  for (const m of src.matchAll(/(?:^|[;}\n])\s*import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) { const d = `assets/${m[1]}`; if (!files.has(d)) queue.push(d); }
}
let total = 0; for (const f of files) total += zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length;
console.log(`${(total / 1024).toFixed(1)} KB over ${files.size} files`);
for (const f of [...files].sort()) console.log((zlib.gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length/1024).toFixed(1).padStart(7), f);
