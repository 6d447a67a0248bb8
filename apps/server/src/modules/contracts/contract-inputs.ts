import { and, eq, inArray, isNull } from 'drizzle-orm';
import { findReadableFiles } from '../files';
import { groups } from '../admin';
import { memberships } from '../auth';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import type { ContractActor } from './contracts.policy';
import type { Executor } from './contracts.repo';
import { contracts } from './contracts.table';
import { visibleTo } from './contracts.visibility';

/**
 * Checks of what a body points at (users, groups, files, other contracts), each answering the
 * problems it finds as `{field, reason}` so that one 400 lists them all (`throwIfAny`).
 */
export type FieldProblem = { field: string; reason: string };

export function throwIfAny(problems: FieldProblem[]): void {
  if (problems.length > 0) throw validationError(problems);
}

/** Every id must be an active member of the workspace. */
export async function memberProblems(db: Executor, scope: TenantScope, userIds: readonly number[], field: string): Promise<FieldProblem[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(inScope(memberships, scope), inArray(memberships.userId, [...userIds]), eq(memberships.status, 'ACTIVE')));
  const active = new Set(rows.map((r) => r.userId));
  return userIds.flatMap((id, i) => (active.has(id) ? [] : [{ field: `${field}.${i}`, reason: 'not an active member of this workspace' }]));
}

export async function ownerProblems(db: Executor, scope: TenantScope, userId: number, field: string): Promise<FieldProblem[]> {
  const problems = await memberProblems(db, scope, [userId], field);
  return problems.map((p) => ({ ...p, field }));
}

export async function groupProblems(db: Executor, scope: TenantScope, groupId: number | null | undefined, field: string): Promise<FieldProblem[]> {
  if (groupId == null) return [];
  const [row] = await db.select({ id: groups.id }).from(groups).where(and(inScope(groups, scope), eq(groups.id, groupId)));
  return row ? [] : [{ field, reason: 'no such group in this workspace' }];
}

/** The one answer for a key that is missing, deleted or hidden from the caller. */
export const NO_SUCH_FILE = 'no such file in this workspace';

/** Who hands over file keys: the request, and the services the files module resolves them with. */
export interface FileCaller {
  services: Pick<AppServices, 'db' | 'attachments'>;
  ctx: RequestContext;
}

/**
 * Every key must be a live arxive file of the workspace that the caller may read (the files
 * module's rule, `findReadableFiles`): a hidden file answers exactly as a missing one.
 */
export async function fileProblems(caller: FileCaller, db: Executor, fileKeys: readonly string[], field: string): Promise<FieldProblem[]> {
  const readable = await findReadableFiles(caller.services, caller.ctx, fileKeys, { db });
  return fileKeys.flatMap((key, i) => (readable.has(key) ? [] : [{ field: `${field}.${i}.fileKey`, reason: NO_SUCH_FILE }]));
}

/**
 * CONTRACT references must name another contract the caller can read: a reference never reveals
 * (or confirms) a contract the caller could not open.
 */
export async function referenceProblems(
  db: Executor,
  scope: TenantScope,
  actor: ContractActor,
  refs: ReadonlyArray<{ field: string; referenceType: string; referenceId?: string | null }>,
  selfId: number | null,
): Promise<FieldProblem[]> {
  const wanted = refs.filter((r) => r.referenceType === 'CONTRACT');
  if (wanted.length === 0) return [];
  const ids = [...new Set(wanted.map((r) => Number(r.referenceId)))];
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(inScope(contracts, scope), inArray(contracts.id, ids), isNull(contracts.deletedAt), visibleTo(actor)));
  const readable = new Set(rows.map((r) => r.id));
  return wanted.flatMap((r) => {
    const id = Number(r.referenceId);
    if (id === selfId) return [{ field: `${r.field}.referenceId`, reason: 'a contract cannot refer to itself' }];
    return readable.has(id) ? [] : [{ field: `${r.field}.referenceId`, reason: 'no such contract' }];
  });
}
