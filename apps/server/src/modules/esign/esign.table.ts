import {
  ENVELOPE_EVENT_TYPES, ENVELOPE_STATUSES, FIELD_TYPES, PARTY_KINDS, SIGNER_STATUSES, SIGNING_ORDERS, VERIFICATION_METHODS, type VerificationMethod,
} from '@legal/api';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tenantColumns } from '../../platform/db/tenancy';


/**
 * E-sign (catalogue 7.8, docs/esign.md). An envelope is one PDF, its parties and their fields; its
 * row is the lock every change takes (SELECT ... FOR UPDATE) and carries `last_event_seq` (the
 * gap-free, hash-chained event log). The PDFs live in object storage under keys the envelope row
 * names (`original_storage_key`, `signed_storage_key`); a CONTRACT envelope's signed PDF is also
 * the contract's executed copy (`signed_file_key`, a files-module file).
 */
export const envelopes = pgTable(
  'esign_envelopes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    contractId: bigint('contract_id', { mode: 'number' }),
    source: text('source', { enum: ['CONTRACT', 'API'] }).notNull(),
    apiKeyId: bigint('api_key_id', { mode: 'number' }),
    senderUserId: bigint('sender_user_id', { mode: 'number' }),
    title: text('title').notNull(),
    message: text('message'),
    status: text('status', { enum: ENVELOPE_STATUSES }).notNull(),
    /** Every party has signed: the finalize job assembles the signed PDF (status stays IN_PROGRESS until it commits). */
    isFinalizing: boolean('is_finalizing').notNull().default(false),
    signingOrder: text('signing_order', { enum: SIGNING_ORDERS }).notNull(),
    round: integer('round').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    originalStorageKey: text('original_storage_key').notNull(),
    originalSha256: text('original_sha256').notNull(),
    /** Page sizes in points: [{width, height}]. */
    pages: jsonb('pages').$type<Array<{ width: number; height: number }>>().notNull(),
    signedStorageKey: text('signed_storage_key'),
    signedSha256: text('signed_sha256'),
    signedFileKey: text('signed_file_key'),
    voidReason: text('void_reason'),
    externalReference: text('external_reference'),
    lastEventSeq: integer('last_event_seq').notNull().default(0),
    /** The last reminder (10-minute throttle). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('esign_envelopes_scope_created_idx').on(t.tenantId, t.workspaceId, t.createdAt, t.id),
    index('esign_envelopes_scope_contract_idx').on(t.tenantId, t.workspaceId, t.contractId),
    index('esign_envelopes_scope_status_idx').on(t.tenantId, t.workspaceId, t.status, t.completedAt),
    // One envelope in progress per contract.
    uniqueIndex('esign_envelopes_one_open_per_contract').on(t.contractId).where(sql`status = 'IN_PROGRESS' and contract_id is not null`),
    index('esign_envelopes_expiry_idx').on(t.expiresAt).where(sql`status = 'IN_PROGRESS'`),
  ],
);

export const parties = pgTable(
  'esign_parties',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    envelopeId: bigint('envelope_id', { mode: 'number' }).notNull().references(() => envelopes.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PARTY_KINDS }).notNull(),
    order: integer('party_order').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    role: text('role'),
    locale: text('locale', { enum: ['ko', 'en'] }).notNull().default('ko'),
    status: text('status', { enum: SIGNER_STATUSES }).notNull().default('WAITING'),
    verificationMethods: text('verification_methods').array().$type<VerificationMethod[]>().notNull(),
    verifiedBy: text('verified_by', { enum: VERIFICATION_METHODS }),
    /** TYPED signatures: the text; DRAWN/UPLOADED: the PNG (base64, below). */
    signatureKind: text('signature_kind', { enum: ['DRAWN', 'UPLOADED', 'TYPED'] }),
    signatureText: text('signature_text'),
    /** The PNG, base64 (at most ESIGN_LIMITS.maxSignatureBytes decoded). */
    signaturePng: text('signature_png_base64'),
    /** COMPANY parties: the seal and who applied it (seals module). */
    sealName: text('seal_name'),
    sealedByUserId: bigint('sealed_by_user_id', { mode: 'number' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
  },
  (t) => [index('esign_parties_scope_envelope_idx').on(t.tenantId, t.workspaceId, t.envelopeId, t.order)],
);

export const fields = pgTable(
  'esign_fields',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    envelopeId: bigint('envelope_id', { mode: 'number' }).notNull().references(() => envelopes.id, { onDelete: 'cascade' }),
    partyId: bigint('party_id', { mode: 'number' }).notNull().references(() => parties.id, { onDelete: 'cascade' }),
    key: text('field_key').notNull(),
    type: text('type', { enum: FIELD_TYPES }).notNull(),
    page: integer('page').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    isRequired: boolean('is_required').notNull().default(true),
    label: text('label'),
    value: text('value'),
    /** SEAL fields: the seal image (PNG) applied by the seals module. */
    imagePng: text('image_png_base64'),
    filledAt: timestamp('filled_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('esign_fields_envelope_key').on(t.envelopeId, t.key), index('esign_fields_scope_envelope_idx').on(t.tenantId, t.workspaceId, t.envelopeId)],
);

/** The envelope's log: `seq` 1, 2, 3... chained by `hash` = sha256(prevHash + canonical JSON). Never updated. */
export const envelopeEvents = pgTable(
  'esign_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    envelopeId: bigint('envelope_id', { mode: 'number' }).notNull().references(() => envelopes.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    type: text('type', { enum: ENVELOPE_EVENT_TYPES }).notNull(),
    partyId: bigint('party_id', { mode: 'number' }),
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    verificationMethod: text('verification_method', { enum: VERIFICATION_METHODS }),
    detail: text('detail'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('esign_events_envelope_seq_key').on(t.envelopeId, t.seq), index('esign_events_scope_envelope_idx').on(t.tenantId, t.workspaceId, t.envelopeId)],
);

/** The link mailed to a party: only its SHA-256; a resend rotates it (the old one stops working). */
export const linkTokens = pgTable(
  'esign_link_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    envelopeId: bigint('envelope_id', { mode: 'number' }).notNull().references(() => envelopes.id, { onDelete: 'cascade' }),
    partyId: bigint('party_id', { mode: 'number' }).notNull().references(() => parties.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The token itself, sealed (AES-256-GCM): a reminder mails the same link again. */
    sealedToken: text('sealed_token').notNull(),
    round: integer('round').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('esign_link_tokens_hash_key').on(t.tokenHash), index('esign_link_tokens_scope_party_idx').on(t.tenantId, t.workspaceId, t.partyId)],
);

/** A verification code (e-mail or SMS) or an easy-auth request of a party: hashed, single use. */
export const verificationCodes = pgTable(
  'esign_verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    partyId: bigint('party_id', { mode: 'number' }).notNull().references(() => parties.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: VERIFICATION_METHODS }).notNull(),
    /** sha256(id:code) for codes; the driver's request id for easy-auth. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('esign_verification_codes_scope_party_idx').on(t.tenantId, t.workspaceId, t.partyId, t.channel, t.createdAt)],
);

/** The signer token answered by a verification (its hash), bound to one party. */
export const signerSessions = pgTable(
  'esign_signer_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    partyId: bigint('party_id', { mode: 'number' }).notNull().references(() => parties.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    method: text('method', { enum: VERIFICATION_METHODS }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('esign_signer_sessions_hash_key').on(t.tokenHash), index('esign_signer_sessions_scope_party_idx').on(t.tenantId, t.workspaceId, t.partyId)],
);

/** The workspace's signing certificate and key (PKCS#12, sealed with platform/secrets.ts), made on the first completion. */
export const signingIdentities = pgTable(
  'esign_signing_identities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    subject: text('subject').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    /** `{p12 base64, passphrase}` as JSON, sealed (AES-256-GCM, context esign-identity:<tenant>:<workspace>). */
    sealedP12: text('sealed_p12').notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('esign_signing_identities_scope_key').on(t.tenantId, t.workspaceId)],
);

/**
 * A workspace's own certificate, uploaded by an admin (PKCS#12 re-packed under a random
 * passphrase): `{p12 base64, passphrase}` sealed like the generated identity (context
 * esign-uploaded-identity:<tenant>:<workspace>). While present and valid it signs the completions
 * instead of `esign_signing_identities`; deleting it returns to that one.
 */
export const uploadedSigningCertificates = pgTable(
  'esign_uploaded_certificates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ...tenantColumns(),
    subject: text('subject').notNull(),
    issuer: text('issuer').notNull(),
    serialNumber: text('serial_number').notNull(),
    fingerprintSha256: text('fingerprint_sha256').notNull(),
    certificatePem: text('certificate_pem').notNull(),
    sealedP12: text('sealed_p12').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    uploadedByUserId: bigint('uploaded_by_user_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('esign_uploaded_certificates_scope_key').on(t.tenantId, t.workspaceId)],
);
