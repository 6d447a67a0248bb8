import { type UploadProgress } from './api-types';

export interface XhrRequest {
  xhr: XMLHttpRequest;
  method: string;
  url: string;
  headers: Headers;
  body: FormData;
  /** Milliseconds without any progress before the request is given up. */
  idleTimeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/** Why no HTTP answer came back. */
export class XhrTransportError extends Error {
  constructor(readonly reason: 'timeout' | 'aborted' | 'network') {
    super(`upload ${reason}`);
    this.name = 'XhrTransportError';
  }
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    try {
      headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
    } catch {
      // An unreadable header is not worth failing the upload for.
    }
  }
  return headers;
}

/**
 * Sends a body with XMLHttpRequest (fetch reports no upload progress) and answers a fetch
 * `Response`, so the API client reads it like any other answer. Sends credentials.
 */
export function sendWithXhr(request: XhrRequest): Promise<Response> {
  const { xhr, signal, onProgress } = request;
  return new Promise<Response>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let isSettled = false;
    const finish = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abortFromCaller);
      outcome();
    };
    const fail = (reason: XhrTransportError['reason']) => finish(() => reject(new XhrTransportError(reason)));
    const armTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        fail('timeout');
        xhr.abort();
      }, request.idleTimeoutMs);
    };
    const abortFromCaller = () => {
      fail('aborted');
      xhr.abort();
    };

    xhr.open(request.method, request.url, true);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.addEventListener('progress', (event) => {
      armTimer();
      const total = event.lengthComputable && event.total > 0 ? event.total : null;
      onProgress?.({ loaded: event.loaded, total, percent: total === null ? null : Math.min(100, (event.loaded / total) * 100) });
    });
    xhr.addEventListener('load', () => {
      finish(() => {
        const status = xhr.status;
        if (status < 200 || status > 599) {
          reject(new XhrTransportError('network'));
          return;
        }
        const body = NULL_BODY_STATUSES.has(status) ? null : typeof xhr.response === 'string' ? xhr.response : xhr.responseText;
        resolve(new Response(body, { status, headers: responseHeaders(xhr) }));
      });
    });
    xhr.addEventListener('error', () => fail('network'));
    xhr.addEventListener('abort', () => fail('aborted'));
    xhr.addEventListener('timeout', () => fail('timeout'));

    if (signal?.aborted) {
      fail('aborted');
      return;
    }
    signal?.addEventListener('abort', abortFromCaller, { once: true });
    armTimer();
    xhr.send(request.body);
  });
}
