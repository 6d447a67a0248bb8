import {
  ESIGN_HEADER, ESIGN_LIMITS, type EasyAuthProviderSchema, type SignBodySchema, type SignerDocumentSchema, type VerificationMethod,
} from '@legal/api';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import type { Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { AppError, validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { findOrganizationName } from '../auth';
import { setEnvelopeOpen } from '../workflows';
import { easyAuthDriverOf } from './drivers/easy-auth';
import { smsDriverOf } from './drivers/sms';
import { codeMailTemplate } from './esign.mail';
import { fieldDto } from './esign.present';
import * as repo from './esign.repo';
import { sendPdf } from './esign.sender';
import { type LinkState, linkStateOf } from './esign.state';
import { envelopes, fields as fieldsTable, linkTokens, parties as partiesTable, signerSessions, verificationCodes } from './esign.table';
import { afterSignature, tellSenderSide, type TurnServices } from './esign.turns';
import { digitsOf, hashCode, hashEsignToken, maskEmail, maskPhone, newCode, newEsignToken, sameHash } from './esign.tokens';

type Services = TurnServices & Pick<AppServices, 'storage' | 'logger' | 'outbound'>;

const HOUR_MS = 3600_000;
const MINUTE_MS = 60_000;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface SignerFacts {
  scope: TenantScope;
  envelope: repo.EnvelopeRow;
  party: repo.PartyRow;
  parties: repo.PartyRow[];
  linkState: LinkState;
}

const unauthorized = () => new AppError('ERROR_UNAUTHORIZED');

/** 409 ERROR_SIGNING_CLOSED with the link state as the reason. */
export const signingClosed = (reason: LinkState) => new AppError('ERROR_SIGNING_CLOSED', { data: { reason } });

async function factsOf(db: repo.Exec, scope: TenantScope, partyId: number, lockEnvelopeIn?: Tx): Promise<SignerFacts> {
  const [party] = await db.select().from(partiesTable).where(and(inScope(partiesTable, scope), eq(partiesTable.id, partyId)));
  if (!party) throw unauthorized();
  const envelope = lockEnvelopeIn ? await repo.lockEnvelope(lockEnvelopeIn, scope, party.envelopeId) : await repo.findEnvelopeRow(db, scope, party.envelopeId);
  if (!envelope) throw unauthorized();
  const parties = await repo.listParties(db, scope, envelope.id);
  const me = parties.find((p) => p.id === partyId)!;
  return { scope, envelope, party: me, parties, linkState: linkStateOf(envelope, parties, me, new Date()) };
}

// The link (URL token) -------------------------------------------------------------------------------

/** The party of the link in the `x-signer-url-token` header (or given), 401 for an unknown or rotated token. */
async function linkOf(services: Services, token: string | undefined): Promise<{ scope: TenantScope; partyId: number }> {
  if (!token || token.length < 20 || token.length > 200) throw unauthorized();
  const [row] = await services.db.select().from(linkTokens).where(eq(linkTokens.tokenHash, hashEsignToken(token)));
  if (!row || row.revokedAt !== null || !sameHash(row.tokenHash, hashEsignToken(token))) throw unauthorized();
  const scope = { tenantId: row.tenantId, workspaceId: row.workspaceId };
  // A link of a completed envelope reads (and verifies, to download) until its own expiry; others follow the envelope.
  if (row.expiresAt <= new Date()) {
    const [e] = await services.db.select({ status: envelopes.status }).from(envelopes).where(eq(envelopes.id, row.envelopeId));
    if (e?.status === 'COMPLETED') throw unauthorized();
  }
  return { scope, partyId: row.partyId };
}

const headerOf = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Verification is open on an active link, and on a completed (or signed) one to download. */
function assertMayVerify(f: SignerFacts) {
  if (f.linkState !== 'ACTIVE' && f.linkState !== 'COMPLETED' && f.linkState !== 'ALREADY_SIGNED') throw signingClosed(f.linkState);
}

function assertMethod(f: SignerFacts, method: VerificationMethod) {
  if (f.party.kind !== 'EXTERNAL' || !f.party.verificationMethods.includes(method)) {
    throw new AppError('ERROR_FORBIDDEN', { message: { ko: '이 서명자에게 허용되지 않은 인증 방법입니다.', en: 'This verification method is not offered to this signer.' }, data: { reason: 'METHOD_NOT_ALLOWED', method } });
  }
}

export async function getVerificationMethods(services: Services, request: FastifyRequest) {
  const link = await linkOf(services, headerOf(request, ESIGN_HEADER.urlToken));
  const f = await factsOf(services.db, link.scope, link.partyId);
  const easyAuth = easyAuthDriverOf(services.config, services);
  return {
    linkState: f.linkState,
    envelopeTitle: f.envelope.title,
    senderName: (await findOrganizationName(services.db, link.scope, f.party.locale)) ?? '',
    expiresAt: f.envelope.expiresAt.toISOString(),
    signerName: f.party.name,
    maskedEmail: maskEmail(f.party.email),
    maskedPhone: maskPhone(f.party.phone),
    methods: f.party.verificationMethods,
    easyAuthProviders: easyAuth ? [...easyAuth.providers] : [],
    locale: f.party.locale,
  };
}

// Codes (e-mail and SMS) ------------------------------------------------------------------------------

/** Codes sent to the party over the last hour on this channel: 429 with Retry-After past the limit. */
async function assertSendBudget(tx: Tx, scope: TenantScope, partyId: number, channel: VerificationMethod, now: Date, reply: FastifyReply) {
  const [row] = await tx
    .select({ sent: sql<number>`count(*)`, oldest: sql<string | null>`min(${verificationCodes.createdAt})` })
    .from(verificationCodes)
    .where(and(inScope(verificationCodes, scope), eq(verificationCodes.partyId, partyId), eq(verificationCodes.channel, channel), gt(verificationCodes.createdAt, new Date(now.getTime() - HOUR_MS))));
  if (Number(row?.sent ?? 0) < ESIGN_LIMITS.maxCodeSendsPerHour) return;
  const oldest = row?.oldest ? new Date(row.oldest) : now;
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
  reply.header('retry-after', String(retryAfterSeconds));
  throw new AppError('ERROR_RATE_LIMITED', {
    message: { ko: `인증번호는 1시간에 ${ESIGN_LIMITS.maxCodeSendsPerHour}번까지 받을 수 있습니다.`, en: `At most ${ESIGN_LIMITS.maxCodeSendsPerHour} codes can be sent per hour.` },
    data: { reason: 'CODE_HOURLY_LIMIT', limit: ESIGN_LIMITS.maxCodeSendsPerHour, retryAfterSeconds },
  });
}

export async function sendCode(services: Services, request: FastifyRequest, reply: FastifyReply, channel: 'EMAIL' | 'SMS_OTP') {
  const link = await linkOf(services, headerOf(request, ESIGN_HEADER.urlToken));
  const sms = channel === 'SMS_OTP' ? smsDriverOf(services.config) : null;
  const { code, sentTo, expiresAt, phone, title } = await services.db.transaction(async (tx) => {
    const f = await factsOf(tx, link.scope, link.partyId, tx);
    assertMayVerify(f);
    assertMethod(f, channel);
    if (channel === 'SMS_OTP' && (!f.party.phone || !sms)) throw new AppError('ERROR_SERVICE_UNAVAILABLE', { data: { reason: 'SMS_UNAVAILABLE' } });
    const now = new Date();
    await assertSendBudget(tx, link.scope, f.party.id, channel, now, reply);
    // A new code burns the earlier ones.
    await tx.update(verificationCodes).set({ usedAt: now }).where(and(inScope(verificationCodes, link.scope), eq(verificationCodes.partyId, f.party.id), eq(verificationCodes.channel, channel), isNull(verificationCodes.usedAt)));
    const code = newCode();
    const salt = randomBytes(12).toString('base64url');
    const expiresAt = new Date(now.getTime() + ESIGN_LIMITS.codeTtlMinutes * MINUTE_MS);
    await tx.insert(verificationCodes).values({ ...link.scope, partyId: f.party.id, channel, codeHash: `${salt}$${hashCode(salt, code)}`, expiresAt });
    const sentTo = channel === 'EMAIL' ? maskEmail(f.party.email)! : maskPhone(f.party.phone)!;
    await repo.appendEvent(tx, link.scope, f.envelope.id, { type: 'VERIFICATION_SENT', partyId: f.party.id, actorName: f.party.name, ip: request.ctx.ip, userAgent: request.ctx.userAgent ?? null, verificationMethod: channel, detail: `code sent to ${sentTo}` });
    if (channel === 'EMAIL') {
      await services.mailer.send(codeMailTemplate, { to: f.party.email!, locale: f.party.locale, ...link.scope, data: { code, title: f.envelope.title, minutes: ESIGN_LIMITS.codeTtlMinutes } }, tx);
    }
    return { code, sentTo, expiresAt, phone: f.party.phone, title: f.envelope.title };
  });
  if (channel === 'SMS_OTP') {
    const text = `[전자서명] '${title}' 인증번호 ${code} (${ESIGN_LIMITS.codeTtlMinutes}분 내 입력)`;
    await sms!.send({ to: digitsOf(phone!), text }, services);
  }
  return { sentTo, expiresAt: expiresAt.toISOString(), resendAfterSeconds: 30 };
}

type Outcome = { ok: true; token: string; expiresAt: Date } | { ok: false; error: AppError };

/** A signer session for the party (its token hashed), the party verified, a VERIFIED event. */
async function openSession(tx: Tx, scope: TenantScope, f: SignerFacts, method: VerificationMethod, ctx: RequestContext): Promise<{ token: string; expiresAt: Date }> {
  const token = newEsignToken();
  const expiresAt = new Date(Date.now() + ESIGN_LIMITS.signerTokenTtlMinutes * MINUTE_MS);
  await tx.insert(signerSessions).values({ ...scope, partyId: f.party.id, tokenHash: hashEsignToken(token), method, expiresAt });
  await tx.update(partiesTable).set({ verifiedBy: method }).where(and(inScope(partiesTable, scope), eq(partiesTable.id, f.party.id)));
  await repo.appendEvent(tx, scope, f.envelope.id, { type: 'VERIFIED', partyId: f.party.id, actorName: f.party.name, ip: ctx.ip, userAgent: ctx.userAgent ?? null, verificationMethod: method });
  return { token, expiresAt };
}

/**
 * Checks a code: the latest unused one of the channel. A wrong guess counts (committed even though
 * the answer is 401); the last allowed wrong guess burns it (ERROR_OTP_EXPIRED from then on).
 */
export async function verifyCode(services: Services, request: FastifyRequest, channel: 'EMAIL' | 'SMS_OTP', code: string) {
  const link = await linkOf(services, headerOf(request, ESIGN_HEADER.urlToken));
  const outcome: Outcome = await services.db.transaction(async (tx) => {
    const f = await factsOf(tx, link.scope, link.partyId, tx);
    assertMayVerify(f);
    assertMethod(f, channel);
    const now = new Date();
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(and(inScope(verificationCodes, link.scope), eq(verificationCodes.partyId, f.party.id), eq(verificationCodes.channel, channel), isNull(verificationCodes.usedAt)))
      .orderBy(desc(verificationCodes.id))
      .limit(1)
      .for('update');
    if (!row || row.expiresAt <= now || row.attempts >= ESIGN_LIMITS.maxCodeAttempts) return { ok: false, error: new AppError('ERROR_OTP_EXPIRED', { data: { reason: row ? 'EXPIRED' : 'NO_CODE' } }) };
    const [salt = '', hash = ''] = row.codeHash.split('$');
    if (!sameHash(hashCode(salt, code), hash)) {
      const attempts = row.attempts + 1;
      const isBurnt = attempts >= ESIGN_LIMITS.maxCodeAttempts;
      await tx.update(verificationCodes).set({ attempts, ...(isBurnt ? { usedAt: now } : {}) }).where(eq(verificationCodes.id, row.id));
      await repo.appendEvent(tx, link.scope, f.envelope.id, { type: 'VERIFICATION_FAILED', partyId: f.party.id, actorName: f.party.name, ip: request.ctx.ip, userAgent: request.ctx.userAgent ?? null, verificationMethod: channel, detail: `wrong code (${attempts}/${ESIGN_LIMITS.maxCodeAttempts})` });
      return {
        ok: false,
        error: new AppError(isBurnt ? 'ERROR_OTP_EXPIRED' : 'ERROR_OTP_INVALID', { data: { currentRetryCount: attempts, maxRetryCount: ESIGN_LIMITS.maxCodeAttempts } }),
      };
    }
    await tx.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, row.id));
    return { ok: true, ...(await openSession(tx, link.scope, f, channel, request.ctx)) };
  });
  if (!outcome.ok) throw outcome.error;
  return { signerToken: outcome.token, expiresAt: outcome.expiresAt.toISOString() };
}

