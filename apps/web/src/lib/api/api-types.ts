import {
  type HttpMethod,
  type Locale,
  type RouteBody,
  type RouteData,
  type RouteDescriptor,
  type RouteParams,
  type RouteQuery,
  type Service,
  type SuccessEnvelope,
} from '@legal/api';
import { type ApiNotifier } from './api-notifier';
import { type QueryInput } from './request-url';

/** The catalogue keys the client needs; the app passes i18next's `t`. */
export type ApiMessageKey =
  | 'errors.generic'
  | 'errors.network'
  | 'errors.timeout'
  | 'errors.aborted'
  | 'errors.unauthorized'
  | 'errors.forbidden'
  | 'errors.productUnavailable'
  | 'errors.storageTitle'
  | 'errors.storageMessage'
  | 'errors.storagePayerMessage'
  | 'errors.storageOpenPayment'
  | 'actions.close';

/** What the client reads from the session at the moment of each call. */
export interface ApiContext {
  tenantId: number;
  workspaceId: number;
  locale: Locale;
  userId?: number;
  /** Name of the selected workspace: the first segment of its routes. */
  workspaceName?: string;
  /** The screen the user is on, for error reports. */
  route: string;
  hasPermission: (name: string) => boolean;
}

export interface RequestFlags {
  /** The caller shows the failure itself: no automatic toast, alert or dialog. */
  suppressErrorToast?: boolean;
  /**
   * With `suppressErrorToast`: still show the shared storage-shortage alert, which the caller
   * cannot show itself (uploads show their other errors next to each file).
   */
  showsStorageAlert?: boolean;
  /** Do not send this failure to the error-reporting service. */
  skipErrorReport?: boolean;
}

export interface RequestOptions extends RequestFlags {
  method?: HttpMethod;
  query?: QueryInput;
  /** Plain values are sent as JSON; FormData, Blob, URLSearchParams and strings as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  /** `blob` for file downloads; errors are still read out of the bytes. */
  responseType?: 'json' | 'blob';
  signal?: AbortSignal;
  timeoutMs?: number;
}

export interface UnauthorizedEvent {
  path: string;
  status: number;
}

/** The app's sign-out-or-refresh routine. */
export type UnauthorizedHandler = (event: UnauthorizedEvent) => void | Promise<void>;

export interface ApiClientConfig {
  /** Origin of the API; empty for same-origin (the dev server proxies /api). */
  host?: string;
  fetch?: typeof fetch;
  getContext: () => ApiContext;
  translate: (key: ApiMessageKey) => string;
  notifier?: ApiNotifier;
  onUnauthorized?: UnauthorizedHandler;
  /** A 403 `PASSWORD_EXPIRED`: the session may only change the password (the app sends the user there). */
  onPasswordExpired?: () => void;
  /** A 403 ERROR_PRODUCT_NOT_AVAILABLE: the workspace no longer has the product (the app withdraws it from the session). */
  onProductUnavailable?: (product: string) => void;
  openWindow?: (url: string, target: string, features: string) => void;
  createErrorId?: () => string;
  timeoutMs?: number;
  userAgent?: () => string | undefined;
  /** Makes the request object of `upload` (tests pass a fake). */
  createXhr?: () => XMLHttpRequest;
  /** Whether the document is being left (see page-leave.ts); requests it cuts off are cancellations. */
  isLeavingPage?: () => boolean;
}

export type AnyRoute = RouteDescriptor;

type ParamsInput<R> = [RouteParams<R>] extends [undefined] ? { params?: undefined } : { params: RouteParams<R> };
type BodyInput<R> = [RouteBody<R>] extends [undefined] ? { body?: undefined } : { body: RouteBody<R> };

/** Typed input of `api.call`: params and body are required exactly when the route declares them. */
export type CallInput<R extends AnyRoute> = ParamsInput<R> &
  BodyInput<R> & { query?: RouteQuery<R> } & RequestFlags &
  Pick<RequestOptions, 'headers' | 'signal' | 'timeoutMs' | 'responseType'>;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "no required field" test
export type CallArgs<R extends AnyRoute> = {} extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/** How far an upload got; `total` and `percent` are null while the size is unknown. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
  percent: number | null;
}

/**
 * Input of `api.upload`: a multipart body sent with XMLHttpRequest so the caller sees the
 * progress. The timeout counts from the last progress event, so a slow large upload is not cut off.
 */
export type UploadInput<R extends AnyRoute> = ParamsInput<R> &
  RequestFlags & {
    body: FormData;
    query?: RouteQuery<R>;
    onProgress?: (progress: UploadProgress) => void;
    signal?: AbortSignal;
    timeoutMs?: number;
  };

export type ServiceOptions = Omit<RequestOptions, 'method' | 'body'>;

export interface ServiceClient {
  /** `{host}/api/{service}` */
  readonly baseUrl: string;
  get<T>(path: string, options?: ServiceOptions): Promise<T>;
  delete<T>(path: string, options?: ServiceOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: ServiceOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: ServiceOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: ServiceOptions): Promise<T>;
}

export interface ApiClient {
  /** A call by absolute path (`/api/{service}/...`). */
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  /** A call by shared route descriptor, typed from its schemas. */
  call<R extends AnyRoute>(route: R, ...args: CallArgs<R>): Promise<RouteData<R>>;
  /** Like `call`, but answers the whole success envelope: a few answers (login) carry a `message` to show. */
  callEnvelope<R extends AnyRoute>(route: R, ...args: CallArgs<R>): Promise<SuccessEnvelope<RouteData<R>>>;
  /** An upload by route descriptor with progress events; failures get the same toasts, alerts and reports as `call`. */
  upload<R extends AnyRoute>(route: R, input: UploadInput<R>): Promise<RouteData<R>>;
  service(name: Service): ServiceClient;
  setNotifier(notifier: ApiNotifier): void;
  setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void;
}
