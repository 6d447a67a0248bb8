import { z } from 'zod';
import { UserRefSchema } from './contract-schemas';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// The certificate e-sign signs completed envelopes with (docs/esign.md). By default each workspace
// has one the server generates (self-signed, made at the first completion). A workspace admin may
// upload the organisation's own PKCS#12 (.p12/.pfx) with its password instead: it must parse, hold a
// private key and a certificate of that key, be valid now, allow digital signatures (key usage)
// and carry an RSA key of at least 2048 bits. The server keeps it sealed like the generated one
// (its own random passphrase; the uploaded password is not kept) and signs every envelope completed
// from then on with it while it is valid; deleting it returns to the generated one.
// ---------------------------------------------------------------------------------------------

export const SIGNING_CERTIFICATE_LIMITS = {
  /** The uploaded .p12/.pfx file. */
  maxFileBytes: 64 * 1024,
  maxPasswordLength: 256,
  minRsaBits: 2048,
} as const;

/** Why an uploaded PKCS#12 is refused (400, `fieldErrors[].reason` of `body.file` or `body.password`). */
export const SIGNING_CERTIFICATE_PROBLEMS = [
  'NOT_PKCS12', 'WRONG_PASSWORD', 'NO_PRIVATE_KEY', 'NO_CERTIFICATE', 'KEY_MISMATCH', 'UNSUPPORTED_KEY', 'WEAK_KEY', 'EXPIRED', 'NOT_YET_VALID', 'KEY_USAGE',
] as const;
export const SigningCertificateProblemSchema = z.enum(SIGNING_CERTIFICATE_PROBLEMS);
export type SigningCertificateProblem = z.infer<typeof SigningCertificateProblemSchema>;

export const SIGNING_CERTIFICATE_SOURCES = ['UPLOADED', 'GENERATED'] as const;
export const SigningCertificateSourceSchema = z.enum(SIGNING_CERTIFICATE_SOURCES);

export const SigningCertificateDetailsSchema = z.object({
  subject: z.string().describe('"CN=..., O=..." as the signature verification reports it'),
  issuer: z.string(),
  serialNumber: z.string().describe('hex'),
  notBefore: z.string(),
  notAfter: z.string(),
  fingerprintSha256: z.string().describe('SHA-256 of the certificate (DER), upper-case hex pairs joined by colons'),
});
export type SigningCertificateDetails = z.infer<typeof SigningCertificateDetailsSchema>;

export const SigningCertificateViewSchema = z.object({
  inUse: SigningCertificateSourceSchema.nullable().describe('What the next completed envelope is signed with; null: nothing yet (the generated one is made at the first completion)'),
  uploaded: SigningCertificateDetailsSchema.extend({
    uploadedAt: z.string(),
    uploadedBy: UserRefSchema.nullable(),
    isExpired: z.boolean().describe('Past notAfter: envelopes are signed with the generated certificate until it is replaced'),
  })
    .nullable()
    .describe('The uploaded certificate, when there is one'),
  generated: SigningCertificateDetailsSchema.nullable().describe('The server-generated certificate, once made'),
});
export type SigningCertificateView = z.infer<typeof SigningCertificateViewSchema>;

const product = 'E_CONTRACT' as const;
const tags = ['esign: administration'];
const path = '/api/esign/admin/signing-certificate/v1';
const who = 'Workspace admins with workspace.config.write.';

export const getSigningCertificate = defineRoute({
  method: 'GET', path, access: 'admin', product, tags,
  summary: `The certificate completed envelopes are signed with: the uploaded one and the generated one, never a key. ${who}`,
  schemas: { data: SigningCertificateViewSchema },
});
export const uploadSigningCertificate = defineRoute({
  method: 'PUT', path, access: 'admin', product, tags,
  summary:
    `Uploads the organisation's PKCS#12 (replacing an uploaded one): multipart/form-data with the parts \`password\` and \`file\` (.p12/.pfx, at most ${SIGNING_CERTIFICATE_LIMITS.maxFileBytes / 1024} KiB). ` +
    `400 naming the problem (${SIGNING_CERTIFICATE_PROBLEMS.join(', ')}) in fieldErrors of body.file or body.password; 413 past the size; 415 when not multipart. ` +
    `Envelopes completed from then on are signed with it. Audited. ${who} Not while impersonating (403).`,
  schemas: { data: SigningCertificateViewSchema },
});
export const deleteSigningCertificate = defineRoute({
  method: 'DELETE', path, access: 'admin', product, tags,
  summary: `Removes the uploaded certificate (404 when there is none): envelopes completed from then on are signed with the generated one. Audited. ${who} Not while impersonating (403).`,
  schemas: { data: SigningCertificateViewSchema },
});
