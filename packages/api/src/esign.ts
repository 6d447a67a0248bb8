import { z } from 'zod';
import { ContractIdSchema, UserRefSchema } from './contract-schemas';
import { pageOf, pageQuery } from './envelope';
import { FileKeySchema } from './files';
import { defineRoute } from './http';
import { repeatableQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// Electronic signing (catalogue 7.8 esign). An envelope holds one PDF (a DOCX main document is
// converted by LibreOffice), up to 10 parties in signing order (SEQUENTIAL or PARALLEL), the fields
// each party fills (signature, seal, date, text, checkbox) placed on pages, an expiry and a message.
// Outside signers (EXTERNAL) receive a mail with a link carrying a URL token: random, stored hashed,
// bound to that signer and envelope, expiring with the envelope. With it they may only read the
// verification methods and prove who they are (a code by e-mail, a code by SMS, or easy-auth);
// each verification answers a short-lived signer token, sent in the `x-signer-token` header to
// read, view, sign, reject and download. The company's party (COMPANY) signs by a seal applied by
// its custodian (seal service, under an approved usage request). When the last party signs, the
// server flattens the fields into the PDF, appends a certificate page (every event with KST and UTC
// times, IP, user agent, verification method, SHA-256 before and after) and signs the PDF (PAdES,
// CMS over the byte range, with a per-workspace certificate the server generates and keeps
// sealed). Every event is chained by hash (`prevHash` -> `hash`). A completed envelope made from a
// contract's signing step files the signed PDF as the contract's executed copy and completes the
// step (the contract is executed).
// ---------------------------------------------------------------------------------------------

const product = 'E_CONTRACT' as const;
const tags = ['esign: envelopes'];
const signerTags = ['esign: signers'];
const base = '/api/esign/envelopes';
const signers = '/api/esign/signers';

/** The headers of the signer pages (lower case, as Fastify reads them). */
export const ESIGN_HEADER = {
  /** The token of the link mailed to a signer: it only reads verification methods and verifies. */
  urlToken: 'x-signer-url-token',
  /** Answered by a verification; authenticates the signer's view, sign, reject and downloads. */
  signerToken: 'x-signer-token',
} as const;

export const ESIGN_LIMITS = {
  maxParties: 10,
  maxFields: 200,
  /** A verification code: its digits, minutes valid, wrong guesses before it is burnt, sends per hour. */
  codeDigits: 6,
  codeTtlMinutes: 5,
  maxCodeAttempts: 5,
  maxCodeSendsPerHour: 5,
  /** The signer token answered by a verification. */
  signerTokenTtlMinutes: 120,
  /** An uploaded or drawn signature image (PNG), decoded. */
  maxSignatureBytes: 512 * 1024,
  /** A document sent through documents/v1 (decoded). */
  maxDocumentBytes: 20 * 1024 * 1024,
  maxExpiryDays: 90,
} as const;

export const ENVELOPE_STATUSES = ['IN_PROGRESS', 'COMPLETED', 'DECLINED', 'VOIDED', 'EXPIRED'] as const;
export const EnvelopeStatusSchema = z.enum(ENVELOPE_STATUSES);
export type EnvelopeStatus = z.infer<typeof EnvelopeStatusSchema>;

export const SIGNING_ORDERS = ['SEQUENTIAL', 'PARALLEL'] as const;
export const SigningOrderSchema = z.enum(SIGNING_ORDERS);

export const PARTY_KINDS = ['EXTERNAL', 'COMPANY'] as const;
export const PartyKindSchema = z.enum(PARTY_KINDS);

/** WAITING: not their turn yet; SENT: link mailed; VIEWED: opened the document; SIGNED; DECLINED. */
export const SIGNER_STATUSES = ['WAITING', 'SENT', 'VIEWED', 'SIGNED', 'DECLINED'] as const;
export const SignerStatusSchema = z.enum(SIGNER_STATUSES);
export type SignerStatus = z.infer<typeof SignerStatusSchema>;

export const VERIFICATION_METHODS = ['EMAIL', 'SMS_OTP', 'EASY_AUTH'] as const;
export const VerificationMethodSchema = z.enum(VERIFICATION_METHODS);
export type VerificationMethod = z.infer<typeof VerificationMethodSchema>;

/** The Korean simple-authentication providers the easy-auth driver may offer. */
export const EASY_AUTH_PROVIDERS = ['KAKAO', 'NAVER', 'PASS', 'TOSS'] as const;
export const EasyAuthProviderSchema = z.enum(EASY_AUTH_PROVIDERS);

export const FIELD_TYPES = ['SIGNATURE', 'SEAL', 'DATE', 'TEXT', 'CHECKBOX'] as const;
export const FieldTypeSchema = z.enum(FIELD_TYPES);
export type FieldType = z.infer<typeof FieldTypeSchema>;

export const ENVELOPE_EVENT_TYPES = [
  'CREATED', 'SENT', 'REMINDED', 'RESENT', 'VERIFICATION_SENT', 'VERIFIED', 'VERIFICATION_FAILED', 'VIEWED', 'SIGNED', 'SEAL_APPLIED',
  'DECLINED', 'VOIDED', 'EXPIRED', 'COMPLETED',
] as const;
export const EnvelopeEventTypeSchema = z.enum(ENVELOPE_EVENT_TYPES);

const text = (max: number) => z.string().trim().min(1).max(max);
const Fraction = z.number().min(0).max(1);

export const EnvelopeIdSchema = z.coerce.number().int().positive();
export const EnvelopeParamsSchema = z.object({ envelopeId: EnvelopeIdSchema });

/** A party as the sender writes it. `order` starts at 1; PARALLEL envelopes ignore it for turns. */
export const PartyInputSchema = z.object({
  kind: PartyKindSchema.default('EXTERNAL'),
  name: text(100),
  email: z.email().max(254).optional().describe('Required for EXTERNAL parties (the link is mailed)'),
  phone: z.string().trim().regex(/^\+?[0-9-]{8,20}$/).optional().describe('Required when SMS_OTP is among the methods'),
  role: text(100).optional().describe('e.g. 대표이사, 갑, 을'),
  order: z.number().int().min(1).max(ESIGN_LIMITS.maxParties),
  verificationMethods: z.array(VerificationMethodSchema).min(1).max(3).default(['EMAIL']).describe('EXTERNAL only: the signer proves who they are by one of these'),
  locale: z.enum(['ko', 'en']).default('ko'),
});
export type PartyInput = z.input<typeof PartyInputSchema>;

/** A field on a page: position and size as fractions of the page (0..1 from the top left). */
export const FieldInputSchema = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/).describe('Unique in the envelope; values are sent against it'),
  partyOrder: z.number().int().min(1).max(ESIGN_LIMITS.maxParties).describe('The `order` of the party who fills it'),
  type: FieldTypeSchema,
  page: z.number().int().min(1),
  x: Fraction,
  y: Fraction,
  width: Fraction.refine((v) => v > 0),
  height: Fraction.refine((v) => v > 0),
  required: z.boolean().default(true),
  label: z.string().trim().max(100).optional(),
});
export type FieldInput = z.input<typeof FieldInputSchema>;

