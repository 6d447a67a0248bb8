import { Worker } from 'node:worker_threads';
import type { AnalyzedClause } from '@legal/api';
import type { AppServices } from '../../../platform/services';
import type { EngineReply, EngineRequest, EngineRequestBody, TextLabels } from './engine-worker';
import type { EngineInput, EngineOutput } from './engine.types';
import type { ReviewProgress } from './review-steps';

/** The engine did not answer within its time (a pattern that backtracks without end): the thread was stopped. */
export class EngineTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`the review engine did not answer within ${timeoutMs} ms`);
  }
}

/** What the thread answered with a failure: the engine's own error, its stack kept for the log. */
export class EngineThreadError extends Error {
  constructor(message: string, readonly threadStack: string | undefined) {
    super(message);
  }
}

interface Pending {
  id: number;
  resolve: (reply: Extract<EngineReply, { kind: 'done' }>) => void;
  reject: (error: unknown) => void;
  onProgress?: ReviewProgress;
  timer: NodeJS.Timeout;
}

/**
 * The built-in review engine's CPU work on a worker thread (issue 15, docs/performance.md "AI
 * review"): segmentation and the summary took ~33 ms each of one piece of the event loop per
 * 30-page review, and the requests that arrived meanwhile waited. One thread per application
 * (a pool of one: the job runs one review at a time per process, and the machine has two cores),
 * started on first use, unref'd while idle (it never holds the process open) and stopped by
 * `close()` (the module's shutdown); requests go to it one at a time.
 *
 * A request unanswered within `timeoutMs` stops the thread (a checkpoint's pattern may backtrack
 * for ever) and rejects with EngineTimeoutError; an error thrown by the engine rejects with
 * EngineThreadError; a thread that dies rejects what it had. The next request starts a new thread.
 *
 * From source (tsx, vitest) the thread runs the .ts file through tsx; in the bundle, build.mjs
 * emits it beside main.js as ai-review-engine-worker.js.
 */
export class ReviewEngineThread {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private pending: Pending | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private nextId = 1;

  constructor(private readonly options: { timeoutMs: number }) {}

  /** The clauses of the text, as `splitClauses` gives them. */
  async segment(text: string): Promise<AnalyzedClause[]> {
    const reply = await this.request({ op: 'segment', text });
    if (!('clauses' in reply)) throw new Error('the review engine answered a segmentation without clauses');
    return reply.clauses;
  }

  /** The labels of the text's clauses (as `splitClauses` gives them) and its language (`textLanguage`). */
  async labels(text: string): Promise<TextLabels> {
    const reply = await this.request({ op: 'labels', text });
    if (!('labelled' in reply)) throw new Error('the review engine answered a labelling without labels');
    return reply.labelled;
  }

  /** The built-in review, as `runBuiltInReview` gives it; its progress reported as the thread goes. */
  async review(input: EngineInput, onProgress?: ReviewProgress): Promise<EngineOutput> {
    const reply = await this.request({ op: 'review', input }, onProgress);
    if (!('output' in reply)) throw new Error('the review engine answered a review without output');
    return reply.output;
  }

  /** Stops the thread; what it had is rejected. The next request starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.fail(new Error('the review engine thread was stopped'));
    await worker?.terminate();
  }

  private request(body: EngineRequestBody, onProgress?: ReviewProgress): Promise<Extract<EngineReply, { kind: 'done' }>> {
    // One request at a time: a request's time limit counts its own work only.
    const answer = this.queue.then(async () => {
      const worker = await this.started();
      const id = this.nextId++;
      return new Promise<Extract<EngineReply, { kind: 'done' }>>((resolve, reject) => {
        const timer = setTimeout(() => {
          const stopped = this.worker;
          this.fail(new EngineTimeoutError(this.options.timeoutMs));
          void stopped?.terminate();
        }, this.options.timeoutMs);
        this.pending = { id, resolve, reject, onProgress, timer };
        // While a request is under way the thread is awaited like any other I/O.
        worker.ref();
        worker.postMessage({ id, ...body } satisfies EngineRequest);
      });
    });
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private started(): Promise<Worker> {
    if (this.ready) return this.ready;
    // Referenced until its first request is answered (settle), then only while one is under way.
    const worker = newWorker();
    this.worker = worker;
    this.ready = new Promise<Worker>((resolve, reject) => {
      worker.on('message', (reply: EngineReply) => {
        if (reply.kind === 'ready') return resolve(worker);
        const pending = this.pending;
        if (!pending || pending.id !== reply.id) return;
        if (reply.kind === 'progress') return pending.onProgress?.(reply.step, reply.percent);
        this.settle();
        if (reply.kind === 'done') pending.resolve(reply);
        else pending.reject(new EngineThreadError(reply.message, reply.stack));
      });
      const gone = (error: Error) => {
        reject(error);
        if (this.worker === worker) this.fail(error);
      };
      worker.on('error', gone);
      worker.on('exit', (code) => gone(new Error(`the review engine thread exited (${code})`)));
    });
    // A thread that never started is reported to the request that waited for it.
    this.ready.catch(() => undefined);
    return this.ready;
  }

  /** The request under way is answered: its timer stops and the idle thread is unref'd. */
  private settle() {
    if (!this.pending) return;
    clearTimeout(this.pending.timer);
    this.pending = null;
    this.worker?.unref();
  }

  /** The thread is gone (or is being stopped): its request fails and the next one starts a new thread. */
  private fail(error: unknown) {
    const pending = this.pending;
    this.settle();
    this.worker = null;
    this.ready = null;
    pending?.reject(error);
  }
}

/** The bundle's own worker file; from source, a bootstrap that loads the .ts one through tsx. */
function newWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./ai-review-engine-worker.js', import.meta.url));
  const entry = new URL('./engine-worker.ts', import.meta.url).href;
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`, { eval: true });
}

/** Each application's engine thread (several applications live in one test process). */
const threads = new WeakMap<AppServices, ReviewEngineThread>();

/** The application's engine thread, made on first use (the thread itself starts with its first request). */
export function reviewEngineThread(services: AppServices): ReviewEngineThread {
  let thread = threads.get(services);
  if (!thread) threads.set(services, (thread = new ReviewEngineThread({ timeoutMs: services.config.ai.reviewEngineTimeoutMs })));
  return thread;
}

/** Stops the application's engine thread (the module's shutdown, after the job workers stopped). */
export async function stopReviewEngineThread(services: AppServices): Promise<void> {
  await threads.get(services)?.close();
  threads.delete(services);
}
