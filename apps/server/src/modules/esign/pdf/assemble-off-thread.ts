import { Worker } from 'node:worker_threads';
import { AppError } from '../../../platform/http/errors';
import type { AssembleInput } from './assemble';
import type { AssembleReply, AssembleRequest } from './assemble-worker';

type Result = { pdf: Buffer; sha256: string; flattenedSha256: string };

/**
 * `assembleSignedPdf` on a worker thread: flattening, the certificate page and the CMS signature
 * took 0.3-0.9 s of the event loop per envelope (docs/esign.md), during which no request was
 * answered. One worker, started on first use and kept (unref'd: it never holds the process
 * open), takes the assemblies in turn; if it dies, what it had fails (the finalize job retries)
 * and the next call starts a new one.
 *
 * From source (tsx, vitest) the worker runs the .ts file through tsx; in the bundle, build.mjs
 * emits it beside main.js as esign-assemble-worker.js.
 */
let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (r: Result) => void; reject: (e: unknown) => void }>();

/** The bundle's own worker file; from source, a bootstrap that loads the .ts one through tsx. */
function newWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./esign-assemble-worker.js', import.meta.url));
  const entry = new URL('./assemble-worker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, { eval: true });
}

function failAll(error: unknown) {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
  worker = null;
}

function started(): Worker {
  if (worker) return worker;
  const w = newWorker();
  w.unref();
  w.on('message', (reply: AssembleReply) => {
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (pending.size === 0) w.unref();
    if (reply.ok) waiting.resolve({ pdf: Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength), sha256: reply.sha256, flattenedSha256: reply.flattenedSha256 });
    else waiting.reject(new AppError(reply.code, { message: reply.text, data: reply.data, cause: new Error(reply.message) }));
  });
  w.on('error', (error) => {
    if (worker === w) failAll(error);
  });
  w.on('exit', (code) => {
    if (worker === w) failAll(new Error(`the e-sign assembly worker exited (${code})`));
  });
  worker = w;
  return w;
}

export function assembleOffThread(input: AssembleInput): Promise<Result> {
  const w = started();
  const id = nextId++;
  return new Promise<Result>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // While an assembly is under way the worker is awaited like any other I/O.
    w.ref();
    w.postMessage({ id, input } satisfies AssembleRequest);
  });
}

/** Stops the worker (tests, shutdown); the next assembly starts a new one. */
export async function stopAssemblyWorker(): Promise<void> {
  const w = worker;
  if (!w) return;
  failAll(new Error('the e-sign assembly worker was stopped'));
  await w.terminate();
}
