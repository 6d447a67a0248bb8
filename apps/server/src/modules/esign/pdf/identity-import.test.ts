import { describe, expect, it } from 'vitest';
import { assembleSignedPdf, importSigningIdentity, verifySignedPdf } from './index';
import { CertificateProblemError } from './identity-import';
import { sha256Hex } from './signable';
import { certificateData, makeP12, makePdf } from './test-fixtures';

const DAY = 24 * 3600_000;

function problemOf(run: () => unknown): { problem: string; field: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    if (err instanceof CertificateProblemError) return { problem: err.problem, field: err.field };
    throw err;
  }
}

describe('importSigningIdentity', () => {
  it('reads a valid PKCS#12, describes its certificate, and packs it so that a PDF signed with it verifies by that certificate', async () => {
    const made = makeP12({ withCa: true });
    const identity = importSigningIdentity(made.p12, made.password);
    expect(identity).toMatchObject({ subject: made.subject, issuer: 'CN=고객사 인증기관, O=주식회사 고객사', serialNumber: made.serialNumber });
    expect(identity.fingerprintSha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(identity.notAfter.getTime()).toBeGreaterThan(Date.now());
    // Packed again under its own passphrase: the customer's password is not what opens it.
    expect(identity.passphrase).not.toBe(made.password);
    expect(identity.p12.equals(made.p12)).toBe(false);

    const original = await makePdf(1);
    const signed = await assembleSignedPdf({
      original, stamps: [], certificate: certificateData({ originalSha256: sha256Hex(original) }), identity, reason: 'test', location: 'Seoul', signedAt: new Date(),
    });
    expect(await verifySignedPdf(signed.pdf)).toMatchObject({ valid: true, coversWholeFile: true, subject: made.subject });
  }, 60_000);

  it('accepts a certificate without a key usage extension, and an empty password', () => {
    const made = makeP12({ keyUsage: null, password: '' });
    expect(importSigningIdentity(made.p12, '').subject).toBe(made.subject);
  });

  it('names what is wrong', () => {
    const good = makeP12();
    expect(problemOf(() => importSigningIdentity(Buffer.from('not a pkcs12 at all'), 'x'))).toEqual({ problem: 'NOT_PKCS12', field: 'file' });
    expect(problemOf(() => importSigningIdentity(good.p12.subarray(0, 200), good.password))).toMatchObject({ problem: 'NOT_PKCS12' });
    expect(problemOf(() => importSigningIdentity(good.p12, 'wrong password'))).toEqual({ problem: 'WRONG_PASSWORD', field: 'password' });
    const cases: Array<[Parameters<typeof makeP12>[0], string]> = [
      [{ withoutKey: true }, 'NO_PRIVATE_KEY'],
      [{ isMismatched: true }, 'KEY_MISMATCH'],
      [{ bits: 1024 }, 'WEAK_KEY'],
      [{ notBefore: new Date(Date.now() - 400 * DAY), notAfter: new Date(Date.now() - DAY) }, 'EXPIRED'],
      [{ notBefore: new Date(Date.now() + DAY), notAfter: new Date(Date.now() + 400 * DAY) }, 'NOT_YET_VALID'],
      [{ keyUsage: { keyEncipherment: true } }, 'KEY_USAGE'],
    ];
    for (const [options, problem] of cases) {
      const made = makeP12(options);
      expect(problemOf(() => importSigningIdentity(made.p12, made.password)), problem).toEqual({ problem, field: 'file' });
    }
  });
});