// Easy-auth ----------------------------------------------------------------------------------------------

export async function requestEasyAuth(services: Services, request: FastifyRequest, provider: z.infer<typeof EasyAuthProviderSchema>) {
  const urlToken = headerOf(request, ESIGN_HEADER.urlToken);
  const link = await linkOf(services, urlToken);
  const f = await factsOf(services.db, link.scope, link.partyId);
  assertMayVerify(f);
  assertMethod(f, 'EASY_AUTH');
  const driver = easyAuthDriverOf(services.config, services);
  if (!driver) throw new AppError('ERROR_SERVICE_UNAVAILABLE', { data: { reason: 'EASY_AUTH_NOT_CONFIGURED' } });
  if (!driver.providers.includes(provider)) throw validationError([{ field: 'body.provider', reason: 'not offered' }]);
  if (!f.party.phone) throw validationError([{ field: 'party.phone', reason: 'the signer has no phone number' }]);
  const callbackUrl = `${services.config.publicUrl}/api/esign/signers/easy-auth/verify/v1?signerToken=${encodeURIComponent(urlToken!)}`;
  const answer = await driver.request({ provider, name: f.party.name, phone: f.party.phone, callbackUrl });
  await services.db.transaction(async (tx) => {
    await repo.lockEnvelope(tx, link.scope, f.envelope.id);
    await tx.insert(verificationCodes).values({ ...link.scope, partyId: f.party.id, channel: 'EASY_AUTH', codeHash: hashEsignToken(answer.requestId), expiresAt: answer.expiresAt });
    await repo.appendEvent(tx, link.scope, f.envelope.id, { type: 'VERIFICATION_SENT', partyId: f.party.id, actorName: f.party.name, ip: request.ctx.ip, userAgent: request.ctx.userAgent ?? null, verificationMethod: 'EASY_AUTH', detail: `easy-auth ${provider}` });
  });
  const message = f.party.locale === 'ko' ? `${provider} 앱에서 인증 요청을 승인해 주세요.` : `Approve the request in the ${provider} app.`;
  return { requestId: answer.requestId, provider, expiresAt: answer.expiresAt.toISOString(), message };
}

