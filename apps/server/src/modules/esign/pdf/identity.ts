import crypto from 'node:crypto';
import forge from 'node-forge';

// A workspace's signing identity: a self-signed RSA-2048 certificate and its key as PKCS#12,
// protected by a random passphrase. The caller keeps both sealed (platform/secrets.ts).

export interface SigningIdentity {
  p12: Buffer;
  passphrase: string;
  /** "CN=..., O=..." as verifySignedPdf reports it. */
  subject: string;
  certificatePem: string;
  notAfter: Date;
}

const VALID_YEARS = 10;

/** A self-signed RSA-2048 certificate + key for one workspace, as PKCS#12, valid 10 years. */
export function generateSigningIdentity(input: { commonName: string; organization: string; now?: Date }): SigningIdentity {
  const commonName = input.commonName.trim().slice(0, 64) || 'e-sign';
  const organization = input.organization.trim().slice(0, 64) || commonName;
  // Node's own generator (native, ~100 ms) rather than forge's JavaScript one.
  const pair = crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());

  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // Positive serial: the first byte below 0x80.
  cert.serialNumber = `01${crypto.randomBytes(15).toString('hex')}`;
  const now = input.now ?? new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALID_YEARS);
  cert.validity.notAfter = notAfter;
  // UTF8String for Korean names (@types/node-forge mistypes valueTagClass as a tag class).
  const attrs = [
    { shortName: 'CN', value: commonName, valueTagClass: forge.asn1.Type.UTF8 },
    { shortName: 'O', value: organization, valueTagClass: forge.asn1.Type.UTF8 },
  ] as unknown as forge.pki.CertificateField[];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());

  const passphrase = crypto.randomBytes(24).toString('base64url');
  const p12Asn1 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], passphrase, { algorithm: 'aes256', friendlyName: commonName });
  const p12 = Buffer.from(forge.asn1.toDer(p12Asn1).getBytes(), 'binary');
  return {
    p12,
    passphrase,
    subject: `CN=${commonName}, O=${organization}`,
    certificatePem: forge.pki.certificateToPem(cert),
    notAfter,
  };
}
