import { z } from 'zod';
import { OutboundError, type OutboundClient } from '../http/outbound';
import { AiProviderError, type AiDriverName, type AiFailure } from './provider';

/**
 * What the HTTP drivers share: one POST with a per-attempt timeout, the caller's cancellation, retries
 * with back-off on 429 / 5xx / connection failures (Retry-After honoured), and the mapping of each
 * provider's error answers (OpenAI's `{error:{code,message}}`, Anthropic's `{type:'error',error:{type,message}}`,
 * Ollama's `{error:'...'}`) onto `AiFailure`. A stream is never retried once it has been handed over.
 */

/** Knobs tests turn (the back-off's clock); production uses the defaults. */
export interface TransportTuning {
  /** First back-off step (doubles per retry, plus up to one step of jitter). Default 500 ms. */
  backoffBaseMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails at once. Default 30 s. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface TransportOptions extends TransportTuning {
  driver: AiDriverName;
  outbound: OutboundClient;
  timeoutMs: number;
  maxRetries: number;
  apiKey: string | null;
}

/** An answer with a 2xx status, and how to name a failure while its body is being read. */
export interface Exchange {
  response: Response;
  fail(error: unknown): AiProviderError;
}

const BACKOFF_CAP_MS = 8_000;

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Removes the key, and anything shaped like one, from a provider's message before it goes into an error. */
export function redact(text: string, apiKey: string | null): string {
  let out = text;
  if (apiKey && apiKey.length >= 4) out = out.split(apiKey).join('[redacted]');
  return out.replace(/\b(?:sk|rk|pk|key|api)[-_][\w*.-]{4,}/gi, '[redacted]').slice(0, 300);
}

const ErrorBody = z.looseObject({
  error: z
    .union([z.string(), z.looseObject({ message: z.string().optional(), code: z.unknown().optional(), type: z.string().optional() })])
    .optional(),
  message: z.string().optional(),
});

/** The provider's own code and message from an error body, whatever its shape. */
export function readErrorBody(text: string): { code: string | null; type: string | null; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { code: null, type: null, message: text.trim() };
  }
  const parsed = ErrorBody.safeParse(json);
  if (!parsed.success) return { code: null, type: null, message: '' };
  const { error } = parsed.data;
  if (typeof error === 'string') return { code: null, type: null, message: error };
  const code = error?.code === undefined || error.code === null ? null : String(error.code);
  return { code, type: error?.type ?? null, message: error?.message ?? parsed.data.message ?? '' };
}

const CONTEXT_WORDING = /context[_ ]length|context window|maximum context|prompt is too long|too many (input )?tokens|input is too long|reduce the length/i;
const MODEL_WORDING = /model[^.]{0,80}(not found|does not exist|not exist)|unknown model|no such model/i;

/** The failure an HTTP error answer stands for. */
export function failureOfStatus(status: number, code: string | null, type: string | null, message: string): AiFailure {
  if (status === 401 || status === 403 || type === 'authentication_error' || type === 'permission_error') return 'AUTH';
  if (code === 'context_length_exceeded' || ((status === 400 || status === 413 || status === 422) && CONTEXT_WORDING.test(message))) {
    return 'CONTEXT_TOO_LONG';
  }
  if (status === 404 || code === 'model_not_found' || type === 'not_found_error' || (status === 400 && MODEL_WORDING.test(message))) {
    return 'UNKNOWN_MODEL';
  }
  if (status === 429 || type === 'rate_limit_error') return 'RATE_LIMITED';
  if (status === 408) return 'TIMEOUT';
  // 5xx, and a 4xx the provider gives no better name for (a parameter the model does not take).
  return 'UNAVAILABLE';
}

