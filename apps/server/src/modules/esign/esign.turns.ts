import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import type { MailAttachmentInput } from '../../platform/mail/mailer';
import { notify } from '../../platform/notifications/notifications';
import type { AppServices } from '../../platform/services';
import { peopleByIds } from '../admin';
import { findOrganizationName, findWorkspaceName } from '../auth';
import { contracts } from '../contracts';
import { finalizeEnvelopeJob } from './esign.finalize';
import { openWith, sealWith } from './esign.keys';
import { senderNoticeMailTemplate, signRequestMailTemplate } from './esign.mail';
import * as repo from './esign.repo';
import { allSigned, currentTurn } from './esign.state';
import { envelopes, linkTokens, parties as partiesTable, signerSessions } from './esign.table';
import { hashEsignToken, newEsignToken } from './esign.tokens';

export type TurnServices = Pick<AppServices, 'mailer' | 'config' | 'jobs' | 'db'>;

/** Who acted, for the event log. */
export interface EventMeta {
  ip: string | null;
  userAgent: string | null;
  actorName: string | null;
}

const tokenContext = (scope: TenantScope, partyId: number) => `esign-link:${scope.tenantId}:${scope.workspaceId}:${partyId}`;

export const signUrl = (config: AppServices['config'], token: string) => `${config.publicUrl}/sign/${token}`;

export function senderPageUrl(config: AppServices['config'], workspaceName: string, e: repo.EnvelopeRow): string {
  const ws = encodeURIComponent(workspaceName);
  return e.contractId !== null ? `${config.publicUrl}/${ws}/contracts/${e.contractId}` : `${config.publicUrl}/${ws}/esign/envelopes/${e.id}`;
}

/** A new link for the party (its earlier links stop working), expiring at `expiresAt`. Answers the token. */
export async function issueLink(tx: Tx, services: TurnServices, scope: TenantScope, e: repo.EnvelopeRow, partyId: number, expiresAt: Date): Promise<string> {
  await revokeLinks(tx, scope, [partyId]);
  const token = newEsignToken();
  await tx.insert(linkTokens).values({ ...scope, envelopeId: e.id, partyId, tokenHash: hashEsignToken(token), sealedToken: sealWith(services.config, token, tokenContext(scope, partyId)), round: e.round, expiresAt });
  return token;
}

/** The party's live link (a reminder mails it again), or null. */
export async function liveLink(tx: Tx, services: TurnServices, scope: TenantScope, partyId: number): Promise<string | null> {
  const [row] = await tx
    .select()
    .from(linkTokens)
    .where(and(inScope(linkTokens, scope), eq(linkTokens.partyId, partyId), isNull(linkTokens.revokedAt)))
    .orderBy(linkTokens.id)
    .limit(1);
  return row ? openWith(services.config, row.sealedToken, tokenContext(scope, partyId)) : null;
}

export async function revokeLinks(tx: Tx, scope: TenantScope, partyIds: number[]): Promise<void> {
  if (partyIds.length === 0) return;
  await tx.update(linkTokens).set({ revokedAt: new Date() }).where(and(inScope(linkTokens, scope), inArray(linkTokens.partyId, partyIds), isNull(linkTokens.revokedAt)));
}

/** Ends every signer session of the parties (void, resend): their signer tokens stop working. */
export async function endSessions(tx: Tx, scope: TenantScope, partyIds: number[]): Promise<void> {
  if (partyIds.length === 0) return;
  await tx.update(signerSessions).set({ expiresAt: new Date() }).where(and(inScope(signerSessions, scope), inArray(signerSessions.partyId, partyIds)));
}

/** The sender and the contract's owner (their mail addresses and languages). */
export async function senderSide(tx: Tx, scope: TenantScope, e: repo.EnvelopeRow) {
  const ids = new Set<number>();
  if (e.senderUserId !== null) ids.add(e.senderUserId);
  if (e.contractId !== null) {
    const [c] = await tx.select({ ownerUserId: contracts.ownerUserId }).from(contracts).where(and(inScope(contracts, scope), eq(contracts.id, e.contractId)));
    if (c) ids.add(c.ownerUserId);
  }
  return [...(await peopleByIds(tx, scope, [...ids])).values()];
}

