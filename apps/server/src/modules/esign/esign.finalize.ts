import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit/audit';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { eachInTurn } from '../../platform/jobs/in-turns';
import { type AnyJob, defineJob } from '../../platform/jobs/jobs';
import type { AppServices } from '../../platform/services';
import { findOrganizationName } from '../auth';
import { completeElectronicSigning, setEnvelopeOpen } from '../workflows';
import { esignObjectKey, readObject } from './esign.create';
import { workspaceSigningIdentity } from './esign.identity';
import { partyNoticeMailTemplate } from './esign.mail';
import * as repo from './esign.repo';
import { envelopes, linkTokens } from './esign.table';
import { liveLink, signUrl, tellSenderSide } from './esign.turns';
import { assembleOffThread, type FieldStamp } from './pdf';
import './esign.audit';

const DAY_MS = 24 * 3600_000;
/** A completed envelope's links keep working this long (the signers download the signed PDF). */
const COMPLETED_LINK_DAYS = 30;

/**
 * The final assembly of a fully signed envelope (docs/esign.md): outside any transaction the PDF is
 * flattened, certified and signed (deterministic: `signedAt` is the last signature's instant) and
 * written to the envelope's one signed-PDF key (`.../e<id>/signed-r<round>.pdf`: a rerun after a
 * crash overwrites the same object, never a second one); then ONE transaction sets the envelope
 * COMPLETED with the COMPLETED event and, for a CONTRACT envelope, files that object as the
 * contract's executed copy and completes the workflow's signing step. A rerun that finds the
 * envelope completed stops.
 */