const sameName = (a: string, b: string) => a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

export async function verifyEasyAuth(services: Services, request: FastifyRequest, urlToken: string, resultToken: string) {
  const link = await linkOf(services, urlToken);
  const driver = easyAuthDriverOf(services.config, services);
  if (!driver) throw new AppError('ERROR_SERVICE_UNAVAILABLE', { data: { reason: 'EASY_AUTH_NOT_CONFIGURED' } });
  const result = await driver.verify(resultToken.trim());
  const outcome: Outcome = await services.db.transaction(async (tx) => {
    const f = await factsOf(tx, link.scope, link.partyId, tx);
    assertMayVerify(f);
    assertMethod(f, 'EASY_AUTH');
    const now = new Date();
    const [row] = await tx
      .select()
      .from(verificationCodes)
      .where(and(inScope(verificationCodes, link.scope), eq(verificationCodes.partyId, f.party.id), eq(verificationCodes.channel, 'EASY_AUTH'), eq(verificationCodes.codeHash, hashEsignToken(result.requestId)), isNull(verificationCodes.usedAt)))
      .for('update');
    const matches = row && row.expiresAt > now && sameName(result.name, f.party.name) && f.party.phone !== null && digitsOf(result.phone) === digitsOf(f.party.phone);
    if (!matches) {
      await repo.appendEvent(tx, link.scope, f.envelope.id, { type: 'VERIFICATION_FAILED', partyId: f.party.id, actorName: f.party.name, ip: request.ctx.ip, userAgent: request.ctx.userAgent ?? null, verificationMethod: 'EASY_AUTH', detail: row ? 'name or phone differs' : 'unknown request' });
      return { ok: false, error: new AppError('ERROR_OTP_INVALID', { data: { reason: 'EASY_AUTH_MISMATCH' } }) };
    }
    await tx.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, row.id));
    return { ok: true, ...(await openSession(tx, link.scope, f, 'EASY_AUTH', request.ctx)) };
  });
  if (!outcome.ok) throw outcome.error;
  return { signerToken: outcome.token, expiresAt: outcome.expiresAt.toISOString() };
}

