import type { Envelope, ListEnvelopesQuerySchema } from '@legal/api';
import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import { requirePermission } from '../../platform/http/access';
import { type RequestContext, type TenantScope, tenantScope } from '../../platform/http/context';
import { AppError, conflict, notFound, validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { findOrganizationName, memberDisplayNames } from '../auth';
import { canReadContract, contentDispositionOf, signingWaitsFor } from './esign.access';
import { verifyChain } from './esign.chain';
import { ESIGN_LIMITS } from '@legal/api';
import { readObject, SEND_PERMISSION } from './esign.create';
import { partyNoticeMailTemplate, signRequestMailTemplate } from './esign.mail';
import { envelopeDto, eventDto, summaryDto, visibleStatus } from './esign.present';
import * as repo from './esign.repo';
import { currentTurn } from './esign.state';
import { envelopes, parties as partiesTable } from './esign.table';
import { endSessions, issueLink, liveLink, openTurns, revokeLinks, signUrl, type TurnServices } from './esign.turns';
import { verifySignedPdf } from './pdf';
import { sha256Hex } from './esign.tokens';
import { setEnvelopeOpen } from '../workflows';

type Services = TurnServices & Pick<AppServices, 'storage' | 'logger'>;

const REMIND_EVERY_MS = 10 * 60_000;
const DAY_MS = 24 * 3600_000;

const closedState = (status: string) => conflict({ ko: '지금 상태에서는 할 수 없는 작업입니다.', en: 'The envelope is not in a state that allows this.' }, { reason: status });

/** The caller's scope (403 without esign.document.send). */
function senderOf(ctx: RequestContext): { scope: TenantScope; userId: number } {
  requirePermission(ctx, SEND_PERMISSION);
  const principal = ctx.principal;
  if (principal?.kind !== 'user') throw new AppError('ERROR_UNAUTHORIZED');
  return { scope: tenantScope(ctx), userId: principal.userId };
}

/**
 * The guarded choke point for one envelope: of this workspace and visible to the caller (a
 * CONTRACT envelope: the contract is readable; an API envelope: any sender), else 404.
 */
async function visibleEnvelope(services: Services, ctx: RequestContext, scope: TenantScope, envelopeId: number): Promise<repo.EnvelopeRow> {
  const e = await repo.findEnvelopeRow(services.db, scope, envelopeId);
  if (!e) throw notFound();
  if (e.contractId !== null && !(await canReadContract(services, ctx, e.contractId))) throw notFound();
  return e;
}

export async function listEnvelopes(services: Services, ctx: RequestContext, query: z.output<typeof ListEnvelopesQuerySchema>) {
  const { scope } = senderOf(ctx);
  const conditions: SQL[] = [inScope(envelopes, scope)];
  if (query.statuses?.length) conditions.push(inArray(envelopes.status, query.statuses));
  if (query.contractId !== undefined) conditions.push(eq(envelopes.contractId, query.contractId));
  if (query.keyword) conditions.push(ilike(envelopes.title, `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  // Of readable contracts only: the contract ids the caller may not read are left out.
  const contractIds = await services.db.selectDistinct({ id: envelopes.contractId }).from(envelopes).where(and(...conditions));
  const hidden: number[] = [];
  for (const { id } of contractIds) if (id !== null && !(await canReadContract(services, ctx, id))) hidden.push(id);
  if (hidden.length > 0) conditions.push(or(isNull(envelopes.contractId), sql`${envelopes.contractId} not in (${sql.join(hidden.map((h) => sql`${h}`), sql`, `)})`)!);
  const where = and(...conditions);
  const page = await fetchPage(
    query,
    (limit, offset) => services.db.select().from(envelopes).where(where).orderBy(desc(envelopes.createdAt), desc(envelopes.id)).limit(limit).offset(offset),
    async () => Number((await services.db.select({ n: sql<number>`count(*)` }).from(envelopes).where(where))[0]?.n ?? 0),
  );
  const ids = page.content.map((e) => e.id);
  const parties = ids.length ? await services.db.select().from(partiesTable).where(and(inScope(partiesTable, scope), inArray(partiesTable.envelopeId, ids))) : [];
  const names = await memberDisplayNames(services.db, scope, page.content.map((e) => e.senderUserId));
  return {
    ...page,
    content: page.content.map((e) => summaryDto(e, parties.filter((p) => p.envelopeId === e.id).sort((a, b) => a.order - b.order), e.senderUserId === null ? null : (names.get(e.senderUserId) ?? null))),
  };
}

export async function getEnvelope(services: Services, ctx: RequestContext, envelopeId: number): Promise<Envelope> {
  const { scope } = senderOf(ctx);
  return envelopeDto(services.db, scope, await visibleEnvelope(services, ctx, scope, envelopeId));
}

export async function listEnvelopeEvents(services: Services, ctx: RequestContext, envelopeId: number) {
  const { scope } = senderOf(ctx);
  await visibleEnvelope(services, ctx, scope, envelopeId);
  return (await repo.listEvents(services.db, scope, envelopeId)).map(eventDto);
}

/** The chain recomputed, and the signed PDF's signature checked against its stored hash. */
export async function verifyEnvelope(services: Services, ctx: RequestContext, envelopeId: number) {
  const { scope } = senderOf(ctx);
  const e = await visibleEnvelope(services, ctx, scope, envelopeId);
  const chain = verifyChain(await repo.listEvents(services.db, scope, envelopeId));
  if (e.status !== 'COMPLETED' || !e.signedStorageKey) {
    return { chainValid: chain.isValid, brokenAtSeq: chain.brokenAtSeq, pdfSignatureValid: null, signedSha256Matches: null, certificateSubject: null };
  }
  const pdf = await readObject(services, e.signedStorageKey);
  const check = await verifySignedPdf(pdf);
  const sha = sha256Hex(pdf);
  return { chainValid: chain.isValid, brokenAtSeq: chain.brokenAtSeq, pdfSignatureValid: check.valid && check.coversWholeFile, signedSha256Matches: sha === e.signedSha256, certificateSubject: check.subject };
}

/** Runs `change` on the locked envelope (404 when gone or not visible). */
async function withLocked<T>(services: Services, ctx: RequestContext, envelopeId: number, change: (tx: Parameters<Parameters<Services['db']['transaction']>[0]>[0], e: repo.EnvelopeRow, scope: TenantScope, userId: number) => Promise<T>): Promise<T> {
  const { scope, userId } = senderOf(ctx);
  await visibleEnvelope(services, ctx, scope, envelopeId);
  return services.db.transaction(async (tx) => {
    const e = await repo.lockEnvelope(tx, scope, envelopeId);
    if (!e) throw notFound();
    return change(tx, e, scope, userId);
  });
}

export async function remindEnvelope(services: Services, ctx: RequestContext, envelopeId: number): Promise<Envelope> {
  return withLocked(services, ctx, envelopeId, async (tx, e, scope, userId) => {
    if (visibleStatus(e) !== 'IN_PROGRESS' || e.isFinalizing) throw closedState(visibleStatus(e));
    const now = new Date();
    if (e.remindedAt && now.getTime() - e.remindedAt.getTime() < REMIND_EVERY_MS) {
      const retryAfterSeconds = Math.ceil((e.remindedAt.getTime() + REMIND_EVERY_MS - now.getTime()) / 1000);
      throw new AppError('ERROR_RATE_LIMITED', { message: { ko: '알림은 10분에 한 번 보낼 수 있습니다.', en: 'A reminder can be sent once every 10 minutes.' }, data: { reason: 'REMIND_THROTTLE', retryAfterSeconds } });
    }
    const parties = await repo.listParties(tx, scope, e.id);
    const due = currentTurn(e, parties).filter((p) => p.kind === 'EXTERNAL');
    const name = await repo.actorNameOf(tx, scope, userId);
    for (const p of due) {
      const token = (await liveLink(tx, services, scope, p.id)) ?? (await issueLink(tx, services, scope, e, p.id, e.expiresAt));
      await services.mailer.send(signRequestMailTemplate, { to: p.email!, locale: p.locale, ...scope, data: { kind: 'REMIND', senderName: (await findOrganizationName(tx, scope, p.locale)) ?? '', title: e.title, message: e.message, signerName: p.name, url: signUrl(services.config, token), expiresAt: e.expiresAt } }, tx);
      await repo.appendEvent(tx, scope, e.id, { type: 'REMINDED', partyId: p.id, actorName: name, ip: ctx.ip, userAgent: ctx.userAgent ?? null });
    }
    await tx.update(envelopes).set({ remindedAt: now }).where(eq(envelopes.id, e.id));
    await recordAudit(tx, { type: 'esign.envelope_reminded', data: { envelopeId: e.id, partyIds: due.map((p) => p.id) } }, { ...auditMetaOf(ctx, userId), ...scope });
    return envelopeDto(tx, scope, (await repo.findEnvelopeRow(tx, scope, e.id))!);
  });
}

export async function voidEnvelope(services: Services, ctx: RequestContext, envelopeId: number, reason: string): Promise<Envelope> {
  return withLocked(services, ctx, envelopeId, async (tx, e, scope, userId) => {
    if (e.status !== 'IN_PROGRESS' || e.isFinalizing) throw closedState(e.isFinalizing ? 'FINALIZING' : e.status);
    const parties = await repo.listParties(tx, scope, e.id);
    await tx.update(envelopes).set({ status: 'VOIDED', voidReason: reason, updatedAt: new Date() }).where(eq(envelopes.id, e.id));
    await revokeLinks(tx, scope, parties.map((p) => p.id));
    await endSessions(tx, scope, parties.map((p) => p.id));
    await setEnvelopeOpen(tx, scope, { envelopeId: e.id, isOpen: false });
    await repo.appendEvent(tx, scope, e.id, { type: 'VOIDED', actorName: await repo.actorNameOf(tx, scope, userId), ip: ctx.ip, userAgent: ctx.userAgent ?? null, detail: reason });
    for (const p of parties.filter((x) => x.kind === 'EXTERNAL' && x.sentAt !== null && x.email)) {
      await services.mailer.send(partyNoticeMailTemplate, { to: p.email!, locale: p.locale, ...scope, data: { kind: 'VOIDED', title: e.title, senderName: (await findOrganizationName(tx, scope, p.locale)) ?? '', reason, url: null } }, tx);
    }
    await recordAudit(tx, { type: 'esign.envelope_voided', data: { envelopeId: e.id, reason } }, { ...auditMetaOf(ctx, userId), ...scope });
    return envelopeDto(tx, scope, (await repo.findEnvelopeRow(tx, scope, e.id))!);
  });
}

/**
 * In progress: new links for the parties whose turn it is. Declined or expired: a new round (the
 * signatures given stay; the others wait again and the turn's parties get new links). Voided and
 * completed: 409.
 */
export async function resendEnvelope(services: Services, ctx: RequestContext, envelopeId: number, body: { expiresAt?: string | undefined }): Promise<Envelope> {
  return withLocked(services, ctx, envelopeId, async (tx, e, scope, userId) => {
    const now = new Date();
    const status = visibleStatus(e, now);
    if (status === 'VOIDED' || status === 'COMPLETED' || e.isFinalizing) throw closedState(e.isFinalizing ? 'FINALIZING' : status);
    let expiresAt = e.expiresAt;
    if (body.expiresAt !== undefined) {
      expiresAt = new Date(body.expiresAt);
      if (expiresAt <= now) throw validationError([{ field: 'body.expiresAt', reason: 'must be in the future' }]);
      if (expiresAt.getTime() > now.getTime() + ESIGN_LIMITS.maxExpiryDays * DAY_MS) throw validationError([{ field: 'body.expiresAt', reason: `at most ${ESIGN_LIMITS.maxExpiryDays} days ahead` }]);
    } else if (status === 'EXPIRED') {
      throw validationError([{ field: 'body.expiresAt', reason: 'the envelope has expired: give a new expiry' }]);
    }
    const name = await repo.actorNameOf(tx, scope, userId);
    const meta = { ip: ctx.ip, userAgent: ctx.userAgent ?? null, actorName: name };
    const parties = await repo.listParties(tx, scope, e.id);
    let resent: number[];
    if (status === 'IN_PROGRESS') {
      await tx.update(envelopes).set({ expiresAt, updatedAt: now }).where(eq(envelopes.id, e.id));
      const due = currentTurn(e, parties).filter((p) => p.kind === 'EXTERNAL');
      for (const p of due) {
        const token = await issueLink(tx, services, scope, { ...e, expiresAt }, p.id, expiresAt);
        await services.mailer.send(signRequestMailTemplate, { to: p.email!, locale: p.locale, ...scope, data: { kind: 'RESEND', senderName: (await findOrganizationName(tx, scope, p.locale)) ?? '', title: e.title, message: e.message, signerName: p.name, url: signUrl(services.config, token), expiresAt } }, tx);
      }
      await endSessions(tx, scope, due.map((p) => p.id));
      resent = due.map((p) => p.id);
      await repo.appendEvent(tx, scope, e.id, { type: 'RESENT', ...meta, detail: `new links for parties ${resent.join(',') || '-'}` });
    } else {
      // DECLINED or EXPIRED: a new round.
      const round = e.round + 1;
      await tx.update(envelopes).set({ status: 'IN_PROGRESS', round, expiresAt, updatedAt: now }).where(eq(envelopes.id, e.id));
      const unsigned = parties.filter((p) => p.status !== 'SIGNED').map((p) => p.id);
      if (unsigned.length > 0) {
        await tx
          .update(partiesTable)
          .set({ status: 'WAITING', sentAt: null, viewedAt: null, declinedAt: null, declineReason: null, verifiedBy: null })
          .where(and(inScope(partiesTable, scope), inArray(partiesTable.id, unsigned)));
      }
      await revokeLinks(tx, scope, parties.map((p) => p.id));
      await endSessions(tx, scope, parties.map((p) => p.id));
      if (e.contractId !== null) await reopenOnWorkflow(tx, scope, e);
      await repo.appendEvent(tx, scope, e.id, { type: 'RESENT', ...meta, detail: `round ${round}` });
      resent = await openTurns(tx, services, scope, e.id, meta, 'RESEND');
    }
    await recordAudit(tx, { type: 'esign.envelope_resent', data: { envelopeId: e.id, round: (await repo.findEnvelopeRow(tx, scope, e.id))!.round, partyIds: resent } }, { ...auditMetaOf(ctx, userId), ...scope });
    return envelopeDto(tx, scope, (await repo.findEnvelopeRow(tx, scope, e.id))!);
  });
}

/** A contract envelope reopens only while its workflow still waits at signing for it (409 otherwise). */
async function reopenOnWorkflow(tx: Parameters<Parameters<Services['db']['transaction']>[0]>[0], scope: TenantScope, e: repo.EnvelopeRow) {
  if (!(await signingWaitsFor(tx, scope, e.id))) {
    throw conflict({ ko: '계약의 서명 단계가 더 이상 이 서명 요청을 기다리지 않습니다.', en: "The contract's signing step no longer waits for this envelope." }, { reason: 'NOT_AT_SIGNING' });
  }
  await setEnvelopeOpen(tx, scope, { envelopeId: e.id, isOpen: true });
}

/** The signed PDF once completed, else the PDF as sent. */
export async function downloadEnvelopePdf(services: Services, ctx: RequestContext, reply: FastifyReply, envelopeId: number) {
  const { scope } = senderOf(ctx);
  const e = await visibleEnvelope(services, ctx, scope, envelopeId);
  await sendPdf(services, reply, e);
}

export async function sendPdf(services: Pick<AppServices, 'storage'>, reply: FastifyReply, e: repo.EnvelopeRow) {
  const isSigned = e.status === 'COMPLETED' && e.signedStorageKey !== null;
  const bytes = await readObject(services, isSigned ? e.signedStorageKey! : e.originalStorageKey);
  const name = `${e.title}${isSigned ? (/[가-힣]/.test(e.title) ? ' (서명완료)' : ' (signed)') : ''}.pdf`;
  reply.header('content-type', 'application/pdf').header('content-disposition', contentDispositionOf(name)).header('cache-control', 'private, no-store');
  return reply.send(bytes);
}