export class AiTransport {
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: TransportOptions) {
    this.sleep = options.sleep ?? abortableSleep;
    this.random = options.random ?? Math.random;
  }

  get driver(): AiDriverName {
    return this.options.driver;
  }

  error(failure: AiFailure, message: string, extra: { status?: number; model?: string | null; cause?: unknown } = {}): AiProviderError {
    return new AiProviderError(
      failure,
      redact(message, this.options.apiKey),
      { status: extra.status, driver: this.options.driver, model: extra.model ?? null },
      extra.cause === undefined ? undefined : { cause: extra.cause },
    );
  }

  /** A success answer's JSON body checked against the driver's schema: BAD_OUTPUT when it is not JSON or not that shape. */
  async readJson<S extends z.ZodType>(exchange: Exchange, schema: S, model: string): Promise<z.output<S>> {
    let text: string;
    try {
      text = await exchange.response.text();
    } catch (error) {
      throw exchange.fail(error);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw this.error('BAD_OUTPUT', 'the provider answered with something that is not JSON', { model });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw this.error('BAD_OUTPUT', 'the provider answered JSON of an unexpected shape', { model });
    return parsed.data;
  }

  /** An error answer (status and body text) as an AiProviderError. */
  fromAnswer(status: number, text: string, model: string | null): AiProviderError {
    const { code, type, message } = readErrorBody(text);
    const failure = failureOfStatus(status, code, type, message);
    const said = message ? `: ${message}` : '';
    return this.error(failure, `${this.options.driver} answered ${status}${said}`, { status, model });
  }

  /** A thrown error (network, abort, timeout, outbound refusal) as an AiProviderError. */
  fromThrown(error: unknown, caller: AbortSignal | undefined, timeout: AbortSignal, model: string | null): AiProviderError {
    if (error instanceof AiProviderError) return error;
    if (caller?.aborted) return this.error('CANCELLED', 'the AI call was cancelled', { model, cause: error });
    if (timeout.aborted) return this.error('TIMEOUT', `no answer from ${this.options.driver} within ${this.options.timeoutMs} ms`, { model, cause: error });
    if (error instanceof OutboundError) {
      switch (error.reason) {
        case 'REFUSED_ADDRESS':
          return this.error('REFUSED_ADDRESS', 'the AI endpoint is at an address the server may not call (add it to OUTBOUND_ALLOW_HOSTS)', { model, cause: error });
        case 'BAD_URL':
          return this.error('NOT_CONFIGURED', 'the AI base URL is not a valid http(s) URL without credentials', { model, cause: error });
        case 'TIMEOUT':
          return this.error('TIMEOUT', `no answer from ${this.options.driver} in time`, { model, cause: error });
        case 'TOO_LARGE':
          return this.error('BAD_OUTPUT', 'the AI answer is larger than the outbound client accepts', { model, cause: error });
        default:
          return this.error('UNAVAILABLE', `${this.options.driver} could not be reached (${error.reason})`, { model, cause: error });
      }
    }
    return this.error('UNAVAILABLE', `${this.options.driver} could not be reached`, { model, cause: error });
  }

  /**
   * POSTs JSON and answers the first 2xx response; retries 429/5xx/connection failures. The response
   * body is still open: read it with `exchange.fail` for errors (the attempt's timeout keeps running).
   */
  async post(url: string, headers: Record<string, string>, body: unknown, signal: AbortSignal | undefined, model: string | null): Promise<Exchange> {
    const payload = JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw this.error('CANCELLED', 'the AI call was cancelled', { model });
      const timeout = AbortSignal.timeout(this.options.timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      const canRetry = attempt < this.options.maxRetries;
      let response: Response;
      try {
        response = await this.options.outbound.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: payload,
          signal: combined,
        });
      } catch (error) {
        const failure = this.fromThrown(error, signal, timeout, model);
        if (failure.failure === 'UNAVAILABLE' && canRetry) {
          await this.backoff(attempt, null, signal, model);
          continue;
        }
        throw failure;
      }
      if (response.ok) return { response, fail: (error) => this.fromThrown(error, signal, timeout, model) };

      let text = '';
      try {
        text = await response.text();
      } catch (error) {
        throw this.fromThrown(error, signal, timeout, model);
      }
      const failure = this.fromAnswer(response.status, text, model);
      const isRetryable = response.status === 429 || response.status >= 500;
      if (isRetryable && canRetry) {
        const waited = await this.backoff(attempt, response.headers.get('retry-after'), signal, model);
        if (waited) continue;
      }
      throw failure;
    }
  }

  /** Waits before the next attempt; false when the server asks for longer than we wait. */
  private async backoff(attempt: number, retryAfter: string | null, signal: AbortSignal | undefined, model: string | null): Promise<boolean> {
    const asked = parseRetryAfter(retryAfter);
    const maxRetryAfterMs = this.options.maxRetryAfterMs ?? 30_000;
    if (asked !== null && asked > maxRetryAfterMs) return false;
    const base = this.options.backoffBaseMs ?? 500;
    const delay = asked ?? Math.min(BACKOFF_CAP_MS, base * 2 ** attempt) + Math.floor(this.random() * base);
    try {
      await this.sleep(delay, signal);
    } catch (error) {
      throw this.error('CANCELLED', 'the AI call was cancelled', { model, cause: error });
    }
    return true;
  }
}