// The signer token ------------------------------------------------------------------------------------

/** The live session of the `x-signer-token` header (the hook put its party on ctx.principal). */
export async function sessionOf(db: repo.Exec, request: FastifyRequest): Promise<{ scope: TenantScope; partyId: number; method: VerificationMethod } | null> {
  const token = headerOf(request, ESIGN_HEADER.signerToken);
  if (!token || token.length < 20 || token.length > 200) return null;
  const hash = hashEsignToken(token);
  const [row] = await db.select().from(signerSessions).where(and(eq(signerSessions.tokenHash, hash), gt(signerSessions.expiresAt, new Date())));
  if (!row || !sameHash(row.tokenHash, hash)) return null;
  return { scope: { tenantId: row.tenantId, workspaceId: row.workspaceId }, partyId: row.partyId, method: row.method };
}

async function requireSession(services: Services, request: FastifyRequest) {
  const principal = request.ctx.principal;
  const session = await sessionOf(services.db, request);
  if (principal?.kind !== 'signer' || !session || session.partyId !== principal.signerId) throw unauthorized();
  return session;
}

async function documentDto(db: repo.Exec, f: SignerFacts): Promise<z.input<typeof SignerDocumentSchema>> {
  const fields = await repo.listFields(db, f.scope, f.envelope.id);
  const senderName = (await findOrganizationName(db, f.scope, f.party.locale)) ?? '';
  const linkState = linkStateOf(f.envelope, f.parties, f.party, new Date());
  return {
    envelopeTitle: f.envelope.title, message: f.envelope.message, senderName, status: f.envelope.status, linkState, signingOrder: f.envelope.signingOrder,
    expiresAt: f.envelope.expiresAt.toISOString(), pageCount: f.envelope.pages.length, originalSha256: f.envelope.originalSha256,
    me: { partyId: f.party.id, name: f.party.name, role: f.party.role, status: f.party.status, order: f.party.order },
    fields: fields.map((x) => {
      const mine = x.partyId === f.party.id;
      const dto = fieldDto(x, f.parties);
      return { ...dto, value: mine ? dto.value : null, mine };
    }),
    parties: f.parties.map((p) => ({ order: p.order, name: p.name, status: p.status, kind: p.kind })),
  };
}

