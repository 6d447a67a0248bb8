import { uploadFileRevision, uploadFileV2 } from '@legal/api';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiError } from './api-error';
import { createApiClient, type ApiMessageKey } from './api-client';
import { type ApiNotifier } from './api-notifier';
import { FakeXhr } from './fake-xhr';

const PERMISSIONS: string[] = [];

function setup() {
  const notifier = { toast: vi.fn<ApiNotifier['toast']>(), confirm: vi.fn<ApiNotifier['confirm']>() };
  const fetch = vi.fn(async () => new Response(JSON.stringify({ code: 'SUCCESS', message: null, data: { errorId: 'stored' } })));
  const client = createApiClient({
    fetch,
    notifier,
    createXhr: () => new FakeXhr().asXhr(),
    translate: (key: ApiMessageKey) => `t:${key}`,
    createErrorId: () => '0b7c6a52-6f1e-4c8e-9d0a-3f2b1c4d5e6f',
    userAgent: () => 'vitest-agent',
    getContext: () => ({
      tenantId: 3,
      workspaceId: 7,
      locale: 'en',
      userId: 41,
      workspaceName: 'hanbit',
      route: '/hanbit/files',
      hasPermission: (name) => PERMISSIONS.includes(name),
    }),
  });
  return { client, notifier, fetch };
}

const form = () => {
  const data = new FormData();
  data.append('file', new File(['hello'], '계약서.txt', { type: 'text/plain' }));
  return data;
};

const lastXhr = () => FakeXhr.instances.at(-1)!;

describe('api.upload', () => {
  afterEach(() => {
    FakeXhr.reset();
    vi.useRealTimers();
  });

  it('sends the session headers with credentials, reports progress and answers the data', async () => {
    const { client } = setup();
    const onProgress = vi.fn();
    const body = form();
    const done = client.upload(uploadFileV2, { body, onProgress });
    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/arxive/files/v2');
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.body).toBe(body);
    expect(xhr.requestHeaders.get('x-tenant')).toBe('3');
    expect(xhr.requestHeaders.get('x-workspace')).toBe('7');
    expect(xhr.requestHeaders.get('x-locale')).toBe('en');
    // The browser sets the multipart boundary itself.
    expect(xhr.requestHeaders.has('content-type')).toBe(false);

    xhr.progress(50, 200);
    xhr.progress(200, 200);
    expect(onProgress).toHaveBeenNthCalledWith(1, { loaded: 50, total: 200, percent: 25 });
    expect(onProgress).toHaveBeenNthCalledWith(2, { loaded: 200, total: 200, percent: 100 });

    xhr.respond(200, { code: 'SUCCESS', message: null, data: { fileKey: 'k' } });
    await expect(done).resolves.toEqual({ fileKey: 'k' });
  });

  it('fills route params (a new revision is a PUT)', async () => {
    const { client } = setup();
    const done = client.upload(uploadFileRevision, { params: { fileKey: 'A'.repeat(22) }, body: form() });
    expect(lastXhr().method).toBe('PUT');
    expect(lastXhr().url).toBe(`/api/arxive/files/${'A'.repeat(22)}/v2`);
    lastXhr().respond(200, { code: 'SUCCESS', data: null });
    await done;
  });

  it('turns an error answer into an ApiError with a toast and an error report', async () => {
    const { client, notifier, fetch } = setup();
    const done = client.upload(uploadFileV2, { body: form() });
    lastXhr().respond(415, { code: 'ERROR_UNSUPPORTED_FILE_TYPE', message: 'Unsupported type', data: { reason: 'type' } });
    const error = (await done.catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ status: 415, code: 'ERROR_UNSUPPORTED_FILE_TYPE', message: 'Unsupported type', data: { reason: 'type' } });
    expect(notifier.toast).toHaveBeenCalledWith({ tone: 'error', message: 'Unsupported type' });
    // The report is posted in the background: one timer turn was not always enough (CI under load).
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(error.errorId).toBe('0b7c6a52-6f1e-4c8e-9d0a-3f2b1c4d5e6f');
  });

  it('shows the shared storage alert for ERROR_EXCEEDED_STORAGE_LIMIT', async () => {
    const { client, notifier } = setup();
    const done = client.upload(uploadFileV2, { body: form() });
    lastXhr().respond(400, { code: 'ERROR_EXCEEDED_STORAGE_LIMIT', message: 'full' });
    await expect(done).rejects.toMatchObject({ code: 'ERROR_EXCEEDED_STORAGE_LIMIT' });
    expect(notifier.toast).toHaveBeenCalledWith(expect.objectContaining({ tone: 'warning', title: 't:errors.storageTitle', message: 't:errors.storageMessage' }));
  });

  it('keeps the storage alert when asked, even with the toast suppressed', async () => {
    const { client, notifier } = setup();
    const done = client.upload(uploadFileV2, { body: form(), suppressErrorToast: true, showsStorageAlert: true });
    lastXhr().respond(400, { code: 'ERROR_EXCEEDED_STORAGE_LIMIT', message: 'full' });
    await expect(done).rejects.toMatchObject({ code: 'ERROR_EXCEEDED_STORAGE_LIMIT' });
    expect(notifier.toast).toHaveBeenCalledTimes(1);
    expect(notifier.toast).toHaveBeenCalledWith(expect.objectContaining({ tone: 'warning', title: 't:errors.storageTitle' }));
  });

  it('stays quiet when the caller suppresses the toast', async () => {
    const { client, notifier } = setup();
    const done = client.upload(uploadFileV2, { body: form(), suppressErrorToast: true, skipErrorReport: true });
    lastXhr().respond(413, { code: 'ERROR_FILE_TOO_LARGE', message: 'too large' });
    await expect(done).rejects.toMatchObject({ status: 413 });
    expect(notifier.toast).not.toHaveBeenCalled();
  });

  it('reports a network failure, a cancellation and an idle timeout', async () => {
    const { client } = setup();
    const failed = client.upload(uploadFileV2, { body: form(), skipErrorReport: true });
    lastXhr().failNetwork();
    await expect(failed).rejects.toMatchObject({ status: 0, code: 'ERROR_NETWORK', message: 't:errors.network' });

    const controller = new AbortController();
    const cancelled = client.upload(uploadFileV2, { body: form(), signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'ERROR_ABORTED' });
    expect(lastXhr().isAborted).toBe(true);

    vi.useFakeTimers();
    const slow = client.upload(uploadFileV2, { body: form(), timeoutMs: 1000, skipErrorReport: true });
    const outcome = slow.catch((e: unknown) => e);
    vi.advanceTimersByTime(900);
    lastXhr().progress(10, 100); // progress restarts the idle timer
    vi.advanceTimersByTime(900);
    expect(lastXhr().isAborted).toBe(false);
    vi.advanceTimersByTime(200);
    await expect(outcome).resolves.toMatchObject({ code: 'ERROR_TIMEOUT' });
  });
});
