import { describe, expect, it } from 'vitest';
import { classifyFailure, isLoginVerification, isReportable, readErrorEnvelope, skipsUnauthorizedRoutine } from './error-policy';

describe('classifyFailure', () => {
  it.each([
    [401, 'ERROR_UNAUTHORIZED', '/api/alex/contracts/v6', 'unauthorized'],
    [401, 'ERROR_UNAUTHORIZED', '/api/auth/logout/v1', 'unauthorized'],
    [401, 'ERROR_OTP_INVALID', '/api/auth/login/v3/otp/verify', 'other'],
    [401, 'ERROR_LOGIN_FAILED', '/api/auth/login/v1', 'other'],
    [401, 'ERROR_UNAUTHORIZED', '/api/auth/super-admin/login/otp/verify/v1', 'other'],
    [401, 'ERROR_LOGIN_FAILED', '/api/auth/sso/v1', 'other'],
    [403, 'ERROR_FORBIDDEN', '/api/auth/refresh/v1', 'unauthorized'],
    [403, 'ERROR_FORBIDDEN', '/api/auth/refresh/v2', 'unauthorized'],
    [403, 'ERROR_FORBIDDEN', '/api/auth/refresh/v3', 'forbidden'],
    [403, 'ERROR_FORBIDDEN', '/api/alex/contracts/v6', 'forbidden'],
    [400, 'ERROR_EXCEEDED_STORAGE_LIMIT', '/api/arxive/files/v1', 'storageLimit'],
    [400, 'ERROR_VALIDATION', '/api/arxive/files/v1', 'other'],
    [0, 'ERROR_ABORTED', '/api/arxive/files/v1', 'cancelled'],
    [0, 'ERROR_TIMEOUT', '/api/arxive/files/v1', 'other'],
    [500, 'ERROR_INTERNAL', '/api/arxive/files/v1', 'other'],
  ])('%i %s on %s is %s', (status, code, path, kind) => {
    expect(classifyFailure(status, code, path)).toBe(kind);
  });

  it('does not mistake paths that merely start like login', () => {
    expect(isLoginVerification('/api/auth/login-history/v1', 'ERROR_UNAUTHORIZED')).toBe(false);
  });

  it('skips the routine only for refresh-after and logout', () => {
    expect(skipsUnauthorizedRoutine('/api/auth/refresh-after/v1')).toBe(true);
    expect(skipsUnauthorizedRoutine('/api/auth/logout/v1')).toBe(true);
    expect(skipsUnauthorizedRoutine('/api/auth/refresh/v1')).toBe(false);
  });

  it('never reports 401, 403 or cancellations', () => {
    expect(isReportable(401, 'ERROR_UNAUTHORIZED')).toBe(false);
    expect(isReportable(403, 'ERROR_FORBIDDEN')).toBe(false);
    expect(isReportable(0, 'ERROR_ABORTED')).toBe(false);
    expect(isReportable(0, 'ERROR_TIMEOUT')).toBe(true);
    expect(isReportable(400, 'ERROR_EXCEEDED_STORAGE_LIMIT')).toBe(true);
  });
});

describe('readErrorEnvelope', () => {
  const envelope = { code: 'ERROR_NOT_FOUND', message: '없습니다', errorId: 'e-1', data: { id: 3 } };
  const text = JSON.stringify(envelope);

  it.each([
    ['a parsed object', envelope],
    ['text', text],
    ['bytes', new TextEncoder().encode(text)],
    ['an ArrayBuffer', new TextEncoder().encode(text).buffer],
    ['a Blob', new Blob([text], { type: 'application/octet-stream' })],
  ])('reads %s', async (_label, body) => {
    await expect(readErrorEnvelope(body)).resolves.toEqual(envelope);
  });

  it.each([[null], [undefined], ['not json'], [new Blob(['%PDF-1.7'])], [42], [{ message: '   ' }]])(
    'yields nothing usable from %j',
    async (body) => {
      const fields = await readErrorEnvelope(body);
      expect(fields.message).toBeUndefined();
      expect(fields.code).toBeUndefined();
    },
  );
});
