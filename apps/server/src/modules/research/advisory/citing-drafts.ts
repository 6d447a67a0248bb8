import { and, eq, exists, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AttachmentReader } from '../../../platform/attachments';
import type { Db, Tx } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import { type ArticleRef, citedAmong, citedRefsIn, citesAnyWhere } from '../../law';
import { researchReaderId } from '../research.policy';
import { advisoryDrafts, advisoryInquiries } from './advisory.table';

// What the statute-change alerts need of the advisory drafts: which drafts cite a statute article
// (by the version cited), and who may see one, as SQL over its id: as its inquiry, every research
// user of the workspace.

/** True when the reader may see the draft `draftId` names: research use in its workspace (the inquiry's rule). */
export function readableDraftWhere(reader: AttachmentReader, draftId: SQLWrapper): SQL {
  if (researchReaderId(reader.ctx) === null) return sql`false`;
  return exists(reader.db.select({ one: sql`1` }).from(advisoryDrafts).where(and(inScope(advisoryDrafts, reader.scope), sql`${advisoryDrafts.id} = ${draftId}`)));
}

/** Every (version, article) any draft of any workspace cites: the detection's first, cheap filter. */
export function unscopedCitedByDrafts(db: Db | Tx): Promise<ArticleRef[]> {
  return citedRefsIn(db, advisoryDrafts, advisoryDrafts.citations);
}

export interface CitingDraft {
  tenantId: number;
  workspaceId: number;
  draftId: number;
  inquiryId: number;
  inquiryTitle: string;
  /** Who drafted it and who recorded the inquiry (those told of a change). */
  peopleUserIds: number[];
  cites: ArticleRef[];
}

/**
 * The drafts of every workspace citing one of `refs` (version and article), drafted before
 * `createdBefore`. Across tenants by design: the detection job reads them once per new version.
 */
export async function unscopedDraftsCiting(db: Db | Tx, refs: readonly ArticleRef[], createdBefore: Date): Promise<CitingDraft[]> {
  if (refs.length === 0) return [];
  const rows = await db
    .select({
      tenantId: advisoryDrafts.tenantId, workspaceId: advisoryDrafts.workspaceId, draftId: advisoryDrafts.id, inquiryId: advisoryDrafts.inquiryId, citations: advisoryDrafts.citations,
      draftedBy: advisoryDrafts.createdByUserId, inquiryTitle: advisoryInquiries.title, recordedBy: advisoryInquiries.createdByUserId,
    })
    .from(advisoryDrafts)
    .innerJoin(advisoryInquiries, and(eq(advisoryInquiries.id, advisoryDrafts.inquiryId), eq(advisoryInquiries.tenantId, advisoryDrafts.tenantId), eq(advisoryInquiries.workspaceId, advisoryDrafts.workspaceId)))
    .where(and(lt(advisoryDrafts.createdAt, createdBefore), citesAnyWhere(advisoryDrafts.citations, refs)));
  return rows
    .map(({ citations, draftedBy, recordedBy, ...row }) => ({ ...row, peopleUserIds: [...new Set([draftedBy, recordedBy])], cites: citedAmong(citations, refs) }))
    .filter((row) => row.cites.length > 0);
}