const EnvelopeInputFields = {
  title: text(200),
  message: z.string().trim().max(2000).optional(),
  signingOrder: SigningOrderSchema.default('SEQUENTIAL'),
  expiresAt: z.iso.datetime({ offset: true }).describe(`Within ${ESIGN_LIMITS.maxExpiryDays} days`),
  parties: z.array(PartyInputSchema).min(1).max(ESIGN_LIMITS.maxParties),
  fields: z.array(FieldInputSchema).max(ESIGN_LIMITS.maxFields),
};

export const CreateEnvelopeBodySchema = z.object({
  contractId: ContractIdSchema.describe('The contract whose signing step sends its main document (DOCX converted to PDF)'),
  ...EnvelopeInputFields,
  title: text(200).optional().describe('Defaults to the contract title'),
});
export type CreateEnvelopeBody = z.input<typeof CreateEnvelopeBodySchema>;

/** documents/v1 (an outside system with an API key): the PDF or DOCX travels base64 in the body. */
export const CreateDocumentBodySchema = z.object({
  ...EnvelopeInputFields,
  document: z.object({ fileName: text(255), contentBase64: z.string().min(4).max(Math.ceil((ESIGN_LIMITS.maxDocumentBytes * 4) / 3) + 4) }),
  externalReference: z.string().trim().max(200).optional().describe('The caller\'s own id, echoed back'),
});

