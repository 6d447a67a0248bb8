import { type MemberTermRevision, type Page, type SubmitTermConsentsBody, TERM_CONSENT_SORT_FIELDS, type TermConsent } from '@legal/api';
import { fetchPage } from '../../../platform/db/paging';
import { type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { actorUserId } from '../admin-request';
import { parseSort } from '../../../platform/db/sorting';
import * as repo from './terms.repo';
import { termConsents } from './terms.table';

/**
 * Consent: members answer the current revision of each term (its highest version in effect).
 * The web app asks for the pending ones before any workspace page, i.e. at the next sign-in
 * after a revision that requires consent takes effect.
 */

type Services = Pick<AppServices, 'db'>;

function memberRevisionDto(r: repo.CurrentRevisionRow): MemberTermRevision {
  return {
    termId: r.termId,
    termType: r.termType,
    title: r.title,
    revisionId: r.revisionId,
    version: r.version,
    body: r.body,
    requiresConsent: r.requiresConsent,
    effectiveAt: r.effectiveAt.toISOString(),
  };
}

function consentDto(r: repo.ConsentHistoryRow): TermConsent {
  return {
    id: r.consent.id,
    userId: r.consent.userId,
    userName: r.userName,
    termId: r.termId,
    termTitle: r.termTitle,
    termType: r.termType,
    revisionId: r.consent.revisionId,
    version: r.version,
    isAgreed: r.consent.isAgreed,
    ip: r.consent.ip,
    userAgent: r.consent.userAgent,
    createdAt: r.consent.createdAt.toISOString(),
  };
}

const stateConflict = (revisionId: number, reason: 'SUPERSEDED' | 'NOT_YET_EFFECTIVE' | 'TERM_INACTIVE' | 'ALREADY_AGREED') =>
  conflict(
    {
      SUPERSEDED: { ko: '더 새로운 개정본이 있습니다. 최신 약관에 동의해 주세요.', en: 'A newer revision exists. Please answer the current terms.' },
      NOT_YET_EFFECTIVE: { ko: '아직 시행되지 않은 약관입니다.', en: 'This revision is not in effect yet.' },
      TERM_INACTIVE: { ko: '사용하지 않는 약관입니다.', en: 'This term is no longer in use.' },
      ALREADY_AGREED: { ko: '이미 동의한 약관입니다.', en: 'You have already agreed to this revision.' },
    }[reason],
    { revisionId, reason },
  );

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

export async function listMyPendingTerms(services: Services, ctx: RequestContext): Promise<MemberTermRevision[]> {
  return (await repo.pendingFor(services.db, tenantScope(ctx), actorUserId(ctx), new Date())).map(memberRevisionDto);
}

export async function getCurrentPrivacyPolicy(services: Services, ctx: RequestContext): Promise<MemberTermRevision | null> {
  const row = await repo.currentPrivacyPolicy(services.db, tenantScope(ctx), new Date());
  return row ? memberRevisionDto(row) : null;
}

/**
 * Records the caller's answers in one transaction: each must be the current revision of an
 * active term (a superseded or future one is a 409); agreeing to what the caller already agreed
 * to is a 409; refusing is always recorded (after an agreement it withdraws it). Answers what is
 * still pending.
 */
export async function submitMyTermConsents(services: Services, ctx: RequestContext, body: SubmitTermConsentsBody): Promise<MemberTermRevision[]> {
  const userId = actorUserId(ctx);
  const scope = tenantScope(ctx);
  const now = new Date();
  await services.db.transaction(async (tx) => {
    for (const decision of body.consents) {
      const found = await repo.findRevisionWithTerm(tx, scope, decision.revisionId);
      if (!found) throw notFound();
      const { revision, term } = found;
      if (!term.isActive) throw stateConflict(revision.id, 'TERM_INACTIVE');
      if (revision.effectiveAt > now) throw stateConflict(revision.id, 'NOT_YET_EFFECTIVE');
      if ((await repo.currentRevisionIdOf(tx, scope, term.id, now)) !== revision.id) throw stateConflict(revision.id, 'SUPERSEDED');
      if (decision.isAgreed && (await repo.hasAgreed(tx, scope, userId, revision.id))) throw stateConflict(revision.id, 'ALREADY_AGREED');
      await tx.insert(termConsents).values({
        ...scope,
        revisionId: revision.id,
        userId,
        isAgreed: decision.isAgreed,
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 500) ?? null,
      });
      await recordAudit(
        tx,
        { type: 'term.consented', data: { termId: term.id, revisionId: revision.id, version: revision.version, isAgreed: decision.isAgreed } },
        { ...auditMetaOf(ctx, userId), ...scope },
      );
    }
  });
  return (await repo.pendingFor(services.db, scope, userId, new Date())).map(memberRevisionDto);
}

// ---------------------------------------------------------------------------------------------
// Consent history (admins: everyone's; members: their own)
// ---------------------------------------------------------------------------------------------

export interface ConsentHistoryInput extends repo.ConsentFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

function history(services: Services, scope: TenantScope, input: ConsentHistoryInput): Promise<Page<TermConsent>> {
  const filter = { userIds: input.userIds, termId: input.termId, revisionId: input.revisionId, isAgreed: input.isAgreed };
  const sort = parseSort(input.sort, TERM_CONSENT_SORT_FIELDS, { fallback: { field: 'createdAt', direction: 'desc' } });
  return fetchPage(
    input,
    async (limit, offset) => (await repo.searchConsents(services.db, scope, filter, sort, limit, offset)).map(consentDto),
    () => repo.countConsents(services.db, scope, filter),
  );
}

export async function listTermConsents(services: Services, ctx: RequestContext, input: ConsentHistoryInput): Promise<Page<TermConsent>> {
  return history(services, tenantScope(ctx), input);
}

export async function listMyTermConsents(services: Services, ctx: RequestContext, input: { page: number; size: number; sort?: string | string[] }): Promise<Page<TermConsent>> {
  return history(services, tenantScope(ctx), { ...input, userIds: [actorUserId(ctx)] });
}