export async function getSignerDocument(services: Services, request: FastifyRequest) {
  const s = await requireSession(services, request);
  return documentDto(services.db, await factsOf(services.db, s.scope, s.partyId));
}

export async function downloadSignerPdf(services: Services, request: FastifyRequest, reply: FastifyReply) {
  const s = await requireSession(services, request);
  const f = await factsOf(services.db, s.scope, s.partyId);
  if (f.linkState === 'VOIDED' || f.linkState === 'EXPIRED') throw signingClosed(f.linkState);
  return sendPdf(services, reply, f.envelope);
}

/** Runs `change` with the envelope locked; 409 ERROR_SIGNING_CLOSED unless it is the party's turn. */
async function actAsSigner<T>(services: Services, request: FastifyRequest, change: (tx: Tx, f: SignerFacts, session: { method: VerificationMethod }) => Promise<T>): Promise<T> {
  const s = await requireSession(services, request);
  return services.db.transaction(async (tx) => {
    const f = await factsOf(tx, s.scope, s.partyId, tx);
    if (f.linkState !== 'ACTIVE') throw signingClosed(f.linkState);
    return change(tx, f, s);
  });
}

export async function viewAsSigner(services: Services, request: FastifyRequest) {
  return actAsSigner(services, request, async (tx, f) => {
    if (f.party.viewedAt === null) {
      await tx.update(partiesTable).set({ viewedAt: new Date(), ...(f.party.status === 'SENT' ? { status: 'VIEWED' as const } : {}) }).where(eq(partiesTable.id, f.party.id));
      await repo.appendEvent(tx, f.scope, f.envelope.id, { type: 'VIEWED', partyId: f.party.id, actorName: f.party.name, ip: request.ctx.ip, userAgent: request.ctx.userAgent ?? null });
    }
    return documentDto(tx, await factsOf(tx, f.scope, f.party.id));
  });
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isIsoDate = (v: string) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** A drawn or uploaded signature: base64 of a PNG within the size limit (400 naming the field otherwise). */
export function decodePng(base64: string, field: string): Buffer {
  const text = base64.replace(/^data:image\/png;base64,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw validationError([{ field, reason: 'not base64' }]);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length > ESIGN_LIMITS.maxSignatureBytes) throw validationError([{ field, reason: `larger than ${ESIGN_LIMITS.maxSignatureBytes} bytes` }]);
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw validationError([{ field, reason: 'not a PNG image' }]);
  return bytes;
}

export async function signAsSigner(services: Services, request: FastifyRequest, body: z.output<typeof SignBodySchema>) {
  return actAsSigner(services, request, async (tx, f, session) => {
    const fields = (await repo.listFields(tx, f.scope, f.envelope.id)).filter((x) => x.partyId === f.party.id);
    const problems: Array<{ field: string; reason: string }> = [];
    const values = new Map<string, string>();
    body.values.forEach((v, i) => {
      const field = fields.find((x) => x.key === v.key);
      if (!field) problems.push({ field: `body.values.${i}.key`, reason: 'not one of your fields' });
      else if (field.type === 'SIGNATURE' || field.type === 'SEAL') problems.push({ field: `body.values.${i}.key`, reason: 'signature and seal fields take the signature, not a value' });
      else if (values.has(v.key)) problems.push({ field: `body.values.${i}.key`, reason: 'given twice' });
      else if (field.type === 'DATE' && v.value !== '' && !isIsoDate(v.value)) problems.push({ field: `body.values.${i}.value`, reason: 'an ISO date (YYYY-MM-DD)' });
      else if (field.type === 'CHECKBOX' && v.value !== 'true' && v.value !== 'false') problems.push({ field: `body.values.${i}.value`, reason: '"true" or "false"' });
      else values.set(v.key, v.value.trim());
    });
    const imageFields = fields.filter((x) => x.type === 'SIGNATURE' || x.type === 'SEAL');
    let png: Buffer | null = null;
    if (body.signature && body.signature.kind !== 'TYPED') {
      try {
        png = decodePng(body.signature.pngBase64, 'body.signature.pngBase64');
      } catch (err) {
        problems.push(...(((err as AppError).data?.fieldErrors as Array<{ field: string; reason: string }>) ?? []));
      }
    }
    if (imageFields.length > 0 && !body.signature) problems.push({ field: 'body.signature', reason: 'you have signature fields: sign them' });
    if (fields.some((x) => x.type === 'SEAL') && body.signature?.kind === 'TYPED') problems.push({ field: 'body.signature', reason: 'a seal field needs an image (drawn or uploaded)' });
    for (const x of fields) {
      if (x.type === 'SIGNATURE' || x.type === 'SEAL' || !x.isRequired) continue;
      const v = values.get(x.key);
      if (v === undefined || v === '' || (x.type === 'CHECKBOX' && v !== 'true')) problems.push({ field: `body.values.${x.key}`, reason: 'required' });
    }
    if (problems.length > 0) throw validationError(problems);
    const now = new Date();
    for (const x of fields) {
      if (x.type === 'SIGNATURE' || x.type === 'SEAL') {
        await tx.update(fieldsTable).set({ filledAt: now, value: body.signature?.kind === 'TYPED' ? body.signature.text : null }).where(eq(fieldsTable.id, x.id));
      } else if (values.has(x.key)) {
        const v = values.get(x.key)!;
        await tx.update(fieldsTable).set({ value: v === '' ? null : v, filledAt: v === '' ? null : now }).where(eq(fieldsTable.id, x.id));
      }
    }
    await tx
      .update(partiesTable)
      .set({
        status: 'SIGNED', signedAt: now, viewedAt: f.party.viewedAt ?? now,
        signatureKind: body.signature?.kind ?? null, signatureText: body.signature?.kind === 'TYPED' ? body.signature.text : null, signaturePng: png ? png.toString('base64') : null,
      })
      .where(eq(partiesTable.id, f.party.id));
    const meta = { ip: request.ctx.ip, userAgent: request.ctx.userAgent ?? null, actorName: f.party.name };
    await repo.appendEvent(tx, f.scope, f.envelope.id, { type: 'SIGNED', partyId: f.party.id, ...meta, verificationMethod: session.method, detail: body.signature ? `signature ${body.signature.kind}` : 'no signature field' });
    await recordAudit(tx, { type: 'esign.signer_signed', data: { envelopeId: f.envelope.id, partyId: f.party.id } }, { actorUserId: null, ...f.scope, ip: meta.ip, userAgent: meta.userAgent });
    await afterSignature(tx, services, f.scope, f.envelope.id, meta);
    return documentDto(tx, await factsOf(tx, f.scope, f.party.id));
  });
}

export async function rejectAsSigner(services: Services, request: FastifyRequest, reason: string) {
  return actAsSigner(services, request, async (tx, f) => {
    const now = new Date();
    await tx.update(partiesTable).set({ status: 'DECLINED', declinedAt: now, declineReason: reason }).where(eq(partiesTable.id, f.party.id));
    await tx.update(envelopes).set({ status: 'DECLINED', updatedAt: now }).where(eq(envelopes.id, f.envelope.id));
    await setEnvelopeOpen(tx, f.scope, { envelopeId: f.envelope.id, isOpen: false });
    await repo.appendEvent(tx, f.scope, f.envelope.id, { type: 'DECLINED', partyId: f.party.id, actorName: f.party.name, ip: request.ctx.ip, userAgent: request.ctx.userAgent ?? null, detail: reason });
    await tellSenderSide(tx, services, f.scope, f.envelope, { kind: 'DECLINED', partyName: f.party.name, reason });
    await recordAudit(tx, { type: 'esign.signer_declined', data: { envelopeId: f.envelope.id, partyId: f.party.id } }, { actorUserId: null, ...f.scope, ip: request.ctx.ip, userAgent: request.ctx.userAgent ?? null });
    return documentDto(tx, await factsOf(tx, f.scope, f.party.id));
  });
}


