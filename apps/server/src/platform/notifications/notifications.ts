import { NOTIFICATION_LIMITS, type NotificationData, type NotificationKind, type NotificationRecordType } from '@legal/api';
import { or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AttachmentReader } from '../attachments';
import type { Tx } from '../db/client';
import type { TenantScope } from '../http/context';
import { notifications } from './notifications.table';

/**
 * In-app notifications, a platform facility like the audit log (docs/decisions/0007): a module
 * calls `notify(tx, scope, ...)` in the transaction of the change it reports, next to its mail,
 * so a rolled-back action leaves no notification. Each points at a record; the module owning that
 * record type registers, through its manifest, who may read it (`NotificationRecordRegistry`), and
 * the notifications module lists and counts only those the reader can still read. Platform code:
 * it names no module.
 */

export interface NotificationInput {
  kind: NotificationKind;
  /** Each gets one row; the actor, duplicates and non-positive ids are left out. */
  recipientUserIds: readonly number[];
  record: { type: NotificationRecordType; id: number };
  /** The record's title as it is now (contract, envelope, seal). */
  title: string;
  data?: NotificationData;
  /** Who acted (never notified of their own action); null for the system or an outside party. */
  actorUserId: number | null;
}

const cut = (value: string | null | undefined, max: number): string | null => {
  if (value === null || value === undefined) return null;
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
};

function storedData(data: NotificationData | undefined): NotificationData {
  const out: NotificationData = {};
  for (const key of ['comment', 'partyName', 'purpose', 'deadline', 'effectiveDate'] as const) {
    const value = cut(data?.[key], NOTIFICATION_LIMITS.textMaxLength);
    if (value !== null) out[key] = value;
  }
  return out;
}

/**
 * Writes the notifications of one change; call it with the transaction of that change. Answers how
 * many rows it wrote. The same kind for the same recipient and record is written once per call.
 */
export async function notify(tx: Tx, scope: TenantScope, inputs: NotificationInput | readonly NotificationInput[]): Promise<number> {
  const seen = new Set<string>();
  const rows: Array<typeof notifications.$inferInsert> = [];
  for (const input of Array.isArray(inputs) ? (inputs as readonly NotificationInput[]) : [inputs as NotificationInput]) {
    for (const recipientUserId of input.recipientUserIds) {
      const key = `${input.kind}:${input.record.type}:${input.record.id}:${recipientUserId}`;
      if (!(recipientUserId > 0) || recipientUserId === input.actorUserId || seen.has(key)) continue;
      seen.add(key);
      rows.push({
        tenantId: scope.tenantId,
        workspaceId: scope.workspaceId,
        recipientUserId,
        kind: input.kind,
        recordType: input.record.type,
        recordId: input.record.id,
        title: cut(input.title, NOTIFICATION_LIMITS.titleMaxLength) ?? '',
        data: storedData(input.data),
        actorUserId: input.actorUserId !== null && input.actorUserId > 0 ? input.actorUserId : null,
      });
    }
  }
  if (rows.length > 0) await tx.insert(notifications).values(rows);
  return rows.length;
}

// Who reads what a notification points at --------------------------------------------------------

/** The reader of notifications: the request, its verified scope and the executor (the attachments' reader). */
export type NotificationReader = AttachmentReader;

type Predicate = SQL | Promise<SQL>;

/** One record type and its read rule over the notification row's `record_id` (bigint). */
export interface NotificationRecordRule {
  recordType: NotificationRecordType;
  /** True when the reader may read the record `recordId` names (the owner's choke point, as SQL). */
  readableWhere(reader: NotificationReader, recordId: SQLWrapper): Predicate;
}

/** A rule's answer as a strict boolean: NULL never counts as readable. */
const strictly = (predicate: SQL) => sql`coalesce((${predicate}), false)`;

/** The read rules of every module, from their manifests' `notificationRecords` at start-up (createServices). */
export class NotificationRecordRegistry {
  private readonly rules = new Map<NotificationRecordType, NotificationRecordRule>();

  /** A rule per record type; registering the same type again replaces it (an app built twice on one set of services). */
  register(rule: NotificationRecordRule): void {
    this.rules.set(rule.recordType, rule);
  }

  get recordTypes(): NotificationRecordType[] {
    return [...this.rules.keys()];
  }

  /**
   * True when the reader may read the record a notification row points at. A record type no module
   * registered is something nobody vouches for: not readable (fail closed).
   */
  async readableWhere(reader: NotificationReader, row: { recordType: SQLWrapper; recordId: SQLWrapper }): Promise<SQL> {
    const ways = await Promise.all(
      [...this.rules.values()].map(async (rule) => sql`(${row.recordType} = ${rule.recordType} and ${strictly(await rule.readableWhere(reader, row.recordId))})`),
    );
    return sql`(${or(sql`false`, ...ways)!})`;
  }
}
