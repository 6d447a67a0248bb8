import {
  type AddTermRevisionBody, TERM_SORT_FIELDS, type CreateTermBody, effectiveTermType, isPrivacyPolicyTitle, type Page, type Term, type TermRevision, type UpdateTermBody,
} from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { fetchPage } from '../../../platform/db/paging';
import { inScope } from '../../../platform/db/tenancy';
import { type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { actorUserId } from '../admin-request';
import { parseSort } from '../../../platform/db/sorting';
import * as repo from './terms.repo';
import { termRevisions, terms } from './terms.table';

type Services = Pick<AppServices, 'db'>;

// ---------------------------------------------------------------------------------------------
// DTOs
// ---------------------------------------------------------------------------------------------

async function termDtos(db: Services['db'], scope: TenantScope, rows: repo.TermRow[]): Promise<Term[]> {
  const summaries = await repo.revisionSummaries(db, scope, rows.map((r) => r.id));
  return rows.map((term) => {
    const summary = summaries.get(term.id);
    return {
      id: term.id,
      termType: term.termType,
      title: term.title,
      isActive: term.isActive,
      isPrivacyPolicy: isPrivacyPolicyTitle(term.title),
      revisionCount: summary?.revisionCount ?? 0,
      latestRevision: summary
        ? { id: summary.latest.id, version: summary.latest.version, requiresConsent: summary.latest.requiresConsent, effectiveAt: summary.latest.effectiveAt.toISOString() }
        : null,
      createdAt: term.createdAt.toISOString(),
      updatedAt: term.updatedAt.toISOString(),
    };
  });
}

async function termDto(db: Services['db'], scope: TenantScope, row: repo.TermRow): Promise<Term> {
  const [dto] = await termDtos(db, scope, [row]);
  return dto!;
}

function revisionDto(r: repo.RevisionRow): TermRevision {
  return {
    id: r.id,
    termId: r.termId,
    version: r.version,
    body: r.body,
    requiresConsent: r.requiresConsent,
    effectiveAt: r.effectiveAt.toISOString(),
    createdByUserId: r.createdByUserId,
    createdAt: r.createdAt.toISOString(),
  };
}

async function lockedTerm(tx: Parameters<Parameters<Services['db']['transaction']>[0]>[0], scope: TenantScope, termId: number): Promise<repo.TermRow> {
  const term = await repo.findTerm(tx, scope, termId, { forUpdate: true });
  if (!term) throw notFound();
  return term;
}

// ---------------------------------------------------------------------------------------------
// Terms
// ---------------------------------------------------------------------------------------------

export interface ListTermsInput extends repo.TermFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

export async function listTerms(services: Services, ctx: RequestContext, input: ListTermsInput): Promise<Page<Term>> {
  const scope = tenantScope(ctx);
  const filter = { keyword: input.keyword, termTypes: input.termTypes, isActive: input.isActive };
  return fetchPage(
    input,
    async (limit, offset) => termDtos(services.db, scope, await repo.searchTerms(services.db, scope, filter, parseSort(input.sort, TERM_SORT_FIELDS, { fallback: { field: 'createdAt', direction: 'desc' } }), limit, offset)),
    () => repo.countTerms(services.db, scope, filter),
  );
}

export async function getTerm(services: Services, ctx: RequestContext, termId: number): Promise<Term> {
  const scope = tenantScope(ctx);
  const term = await repo.findTerm(services.db, scope, termId);
  if (!term) throw notFound();
  return termDto(services.db, scope, term);
}

export async function createTerm(services: Services, ctx: RequestContext, body: CreateTermBody): Promise<Term> {
  const userId = actorUserId(ctx);
  const scope = tenantScope(ctx);
  const term = await services.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(terms)
      .values({ ...scope, termType: effectiveTermType(body.title, body.termType), title: body.title, isActive: body.isActive })
      .returning();
    await recordAudit(tx, { type: 'term.created', data: { termId: row!.id, termType: row!.termType, title: row!.title, isActive: row!.isActive } }, { ...auditMetaOf(ctx, userId), ...scope });
    return row!;
  });
  return termDto(services.db, scope, term);
}

