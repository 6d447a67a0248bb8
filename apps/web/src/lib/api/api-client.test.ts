import {
  ClientErrorReportBodySchema,
  HealthSchema,
  PERMISSION,
  defineRoute,
  health,
  listClientErrors,
  reportClientError,
  type Health,
  type Page,
} from '@legal/api';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createApiClient, type ApiContext, type ApiMessageKey } from './api-client';
import { type ApiNotifier } from './api-notifier';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const REPORT_PATH = reportClientError.path;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const ok = (data: unknown) => json(200, { code: 'SUCCESS', message: null, data });
const fail = (status: number, code: string, message?: string, extra: Record<string, unknown> = {}) =>
  json(status, { code, message, ...extra });

/** Never answers; rejects like fetch does when its signal aborts. */
const hang: Handler = (_url, init) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });

interface SetupOptions {
  handler?: Handler;
  context?: Partial<ApiContext>;
  permissions?: string[];
  errorIds?: string[];
  isLeavingPage?: () => boolean;
}

function setup({ handler = () => ok(null), context = {}, permissions = [], errorIds, isLeavingPage = () => false }: SetupOptions = {}) {
  const fetch = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(async (input, init = {}) => {
    const url = String(input);
    if (new URL(url, 'http://x').pathname === REPORT_PATH) return ok({ errorId: 'stored' });
    return handler(url, init);
  });
  const notifier = { toast: vi.fn<ApiNotifier['toast']>(), confirm: vi.fn<ApiNotifier['confirm']>() };
  const onUnauthorized = vi.fn();
  const onPasswordExpired = vi.fn();
  const onProductUnavailable = vi.fn();
  const openWindow = vi.fn();
  let idCounter = 0;
  const client = createApiClient({
    fetch,
    notifier,
    onUnauthorized,
    onPasswordExpired,
    onProductUnavailable,
    openWindow,
    translate: (key: ApiMessageKey) => `t:${key}`,
    createErrorId: () => errorIds?.[idCounter++] ?? `err-${String(++idCounter).padStart(8, '0')}`,
    userAgent: () => 'vitest-agent',
    isLeavingPage,
    getContext: () => ({
      tenantId: 3,
      workspaceId: 7,
      locale: 'en',
      userId: 41,
      workspaceName: '한빛 법무',
      route: '/hanbit/contracts',
      hasPermission: (name) => permissions.includes(name),
      ...context,
    }),
  });
  const callsTo = (path: string) =>
    fetch.mock.calls.filter(([input]) => new URL(String(input), 'http://x').pathname === path);
  const reports = () => callsTo(REPORT_PATH).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { client, fetch, notifier, onUnauthorized, onPasswordExpired, openWindow, callsTo, reports, onProductUnavailable };
}

