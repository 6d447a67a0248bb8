import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../platform/http/errors';
import { assembleOffThread, assembleSignedPdf, generateSigningIdentity, stopAssemblyWorker, verifySignedPdf } from './index';
import { sha256Hex } from './signable';
import { certificateData, makePdf, transparentPng } from './test-fixtures';

/**
 * The assembly on its worker thread gives the very bytes the same assembly gives in-thread (Buffers
 * cross the thread boundary and come back whole), reports the pipeline's own errors with their
 * codes, and a stopped worker is replaced by the next call.
 */
afterAll(() => stopAssemblyWorker());

describe('assembleOffThread', () => {
  it('answers the same signed bytes as the in-thread assembly, and they verify', { timeout: 120_000 }, async () => {
    const identity = generateSigningIdentity({ commonName: '주식회사 가나다 전자서명', organization: '주식회사 가나다' });
    const original = await makePdf(2);
    const input = {
      original,
      stamps: [
        { page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.08, type: 'SIGNATURE' as const, imagePng: await transparentPng() },
        { page: 2, x: 0.5, y: 0.8, width: 0.3, height: 0.05, type: 'TEXT' as const, value: '홍길동' },
      ],
      certificate: certificateData({ originalSha256: sha256Hex(original) }),
      identity,
      reason: 'Signed by all parties',
      location: 'Seoul',
      signedAt: new Date(Date.UTC(2026, 10, 27, 1, 30, 0)),
    };
    const [there, here] = await Promise.all([assembleOffThread(input), assembleSignedPdf(input)]);
    expect(Buffer.isBuffer(there.pdf)).toBe(true);
    expect(there.sha256).toBe(here.sha256);
    expect(there.flattenedSha256).toBe(here.flattenedSha256);
    expect(there.pdf.equals(here.pdf)).toBe(true);
    expect(await verifySignedPdf(there.pdf)).toMatchObject({ valid: true, coversWholeFile: true });
  });

  it('rejects with the pipeline error code for a document that is not a PDF, then serves the next call after a stop', { timeout: 120_000 }, async () => {
    const identity = generateSigningIdentity({ commonName: 'e-sign', organization: 'test' });
    const bad = { original: Buffer.from('not a pdf'), stamps: [], certificate: certificateData({}), identity, reason: 'r', location: 'Seoul', signedAt: new Date() };
    const failure = await assembleOffThread(bad).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('ERROR_VALIDATION');
    expect((failure as AppError).messageFor('ko')).toContain('PDF');

    await stopAssemblyWorker();
    const original = await makePdf(1);
    const again = await assembleOffThread({ ...bad, original, certificate: certificateData({ originalSha256: sha256Hex(original) }) });
    expect(await verifySignedPdf(again.pdf)).toMatchObject({ valid: true });
  });
});
