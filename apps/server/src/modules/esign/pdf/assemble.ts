import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import { AppError } from '../../../platform/http/errors';
import { WorkspaceP12Signer } from './cms-signer';
import { appendCertificate, type CertificateData } from './certificate-page';
import { embedKoreanFont } from './fonts';
import type { SigningIdentity } from './identity';
import { loadPdf, sha256Hex } from './signable';
import { drawStamps, type FieldStamp } from './stamps';

/** Room for the CMS (RSA-2048/3072 signature + certificate, ~2 KB) with a wide margin. */
const SIGNATURE_LENGTH = 8192;
const PRODUCER = 'Legal Suite e-sign';

export interface AssembleInput {
  original: Buffer;
  stamps: FieldStamp[];
  certificate: CertificateData;
  identity: SigningIdentity;
  reason: string;
  location: string;
  signedAt: Date;
}

/** Fixed metadata, so the same input gives the same bytes. */
function stampMetadata(doc: PDFDocument, signedAt: Date): void {
  doc.setProducer(PRODUCER);
  doc.setModificationDate(signedAt);
}

/**
 * Flattens the stamps into the original, appends the certificate page(s), then signs (CMS,
 * detached, SHA-256, over the byte range; SubFilter adbe.pkcs7.detached) with the identity.
 * `flattenedSha256` is the document after flattening and before the certificate page; `sha256`
 * is of the final signed bytes. Deterministic given `signedAt`.
 */
export async function assembleSignedPdf(input: AssembleInput): Promise<{ pdf: Buffer; sha256: string; flattenedSha256: string }> {
  const doc = await loadPdf(input.original);
  let font: PDFFont | null = null;
  const lazyFont = async () => (font ??= await embedKoreanFont(doc));
  await drawStamps(doc, input.stamps, lazyFont, input.certificate.locale);
  stampMetadata(doc, input.signedAt);
  // A form's fields would stay editable over the flattened values: flatten them too.
  doc.getForm().flatten();
  const flattened = Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
  const flattenedSha256 = sha256Hex(flattened);

  // The certificate goes onto the flattened bytes as saved, so "after" is exactly what was hashed.
  const withCertificate = await loadPdf(flattened);
  appendCertificate(withCertificate, await embedKoreanFont(withCertificate), { ...input.certificate, flattenedSha256 });
  stampMetadata(withCertificate, input.signedAt);
  const unsigned = Buffer.from(await withCertificate.save({ useObjectStreams: false, updateFieldAppearances: false }));

  let pdf: Buffer;
  try {
    const signer = new WorkspaceP12Signer(input.identity.p12, input.identity.passphrase);
    const placeholder = plainAddPlaceholder({
      pdfBuffer: unsigned,
      reason: input.reason,
      contactInfo: '',
      name: input.identity.subject,
      location: input.location,
      signingTime: input.signedAt,
      signatureLength: SIGNATURE_LENGTH,
      subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
      appName: PRODUCER,
    });
    pdf = await new SignPdf().sign(placeholder, signer, input.signedAt);
  } catch (cause) {
    throw new AppError('ERROR_INTERNAL', { message: { ko: '문서에 전자서명을 적용하지 못했습니다.', en: 'The digital signature could not be applied to the document.' }, cause });
  }
  return { pdf, sha256: sha256Hex(pdf), flattenedSha256 };
}
