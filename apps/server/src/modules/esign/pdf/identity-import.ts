import crypto from 'node:crypto';
import type { SigningCertificateProblem } from '@legal/api';
import forge from 'node-forge';
import type { SigningIdentity } from './identity';

// A customer's own signing identity: their PKCS#12 checked (parses with the password, one RSA key
// and a certificate of that key, valid now, key usage allowing signatures) and packed again the way
// generated identities are (the key and its chain, AES-256, a random passphrase), so the signer
// reads one shape and the customer's password is never kept.

export class CertificateProblemError extends Error {
  constructor(readonly problem: SigningCertificateProblem, readonly field: 'file' | 'password' = 'file') {
    super(problem);
  }
}

export interface CertificateDetails {
  subject: string;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  fingerprintSha256: string;
}

export type ImportedIdentity = SigningIdentity & CertificateDetails;

const NAMES: Record<string, string> = { '2.5.4.3': 'CN', '2.5.4.10': 'O', '2.5.4.11': 'OU', '2.5.4.6': 'C', '2.5.4.7': 'L', '2.5.4.8': 'ST' };

/** "CN=..., O=..." in the certificate's order, UTF-8 decoded: the form verifySignedPdf reports. */
function nameOf(attributes: forge.pki.CertificateField[]): string {
  return attributes
    .map((a) => {
      // @types/node-forge types valueTagClass as a tag class; forge stores the ASN.1 type there.
      const value = (a.valueTagClass as unknown) === forge.asn1.Type.UTF8 && typeof a.value === 'string' ? forge.util.decodeUtf8(a.value) : String(a.value);
      return `${NAMES[a.type ?? ''] ?? a.type}=${value}`;
    })
    .join(', ');
}

/** Subject, issuer, serial, validity and fingerprint of a certificate. */
export function describeCertificate(cert: forge.pki.Certificate): CertificateDetails {
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');
  const fingerprint = crypto.createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g)!.join(':');
  return {
    subject: nameOf(cert.subject.attributes),
    issuer: nameOf(cert.issuer.attributes),
    serialNumber: cert.serialNumber,
    notBefore: cert.validity.notBefore,
    notAfter: cert.validity.notAfter,
    fingerprintSha256: fingerprint,
  };
}

/** The details of a PEM certificate (the generated identity's, kept as PEM). */
export function describeCertificatePem(pem: string): CertificateDetails {
  return describeCertificate(forge.pki.certificateFromPem(pem));
}

function parse(p12: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch {
    throw new CertificateProblemError('NOT_PKCS12');
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/MAC could not be verified|Invalid password|decrypt/i.test(message)) throw new CertificateProblemError('WRONG_PASSWORD', 'password');
    throw new CertificateProblemError('NOT_PKCS12');
  }
}

/** Checks an uploaded PKCS#12 and packs it as a signing identity; CertificateProblemError says what is wrong. */
export function importSigningIdentity(p12: Buffer, password: string, now = new Date()): ImportedIdentity {
  const parsed = parse(p12, password);
  const bags = (type: string) => parsed.getBags({ bagType: type })[type] ?? [];
  const keyBags = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag!), ...bags(forge.pki.oids.keyBag!)];
  const certBags = bags(forge.pki.oids.certBag!);
  if (keyBags.length === 0) throw new CertificateProblemError('NO_PRIVATE_KEY');
  // forge reads RSA only: an EC or Ed25519 key (or certificate) comes back empty.
  const key = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key || !('n' in key)) throw new CertificateProblemError('UNSUPPORTED_KEY');
  if (certBags.length === 0) throw new CertificateProblemError('NO_CERTIFICATE');
  const certificates = certBags.flatMap((b) => (b.cert ? [b.cert] : []));
  const own = certificates.find((cert) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.compareTo(key.n) === 0 && publicKey.e?.compareTo(key.e) === 0;
  });
  if (!own) throw new CertificateProblemError(certificates.length === 0 ? 'UNSUPPORTED_KEY' : 'KEY_MISMATCH');
  if (key.n.bitLength() < 2048) throw new CertificateProblemError('WEAK_KEY');
  if (own.validity.notAfter.getTime() <= now.getTime()) throw new CertificateProblemError('EXPIRED');
  if (own.validity.notBefore.getTime() > now.getTime()) throw new CertificateProblemError('NOT_YET_VALID');
  // Without the extension any use is allowed; with it, digitalSignature must be set.
  const usage = own.getExtension('keyUsage') as { digitalSignature?: boolean } | null;
  if (usage && !usage.digitalSignature) throw new CertificateProblemError('KEY_USAGE');

  const details = describeCertificate(own);
  const chain = [own, ...certificates.filter((c) => c !== own)];
  const passphrase = crypto.randomBytes(24).toString('base64url');
  const packed = forge.pkcs12.toPkcs12Asn1(key, chain, passphrase, { algorithm: 'aes256' });
  return {
    ...details,
    p12: Buffer.from(forge.asn1.toDer(packed).getBytes(), 'binary'),
    passphrase,
    certificatePem: forge.pki.certificateToPem(own),
  };
}