/** News of an envelope for the sender side, in the kinds of the sender notice mail. */
export interface SenderNews {
  kind: 'SEAL_DUE' | 'DECLINED' | 'COMPLETED';
  partyName: string | null;
  reason: string | null;
  /** The signed PDF of a COMPLETED envelope, mailed attached (past MAIL_ATTACHMENT_MAX_BYTES the mail says so). */
  attachments?: MailAttachmentInput[];
}

/**
 * Tells the sender side (the sender and the contract's owner) news of an envelope: a mail each and
 * an in-app notification pointing at the contract (what the mail links to), or at the envelope
 * when it has none. The caller holds the envelope's lock.
 */
export async function tellSenderSide(tx: Tx, services: Pick<AppServices, 'mailer' | 'config'>, scope: TenantScope, e: repo.EnvelopeRow, news: SenderNews): Promise<void> {
  const people = await senderSide(tx, scope, e);
  if (people.length === 0) return;
  const workspaceName = (await findWorkspaceName(tx, scope)) ?? '';
  for (const person of people) {
    await services.mailer.send(
      senderNoticeMailTemplate,
      { to: person.loginId, locale: person.locale, ...scope, attachments: news.attachments, data: { kind: news.kind, title: e.title, partyName: news.partyName, reason: news.reason, url: senderPageUrl(services.config, workspaceName, e) } },
      tx,
    );
  }
  await notify(tx, scope, {
    kind: `esign.${news.kind}`,
    recipientUserIds: people.map((p) => p.userId),
    record: e.contractId !== null ? { type: 'CONTRACT', id: e.contractId } : { type: 'ENVELOPE', id: e.id },
    title: e.title,
    data: { partyName: news.partyName, comment: news.reason },
    actorUserId: null,
  });
}

/**
 * Mails the parties whose turn has come and who were not told yet (WAITING): an EXTERNAL party gets
 * a link; for a COMPANY party the sender (and the contract's owner) are told the seal is due. Each
 * becomes SENT with a SENT event. The caller holds the envelope's lock.
 */
export async function openTurns(tx: Tx, services: TurnServices, scope: TenantScope, envelopeId: number, meta: EventMeta, kind: 'INVITE' | 'RESEND' = 'INVITE'): Promise<number[]> {
  const e = (await repo.findEnvelopeRow(tx, scope, envelopeId))!;
  const parties = await repo.listParties(tx, scope, envelopeId);
  const due = currentTurn(e, parties).filter((p) => p.status === 'WAITING');
  if (due.length === 0) return [];
  const now = new Date();
  for (const p of due) {
    if (p.kind === 'EXTERNAL') {
      const token = await issueLink(tx, services, scope, e, p.id, e.expiresAt);
      await services.mailer.send(
        signRequestMailTemplate,
        { to: p.email!, locale: p.locale, ...scope, data: { kind, senderName: (await findOrganizationName(tx, scope, p.locale)) ?? '', title: e.title, message: e.message, signerName: p.name, url: signUrl(services.config, token), expiresAt: e.expiresAt } },
        tx,
      );
    } else {
      await tellSenderSide(tx, services, scope, e, { kind: 'SEAL_DUE', partyName: p.name, reason: null });
    }
    await tx.update(partiesTable).set({ status: 'SENT', sentAt: now }).where(and(inScope(partiesTable, scope), eq(partiesTable.id, p.id)));
    await repo.appendEvent(tx, scope, envelopeId, { type: 'SENT', partyId: p.id, actorName: meta.actorName, ip: meta.ip, userAgent: meta.userAgent, detail: p.kind === 'EXTERNAL' ? `link mailed to ${p.email}` : 'company seal due' });
  }
  return due.map((p) => p.id);
}

/**
 * After a party signed (or a seal was applied): the next turn opens, or, once every party has
 * signed, the envelope is finalizing and the finalize job is queued in this transaction.
 */
export async function afterSignature(tx: Tx, services: TurnServices, scope: TenantScope, envelopeId: number, meta: EventMeta): Promise<'FINALIZING' | 'NEXT'> {
  const parties = await repo.listParties(tx, scope, envelopeId);
  if (allSigned(parties)) {
    await tx.update(envelopes).set({ isFinalizing: true, updatedAt: new Date() }).where(and(inScope(envelopes, scope), eq(envelopes.id, envelopeId)));
    await services.jobs.send(finalizeEnvelopeJob, { ...scope, envelopeId }, { tx, idempotencyKey: `esign.finalize:${envelopeId}` });
    return 'FINALIZING';
  }
  await openTurns(tx, services, scope, envelopeId, meta);
  return 'NEXT';
}
