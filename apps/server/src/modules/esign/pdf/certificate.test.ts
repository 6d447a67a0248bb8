import { beforeAll, describe, expect, it } from 'vitest';
import { assembleSignedPdf, formatKst, generateSigningIdentity, verifySignedPdf, type CertificateEvent, type SigningIdentity } from './index';
import { sha256Hex } from './signable';
import { certificateData, makePdf } from './test-fixtures';

let identity: SigningIdentity;
beforeAll(() => {
  identity = generateSigningIdentity({ commonName: 'Certificate test', organization: 'Certificate test' });
});

async function texts(pdf: Buffer): Promise<string[]> {
  const { extractText } = await import('unpdf');
  return (await extractText(new Uint8Array(pdf), { mergePages: false })).text;
}

describe('the certificate page', () => {
  it('names the parties (Korean), both SHA-256 values, and every event with its time and hash prefix', async () => {
    const original = await makePdf(2);
    const data = certificateData({ originalSha256: sha256Hex(original) });
    const signed = await assembleSignedPdf({ original, stamps: [], certificate: data, identity, reason: 'r', location: 'Seoul', signedAt: new Date() });
    const pages = await texts(signed.pdf);
    expect(pages).toHaveLength(3);
    const certificate = pages[2]!;
    expect(certificate).toContain('전자서명 완료 인증서');
    expect(certificate).toContain('홍길동');
    expect(certificate).toContain('이순신');
    expect(certificate).toContain('소프트웨어 개발 용역 계약서');
    expect(certificate).toContain(data.originalSha256);
    expect(certificate).toContain(signed.flattenedSha256);
    for (const event of data.events) {
      expect(certificate).toContain(event.hash.slice(0, 16));
      expect(certificate).toContain(formatKst(event.at));
      expect(certificate).toContain(event.at.toISOString());
    }
    expect(certificate).toContain('이메일 인증');
  });

  it('is in English for an English envelope', async () => {
    const signed = await assembleSignedPdf({ original: await makePdf(1), stamps: [], certificate: certificateData({ locale: 'en' }), identity, reason: 'r', location: 'Seoul', signedAt: new Date() });
    const certificate = (await texts(signed.pdf))[1]!;
    expect(certificate).toContain('Certificate of completion');
    expect(certificate).toContain('Identity verified');
    expect(certificate).toContain('홍길동');
  });

  it('continues on more pages when the events overflow, and the result still verifies', async () => {
    const base = certificateData();
    const events: CertificateEvent[] = Array.from({ length: 60 }, (_, i) => ({ ...base.events[i % base.events.length]!, seq: i + 1, hash: `${(i + 1).toString(16).padStart(4, '0')}${'9'.repeat(60)}` }));
    const signed = await assembleSignedPdf({ original: await makePdf(1), stamps: [], certificate: { ...base, events }, identity, reason: 'r', location: 'Seoul', signedAt: new Date() });
    const pages = await texts(signed.pdf);
    expect(pages.length).toBeGreaterThan(2);
    const certificate = pages.slice(1).join('\n');
    for (const event of events) expect(certificate).toContain(event.hash.slice(0, 16));
    expect(pages.at(-1)).toContain(`${pages.length - 1} / ${pages.length - 1}쪽`);
    expect((await verifySignedPdf(signed.pdf)).valid).toBe(true);
  });

  it('formats KST', () => {
    expect(formatKst(new Date('2026-11-27T15:30:05.000Z'))).toBe('2026-11-28 00:30:05 KST');
  });
});