export const FieldSchema = z.object({
  key: z.string(),
  partyOrder: z.number().int(),
  type: FieldTypeSchema,
  page: z.number().int(),
  x: z.number(), y: z.number(), width: z.number(), height: z.number(),
  required: z.boolean(),
  label: z.string().nullable(),
  filled: z.boolean(),
  /** TEXT/DATE/CHECKBOX values once filled (signature and seal images are not echoed). */
  value: z.string().nullable(),
});

export const PartySchema = z.object({
  partyId: z.number().int(),
  kind: PartyKindSchema,
  order: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  status: SignerStatusSchema,
  verificationMethods: z.array(VerificationMethodSchema),
  verifiedBy: VerificationMethodSchema.nullable(),
  sentAt: z.string().nullable(),
  viewedAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
});

export const EnvelopeSummarySchema = z.object({
  envelopeId: z.number().int(),
  title: z.string(),
  status: EnvelopeStatusSchema,
  signingOrder: SigningOrderSchema,
  contractId: z.number().int().nullable(),
  source: z.enum(['CONTRACT', 'API']),
  round: z.number().int().describe('1, and one more on every resend of a declined or expired envelope'),
  expiresAt: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  sender: UserRefSchema.nullable().describe('Null when sent through documents/v1'),
  partyCount: z.number().int(),
  signedCount: z.number().int(),
  /** The parties whose turn it is (names), empty when the envelope is not in progress. */
  waitingOn: z.array(z.string()),
});

export const EnvelopeSchema = EnvelopeSummarySchema.extend({
  message: z.string().nullable(),
  externalReference: z.string().nullable(),
  parties: z.array(PartySchema),
  fields: z.array(FieldSchema),
  pageCount: z.number().int(),
  /** SHA-256 (hex) of the PDF as sent, and of the signed PDF once completed. */
  originalSha256: z.string(),
  signedSha256: z.string().nullable(),
  /** The signed PDF's file key (the contract's executed copy) once completed. */
  signedFileKey: FileKeySchema.nullable(),
  voidReason: z.string().nullable(),
});
export type Envelope = z.infer<typeof EnvelopeSchema>;

export const EnvelopeEventSchema = z.object({
  seq: z.number().int(),
  type: EnvelopeEventTypeSchema,
  partyId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  verificationMethod: VerificationMethodSchema.nullable(),
  detail: z.string().nullable(),
  prevHash: z.string(),
  hash: z.string().describe('SHA-256 over prevHash and the event\'s canonical JSON'),
});

export const EnvelopeVerificationSchema = z.object({
  chainValid: z.boolean().describe('Every event\'s hash recomputes and links to the one before'),
  brokenAtSeq: z.number().int().nullable(),
  pdfSignatureValid: z.boolean().nullable().describe('Null before completion'),
  signedSha256Matches: z.boolean().nullable(),
  certificateSubject: z.string().nullable(),
});

// Sender side (members with esign.document.send) ----------------------------------------------

export const ListEnvelopesQuerySchema = pageQuery(10, 100).extend({
  statuses: repeatableQuery(EnvelopeStatusSchema).optional(),
  keyword: z.string().trim().max(200).optional(),
  contractId: ContractIdSchema.optional(),
});

const send = 'Needs esign.document.send (403); an envelope of another workspace answers 404.';
const turn = '409 ERROR_CONFLICT when the envelope is not in a state that allows it.';