export async function finalizeEnvelope(services: AppServices, scope: TenantScope, envelopeId: number): Promise<'COMPLETED' | 'SKIPPED'> {
  const e = await repo.findEnvelopeRow(services.db, scope, envelopeId);
  if (!e || e.status !== 'IN_PROGRESS' || !e.isFinalizing) return 'SKIPPED';
  const [parties, fields, events] = await Promise.all([repo.listParties(services.db, scope, e.id), repo.listFields(services.db, scope, e.id), repo.listEvents(services.db, scope, e.id)]);
  const identity = await workspaceSigningIdentity(services, scope);
  const lastSignature = [...events].reverse().find((x) => x.type === 'SIGNED' || x.type === 'SEAL_APPLIED');
  const signedAt = lastSignature?.at ?? e.updatedAt;
  const stamps: FieldStamp[] = fields
    .filter((f) => f.filledAt !== null)
    .map((f) => {
      const party = parties.find((p) => p.id === f.partyId)!;
      const image = f.type === 'SEAL' ? (f.imagePng ?? party.signaturePng) : f.type === 'SIGNATURE' ? party.signaturePng : null;
      const typed = (f.type === 'SIGNATURE' || f.type === 'SEAL') && !image ? (party.signatureText ?? f.value) : f.value;
      return { page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, type: f.type, value: typed, imagePng: image ? Buffer.from(image, 'base64') : null };
    });
  const locale = parties[0]?.locale ?? 'ko';
  const senderName = (await findOrganizationName(services.db, scope, locale)) ?? '';
  const original = await readObject(services, e.originalStorageKey);
  if (services.config.esign.testPauseFinalizeMs > 0) {
    services.logger.info({ envelopeId: e.id }, 'esign finalize paused (ESIGN_TEST_PAUSE_FINALIZE_MS)');
    await sleep(services.config.esign.testPauseFinalizeMs);
  }
  const signed = await assembleOffThread({
    original,
    stamps,
    certificate: {
      envelopeId: e.id, title: e.title, senderName, locale, originalSha256: e.originalSha256,
      parties: parties.map((p) => ({ order: p.order, name: p.name, role: p.role, email: p.email, kind: p.kind, status: p.status, verifiedBy: p.verifiedBy ?? (p.kind === 'COMPANY' ? 'SEAL' : null), signedAt: p.signedAt })),
      events: events.map((x) => ({ seq: x.seq, type: x.type, actorName: x.actorName, at: x.at, ip: x.ip, userAgent: x.userAgent, verificationMethod: x.verificationMethod, detail: x.detail, hash: x.hash })),
    },
    identity,
    reason: locale === 'ko' ? '전자서명 완료' : 'Electronically signed by all parties',
    location: services.config.publicUrl,
    signedAt,
  });
  const signedKey = esignObjectKey(scope, `e${e.id}`, `signed-r${e.round}.pdf`);
  await services.storage.put(signedKey, Readable.from([signed.pdf]), { maxBytes: signed.pdf.length, contentType: 'application/pdf' });
  const displayName = `${e.title}${locale === 'ko' ? ' (서명완료)' : ' (signed)'}.pdf`;
  return services.db.transaction(async (tx) => {
    const locked = await repo.lockEnvelope(tx, scope, e.id);
    if (!locked || locked.status !== 'IN_PROGRESS' || !locked.isFinalizing) return 'SKIPPED' as const;
    let signedFileKey: string | null = null;
    if (locked.contractId !== null) {
      const filed = await completeElectronicSigning(tx, services, scope, {
        contractId: locked.contractId,
        envelopeId: locked.id,
        bytes: { storageKey: signedKey, size: signed.pdf.length, sha256: signed.sha256, fileType: 'pdf', contentType: 'application/pdf', displayName },
      });
      signedFileKey = filed?.executedFileKey ?? null;
    }
    const now = new Date();
    await tx
      .update(envelopes)
      .set({ status: 'COMPLETED', isFinalizing: false, signedStorageKey: signedKey, signedSha256: signed.sha256, signedFileKey, completedAt: now, updatedAt: now })
      .where(eq(envelopes.id, locked.id));
    await setEnvelopeOpen(tx, scope, { envelopeId: locked.id, isOpen: false });
    await repo.appendEvent(tx, scope, locked.id, { type: 'COMPLETED', detail: `signed PDF sha256 ${signed.sha256} (flattened ${signed.flattenedSha256})` });
    // The parties' links now only download the signed PDF, for COMPLETED_LINK_DAYS.
    await tx
      .update(linkTokens)
      .set({ expiresAt: new Date(now.getTime() + COMPLETED_LINK_DAYS * DAY_MS) })
      .where(and(inScope(linkTokens, scope), eq(linkTokens.envelopeId, locked.id), isNull(linkTokens.revokedAt)));
    // Every party and the sender side receive the executed PDF attached (by reference to its object;
    // past MAIL_ATTACHMENT_MAX_BYTES the mail says so), and keep their link.
    const attachments = [{ filename: displayName.replace(/[\\/:*?"<>|]/g, '_'), contentType: 'application/pdf', storageKey: signedKey, sha256: signed.sha256 }];
    for (const p of parties.filter((x) => x.kind === 'EXTERNAL' && x.email)) {
      const token = await liveLink(tx, services, scope, p.id);
      await services.mailer.send(partyNoticeMailTemplate, { to: p.email!, locale: p.locale, ...scope, attachments, data: { kind: 'COMPLETED', title: locked.title, senderName: (await findOrganizationName(tx, scope, p.locale)) ?? '', reason: null, url: token ? signUrl(services.config, token) : null } }, tx);
    }
    await tellSenderSide(tx, services, scope, locked, { kind: 'COMPLETED', partyName: null, reason: null, attachments });
    await recordAudit(tx, { type: 'esign.envelope_completed', data: { envelopeId: locked.id, contractId: locked.contractId, signedSha256: signed.sha256 } }, { actorUserId: null, ...scope });
    return 'COMPLETED' as const;
  });
}

export const finalizeEnvelopeJob = defineJob<{ tenantId: number; workspaceId: number; envelopeId: number }, AppServices>({
  name: 'esign.finalize',
  payload: z.object({ tenantId: z.number().int().positive(), workspaceId: z.number().int().positive(), envelopeId: z.number().int().positive() }),
  // expireInSeconds: an assembly takes about a second (docs/esign.md), on its worker thread; a run lost with its
  // process (kill -9) is retried once it expires, so a crash delays the envelope by about a minute.
  policy: { retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds: 60 },
  async handler({ tenantId, workspaceId, envelopeId }, services) {
    const outcome = await finalizeEnvelope(services, { tenantId, workspaceId }, envelopeId);
    services.logger.info({ job: 'esign.finalize', envelopeId, outcome }, 'esign envelope finalized');
  },
});

/** Marks envelopes past their expiry EXPIRED (event, the workflow's signing no longer blocked). */
export async function sweepExpiredEnvelopes(services: Pick<AppServices, 'db' | 'database' | 'logger'>, options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const due = await services.db
    .select({ id: envelopes.id, tenantId: envelopes.tenantId, workspaceId: envelopes.workspaceId })
    .from(envelopes)
    .where(and(eq(envelopes.status, 'IN_PROGRESS'), eq(envelopes.isFinalizing, false), lte(envelopes.expiresAt, now)))
    .orderBy(asc(envelopes.id))
    .limit(500);
  let expired = 0;
  await eachInTurn(services.database, due, async (d) => {
    const scope = { tenantId: d.tenantId, workspaceId: d.workspaceId };
    try {
      const done = await services.db.transaction(async (tx) => {
        const e = await repo.lockEnvelope(tx, scope, d.id);
        if (!e || e.status !== 'IN_PROGRESS' || e.isFinalizing || e.expiresAt > now) return false;
        await tx.update(envelopes).set({ status: 'EXPIRED', updatedAt: now }).where(eq(envelopes.id, e.id));
        await setEnvelopeOpen(tx, scope, { envelopeId: e.id, isOpen: false });
        await repo.appendEvent(tx, scope, e.id, { type: 'EXPIRED', at: now, detail: `expired at ${e.expiresAt.toISOString()}` });
        await recordAudit(tx, { type: 'esign.envelope_expired', data: { envelopeId: e.id } }, { actorUserId: null, ...scope });
        return true;
      });
      if (done) expired += 1;
    } catch (err) {
      services.logger.error({ err, envelopeId: d.id }, 'esign expiry failed; the next run retries');
    }
  });
  return expired;
}

const SWEEP_EVERY_MS = 10 * 60_000;
const slotKey = (at: number) => new Date(Math.floor(at / SWEEP_EVERY_MS) * SWEEP_EVERY_MS).toISOString();

export const expirySweepJob = defineJob<{ slot: string }, AppServices>({
  name: 'esign.expiry-sweep',
  payload: z.object({ slot: z.string() }),
  policy: { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 10 * 60 },
  async handler(_payload, services) {
    await scheduleExpirySweep(services, SWEEP_EVERY_MS);
    const expired = await sweepExpiredEnvelopes(services);
    if (expired > 0) services.logger.info({ job: 'esign.expiry-sweep', expired }, 'esign envelopes expired');
  },
});

export async function scheduleExpirySweep(services: Pick<AppServices, 'jobs'>, delayMs = 60_000) {
  const at = Date.now() + delayMs;
  await services.jobs.send(expirySweepJob, { slot: slotKey(at) }, { idempotencyKey: `esign.expiry-sweep:${slotKey(at)}`, startAfter: at });
}

export function esignJobs(): Array<AnyJob<AppServices>> {
  return [finalizeEnvelopeJob as AnyJob<AppServices>, expirySweepJob as AnyJob<AppServices>];
}
