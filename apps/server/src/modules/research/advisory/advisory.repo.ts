import type { AdvisoryDraft, InquirySummary, SimilarInquiry } from '@legal/api';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { notFound } from '../../../platform/http/errors';
import { advisoryDrafts, advisoryInquiries } from './advisory.table';
import { rankSimilar } from './similarity';

export type InquiryRow = typeof advisoryInquiries.$inferSelect;
export type DraftRow = typeof advisoryDrafts.$inferSelect;

export const SIMILAR_LIMIT = 5;
/** The earlier inquiries compared, newest first: beyond this a workspace's oldest advice is not searched. */
const COMPARED = 5000;

/** An inquiry of this workspace, or 404 (another workspace's alike). */
export async function workspaceInquiry(db: Db | Tx, scope: TenantScope, inquiryId: number): Promise<InquiryRow> {
  const [row] = await db.select().from(advisoryInquiries).where(and(inScope(advisoryInquiries, scope), eq(advisoryInquiries.id, inquiryId))).limit(1);
  if (!row) throw notFound();
  return row;
}

export function inquiryDto(row: InquiryRow): InquirySummary {
  return {
    inquiryId: row.id, title: row.title, question: row.question, answer: row.answer, asOf: row.asOf, createdByUserId: row.createdByUserId, createdAt: row.createdAt.toISOString(),
  };
}

export function draftDto(row: DraftRow): AdvisoryDraft {
  return {
    draftId: row.id, engine: row.engine, question: row.question, asOf: row.asOf, text: row.text, citations: row.citations, similar: row.similar,
    correctedReferences: row.correctedReferences, creditsCharged: row.creditsCharged, createdByUserId: row.createdByUserId, createdAt: row.createdAt.toISOString(),
  };
}

/** The most similar inquiries of the workspace recorded before this one (the ones it can learn from). */
export async function similarInquiries(db: Db, scope: TenantScope, inquiry: InquiryRow): Promise<SimilarInquiry[]> {
  const earlier = await db
    .select({ id: advisoryInquiries.id, title: advisoryInquiries.title, question: advisoryInquiries.question })
    .from(advisoryInquiries)
    .where(and(inScope(advisoryInquiries, scope), lt(advisoryInquiries.id, inquiry.id)))
    .orderBy(desc(advisoryInquiries.id))
    .limit(COMPARED);
  const ranked = rankSimilar(inquiry, earlier, SIMILAR_LIMIT);
  if (ranked.length === 0) return [];
  const rows = await db.select().from(advisoryInquiries).where(and(inScope(advisoryInquiries, scope), inArray(advisoryInquiries.id, ranked.map((r) => r.id))));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ranked.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [{ ...inquiryDto(row), score: r.score }] : [];
  });
}

export async function draftsOf(db: Db, scope: TenantScope, inquiryId: number): Promise<AdvisoryDraft[]> {
  const rows = await db
    .select()
    .from(advisoryDrafts)
    .where(and(inScope(advisoryDrafts, scope), eq(advisoryDrafts.inquiryId, inquiryId)))
    .orderBy(desc(advisoryDrafts.id));
  return rows.map(draftDto);
}

export async function inquiryDraft(db: Db, scope: TenantScope, inquiryId: number, draftId: number): Promise<DraftRow> {
  const [row] = await db
    .select()
    .from(advisoryDrafts)
    .where(and(inScope(advisoryDrafts, scope), eq(advisoryDrafts.inquiryId, inquiryId), eq(advisoryDrafts.id, draftId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}