export const createEnvelope = defineRoute({ method: 'POST', path: `${base}/v1`, access: 'member', product, tags, summary: `Sends the contract's main document for signing from its signing step (the workflow's signing step becomes ELECTRONIC): converts a DOCX to PDF (503 ERROR_PDF_CONVERTER_UNAVAILABLE without LibreOffice), mails the first signers their links. 400 for a field on a page the PDF does not have, a field for no party, an EXTERNAL party without e-mail, SMS_OTP without a phone; 409 when the contract is not at its signing step or already has an envelope in progress. The contract must be readable. ${send}`, schemas: { body: CreateEnvelopeBodySchema, data: EnvelopeSchema } });
export const listEnvelopes = defineRoute({ method: 'GET', path: `${base}/v1`, access: 'member', product, tags, summary: `Envelopes of the workspace, newest first (of readable contracts, and those sent through documents/v1). ${send}`, schemas: { query: ListEnvelopesQuerySchema, data: pageOf(EnvelopeSummarySchema) } });
export const getEnvelope = defineRoute({ method: 'GET', path: `${base}/:envelopeId/v1`, access: 'member', product, tags, summary: `One envelope with its parties and fields. ${send}`, schemas: { params: EnvelopeParamsSchema, data: EnvelopeSchema } });
export const listEnvelopeEvents = defineRoute({ method: 'GET', path: `${base}/:envelopeId/events/v1`, access: 'member', product, tags, summary: `The envelope's event log in order, each chained by hash. ${send}`, schemas: { params: EnvelopeParamsSchema, data: z.array(EnvelopeEventSchema) } });
export const verifyEnvelope = defineRoute({ method: 'GET', path: `${base}/:envelopeId/verification/v1`, access: 'member', product, tags, summary: `Recomputes the event hash chain and verifies the signed PDF's CMS signature over its byte range. ${send}`, schemas: { params: EnvelopeParamsSchema, data: EnvelopeVerificationSchema } });
export const remindEnvelope = defineRoute({ method: 'POST', path: `${base}/:envelopeId/reminders/v1`, access: 'member', product, tags, summary: `Mails the parties whose turn it is again (same link). 429 more than once in 10 minutes. ${turn} ${send}`, schemas: { params: EnvelopeParamsSchema, data: EnvelopeSchema } });
export const VoidEnvelopeBodySchema = z.object({ reason: text(500) });
export const voidEnvelope = defineRoute({ method: 'POST', path: `${base}/:envelopeId/void/v1`, access: 'member', product, tags, summary: `Voids an envelope in progress for everyone (final; every link stops working; the parties are told by mail). ${turn} ${send}`, schemas: { params: EnvelopeParamsSchema, body: VoidEnvelopeBodySchema, data: EnvelopeSchema } });
export const ResendEnvelopeBodySchema = z.object({ expiresAt: z.iso.datetime({ offset: true }).optional().describe('A new expiry (required when the envelope has expired)') });
export const resendEnvelope = defineRoute({ method: 'POST', path: `${base}/:envelopeId/resend/v1`, access: 'member', product, tags, summary: `In progress: new links for the parties whose turn it is (the old ones stop working). Declined or expired: reopens the envelope as a new round (signatures already given stay; the decliner and those after get new links). Voided and completed envelopes cannot be resent (409). ${send}`, schemas: { params: EnvelopeParamsSchema, body: ResendEnvelopeBodySchema, data: EnvelopeSchema } });
export const downloadEnvelopePdf = defineRoute({ method: 'GET', path: `${base}/:envelopeId/download/pdf/v1`, access: 'member', product, tags, raw: true, summary: `The signed PDF once completed, else the PDF as sent. ${send}`, schemas: { params: EnvelopeParamsSchema } });

// API key (an outside system) ------------------------------------------------------------------

export const createDocument = defineRoute({ method: 'POST', path: '/api/esign/documents/v1', access: 'apiKey', tags, summary: 'Sends a document for signing on behalf of the API key\'s workspace (X-Api-Key; no user session): the same envelope as from a contract, without a contract. 400 for a document that is neither PDF nor DOCX.', schemas: { body: CreateDocumentBodySchema, data: EnvelopeSchema } });

// The signer pages (no account) -----------------------------------------------------------------

const urlToken = `Reads the link's URL token from the \`${ESIGN_HEADER.urlToken}\` header; 401 for an unknown token.`;
const signerToken = `Authenticated by the \`${ESIGN_HEADER.signerToken}\` header (answered by a verification); 401 for a wrong or expired token.`;
const closed = '409 ERROR_SIGNING_CLOSED (data.reason EXPIRED, VOIDED, DECLINED, COMPLETED, ALREADY_SIGNED, NOT_YOUR_TURN) when the signer may not act.';
const codes = `401 ERROR_OTP_INVALID for a wrong code, ERROR_OTP_EXPIRED for an expired or burnt one (${ESIGN_LIMITS.maxCodeAttempts} wrong guesses); 429 past ${ESIGN_LIMITS.maxCodeSendsPerHour} sends an hour.`;

