import type { Tx } from '../db/client';
import type { RequestContext } from '../http/context';
import { auditEvents } from './audit.table';

/**
 * The audit events of the product, one entry per module, each a union of
 * `{ type: "<resource>.<past-tense>", data }` members declared next to the module's code and added
 * here by declaration merging, so that the platform names no module:
 *
 * ```ts
 * declare module '../../platform/audit/audit' {
 *   interface AuditEventsByModule { contracts: ContractsAuditEvent }
 * }
 * ```
 *
 * `AuditEvent` is the union of them all, so readers can still switch on `type` exhaustively.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AuditEventsByModule {}

export type AuditEvent = AuditEventsByModule[keyof AuditEventsByModule];

export type AuditEventType = AuditEvent['type'];

export interface AuditMeta {
  /** Who acted (null: anonymous, e.g. a failed sign-in). */
  actorUserId: number | null;
  /** Whom it concerns, when someone else or nobody acted. Defaults to the actor. */
  subjectUserId?: number | null;
  tenantId?: number | null;
  workspaceId?: number | null;
  ip?: string | null;
  userAgent?: string | null;
}

/** Request facts for an audit row. */
export function auditMetaOf(ctx: Pick<RequestContext, 'ip' | 'userAgent'> | null, actorUserId: number | null, subjectUserId?: number | null): AuditMeta {
  return { actorUserId, subjectUserId: subjectUserId ?? actorUserId, ip: ctx?.ip ?? null, userAgent: ctx?.userAgent?.slice(0, 500) ?? null };
}

/** Writes one audit row; call it with the transaction of the change it records. */
export async function recordAudit<E extends AuditEvent>(tx: Tx, event: E, meta: AuditMeta): Promise<void> {
  await tx.insert(auditEvents).values({
    type: event.type,
    data: event.data,
    actorUserId: meta.actorUserId,
    subjectUserId: meta.subjectUserId ?? meta.actorUserId,
    tenantId: meta.tenantId ?? null,
    workspaceId: meta.workspaceId ?? null,
    ip: meta.ip ?? null,
    userAgent: meta.userAgent ?? null,
  });
}