/** Lets fire-and-forget work (error reports) finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('addresses, headers and envelope', () => {
  it('sends tenant, workspace and locale headers with credentials and unwraps SUCCESS data', async () => {
    const { client, fetch } = setup({ handler: () => ok({ id: 1 }) });
    await expect(client.request('/api/alex/contracts/1/v6')).resolves.toEqual({ id: 1 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/alex/contracts/1/v6');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Tenant')).toBe('3');
    expect(headers.get('X-Workspace')).toBe('7');
    expect(headers.get('X-Locale')).toBe('en');
    expect(headers.get('accept')).toBe('application/json');
  });

  it('builds {host}/api/{service} addresses and sends JSON bodies', async () => {
    const fetch = vi.fn(async () => ok({ contractId: 9 }));
    const client = createApiClient({
      host: 'https://legal.example/',
      fetch,
      translate: (k) => k,
      getContext: () => ({ tenantId: 0, workspaceId: 0, locale: 'ko', route: '/', hasPermission: () => false }),
    });
    const alex = client.service('alex');
    expect(alex.baseUrl).toBe('https://legal.example/api/alex');
    await alex.post('/contracts/v6', { title: '용역 계약' }, { query: { draft: true } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://legal.example/api/alex/contracts/v6?draft=true');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ title: '용역 계약' }));
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(new Headers(init.headers).get('x-tenant')).toBe('0');
    expect(new Headers(init.headers).get('x-locale')).toBe('ko');
  });

  it('passes FormData through untouched, without a JSON content type', async () => {
    const { client, fetch } = setup();
    const form = new FormData();
    form.append('name', '계약서.pdf');
    await client.service('arxive').post('/files/v1', form);
    const init = fetch.mock.calls[0]![1]!;
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('content-type')).toBe(false);
  });

  it('calls by route descriptor: substitutes and encodes params, sends query and body, types the data', async () => {
    const getReport = defineRoute({
      method: 'GET',
      path: '/api/workspace/reports/:errorId/v1',
      access: 'superAdmin',
      summary: 'test route',
      schemas: { params: ClientErrorReportBodySchema.pick({ errorId: true }), data: HealthSchema },
    });
    const { client, fetch } = setup({ handler: () => ok({ status: 'ok' }) });

    const data = await client.call(getReport, { params: { errorId: 'a b/c' } });
    expectTypeOf(data).toEqualTypeOf<Health>();
    expect(fetch.mock.calls[0]![0]).toBe('/api/workspace/reports/a%20b%2Fc/v1');

    await client.call(listClientErrors, { query: { page: 2, size: 20, sort: ['createdAt,desc', 'id,asc'] } });
    expect(fetch.mock.calls[1]![0]).toBe(
      '/api/workspace/super-admin/client-errors/v1?page=2&size=20&sort=createdAt%2Cdesc&sort=id%2Casc',
    );
    expectTypeOf(client.call(listClientErrors)).resolves.toMatchTypeOf<Page<unknown>>();
    expectTypeOf(client.call(health)).resolves.toEqualTypeOf<Health>();

    // @ts-expect-error the report route requires a body
    void client.call(reportClientError).catch(() => undefined);
    // @ts-expect-error params are required for a route that declares them
    void client.call(getReport, {}).catch(() => undefined);
  });

  it('returns a Blob for blob calls', async () => {
    const { client } = setup({ handler: () => new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 }) });
    const blob = await client.request<Blob>('/api/arxive/files/1/v1', { responseType: 'blob' });
    expect(blob.size).toBe(4);
  });

  it('treats a 2xx answer without SUCCESS as a failure with the server code and message', async () => {
    const { client, notifier } = setup({ handler: () => fail(200, 'ERROR_CONFLICT', '이미 완료된 승인입니다.') });
    const error = await caught(client.request('/api/alex/approvals/1/approve/v1', { method: 'POST' }));
    expect(error).toMatchObject({ status: 200, code: 'ERROR_CONFLICT', message: '이미 완료된 승인입니다.' });
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: '이미 완료된 승인입니다.' });
  });

  it('throws a typed ApiError carrying status, code, message, data and the server errorId', async () => {
    const { client } = setup({
      handler: () =>
        fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { data: { fieldErrors: [{ field: 'body.title', reason: 'required' }] } }),
    });
    const error = await caught(client.request('/api/alex/contracts/v6', { method: 'POST', body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'ERROR_VALIDATION',
      message: '입력값을 확인해 주세요.',
      data: { fieldErrors: [{ field: 'body.title', reason: 'required' }] },
      path: '/api/alex/contracts/v6',
    });
  });
});

describe('timeout and transport failures', () => {
  it('gives up after 10 seconds with a localized, reported failure', async () => {
    vi.useFakeTimers();
    const { client, notifier, reports } = setup({ handler: hang });
    const result = caught(client.request('/api/aireview/review-chat/v2', { method: 'POST', body: {} }));

    await vi.advanceTimersByTimeAsync(9_999);
    expect(notifier.toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toMatchObject({ status: 0, code: 'ERROR_TIMEOUT', message: 't:errors.timeout' });
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: 't:errors.timeout' });
    // The report loads its schema on first use (a dynamic import): wait for it, not for a timer.
    await vi.waitFor(() => expect(reports()).toEqual([expect.objectContaining({ code: 'ERROR_TIMEOUT', httpStatus: 0, message: 't:errors.timeout' })]), { timeout: 5_000 });
  });

  it('treats a caller abort as a cancellation: no toast, no report', async () => {
    const { client, notifier, reports } = setup({ handler: hang });
    const controller = new AbortController();
    const result = caught(client.request('/api/alex/contracts/v6', { signal: controller.signal }));
    controller.abort();
    const error = await result;
    expect(error.code).toBe('ERROR_ABORTED');
    await settle();
    expect(notifier.toast).not.toHaveBeenCalled();
    expect(reports()).toEqual([]);
  });

  it('treats a request the browser cut off as a cancellation: no toast, no report', async () => {
    const { client, notifier, reports } = setup({
      handler: () => Promise.reject(new DOMException('The user aborted a request.', 'AbortError')),
    });
    expect((await caught(client.request('/api/alex/contracts/v6'))).code).toBe('ERROR_ABORTED');
    await settle();
    expect(notifier.toast).not.toHaveBeenCalled();
    expect(reports()).toEqual([]);
  });

  it('treats a network failure while the page is being left as a cancellation, and reports it otherwise', async () => {
    let isLeaving = true;
    const { client, notifier, reports } = setup({
      isLeavingPage: () => isLeaving,
      handler: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect((await caught(client.request('/api/alex/contracts/v6'))).code).toBe('ERROR_ABORTED');
    await settle();
    expect(notifier.toast).not.toHaveBeenCalled();
    expect(reports()).toEqual([]);

    isLeaving = false;
    expect((await caught(client.request('/api/alex/contracts/v6'))).code).toBe('ERROR_NETWORK');
    // The report's schema loads on the first report (a dynamic import): wait for it.
    await vi.waitFor(() => expect(reports()).toEqual([expect.objectContaining({ code: 'ERROR_NETWORK' })]));
  });

  it('reports a network failure with a localized message', async () => {
    const { client, notifier, reports } = setup({
      handler: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await caught(client.request('/api/alex/contracts/v6'));
    expect(error).toMatchObject({ status: 0, code: 'ERROR_NETWORK', message: 't:errors.network' });
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: 't:errors.network' });
    await vi.waitFor(() => expect(reports()).toHaveLength(1));
  });
});

describe('401 and lost sessions', () => {
  it('announces a lost session once for calls already in flight and runs the routine once', async () => {
    const { client, notifier, onUnauthorized, reports } = setup({ handler: () => fail(401, 'ERROR_UNAUTHORIZED', 'login required') });
    const results = await Promise.all([
      caught(client.request('/api/alex/contracts/v6')),
      caught(client.request('/api/aistudio/chats/v1')),
      caught(client.request('/api/workspace/notices/v1')),
    ]);
    expect(results.map((e) => e.status)).toEqual([401, 401, 401]);
    expect(notifier.toast).toHaveBeenCalledTimes(1);
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: 't:errors.unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith({ path: '/api/alex/contracts/v6', status: 401 });
    await settle();
    expect(reports()).toEqual([]); // 401 is never reported

    // A request started afterwards announces it again.
    await caught(client.request('/api/alex/contracts/v6'));
    expect(notifier.toast).toHaveBeenCalledTimes(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('leaves login verification alone: its 401 is an answer for the sign-in screen', async () => {
    const { client, notifier, onUnauthorized } = setup({
      handler: (url) =>
        url.includes('otp') ? fail(401, 'ERROR_OTP_INVALID', '인증 코드가 올바르지 않습니다.') : fail(401, 'ERROR_LOGIN_FAILED', '아이디 또는 비밀번호가 올바르지 않습니다.'),
    });
    const otp = await caught(client.request('/api/auth/login/v3/otp/verify', { method: 'POST', body: { otp: '123456' } }));
    expect(otp.code).toBe('ERROR_OTP_INVALID');
    await caught(client.request('/api/auth/super-admin/login/v1', { method: 'POST', body: {}, suppressErrorToast: true }));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(notifier.toast).toHaveBeenCalledTimes(1);
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: '인증 코드가 올바르지 않습니다.' });
  });

  it.each(['/api/auth/refresh-after/v1', '/api/auth/logout/v1'])('shows the message but skips the routine for %s', async (path) => {
    const { client, notifier, onUnauthorized } = setup({ handler: () => fail(401, 'ERROR_UNAUTHORIZED', 'expired') });
    await caught(client.request(path, { method: 'POST' }));
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: 't:errors.unauthorized' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each(['/api/auth/refresh/v1', '/api/auth/refresh/v2'])('handles 403 on the token refresh %s as a lost session', async (path) => {
    const { client, notifier, onUnauthorized, reports } = setup({ handler: () => fail(403, 'ERROR_FORBIDDEN', 'no') });
    await caught(client.request(path, { method: 'POST' }));
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: 't:errors.unauthorized' });
    expect(onUnauthorized).toHaveBeenCalledWith({ path, status: 403 });
    await settle();
    expect(reports()).toEqual([]);
  });

  it('still runs the routine when the toast is suppressed', async () => {
    const { client, notifier, onUnauthorized } = setup({ handler: () => fail(401, 'ERROR_UNAUTHORIZED', 'expired') });
    await caught(client.request('/api/auth/profile/v1', { suppressErrorToast: true }));
    expect(notifier.toast).not.toHaveBeenCalled();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('survives a throwing or rejecting routine', async () => {
    const { client, onUnauthorized } = setup({ handler: () => fail(401, 'ERROR_UNAUTHORIZED', 'expired') });
    onUnauthorized.mockRejectedValueOnce(new Error('refresh failed'));
    await expect(client.request('/api/auth/profile/v1')).rejects.toMatchObject({ status: 401 });
    client.setUnauthorizedHandler(() => {
      throw new Error('sync failure');
    });
    await expect(client.request('/api/auth/profile/v1')).rejects.toMatchObject({ status: 401 });
  });
});

describe('403 elsewhere', () => {
  it('shows the forbidden message, does not run the routine and does not report', async () => {
    const { client, notifier, onUnauthorized, reports } = setup({ handler: () => fail(403, 'ERROR_FORBIDDEN', 'Forbidden') });
    const error = await caught(client.request('/api/alex/contracts/1/v6', { method: 'DELETE' }));
    expect(error.code).toBe('ERROR_FORBIDDEN');
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: 't:errors.forbidden' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await settle();
    expect(reports()).toEqual([]);
  });
});

describe('403 for a product the workspace lacks', () => {
  it('withdraws the product from the session (the screen shows "not available") and says so, without reporting', async () => {
    const { client, notifier, onProductUnavailable, onUnauthorized, reports } = setup({
      handler: () => fail(403, 'ERROR_PRODUCT_NOT_AVAILABLE', 'Not available', { data: { product: 'CLM' } }),
    });
    const error = await caught(client.request('/api/alex/contracts/page-search/v4', { method: 'POST', body: {} }));
    expect(error.code).toBe('ERROR_PRODUCT_NOT_AVAILABLE');
    expect(onProductUnavailable).toHaveBeenCalledWith('CLM');
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: 't:errors.productUnavailable' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await settle();
    expect(reports()).toEqual([]);
  });
});

describe('403 for an expired password', () => {
  it('tells the app (which leads to the password change) and shows the server message instead of the generic one', async () => {
    const { client, notifier, onPasswordExpired, onUnauthorized } = setup({
      handler: () => fail(403, 'ERROR_FORBIDDEN', 'Change your expired password first.', { data: { reason: 'PASSWORD_EXPIRED' } }),
    });
    const error = await caught(client.request('/api/arxive/files/v1'));
    expect(error.code).toBe('ERROR_FORBIDDEN');
    expect(onPasswordExpired).toHaveBeenCalledTimes(1);
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: 'Change your expired password first.' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('storage limit', () => {
  const storageFull = () => fail(400, 'ERROR_EXCEEDED_STORAGE_LIMIT', 'storage exceeded');

  it('offers the payment page in a new tab to users holding both order permissions, one dialog at a time', async () => {
    const { client, notifier, openWindow } = setup({
      handler: storageFull,
      permissions: [PERMISSION.orderPublish, PERMISSION.orderPay],
    });
    await caught(client.request('/api/arxive/files/v1', { method: 'POST' }));
    await caught(client.request('/api/arxive/files/v1', { method: 'POST' }));
    expect(notifier.confirm).toHaveBeenCalledTimes(1);
    expect(notifier.toast).not.toHaveBeenCalled();
    const dialog = notifier.confirm.mock.calls[0]![0];
    expect(dialog).toMatchObject({
      title: 't:errors.storageTitle',
      message: 't:errors.storagePayerMessage',
      confirmLabel: 't:errors.storageOpenPayment',
      cancelLabel: 't:actions.close',
    });

    dialog.onConfirm();
    expect(openWindow).toHaveBeenCalledWith(`/${encodeURIComponent('한빛 법무')}/admin/payment`, '_blank', 'noopener');

    dialog.onClose();
    await caught(client.request('/api/arxive/files/v1', { method: 'POST' }));
    expect(notifier.confirm).toHaveBeenCalledTimes(2);
  });

  it.each([[[PERMISSION.orderPublish]], [[PERMISSION.orderPay]], [[]]])('gives others (%j) a toast only', async (permissions) => {
    const { client, notifier } = setup({ handler: storageFull, permissions });
    await caught(client.request('/api/arxive/files/v1', { method: 'POST' }));
    await caught(client.request('/api/arxive/files/v1', { method: 'POST' }));
    expect(notifier.confirm).not.toHaveBeenCalled();
    expect(notifier.toast).toHaveBeenCalledTimes(1);
    const toast = notifier.toast.mock.calls[0]![0];
    expect(toast).toMatchObject({ tone: 'warning', title: 't:errors.storageTitle', message: 't:errors.storageMessage' });
    toast.onClose?.();
    await caught(client.request('/api/arxive/files/v1', { method: 'POST' }));
    expect(notifier.toast).toHaveBeenCalledTimes(2);
  });

  it('falls back to the toast when the workspace name is unknown', async () => {
    const { client, notifier } = setup({
      handler: storageFull,
      permissions: [PERMISSION.orderPublish, PERMISSION.orderPay],
      context: { workspaceName: undefined },
    });
    await caught(client.request('/api/arxive/files/v1', { method: 'POST' }));
    expect(notifier.confirm).not.toHaveBeenCalled();
    expect(notifier.toast).toHaveBeenCalledTimes(1);
  });
});

describe('other failures', () => {
  it("toasts the server's message", async () => {
    const { client, notifier } = setup({ handler: () => fail(409, 'ERROR_CONFLICT', '이미 처리된 요청입니다.') });
    await caught(client.request('/api/alex/workflows/1/v1', { method: 'POST' }));
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: '이미 처리된 요청입니다.' });
  });

  it('falls back to the generic localized message when the body has none', async () => {
    const { client, notifier } = setup({ handler: () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    const error = await caught(client.request('/api/alex/contracts/v6'));
    expect(error).toMatchObject({ status: 502, code: 'ERROR_INTERNAL', message: 't:errors.generic' });
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: 't:errors.generic' });
  });

  it('reads the message out of a binary error body of a blob call', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ code: 'ERROR_NOT_FOUND', message: '파일을 찾을 수 없습니다.' }));
    const { client, notifier } = setup({ handler: () => new Response(bytes, { status: 404 }) });
    const error = await caught(client.request('/api/arxive/files/1/download/v1', { responseType: 'blob' }));
    expect(error).toMatchObject({ status: 404, code: 'ERROR_NOT_FOUND', message: '파일을 찾을 수 없습니다.' });
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: '파일을 찾을 수 없습니다.' });
  });

  it('honours suppressErrorToast (still reported) and skipErrorReport (still toasted)', async () => {
    const { client, notifier, reports } = setup({ handler: () => fail(500, 'ERROR_INTERNAL', '서버 오류', { errorId: 'srv-1' }) });
    await caught(client.request('/api/alex/a/v1', { suppressErrorToast: true }));
    expect(notifier.toast).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(reports()).toHaveLength(1));

    await caught(client.request('/api/alex/b/v1', { skipErrorReport: true }));
    expect(notifier.toast).toHaveBeenCalledTimes(1);
    await settle();
    expect(reports()).toHaveLength(1);
  });

  it('never lets a broken notifier replace the original failure', async () => {
    const { client, notifier } = setup({ handler: () => fail(409, 'ERROR_CONFLICT', 'conflict') });
    notifier.toast.mockImplementation(() => {
      throw new Error('notifier down');
    });
    await expect(client.request('/api/alex/c/v1')).rejects.toMatchObject({ code: 'ERROR_CONFLICT' });
  });
});

describe('error reporting', () => {
  it('posts the report with a random error id and the context, and exposes that id on the error', async () => {
    const { client, reports, callsTo } = setup({
      handler: () => fail(500, 'ERROR_INTERNAL', '일시적인 오류입니다.', { errorId: 'srv-77' }),
      errorIds: ['5b0c1d2e-0000-4000-8000-000000000001'],
    });
    const error = await caught(client.request('/api/alex/contracts/v6', { query: { page: 1 } }));
    expect(error.errorId).toBe('5b0c1d2e-0000-4000-8000-000000000001');
    expect(error.serverErrorId).toBe('srv-77');
    await vi.waitFor(() => expect(reports()).toHaveLength(1));
    expect(reports()).toEqual([
      {
        errorId: '5b0c1d2e-0000-4000-8000-000000000001',
        message: '일시적인 오류입니다.',
        route: '/hanbit/contracts',
        httpStatus: 500,
        code: 'ERROR_INTERNAL',
        apiPath: '/api/alex/contracts/v6',
        userId: 41,
        tenantId: 3,
        workspaceId: 7,
        userAgent: 'vitest-agent',
      },
    ]);
    const [, init] = callsTo(REPORT_PATH)[0]!;
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('x-workspace')).toBe('7');
    expect(ClientErrorReportBodySchema.safeParse(reports()[0]).success).toBe(true);
  });

  it('does not report the report call, and a failed report never throws or toasts', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input).endsWith(REPORT_PATH)) return fail(500, 'ERROR_INTERNAL', 'report store down');
      return fail(500, 'ERROR_INTERNAL', 'boom');
    });
    const notifier = { toast: vi.fn(), confirm: vi.fn() };
    const client = createApiClient({
      fetch,
      notifier,
      translate: (k) => k,
      getContext: () => ({ tenantId: 0, workspaceId: 0, locale: 'ko', route: '/', hasPermission: () => false }),
    });
    await expect(client.request('/api/alex/x/v1')).rejects.toMatchObject({ message: 'boom' });
    await settle();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2); // the call and one report, no report of the report
    expect(notifier.toast).toHaveBeenCalledTimes(1);

    fetch.mockImplementation(async (input) => {
      if (String(input).endsWith(REPORT_PATH)) throw new TypeError('offline');
      return fail(500, 'ERROR_INTERNAL', 'boom');
    });
    await expect(client.request('/api/alex/y/v1')).rejects.toMatchObject({ message: 'boom' });
    await settle();
  });

  it('does not report a direct failure of the report path', async () => {
    const fetch = vi.fn(async () => fail(500, 'ERROR_INTERNAL', 'down'));
    const client = createApiClient({
      fetch,
      translate: (k) => k,
      getContext: () => ({ tenantId: 0, workspaceId: 0, locale: 'ko', route: '/', hasPermission: () => false }),
    });
    await caught(client.call(reportClientError, { body: { errorId: 'abcdefgh', message: 'x', route: '/' } }));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