/** Where a link stands, for the signer page to show the right screen. */
export const LINK_STATES = ['ACTIVE', 'NOT_YOUR_TURN', 'ALREADY_SIGNED', 'DECLINED', 'COMPLETED', 'VOIDED', 'EXPIRED'] as const;
export const LinkStateSchema = z.enum(LINK_STATES);

export const VerificationMethodsSchema = z.object({
  linkState: LinkStateSchema,
  envelopeTitle: z.string(),
  senderName: z.string().describe('The sending workspace'),
  expiresAt: z.string(),
  signerName: z.string(),
  maskedEmail: z.string().nullable(),
  maskedPhone: z.string().nullable(),
  methods: z.array(VerificationMethodSchema),
  easyAuthProviders: z.array(EasyAuthProviderSchema).describe('Those the server\'s easy-auth driver offers (empty: not configured)'),
  locale: z.enum(['ko', 'en']),
});
export const getVerificationMethods = defineRoute({ method: 'GET', path: `${signers}/verification-methods/v1`, access: 'public', tags: signerTags, summary: `What the link is for and how its signer may verify. ${urlToken}`, schemas: { data: VerificationMethodsSchema } });

export const CodeSentSchema = z.object({ sentTo: z.string().describe('Masked address or number'), expiresAt: z.string(), resendAfterSeconds: z.number().int() });
export const SignerSessionSchema = z.object({ signerToken: z.string(), expiresAt: z.string() });

export const sendEmailCode = defineRoute({ method: 'POST', path: `${signers}/email/send/v2`, access: 'public', tags: signerTags, summary: `Mails a ${ESIGN_LIMITS.codeDigits}-digit code to the signer's address (valid ${ESIGN_LIMITS.codeTtlMinutes} minutes). 403 when EMAIL is not one of the signer's methods. ${urlToken} ${closed} ${codes}`, schemas: { data: CodeSentSchema } });
export const VerifyEmailBodySchema = z.object({ code: z.string().trim().regex(/^\d{6}$/) });
export const verifyEmailCode = defineRoute({ method: 'POST', path: `${signers}/email/verify/v2`, access: 'public', tags: signerTags, summary: `Checks the mailed code (single use) and answers a signer token. ${urlToken} ${closed} ${codes}`, schemas: { body: VerifyEmailBodySchema, data: SignerSessionSchema } });
export const sendOtp = defineRoute({ method: 'POST', path: `${signers}/otp/send/v1`, access: 'public', tags: signerTags, summary: `Sends a ${ESIGN_LIMITS.codeDigits}-digit code by SMS to the signer's phone (the SMS driver; the development mailbox without one). 403 when SMS_OTP is not one of the signer's methods. ${urlToken} ${closed} ${codes}`, schemas: { data: CodeSentSchema } });
export const VerifyOtpQuerySchema = z.object({ otp: z.string().trim().regex(/^\d{6}$/) });
export const verifyOtp = defineRoute({ method: 'POST', path: `${signers}/otp/verify/v1`, access: 'public', tags: signerTags, summary: `Checks the SMS code (query \`otp\`, single use) and answers a signer token. ${urlToken} ${closed} ${codes}`, schemas: { query: VerifyOtpQuerySchema, data: SignerSessionSchema } });
export const EasyAuthRequestBodySchema = z.object({ provider: EasyAuthProviderSchema });
export const EasyAuthRequestSchema = z.object({ requestId: z.string(), provider: EasyAuthProviderSchema, expiresAt: z.string(), message: z.string().describe('What the signer should do (approve the request in the provider\'s app)') });
export const requestEasyAuth = defineRoute({ method: 'POST', path: `${signers}/easy-auth/request/v1`, access: 'public', tags: signerTags, summary: `Asks the easy-auth provider to authenticate the signer (name and phone): the signer approves in the provider's app. 503 ERROR_SERVICE_UNAVAILABLE without an easy-auth driver. 403 when EASY_AUTH is not one of the signer's methods. ${urlToken} ${closed}`, schemas: { body: EasyAuthRequestBodySchema, data: EasyAuthRequestSchema } });
export const EasyAuthVerifyQuerySchema = z.object({ signerToken: z.string().min(20).max(200).describe('The link\'s URL token (the provider\'s callback carries no headers)') });
export const verifyEasyAuth = defineRoute({ method: 'POST', path: `${signers}/easy-auth/verify/v1`, access: 'public', tags: signerTags, summary: `Completes easy-auth: the text body is the provider's result token, checked with the provider by the driver; the verified name and phone must match the signer's (401 ERROR_OTP_INVALID otherwise). Answers a signer token. ${closed}`, schemas: { query: EasyAuthVerifyQuerySchema, body: z.string().min(1).max(8192), data: SignerSessionSchema } });

