import { HealthSchema, successEnvelope } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer';

const compile = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (data: unknown) => string;

describe('response serializer', () => {
  const health = { code: 'SUCCESS', message: null, data: { status: 'ok', version: '0.1.0', uptimeSeconds: 3, checks: { database: { ok: true, driver: 'pglite', latencyMs: 0.4 }, jobs: { ok: true } } } };

  it('writes exactly what the schema declares', () => {
    const stringify = compile(successEnvelope(HealthSchema));
    expect(JSON.parse(stringify(health))).toEqual(health);
  });

  it('drops fields the schema does not declare (nothing leaks by accident)', () => {
    const stringify = compile(successEnvelope(z.object({ id: z.number(), name: z.string(), memo: z.string().nullable() })));
    const out = JSON.parse(stringify({ code: 'SUCCESS', message: null, data: { id: 1, name: '계약', memo: null, passwordHash: 'argon2id$...' } }));
    expect(out.data).toEqual({ id: 1, name: '계약', memo: null });
  });

  it('keeps zod for schemas JSON Schema cannot express', () => {
    const stringify = compile(z.object({ at: z.date() }));
    expect(JSON.parse(stringify({ at: new Date('2026-11-21T00:00:00Z') }))).toEqual({ at: '2026-11-21T00:00:00.000Z' });
  });
});
