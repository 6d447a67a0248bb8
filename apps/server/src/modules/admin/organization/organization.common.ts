import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../platform/db/client';
import { requirePermission } from '../../../platform/http/access';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import { isUniqueViolation } from '../../../platform/db/pg-errors';
import { conflict, type LocalizedText, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { type AuditEvent, auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { userPrincipal } from '../../auth';

/** What the services of this area use from the application. */
export type Services = Pick<AppServices, 'db'>;
export type Executor = Db | Tx;

/** The caller of a route of this area: a signed-in user whose membership the access check verified. */
export interface Actor {
  userId: number;
  permissions: ReadonlySet<string>;
}

export const ROLE_WRITE = 'workspace.role.write';
export const GROUP_WRITE = 'workspace.group.write';

export function actorOf(ctx: RequestContext): Actor {
  const { userId, permissions } = userPrincipal(ctx);
  return { userId, permissions };
}

/** The caller, who must hold `permission` (changes of this area need more than the admin console). */
export function writerOf(ctx: RequestContext, permission: typeof ROLE_WRITE | typeof GROUP_WRITE): Actor {
  requirePermission(ctx, permission);
  return actorOf(ctx);
}

/** Records an event of this area in the transaction of the change, for the caller's workspace. */
export function audit(tx: Tx, ctx: RequestContext, scope: TenantScope, event: AuditEvent): Promise<void> {
  return recordAudit(tx, event, { ...auditMetaOf(ctx, actorOf(ctx).userId), ...scope });
}


/** 409 for a name already in use; `message` says what kind of thing has it. */
export const nameTaken = (message: LocalizedText) => conflict(message, { field: 'name' });

/**
 * Runs a change whose unique name index may refuse it (a concurrent insert that passed the
 * service's own check): the violation becomes the same 409 as the check's.
 */
export async function withUniqueName<T>(message: LocalizedText, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(message);
    throw error;
  }
}

/** Which ids joined and which left a set. */
export function diffIds(before: readonly number[], after: readonly number[]) {
  const old = new Set(before);
  const next = new Set(after);
  return { added: after.filter((id) => !old.has(id)), removed: before.filter((id) => !next.has(id)) };
}

/** 400 naming each id of a body list that is not in `known` (`body.orderedIds.2`). */
export function requireKnownIds(field: string, ids: readonly number[], known: ReadonlySet<number>, reason: string): void {
  const problems = ids.flatMap((id, index) => (known.has(id) ? [] : [{ field: `${field}.${index}`, reason }]));
  if (problems.length > 0) throw validationError(problems);
}

export const iso = (date: Date) => date.toISOString();

/**
 * `"table"."column"` for correlated subqueries written in SQL: drizzle leaves columns
 * unqualified in single-table queries, so an outer `id` would be captured by the subquery's own
 * table (memberships has an `id` too).
 */
export const qualified = (column: AnyPgColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
