import { health } from '@legal/api';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';

function clientAnswering(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  return createApiClient({
    fetch,
    translate: (key) => `t:${key}`,
    getContext: () => ({ tenantId: 0, workspaceId: 0, locale: 'ko', route: '/', hasPermission: () => false }),
  });
}

describe('callEnvelope', () => {
  it('answers the whole success envelope, keeping a message the server sent with it', async () => {
    const client = clientAnswering(200, { code: 'SUCCESS', message: '관리자에게 문의하세요.', data: { status: 'ok' } });
    await expect(client.callEnvelope(health)).resolves.toEqual({ code: 'SUCCESS', message: '관리자에게 문의하세요.', data: { status: 'ok' } });
    await expect(client.call(health)).resolves.toEqual({ status: 'ok' });
  });

  it('reads a blank message as none, and still fails on an error answer', async () => {
    await expect(clientAnswering(200, { code: 'SUCCESS', message: '  ', data: null }).callEnvelope(health)).resolves.toEqual({
      code: 'SUCCESS',
      message: null,
      data: null,
    });
    await expect(clientAnswering(404, { code: 'ERROR_NOT_FOUND', message: '없음' }).callEnvelope(health)).rejects.toMatchObject({
      code: 'ERROR_NOT_FOUND',
      message: '없음',
    });
  });
});
