import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

// Verification with pkijs + asn1js, independent of the signer (@signpdf + node-forge): the last
// signature's ByteRange, its CMS SignedData over those bytes and the messageDigest attribute.
// Integrity only: the certificate is the workspace's own self-signed one, so no trust chain.

export interface PdfSignatureCheck {
  /** The CMS signature verifies over the signed ranges (check coversWholeFile too: an appended update keeps this true). */
  valid: boolean;
  /** The signed ranges reach the end of the file: nothing was appended after signing. */
  coversWholeFile: boolean;
  subject: string | null;
  signedAt: Date | null;
  problem: string | null;
}

const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';
const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
const OID_SHA256 = '2.16.840.1.101.3.4.2.1';
const NAME_OIDS: Record<string, string> = { '2.5.4.3': 'CN', '2.5.4.10': 'O', '2.5.4.11': 'OU', '2.5.4.6': 'C', '2.5.4.7': 'L', '2.5.4.8': 'ST' };

const fail = (problem: string, coversWholeFile = false): PdfSignatureCheck => ({ valid: false, coversWholeFile, subject: null, signedAt: null, problem });

interface ByteRange { start1: number; length1: number; start2: number; length2: number }

function lastByteRange(pdf: Buffer): ByteRange | null {
  const text = pdf.toString('latin1');
  const pattern = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
  let found: ByteRange | null = null;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    found = { start1: Number(match[1]), length1: Number(match[2]), start2: Number(match[3]), length2: Number(match[4]) };
  }
  return found;
}

function toArrayBuffer(bytes: Buffer): ArrayBuffer {
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

function nameOf(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues.map((tv) => `${NAME_OIDS[tv.type] ?? tv.type}=${String(tv.value.valueBlock.value)}`).join(', ');
}

/** Never throws for a bad PDF: valid false with the problem. */
export async function verifySignedPdf(pdf: Buffer): Promise<PdfSignatureCheck> {
  try {
    return await verify(pdf);
  } catch (cause) {
    return fail(`verification error: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

async function verify(pdf: Buffer): Promise<PdfSignatureCheck> {
  const range = lastByteRange(pdf);
  if (!range) return fail('no signature (no /ByteRange)');
  const { start1, length1, start2, length2 } = range;
  if (start1 !== 0 || length1 <= 0 || start2 <= length1 || length2 < 0) return fail('malformed /ByteRange');
  if (start2 + length2 > pdf.length) return fail('the file is shorter than its /ByteRange (truncated)');
  const coversWholeFile = start2 + length2 === pdf.length;

  // The gap between the two ranges is exactly the hex /Contents string.
  const gap = pdf.subarray(length1, start2).toString('latin1');
  if (!/^<[0-9a-fA-F]*>$/.test(gap)) return fail('the /ByteRange gap is not the signature contents', coversWholeFile);
  const der = Buffer.from(gap.slice(1, -1), 'hex');
  const signedBytes = Buffer.concat([pdf.subarray(0, length1), pdf.subarray(start2, start2 + length2)]);

  const asn1 = asn1js.fromBER(toArrayBuffer(der));
  if (asn1.offset === -1) return fail('the signature contents are not DER', coversWholeFile);
  const contentInfo = new pkijs.ContentInfo({ schema: asn1.result });
  if (contentInfo.contentType !== OID_SIGNED_DATA) return fail('the signature is not CMS SignedData', coversWholeFile);
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  const signer = signedData.signerInfos[0];
  if (!signer) return fail('the signature has no signer', coversWholeFile);
  if (signer.digestAlgorithm.algorithmId !== OID_SHA256) return fail('the signature does not use SHA-256', coversWholeFile);

  const attributes = signer.signedAttrs?.attributes ?? [];
  const digestAttr = attributes.find((a) => a.type === OID_MESSAGE_DIGEST);
  if (!digestAttr) return fail('the signature has no messageDigest attribute', coversWholeFile);
  const declared = Buffer.from((digestAttr.values[0] as asn1js.OctetString).valueBlock.valueHexView);
  const actual = crypto.createHash('sha256').update(signedBytes).digest();
  const timeAttr = attributes.find((a) => a.type === OID_SIGNING_TIME);
  const signedAt = timeAttr ? (timeAttr.values[0] as asn1js.UTCTime).toDate() : null;

  const certificate = (signedData.certificates ?? []).find(
    (c): c is pkijs.Certificate => c instanceof pkijs.Certificate && signer.sid instanceof pkijs.IssuerAndSerialNumber && c.serialNumber.isEqual(signer.sid.serialNumber),
  );
  const subject = certificate ? nameOf(certificate.subject) : null;
  const base = { coversWholeFile, subject, signedAt };
  if (!declared.equals(actual)) return { ...base, valid: false, problem: 'the document was altered: its digest differs from the signed messageDigest' };

  const result = await signedData.verify({ signer: 0, data: toArrayBuffer(signedBytes), checkChain: false, extendedMode: true }).catch((e: unknown) => ({
    signatureVerified: false,
    message: e instanceof Error ? e.message : typeof e === 'object' && e && 'message' in e ? String((e as { message: unknown }).message) : String(e),
  }));
  if (!result.signatureVerified) return { ...base, valid: false, problem: `the CMS signature does not verify: ${result.message}` };
  return { ...base, valid: true, problem: null };
}
