import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { buildErrorReport } from './error-report';

const base = { errorId: 'abcd-1234', apiPath: '/api/alex/x/v1', route: '/hanbit', tenantId: 1, workspaceId: 2, fallbackMessage: 'generic' };

describe('buildErrorReport', () => {
  it('trims every field to the shared schema', () => {
    const error = new ApiError({ status: 500, code: 'ERROR_INTERNAL', message: 'x'.repeat(5000) });
    const body = buildErrorReport({ ...base, error, route: `/${'r'.repeat(900)}`, userAgent: 'u'.repeat(900) });
    expect(body?.message).toHaveLength(2000);
    expect(body?.route).toHaveLength(500);
    expect(body?.userAgent).toHaveLength(500);
  });

  it('uses the fallback for an empty message and leaves out a missing user', () => {
    const body = buildErrorReport({ ...base, error: new ApiError({ status: 0, code: 'ERROR_NETWORK', message: '  ' }) });
    expect(body).toMatchObject({ message: 'generic', httpStatus: 0 });
    expect(body?.userId).toBeUndefined();
  });

  it('gives up on an id the schema refuses', () => {
    const error = new ApiError({ status: 500, code: 'ERROR_INTERNAL', message: 'm' });
    expect(buildErrorReport({ ...base, errorId: 'bad id!', error })).toBeNull();
  });
});
