import { and, eq, exists, inArray, isNull, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AttachmentReader, AttachmentRegistry } from '../../platform/attachments';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { type ContractActor, contracts, groupIdsOf, visibleTo } from '../contracts';
import { workflowEventFiles } from './workflows.table';

/**
 * Files attached to workflow events (by reference) are exactly as visible as the workflow's
 * contract: readable when the (live) contract is readable by the contract rules. Nobody changes
 * them through the files routes while an event holds them: the event log is append-only.
 */
const actors = new WeakMap<AttachmentReader, Promise<ContractActor | null>>();
function actorOf(reader: AttachmentReader): Promise<ContractActor | null> {
  let actor = actors.get(reader);
  if (!actor) {
    const p = reader.ctx.principal;
    actor = p?.kind !== 'user' ? Promise.resolve(null) : groupIdsOf(reader.db, reader.scope, p.permissions, p.membershipId).then((groupIds) => ({ userId: p.userId, permissions: p.permissions, groupIds }));
    actors.set(reader, actor);
  }
  return actor;
}

const attachedWhere = (scope: TenantScope, fileKey: SQLWrapper): SQL =>
  exists(
    sql`(select 1 from ${workflowEventFiles} where ${inScope(workflowEventFiles, scope)} and ${workflowEventFiles.fileKey} = ${fileKey})`,
  );

async function readableWhere(reader: AttachmentReader, fileKey: SQLWrapper): Promise<SQL> {
  const actor = await actorOf(reader);
  if (!actor) return sql`false`;
  return exists(
    reader.db
      .select({ one: sql`1` })
      .from(workflowEventFiles)
      .innerJoin(contracts, and(eq(contracts.id, workflowEventFiles.contractId), inScope(contracts, reader.scope), isNull(contracts.deletedAt)))
      .where(and(inScope(workflowEventFiles, reader.scope), sql`${workflowEventFiles.fileKey} = ${fileKey}`, visibleTo(actor))),
  );
}

export function registerWorkflowFileAccess(attachments: AttachmentRegistry): void {
  attachments.registerLink({
    name: 'workflow_event_files',
    attachedWhere,
    readableWhere,
    writableWhere: (reader, fileKey) => not(attachedWhere(reader.scope, fileKey)),
    describe: async (reader, fileKeys) => {
      const actor = await actorOf(reader);
      if (!actor || fileKeys.length === 0) return [];
      const rows = await reader.db
        .selectDistinct({ fileKey: workflowEventFiles.fileKey, id: contracts.id, title: contracts.title })
        .from(workflowEventFiles)
        .innerJoin(contracts, and(eq(contracts.id, workflowEventFiles.contractId), inScope(contracts, reader.scope), isNull(contracts.deletedAt)))
        .where(and(inScope(workflowEventFiles, reader.scope), inArray(workflowEventFiles.fileKey, [...fileKeys]), visibleTo(actor)));
      return rows.map((r) => ({ fileKey: r.fileKey, record: { type: 'CONTRACT', id: String(r.id), label: r.title } }));
    },
  });
}
