// npx tsx bench/esign-assembly.ts [N=10] — the e-sign final assembly (flatten, certificate page,
// CMS signature) in the event loop's thread versus on its worker thread (issue 19). For each, N
// runs of a 2-page PDF with a drawn signature and a date: wall time per assembly (median, p95)
// and the event loop's longest stall while it ran (the longest gap between ticks of a 5 ms
// interval, less its 5 ms), which is what every other request of the process waits. Bare baseline: the same loop with no work.
// Figures: docs/esign.md.
import { assembleOffThread, assembleSignedPdf, generateSigningIdentity, stopAssemblyWorker } from '../apps/server/src/modules/esign/pdf';
import { sha256Hex } from '../apps/server/src/modules/esign/pdf/signable';
import { certificateData, makePdf, transparentPng } from '../apps/server/src/modules/esign/pdf/test-fixtures';

const N = Number(process.argv[2] ?? 10);
const identity = generateSigningIdentity({ commonName: '한빛 법무법인 전자서명', organization: '한빛 법무법인' });
const original = await makePdf(2);
const input = {
  original,
  stamps: [
    { page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.08, type: 'SIGNATURE' as const, imagePng: await transparentPng() },
    { page: 2, x: 0.5, y: 0.8, width: 0.3, height: 0.05, type: 'DATE' as const, value: '2026-11-27' },
  ],
  certificate: certificateData({ originalSha256: sha256Hex(original) }),
  identity,
  reason: 'Signed by all parties',
  location: 'Seoul',
  signedAt: new Date(),
};

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function measure(label: string, run: () => Promise<unknown>) {
  const walls: number[] = [];
  const stalls: number[] = [];
  for (let i = 0; i < N; i++) {
    let last = performance.now();
    let stall = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      stall = Math.max(stall, now - last - 5);
      last = now;
    }, 5);
    const started = performance.now();
    await run();
    walls.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20)); // the tick that was held up by the last block
    clearInterval(tick);
    stalls.push(stall);
  }
  const first = walls[0]!;
  console.log(`${label.padEnd(24)} first ${first.toFixed(0).padStart(5)} ms | wall median ${pct(walls.slice(1), 50).toFixed(0).padStart(5)} p95 ${pct(walls.slice(1), 95).toFixed(0).padStart(5)} ms | loop stall median ${pct(stalls.slice(1), 50).toFixed(0).padStart(4)} max ${Math.max(...stalls).toFixed(0).padStart(4)} ms`);
}

await measure('bare (a 400 ms wait)', () => new Promise((r) => setTimeout(r, 400)));
await measure('in the event loop', () => assembleSignedPdf(input));
await measure('on the worker thread', () => assembleOffThread(input));
await stopAssemblyWorker();
