import crypto from 'node:crypto';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import forge from 'node-forge';
import { createCanvas } from '@napi-rs/canvas';
import type { CertificateData } from './certificate-page';

/** A plain PDF of `pages` pages (A4 unless sizes are given), each saying its number. */
export async function makePdf(pages: number, options: { sizes?: [number, number][]; rotate?: number } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage(options.sizes?.[i] ?? [595.28, 841.89]);
    page.drawText(`Page ${i + 1} of the agreement`, { x: 50, y: page.getHeight() - 60, size: 14, font });
    if (options.rotate) page.setRotation({ type: 'degrees' as never, angle: options.rotate } as never);
  }
  return Buffer.from(await doc.save());
}

/** A 120x60 PNG: a red ring on a fully transparent background. */
export async function transparentPng(): Promise<Buffer> {
  const canvas = createCanvas(120, 60);
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, 120, 60);
  ctx.strokeStyle = 'rgba(200, 0, 0, 1)';
  ctx.lineWidth = 6;
  ctx.beginPath();
  ctx.arc(60, 30, 24, 0, Math.PI * 2);
  ctx.stroke();
  return canvas.encode('png');
}

export function certificateData(overrides: Partial<CertificateData> = {}): CertificateData {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 1, minute, 5));
  const hash = (n: number) => `${n.toString(16).padStart(2, '0')}c0ffee${'ab'.repeat(28)}`.slice(0, 64);
  return {
    envelopeId: 4211,
    title: '소프트웨어 개발 용역 계약서',
    senderName: '김법무',
    locale: 'ko',
    originalSha256: 'a'.repeat(64),
    parties: [
      { order: 1, name: '홍길동', role: '대표이사', email: 'hong@example.com', kind: 'EXTERNAL', status: 'SIGNED', verifiedBy: 'EMAIL', signedAt: at(10) },
      { order: 2, name: '이순신', role: null, email: 'lee@example.com', kind: 'COMPANY', status: 'SIGNED', verifiedBy: 'SMS_OTP', signedAt: at(20) },
    ],
    events: [
      { seq: 1, type: 'CREATED', actorName: '김법무', at: at(1), ip: '10.0.0.1', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', verificationMethod: null, detail: null, hash: hash(1) },
      { seq: 2, type: 'VERIFIED', actorName: '홍길동', at: at(9), ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone)', verificationMethod: 'EMAIL', detail: null, hash: hash(2) },
      { seq: 3, type: 'SIGNED', actorName: '홍길동', at: at(10), ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (iPhone)', verificationMethod: 'EMAIL', detail: null, hash: hash(3) },
      { seq: 4, type: 'SIGNED', actorName: '이순신', at: at(20), ip: '198.51.100.2', userAgent: null, verificationMethod: 'SMS_OTP', detail: null, hash: hash(4) },
    ],
    ...overrides,
  };
}

/** A customer's PKCS#12 as an admin would upload it (RSA, UTF-8 names), with what can be wrong with one. */
export function makeP12(options: {
  commonName?: string;
  organization?: string;
  password?: string;
  bits?: number;
  notBefore?: Date;
  notAfter?: Date;
  keyUsage?: { digitalSignature?: boolean; nonRepudiation?: boolean; keyEncipherment?: boolean } | null;
  /** The certificate of another key than the one packed. */
  isMismatched?: boolean;
  withoutKey?: boolean;
  /** Signed by a CA certificate packed beside it (a chain), rather than self-signed. */
  withCa?: boolean;
} = {}): { p12: Buffer; password: string; subject: string; serialNumber: string } {
  const keyOf = (bits: number) => {
    const pair = crypto.generateKeyPairSync('rsa', { modulusLength: bits, publicExponent: 0x10001 });
    return {
      privateKey: forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
      publicKey: forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    };
  };
  const name = (cn: string, o: string) =>
    [{ shortName: 'CN', value: cn, valueTagClass: forge.asn1.Type.UTF8 }, { shortName: 'O', value: o, valueTagClass: forge.asn1.Type.UTF8 }] as unknown as forge.pki.CertificateField[];
  const commonName = options.commonName ?? '고객사 전자서명';
  const organization = options.organization ?? '주식회사 고객사';
  const own = keyOf(options.bits ?? 2048);
  const certified = options.isMismatched ? keyOf(2048) : own;
  const ca = options.withCa ? keyOf(2048) : null;
  const cert = forge.pki.createCertificate();
  cert.publicKey = certified.publicKey;
  cert.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * 24 * 3600_000);
  cert.setSubject(name(commonName, organization));
  cert.setIssuer(ca ? name('고객사 인증기관', organization) : name(commonName, organization));
  const usage = options.keyUsage === undefined ? { digitalSignature: true, nonRepudiation: true } : options.keyUsage;
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, ...(usage ? [{ name: 'keyUsage', critical: true, ...usage }] : [])]);
  cert.sign((ca ?? certified).privateKey, forge.md.sha256.create());
  const chain = [cert];
  if (ca) {
    const caCert = forge.pki.createCertificate();
    caCert.publicKey = ca.publicKey;
    caCert.serialNumber = '02';
    caCert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
    caCert.validity.notAfter = new Date(Date.now() + 3650 * 24 * 3600_000);
    caCert.setSubject(name('고객사 인증기관', organization));
    caCert.setIssuer(name('고객사 인증기관', organization));
    caCert.setExtensions([{ name: 'basicConstraints', cA: true }]);
    caCert.sign(ca.privateKey, forge.md.sha256.create());
    chain.push(caCert);
  }
  const password = options.password ?? 'p12-비밀번호';
  const asn1 = forge.pkcs12.toPkcs12Asn1(options.withoutKey ? null : own.privateKey, chain, password, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), password, subject: `CN=${commonName}, O=${organization}`, serialNumber: cert.serialNumber };
}
