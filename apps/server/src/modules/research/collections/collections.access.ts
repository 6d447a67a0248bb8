import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import { type AttachmentRegistry, referencedId } from '../../../platform/attachments';
import { AI_RESEARCH_USE } from '../research.policy';
import { readableTo } from './collections.repo';
import { COLLECTION_REFERENCE_TYPE } from './collections.service';
import { researchCollections } from './collections.table';

/**
 * Files of collection documents (`reference_type` RESEARCH_COLLECTION, `reference_id` the
 * collection) are exactly as visible as the collection: to its owner, and to every research user
 * of the workspace when it is WORKSPACE (a chat's attachment collection is PRIVATE to the chat's owner). Nobody changes them through the files routes: documents
 * are added and deleted through the collection's own routes (which keep the index in step).
 */
export function registerCollectionFileAccess(attachments: AttachmentRegistry): void {
  attachments.registerReference({
    referenceType: COLLECTION_REFERENCE_TYPE,
    readableWhere: ({ ctx, scope, db }, referenceId) => {
      const p = ctx.principal;
      if (p?.kind !== 'user' || !p.permissions.has(AI_RESEARCH_USE)) return sql`false`;
      return exists(db.select({ one: sql`1` }).from(researchCollections).where(and(readableTo(scope, p.userId), eq(researchCollections.id, referencedId(referenceId)))));
    },
    writableWhere: () => sql`false`,
    describe: async ({ ctx, scope, db }, referenceIds) => {
      const p = ctx.principal;
      const ids = referenceIds.filter((id) => /^[0-9]{1,15}$/.test(id)).map(Number);
      if (p?.kind !== 'user' || !p.permissions.has(AI_RESEARCH_USE) || ids.length === 0) return [];
      const rows = await db.select({ id: researchCollections.id, name: researchCollections.name }).from(researchCollections).where(and(readableTo(scope, p.userId), inArray(researchCollections.id, ids)));
      return rows.map((r) => ({ referenceId: String(r.id), record: { type: COLLECTION_REFERENCE_TYPE, id: String(r.id), label: r.name } }));
    },
  });
}