export const SignerDocumentSchema = z.object({
  envelopeTitle: z.string(),
  message: z.string().nullable(),
  senderName: z.string(),
  status: EnvelopeStatusSchema,
  linkState: LinkStateSchema,
  signingOrder: SigningOrderSchema,
  expiresAt: z.string(),
  pageCount: z.number().int(),
  originalSha256: z.string(),
  me: z.object({ partyId: z.number().int(), name: z.string(), role: z.string().nullable(), status: SignerStatusSchema, order: z.number().int() }),
  /** My fields (to fill, in page then top-to-bottom order) and the others' (position and whether filled only). */
  fields: z.array(FieldSchema.extend({ mine: z.boolean() })),
  /** The other parties: name and status only. */
  parties: z.array(z.object({ order: z.number().int(), name: z.string(), status: SignerStatusSchema, kind: PartyKindSchema })),
});
export const getSignerDocument = defineRoute({ method: 'GET', path: `${signers}/documents/v1`, access: 'signerToken', tags: signerTags, summary: `The envelope as its signer sees it. ${signerToken}`, schemas: { data: SignerDocumentSchema } });
export const downloadSignerPdf = defineRoute({ method: 'GET', path: `${signers}/download/pdf/v1`, access: 'signerToken', tags: signerTags, raw: true, summary: `The PDF to sign, or the signed PDF once the envelope is completed. ${signerToken}`, schemas: {} });
export const viewAsSigner = defineRoute({ method: 'PUT', path: `${signers}/view/v1`, access: 'signerToken', tags: signerTags, summary: `Records that the signer opened the document (once; later calls change nothing). ${signerToken} ${closed}`, schemas: { data: SignerDocumentSchema } });

export const SignatureInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('DRAWN'), pngBase64: z.string().min(8) }),
  z.object({ kind: z.literal('UPLOADED'), pngBase64: z.string().min(8) }),
  z.object({ kind: z.literal('TYPED'), text: text(60) }),
]);
export const SignBodySchema = z.object({
  signature: SignatureInputSchema.optional().describe('Required when the signer has SIGNATURE fields; drawn and uploaded images are PNG'),
  values: z.array(z.object({ key: z.string(), value: z.string().max(500) })).max(ESIGN_LIMITS.maxFields).default([]).describe('TEXT, DATE (ISO date) and CHECKBOX ("true"/"false") fields'),
  agreed: z.literal(true).describe('The signer agrees to sign electronically'),
});
export const signAsSigner = defineRoute({ method: 'PUT', path: `${signers}/sign/v1`, access: 'signerToken', tags: signerTags, summary: `Signs: the signature and the values of the signer's own fields (400 naming a required field left empty, a field that is not theirs, a bad value or image). The last signature completes the envelope. ${signerToken} ${closed}`, schemas: { body: SignBodySchema, data: SignerDocumentSchema } });
export const RejectBodySchema = z.object({ reason: text(1000) });
export const rejectAsSigner = defineRoute({ method: 'PUT', path: `${signers}/reject/v1`, access: 'signerToken', tags: signerTags, summary: `Declines with a reason: the envelope ends for everyone (DECLINED) and the sender is told by mail. ${signerToken} ${closed}`, schemas: { body: RejectBodySchema, data: SignerDocumentSchema } });
