import {
  HEADER,
  PERMISSION,
  REQUEST_TIMEOUT_MS,
  buildPath,
  reportClientError,
  type RouteData,
  type Service,
  type SuccessEnvelope,
} from '@legal/api';
import { ApiError } from './api-error';
import { silentNotifier } from './api-notifier';
import {
  type AnyRoute,
  type ApiClient,
  type ApiClientConfig,
  type ApiContext,
  type CallArgs,
  type RequestFlags,
  type RequestOptions,
  type ServiceClient,
  type UnauthorizedEvent,
  type UploadInput,
} from './api-types';
import { type ErrorReportInput } from './error-report';
import { classifyFailure, isReportable, skipsUnauthorizedRoutine } from './error-policy';
import { createPageLeaveWatch, isAbortError } from './page-leave';
import { readResponse } from './read-response';
import { buildUrl, serviceBase, type QueryInput } from './request-url';
import { XhrTransportError, sendWithXhr } from './xhr-transport';

export type * from './api-types';

/** What a successful call answers: the envelope's `data`, or (for `callEnvelope`) the whole envelope. */
type Unwrap = 'data' | 'envelope';

const NEW_TAB_FEATURES = 'noopener';

/** The server confines a session whose password has expired to the password change (403, reason PASSWORD_EXPIRED). */
function isPasswordExpired(error: ApiError): boolean {
  const data = error.data as { reason?: unknown } | undefined;
  return data?.reason === 'PASSWORD_EXPIRED';
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const host = config.host ?? '';
  const defaultTimeout = config.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const fetchImpl: typeof fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const createErrorId = config.createErrorId ?? (() => crypto.randomUUID());
  const createXhr = config.createXhr ?? (() => new globalThis.XMLHttpRequest());
  const isLeavingPage = config.isLeavingPage ?? createPageLeaveWatch();
  const t = config.translate;
  let notifier = config.notifier ?? silentNotifier;
  let onUnauthorized = config.onUnauthorized;

  /** Sequence number of the latest request started. */
  let requestSeq = 0;
  /** Requests numbered up to here were in flight when the lost session was announced: they stay quiet. */
  let unauthorizedHandledThrough = 0;
  let isStorageAlertOpen = false;

  function readContext(): ApiContext {
    return config.getContext();
  }

  function encodeBody(body: unknown, headers: Headers): BodyInit | undefined {
    if (body === undefined) return undefined;
    if (
      typeof body === 'string' ||
      body instanceof FormData ||
      body instanceof Blob ||
      body instanceof URLSearchParams ||
      body instanceof ArrayBuffer
    ) {
      return body;
    }
    headers.set('content-type', 'application/json');
    return JSON.stringify(body);
  }

  function safely(effect: () => void): void {
    try {
      effect();
    } catch {
      // A broken notifier must never turn into a second failure of the call.
    }
  }

  function runUnauthorizedRoutine(event: UnauthorizedEvent): void {
    const handler = onUnauthorized;
    if (!handler) return;
    try {
      void Promise.resolve(handler(event)).catch(() => undefined);
    } catch {
      // The routine's own failure is not the caller's failure.
    }
  }

  function paymentPageUrl(workspaceName: string): string {
    return `/${encodeURIComponent(workspaceName)}/admin/payment`;
  }

  function showStorageShortage(): void {
    if (isStorageAlertOpen) return;
    isStorageAlertOpen = true;
    const onClose = () => {
      isStorageAlertOpen = false;
    };
    const ctx = readContext();
    const canPay =
      ctx.hasPermission(PERMISSION.orderPublish) && ctx.hasPermission(PERMISSION.orderPay) && Boolean(ctx.workspaceName);
    safely(() => {
      if (canPay && ctx.workspaceName) {
        const url = paymentPageUrl(ctx.workspaceName);
        notifier.confirm({
          title: t('errors.storageTitle'),
          message: t('errors.storagePayerMessage'),
          confirmLabel: t('errors.storageOpenPayment'),
          cancelLabel: t('actions.close'),
          onConfirm: () => openInNewTab(url),
          onClose,
        });
      } else {
        notifier.toast({ tone: 'warning', title: t('errors.storageTitle'), message: t('errors.storageMessage'), onClose });
      }
    });
  }

  function openInNewTab(url: string): void {
    safely(() => {
      if (config.openWindow) config.openWindow(url, '_blank', NEW_TAB_FEATURES);
      else window.open(url, '_blank', NEW_TAB_FEATURES);
    });
  }

  function report(error: ApiError, path: string): void {
    const errorId = createErrorId();
    error.errorId = errorId;
    let input: ErrorReportInput;
    try {
      const ctx = readContext();
      input = {
        error,
        errorId,
        apiPath: path,
        route: ctx.route,
        userId: ctx.userId,
        tenantId: ctx.tenantId,
        workspaceId: ctx.workspaceId,
        userAgent: config.userAgent ? config.userAgent() : typeof navigator === 'undefined' ? undefined : navigator.userAgent,
        fallbackMessage: t('errors.generic'),
      };
    } catch {
      return;
    }
    // The body is checked with the shared schema, which (with zod) loads at the first report
    // rather than with the first screen. The context above is the one of the failure.
    import('./error-report')
      .then(({ buildErrorReport }) => {
        const body = buildErrorReport(input);
        if (!body) return;
        return send(reportClientError.path, { method: 'POST', body, suppressErrorToast: true, skipErrorReport: true }, true);
      })
      .catch(() => undefined);
  }

  function handleFailure(error: ApiError, seq: number, path: string, flags: RequestFlags): void {
    const kind = classifyFailure(error.status, error.code, path);
    const shouldNotify = !flags.suppressErrorToast;
    switch (kind) {
      case 'cancelled':
        return;
      case 'unauthorized':
        if (seq <= unauthorizedHandledThrough) return;
        unauthorizedHandledThrough = requestSeq;
        if (shouldNotify) safely(() => notifier.toast({ tone: 'error', message: t('errors.unauthorized') }));
        if (!skipsUnauthorizedRoutine(path)) runUnauthorizedRoutine({ path, status: error.status });
        return;
      case 'forbidden':
        if (isPasswordExpired(error)) {
          safely(() => config.onPasswordExpired?.());
          if (shouldNotify) safely(() => notifier.toast({ tone: 'error', message: error.message }));
          return;
        }
        if (error.code === 'ERROR_PRODUCT_NOT_AVAILABLE') {
          const product = (error.data as { product?: unknown } | undefined)?.product;
          if (typeof product === 'string') safely(() => config.onProductUnavailable?.(product));
          if (shouldNotify) safely(() => notifier.toast({ tone: 'error', message: t('errors.productUnavailable') }));
          return;
        }
        if (shouldNotify) safely(() => notifier.toast({ tone: 'error', message: t('errors.forbidden') }));
        return;
      case 'storageLimit':
        if (shouldNotify || flags.showsStorageAlert) showStorageShortage();
        break;
      case 'other':
        if (shouldNotify) safely(() => notifier.toast({ tone: 'error', message: error.message }));
        break;
    }
    if (!flags.skipErrorReport && isReportable(error.status, error.code) && path !== reportClientError.path) {
      report(error, path);
    }
  }

  /** X-Tenant, X-Workspace and X-Locale of the session at the moment of the call. */
  function contextHeaders(init?: Record<string, string>): Headers {
    const ctx = readContext();
    const headers = new Headers(init);
    headers.set(HEADER.tenant, String(ctx.tenantId));
    headers.set(HEADER.workspace, String(ctx.workspaceId));
    headers.set(HEADER.locale, ctx.locale);
    return headers;
  }

  /**
   * A multipart upload over XMLHttpRequest, for its progress events. Same headers, credentials
   * and answer reading as `send`, and the same failure handling (toasts, storage alert, reports).
   */
  async function upload<R extends AnyRoute>(route: R, input: UploadInput<R>): Promise<RouteData<R>> {
    const seq = ++requestSeq;
    const { params, query, body, onProgress, signal, timeoutMs, ...flags } = input as UploadInput<R> & {
      params?: Record<string, string | number>;
      query?: QueryInput;
    };
    const path = buildPath(route.path, params);
    const headers = contextHeaders();
    headers.set('accept', 'application/json');
    let error: ApiError;
    try {
      const response = await sendWithXhr({
        xhr: createXhr(),
        method: route.method,
        url: buildUrl(host, path, query),
        headers,
        body,
        idleTimeoutMs: timeoutMs ?? defaultTimeout,
        signal,
        onProgress,
      });
      const outcome = await readResponse(response, path, 'json', t);
      if (outcome.ok) return outcome.value as RouteData<R>;
      error = outcome.error;
    } catch (cause) {
      const transportReason = cause instanceof XhrTransportError ? cause.reason : 'network';
      // Leaving the page cuts the upload off: a cancellation, like the caller's own abort.
      const reason = transportReason === 'network' && isLeavingPage() ? 'aborted' : transportReason;
      const code = reason === 'timeout' ? 'ERROR_TIMEOUT' : reason === 'aborted' ? 'ERROR_ABORTED' : 'ERROR_NETWORK';
      error = new ApiError({ status: 0, code, message: t(`errors.${reason}`), path });
      error.cause = cause;
    }
    handleFailure(error, seq, path, flags);
    throw error;
  }

  /** `isInternal`: the error report itself, which must never cause toasts, routines or reports. */
  async function send<T>(path: string, options: RequestOptions, isInternal: boolean, unwrap: Unwrap = 'data'): Promise<T> {
    const seq = ++requestSeq;
    const responseType = options.responseType ?? 'json';
    const headers = contextHeaders(options.headers);
    if (!headers.has('accept')) headers.set('accept', responseType === 'json' ? 'application/json' : '*/*');

    const controller = new AbortController();
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort();
    }, options.timeoutMs ?? defaultTimeout);
    const abortFromCaller = () => controller.abort();
    if (options.signal?.aborted) controller.abort();
    else options.signal?.addEventListener('abort', abortFromCaller, { once: true });

    let error: ApiError;
    try {
      const response = await fetchImpl(buildUrl(host, path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: encodeBody(options.body, headers),
        credentials: 'include',
        signal: controller.signal,
      });
      const outcome = await readResponse(response, path, responseType, t);
      if (outcome.ok) {
        if (unwrap === 'envelope') return { code: 'SUCCESS', message: outcome.message, data: outcome.value } as T;
        return outcome.value as T;
      }
      error = outcome.error;
    } catch (cause) {
      if (isTimedOut) {
        error = new ApiError({ status: 0, code: 'ERROR_TIMEOUT', message: t('errors.timeout'), path });
      } else if (options.signal?.aborted || isAbortError(cause) || isLeavingPage()) {
        // The caller's abort, or the browser's: a request cut off by leaving the page (a
        // navigation, a reload) is not a failure, so it is neither toasted nor reported.
        error = new ApiError({ status: 0, code: 'ERROR_ABORTED', message: t('errors.aborted'), path });
      } else {
        error = new ApiError({ status: 0, code: 'ERROR_NETWORK', message: t('errors.network'), path });
      }
      error.cause = cause;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abortFromCaller);
    }
    if (!isInternal) handleFailure(error, seq, path, options);
    throw error;
  }

  function serviceClient(name: Service): ServiceClient {
    const prefix = serviceBase('', name);
    const at = (path: string) => `${prefix}${path.startsWith('/') ? path : `/${path}`}`;
    return {
      baseUrl: serviceBase(host, name),
      get: (path, options) => send(at(path), { ...options, method: 'GET' }, false),
      delete: (path, options) => send(at(path), { ...options, method: 'DELETE' }, false),
      post: (path, body, options) => send(at(path), { ...options, method: 'POST', body }, false),
      put: (path, body, options) => send(at(path), { ...options, method: 'PUT', body }, false),
      patch: (path, body, options) => send(at(path), { ...options, method: 'PATCH', body }, false),
    };
  }

  /** Async, so a bad descriptor input (a missing param) rejects like any other failure. */
  async function callRoute<T>(route: AnyRoute, args: readonly unknown[], unwrap: Unwrap): Promise<T> {
    const input = (args[0] ?? {}) as RequestFlags &
      Pick<RequestOptions, 'headers' | 'signal' | 'timeoutMs' | 'responseType'> & {
        params?: Record<string, string | number>;
        query?: unknown;
        body?: unknown;
      };
    const { params, query, body, ...rest } = input;
    return send<T>(
      buildPath(route.path, params),
      {
        ...rest,
        method: route.method,
        query: query as QueryInput | undefined,
        body,
        responseType: rest.responseType ?? (route.raw ? 'blob' : 'json'),
      },
      false,
      unwrap,
    );
  }

  return {
    request: (path, options = {}) => send(path, options, false),
    call<R extends AnyRoute>(route: R, ...args: CallArgs<R>): Promise<RouteData<R>> {
      return callRoute<RouteData<R>>(route, args, 'data');
    },
    callEnvelope<R extends AnyRoute>(route: R, ...args: CallArgs<R>): Promise<SuccessEnvelope<RouteData<R>>> {
      return callRoute<SuccessEnvelope<RouteData<R>>>(route, args, 'envelope');
    },
    upload,
    service: serviceClient,
    setNotifier(next) {
      notifier = next;
    },
    setUnauthorizedHandler(handler) {
      onUnauthorized = handler;
    },
  };
}