export async function updateTerm(services: Services, ctx: RequestContext, termId: number, body: UpdateTermBody): Promise<Term> {
  const userId = actorUserId(ctx);
  const scope = tenantScope(ctx);
  const term = await services.db.transaction(async (tx) => {
    const current = await lockedTerm(tx, scope, termId);
    const title = body.title ?? current.title;
    const next = { title, termType: effectiveTermType(title, body.termType ?? current.termType), isActive: body.isActive ?? current.isActive };
    const fields = (Object.keys(next) as Array<keyof typeof next>).filter((f) => next[f] !== current[f]);
    const [row] = await tx
      .update(terms)
      .set({ ...next, updatedAt: new Date() })
      .where(and(inScope(terms, scope), eq(terms.id, termId)))
      .returning();
    const pick = (source: typeof next) => Object.fromEntries(fields.map((f) => [f, source[f]]));
    await recordAudit(tx, { type: 'term.updated', data: { termId, fields, before: pick(current), after: pick(next) } }, { ...auditMetaOf(ctx, userId), ...scope });
    return row!;
  });
  return termDto(services.db, scope, term);
}

/** Only a term nobody has answered can go: the consent history is evidence and stays (deactivate instead). */
export async function deleteTerm(services: Services, ctx: RequestContext, termId: number): Promise<Term> {
  const userId = actorUserId(ctx);
  const scope = tenantScope(ctx);
  return services.db.transaction(async (tx) => {
    const current = await lockedTerm(tx, scope, termId);
    const consents = await repo.countConsentsOfTerm(tx, scope, termId);
    if (consents > 0) {
      throw conflict(
        { ko: '동의 이력이 있는 약관은 삭제할 수 없습니다. 비활성화해 주세요.', en: 'A term that members have answered cannot be deleted. Deactivate it instead.' },
        { reason: 'TERM_HAS_CONSENTS', consentCount: consents },
      );
    }
    const dto = await termDto(tx, scope, current);
    await tx.delete(terms).where(and(inScope(terms, scope), eq(terms.id, termId)));
    await recordAudit(tx, { type: 'term.deleted', data: { termId, title: current.title, revisions: dto.revisionCount } }, { ...auditMetaOf(ctx, userId), ...scope });
    return dto;
  });
}

// ---------------------------------------------------------------------------------------------
// Revisions
// ---------------------------------------------------------------------------------------------

export async function listTermRevisions(services: Services, ctx: RequestContext, termId: number, paging: { page: number; size: number }): Promise<Page<TermRevision>> {
  const scope = tenantScope(ctx);
  if (!(await repo.findTerm(services.db, scope, termId))) throw notFound();
  return fetchPage(
    paging,
    async (limit, offset) => (await repo.listRevisions(services.db, scope, termId, limit, offset)).map(revisionDto),
    () => repo.countRevisions(services.db, scope, termId),
  );
}

/** The next version of an active term; an inactive term takes no new text (409): reactivate it first. */
export async function addTermRevision(services: Services, ctx: RequestContext, termId: number, body: AddTermRevisionBody): Promise<TermRevision> {
  const userId = actorUserId(ctx);
  const scope = tenantScope(ctx);
  return services.db.transaction(async (tx) => {
    const term = await lockedTerm(tx, scope, termId);
    if (!term.isActive) {
      throw conflict({ ko: '비활성 약관에는 개정본을 추가할 수 없습니다.', en: 'An inactive term cannot take a new revision.' }, { reason: 'TERM_INACTIVE' });
    }
    const version = await repo.nextVersion(tx, scope, termId);
    const [revision] = await tx
      .insert(termRevisions)
      .values({
        ...scope,
        termId,
        version,
        body: body.body,
        requiresConsent: body.requiresConsent,
        effectiveAt: body.effectiveAt ? new Date(body.effectiveAt) : new Date(),
        createdByUserId: userId,
      })
      .returning();
    await tx.update(terms).set({ updatedAt: new Date() }).where(and(inScope(terms, scope), eq(terms.id, termId)));
    await recordAudit(
      tx,
      { type: 'term.revision_added', data: { termId, revisionId: revision!.id, version, requiresConsent: revision!.requiresConsent, effectiveAt: revision!.effectiveAt.toISOString() } },
      { ...auditMetaOf(ctx, userId), ...scope },
    );
    return revisionDto(revision!);
  });
}
