import { and, eq, exists, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AttachmentReader, AttachmentRegistry } from '../../platform/attachments';
import { inScope } from '../../platform/db/tenancy';
import type { NotificationRecordRegistry } from '../../platform/notifications/notifications';
import { readableFindingWhere } from '../ai-review';
import { AI_RESEARCH_USE, readableAnswerWhere, readableDocumentWhere, readableDraftWhere } from '../research';
import { statuteChangeAlertItems } from './statute-alerts.table';

// An alert item is exactly as visible as its record: a saved chat answer to its chat's owner, a
// review finding to who can read the review (AI review's own rule), an advisory draft as its inquiry
// (the workspace's research users), a library document as its collection (its owner, or the
// workspace's research users when shared): each the owning module's rule. An alert is visible when one of
// its items is. These predicates are the one choke point: the list, the detail, read and dismiss,
// and the notifications that point at an alert all go through them.

/** The files' attachment rules: a review of a file is as visible as the file. */
type Rules = { attachments: AttachmentRegistry };

/** The alerts are read in the research area: its product and permission, whatever the items. */
export function canUseAlerts(reader: Pick<AttachmentReader, 'ctx'>): boolean {
  const principal = reader.ctx.principal;
  return principal?.kind === 'user' && principal.permissions.has(AI_RESEARCH_USE) && reader.ctx.products?.has('AI_STUDIO') === true;
}

/** True when the reader may see the item row of statute_change_alert_items in the query. */
export async function visibleItemWhere(rules: Rules, reader: AttachmentReader): Promise<SQL> {
  const finding = await readableFindingWhere(rules, reader, statuteChangeAlertItems.recordId);
  const { recordId, itemType } = statuteChangeAlertItems;
  return sql`(${or(
    and(eq(itemType, 'REVIEW_FINDING'), finding),
    and(eq(itemType, 'CHAT_ANSWER'), readableAnswerWhere(reader, recordId)),
    and(eq(itemType, 'ADVISORY_DRAFT'), readableDraftWhere(reader, recordId)),
    and(eq(itemType, 'COLLECTION_DOCUMENT'), readableDocumentWhere(reader, recordId)),
  )!})`;
}

/** True when the alert `alertId` names (of the reader's workspace) has an item the reader may see, in the research area. */
export async function visibleAlertWhere(rules: Rules, reader: AttachmentReader, alertId: SQLWrapper): Promise<SQL> {
  if (!canUseAlerts(reader)) return sql`false`;
  const item = await visibleItemWhere(rules, reader);
  return exists(
    reader.db
      .select({ one: sql`1` })
      .from(statuteChangeAlertItems)
      .where(and(inScope(statuteChangeAlertItems, reader.scope), sql`${statuteChangeAlertItems.alertId} = ${alertId}`, item)),
  );
}

/** Notifications about an alert are exactly as visible as the alert (an item the reader can see). */
export function registerStatuteAlertNotificationAccess(registry: NotificationRecordRegistry, rules: Rules): void {
  registry.register({ recordType: 'STATUTE_CHANGE_ALERT', readableWhere: (reader, recordId) => visibleAlertWhere(rules, reader, recordId) });
}
