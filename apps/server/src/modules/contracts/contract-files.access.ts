import { CONTRACT_STATUSES } from '@legal/api';
import { and, eq, exists, inArray, isNull, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { type AttachmentReader, type AttachmentRegistry, referencedId } from '../../platform/attachments';
import { inScope } from '../../platform/db/tenancy';
import type { NotificationRecordRegistry } from '../../platform/notifications/notifications';
import { CONTRACT_PERMISSIONS, type ContractActor } from './contracts.policy';
import { contractBulkRequests } from './bulk/contract-bulk.table';
import { frozenAmong } from './contracts.state';
import { contractFiles, contracts } from './contracts.table';
import { groupIdsOf, visibleTo } from './contracts.visibility';

/**
 * Files attached to contracts are exactly as visible as their contract, on every files route:
 * - a contract's own document (`reference_type` CONTRACT, `reference_id` its id) and every file
 *   in its file list (`contract_files`, where a file may sit on several contracts): readable when a
 *   live contract holding it is readable (contracts.visibility.ts, the rule of every contract
 *   list); changed through the files routes only by who may edit every contract holding it (the
 *   owner with contract.contract.write, or a contract admin: contracts.policy.ts), and not while
 *   a live contract holding it is under approval or signing (files are a content field, frozen
 *   then: contracts.state.ts): 409 on the files routes, as PUT files/v1 answers;
 * - a bulk registration's sheet and the files that came with it: bulk registration is the contract
 *   admins' tool, so they read and change them.
 */

/** The caller as the contract rules see them, or null (no user, no contract permission). One load per reader. */
const actors = new WeakMap<AttachmentReader, Promise<ContractActor | null>>();

function actorOf(reader: AttachmentReader): Promise<ContractActor | null> {
  let actor = actors.get(reader);
  if (!actor) {
    const principal = reader.ctx.principal;
    actor =
      principal?.kind !== 'user'
        ? Promise.resolve(null)
        : groupIdsOf(reader.db, reader.scope, principal.permissions, principal.membershipId).then((groupIds) => ({ userId: principal.userId, permissions: principal.permissions, groupIds }));
    actors.set(reader, actor);
  }
  return actor;
}

/** The read rule over `contracts` (live ones only). */
const readableContract = (actor: ContractActor) => and(isNull(contracts.deletedAt), visibleTo(actor))!;

/** The edit rule over `contracts` (contracts.policy.ts canWrite), on top of reading. */
function editableContract(actor: ContractActor): SQL {
  const p = actor.permissions;
  const edits = p.has(CONTRACT_PERMISSIONS.admin) ? sql`true` : p.has(CONTRACT_PERMISSIONS.write) ? eq(contracts.ownerUserId, actor.userId) : sql`false`;
  return and(readableContract(actor), edits)!;
}

/** The statuses that freeze a contract's files (contracts.state.ts). */
const FILES_FROZEN_IN = CONTRACT_STATUSES.filter((status) => frozenAmong(status, ['files']).length > 0);
const frozenContract = and(isNull(contracts.deletedAt), inArray(contracts.status, FILES_FROZEN_IN))!;

const isBulkAdmin = (actor: ContractActor | null) => actor?.permissions.has(CONTRACT_PERMISSIONS.admin) === true;

/** True when the contract `contractId` (an SQL bigint) is in the reader's scope and passes `rule` for them. */
async function contractNamed(reader: AttachmentReader, contractId: SQLWrapper, rule: (a: ContractActor) => SQL): Promise<SQL> {
  const actor = await actorOf(reader);
  if (!actor) return sql`false`;
  return exists(
    reader.db
      .select({ one: sql`1` })
      .from(contracts)
      .where(and(inScope(contracts, reader.scope), sql`${contracts.id} = ${contractId}`, rule(actor))),
  );
}

/**
 * The contract read rule for one contract named by an SQL bigint (a notification's record id):
 * live, and readable by the reader as every contract list decides (contracts.visibility.ts).
 */
export const readableContractWhere = (reader: AttachmentReader, contractId: SQLWrapper): Promise<SQL> => contractNamed(reader, contractId, readableContract);

export function registerContractFileAccess(attachments: AttachmentRegistry): void {
  /** A contract as the files screen names it. */
  const contractRecord = (row: { id: number; title: string }) => ({ type: 'CONTRACT', id: String(row.id), label: row.title });
  attachments.registerReference({
    referenceType: 'CONTRACT',
    readableWhere: (reader, referenceId) => contractNamed(reader, referencedId(referenceId), readableContract),
    describe: async (reader, referenceIds) => {
      const actor = await actorOf(reader);
      const ids = referenceIds.filter((id) => /^[0-9]{1,15}$/.test(id)).map(Number);
      if (!actor || ids.length === 0) return [];
      const rows = await reader.db
        .select({ id: contracts.id, title: contracts.title })
        .from(contracts)
        .where(and(inScope(contracts, reader.scope), inArray(contracts.id, ids), readableContract(actor)));
      return rows.map((row) => ({ referenceId: String(row.id), record: contractRecord(row) }));
    },
    writableWhere: (reader, referenceId) => contractNamed(reader, referencedId(referenceId), editableContract),
    lockedWhere: (reader, referenceId) =>
      exists(reader.db.select({ one: sql`1` }).from(contracts).where(and(inScope(contracts, reader.scope), eq(contracts.id, referencedId(referenceId)), frozenContract))),
  });

  const linksOf = (reader: AttachmentReader, fileKey: SQLWrapper, where: SQL | undefined) =>
    reader.db
      .select({ one: sql`1` })
      .from(contractFiles)
      .innerJoin(contracts, and(eq(contracts.id, contractFiles.contractId), inScope(contracts, reader.scope)))
      .where(and(inScope(contractFiles, reader.scope), sql`${contractFiles.fileKey} = ${fileKey}`, where));
  attachments.registerLink({
    name: 'contract_files',
    attachedWhere: (scope, fileKey) => sql`exists (select 1 from ${contractFiles} where ${inScope(contractFiles, scope)} and ${contractFiles.fileKey} = ${fileKey})`,
    readableWhere: async (reader, fileKey) => {
      const actor = await actorOf(reader);
      return actor ? exists(linksOf(reader, fileKey, readableContract(actor))) : sql`false`;
    },
    writableWhere: async (reader, fileKey) => {
      const actor = await actorOf(reader);
      const editable = actor ? editableContract(actor) : sql`false`;
      return not(exists(linksOf(reader, fileKey, not(sql`coalesce((${editable}), false)`))));
    },
    lockedWhere: (reader, fileKey) => exists(linksOf(reader, fileKey, frozenContract)),
    describe: async (reader, fileKeys) => {
      const actor = await actorOf(reader);
      if (!actor || fileKeys.length === 0) return [];
      const rows = await reader.db
        .selectDistinct({ fileKey: contractFiles.fileKey, id: contracts.id, title: contracts.title })
        .from(contractFiles)
        .innerJoin(contracts, and(eq(contracts.id, contractFiles.contractId), inScope(contracts, reader.scope)))
        .where(and(inScope(contractFiles, reader.scope), inArray(contractFiles.fileKey, [...fileKeys]), readableContract(actor)));
      return rows.map((row) => ({ fileKey: row.fileKey, record: contractRecord(row) }));
    },
  });

  const bulkAttached = (scope: AttachmentReader['scope'], fileKey: SQLWrapper) =>
    sql`exists (select 1 from ${contractBulkRequests} where ${inScope(contractBulkRequests, scope)} and (${contractBulkRequests.sheetFileKey} = ${fileKey} or ${fileKey} = any(${contractBulkRequests.fileKeys})))`;
  attachments.registerLink({
    name: 'contract_bulk_requests',
    attachedWhere: bulkAttached,
    readableWhere: async (reader, fileKey) => (isBulkAdmin(await actorOf(reader)) ? bulkAttached(reader.scope, fileKey) : sql`false`),
    writableWhere: async (reader, fileKey) => (isBulkAdmin(await actorOf(reader)) ? sql`true` : not(bulkAttached(reader.scope, fileKey))),
    describe: async (reader, fileKeys) => {
      if (!isBulkAdmin(await actorOf(reader)) || fileKeys.length === 0) return [];
      const keys = sql`array[${sql.join(fileKeys.map((k) => sql`${k}`), sql`, `)}]::text[]`;
      const rows = await reader.db
        .select({ id: contractBulkRequests.id, sheetFileKey: contractBulkRequests.sheetFileKey, sheetFileName: contractBulkRequests.sheetFileName, fileKeys: contractBulkRequests.fileKeys })
        .from(contractBulkRequests)
        .where(and(inScope(contractBulkRequests, reader.scope), sql`(${contractBulkRequests.sheetFileKey} = any(${keys}) or ${contractBulkRequests.fileKeys} && ${keys})`));
      return rows.flatMap((row) =>
        fileKeys
          .filter((key) => key === row.sheetFileKey || row.fileKeys.includes(key))
          .map((fileKey) => ({ fileKey, record: { type: 'CONTRACT_BULK_REQUEST', id: String(row.id), label: row.sheetFileName } })),
      );
    },
  });
}

/** Notifications about a contract (workflow news, mentions, e-sign news) are exactly as visible as the contract. */
export function registerContractNotificationAccess(registry: NotificationRecordRegistry): void {
  registry.register({ recordType: 'CONTRACT', readableWhere: readableContractWhere });
}
