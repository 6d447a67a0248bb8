// The e-sign PDF pipeline: signable documents in, signed and certified documents out. Pure
// library code (no routes, no tables); the esign module builds around it.
export { toSignablePdf, readPdfInfo, type PdfInfo, type PdfPage } from './signable';
export type { FieldStamp } from './stamps';
export type { CertificateData, CertificateEvent, CertificateParty } from './certificate-page';
export { formatKst } from './certificate-page';
export { generateSigningIdentity, type SigningIdentity } from './identity';
export { assembleSignedPdf } from './assemble';
export { verifySignedPdf, type PdfSignatureCheck } from './verify';
export { assembleOffThread, stopAssemblyWorker } from './assemble-off-thread';
export { CertificateProblemError, describeCertificatePem, importSigningIdentity, type CertificateDetails, type ImportedIdentity } from './identity-import';
