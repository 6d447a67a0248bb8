import { NOTICE_LIMITS } from '@legal/api';
import { and, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import { type AttachmentRegistry, referencedId } from '../../../platform/attachments';
import { inScope } from '../../../platform/db/tenancy';
import { notices } from './notices.table';

/** Who publishes notices (notices.routes.ts): they also see deleted notices, and only they change the files of one. */
const NOTICE_WRITE = 'workspace.notice.write';

/**
 * Files attached to a notice (`reference_type` NOTICE, `reference_id` its id) are exactly as
 * visible as the notice: every member reads a live notice (my-notices), the notice admins also a
 * deleted one; only the notice admins change its files through the files routes.
 */
export function registerNoticeFileAccess(attachments: AttachmentRegistry): void {
  attachments.registerReference({
    referenceType: NOTICE_LIMITS.fileReferenceType,
    readableWhere: ({ ctx, scope, db }, referenceId) => {
      const principal = ctx.principal;
      if (principal?.kind !== 'user') return sql`false`;
      const isAdmin = principal.permissions.has(NOTICE_WRITE);
      return exists(
        db
          .select({ one: sql`1` })
          .from(notices)
          .where(and(inScope(notices, scope), eq(notices.id, referencedId(referenceId)), isAdmin ? undefined : isNull(notices.deletedAt))),
      );
    },
    describe: async ({ ctx, scope, db }, referenceIds) => {
      const principal = ctx.principal;
      const ids = referenceIds.filter((id) => /^[0-9]{1,15}$/.test(id)).map(Number);
      if (principal?.kind !== 'user' || ids.length === 0) return [];
      const isAdmin = principal.permissions.has(NOTICE_WRITE);
      const rows = await db
        .select({ id: notices.id, title: notices.title })
        .from(notices)
        .where(and(inScope(notices, scope), inArray(notices.id, ids), isAdmin ? undefined : isNull(notices.deletedAt)));
      return rows.map((row) => ({ referenceId: String(row.id), record: { type: NOTICE_LIMITS.fileReferenceType, id: String(row.id), label: row.title } }));
    },
    writableWhere: ({ ctx, scope, db }, referenceId) => {
      const principal = ctx.principal;
      if (principal?.kind !== 'user' || !principal.permissions.has(NOTICE_WRITE)) return sql`false`;
      return exists(db.select({ one: sql`1` }).from(notices).where(and(inScope(notices, scope), eq(notices.id, referencedId(referenceId)))));
    },
  });
}
