import { beforeAll, describe, expect, it } from 'vitest';
import { assembleSignedPdf, generateSigningIdentity, verifySignedPdf, type SigningIdentity } from './index';
import { sha256Hex } from './signable';
import { certificateData, makePdf, transparentPng } from './test-fixtures';

const signedAt = new Date(Date.UTC(2026, 10, 27, 1, 30, 0));
let identity: SigningIdentity;
let original: Buffer;
let signed: { pdf: Buffer; sha256: string; flattenedSha256: string };

beforeAll(async () => {
  identity = generateSigningIdentity({ commonName: '주식회사 가나다 전자서명', organization: '주식회사 가나다' });
  original = await makePdf(2);
  signed = await assembleSignedPdf({
    original,
    stamps: [
      { page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.08, type: 'SIGNATURE', imagePng: await transparentPng() },
      { page: 2, x: 0.5, y: 0.8, width: 0.3, height: 0.05, type: 'TEXT', value: '홍길동' },
    ],
    certificate: certificateData({ originalSha256: sha256Hex(original) }),
    identity,
    reason: 'Signed by all parties',
    location: 'Seoul',
    signedAt,
  });
}, 60_000);

/** The position of the first byte of `needle` inside the first signed range. */
function offsetOf(pdf: Buffer, needle: string): number {
  const at = pdf.indexOf(needle, 0, 'latin1');
  expect(at).toBeGreaterThan(0);
  return at;
}

describe('generateSigningIdentity', () => {
  it('makes a 10-year certificate whose subject names the workspace', () => {
    expect(identity.subject).toBe('CN=주식회사 가나다 전자서명, O=주식회사 가나다');
    expect(identity.certificatePem).toContain('BEGIN CERTIFICATE');
    expect(identity.notAfter.getUTCFullYear() - new Date().getUTCFullYear()).toBe(10);
    expect(identity.passphrase.length).toBeGreaterThanOrEqual(24);
  });
});

describe('assembleSignedPdf + verifySignedPdf', () => {
  it('produces a signature that verifies over the whole file, by the workspace certificate', async () => {
    const check = await verifySignedPdf(signed.pdf);
    expect(check).toEqual({ valid: true, coversWholeFile: true, subject: identity.subject, signedAt, problem: null });
    expect(signed.sha256).toBe(sha256Hex(signed.pdf));
    expect(signed.flattenedSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.flattenedSha256).not.toBe(sha256Hex(original));
  });

  it('is deterministic given signedAt', async () => {
    const again = await assembleSignedPdf({
      original,
      stamps: [
        { page: 1, x: 0.1, y: 0.8, width: 0.3, height: 0.08, type: 'SIGNATURE', imagePng: await transparentPng() },
        { page: 2, x: 0.5, y: 0.8, width: 0.3, height: 0.05, type: 'TEXT', value: '홍길동' },
      ],
      certificate: certificateData({ originalSha256: sha256Hex(original) }),
      identity,
      reason: 'Signed by all parties',
      location: 'Seoul',
      signedAt,
    });
    expect(again.sha256).toBe(signed.sha256);
    expect(again.flattenedSha256).toBe(signed.flattenedSha256);
  });

  it('fails when one byte of the signed page content changes', async () => {
    const altered = Buffer.from(signed.pdf);
    const at = offsetOf(altered, 'MediaBox');
    altered[at] = 'm'.charCodeAt(0);
    const check = await verifySignedPdf(altered);
    expect(check.valid).toBe(false);
    expect(check.problem).toMatch(/altered/);
  });

  it('fails when one byte of the signature contents changes', async () => {
    const altered = Buffer.from(signed.pdf);
    const contents = offsetOf(altered, '/Contents <') + '/Contents <'.length;
    // The CMS is one DER SEQUENCE (30 82 hi lo): its last bytes are the RSA signature value.
    const cmsLength = 4 + parseInt(altered.subarray(contents + 4, contents + 8).toString('latin1'), 16);
    const target = contents + 2 * (cmsLength - 20);
    altered[target] = altered[target] === 0x30 ? 0x31 : 0x30;
    const check = await verifySignedPdf(altered);
    expect(check.valid).toBe(false);
    expect(check.problem).not.toBeNull();
  });

  it('fails when the file is truncated, and reports an appended update as not covering the file', async () => {
    const truncated = await verifySignedPdf(signed.pdf.subarray(0, signed.pdf.length - 40));
    expect(truncated.valid).toBe(false);
    expect(truncated.problem).toMatch(/truncated/);

    const appended = await verifySignedPdf(Buffer.concat([signed.pdf, Buffer.from('\n1 0 obj\n(x)\nendobj\n', 'latin1')]));
    expect(appended.coversWholeFile).toBe(false);
  });

  it('never throws for something that is not a signed PDF', async () => {
    await expect(verifySignedPdf(original)).resolves.toMatchObject({ valid: false, problem: 'no signature (no /ByteRange)' });
    await expect(verifySignedPdf(Buffer.from('garbage'))).resolves.toMatchObject({ valid: false });
    const badContents = Buffer.from(signed.pdf);
    const contents = offsetOf(badContents, '/Contents <') + '/Contents <'.length;
    badContents.fill('0', contents, contents + 20, 'latin1');
    await expect(verifySignedPdf(badContents)).resolves.toMatchObject({ valid: false });
  });
});
