import type { StatuteAlertVia, StatuteKind } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import { notify, type NotificationInput } from '../../platform/notifications/notifications';
import type { ArticleChange, lawStatutes } from '../law';
import type { CitingRecord, RecordFields } from './statute-alerts.records';
import { statuteChangeAlertItems, statuteChangeAlerts } from './statute-alerts.table';

// The alerts of one new version, planned per workspace and changed article, then written: one alert
// per workspace, version and article (kept when it exists), one item per record (unique keys), and
// the people of the new items notified. A second run writes nothing and tells no one.

type Scope = { tenantId: number; workspaceId: number };
type VersionRow = typeof lawStatutes.$inferSelect;
type Version = { lawSerialNumber: string; effectiveDate: string };

interface PlannedItem {
  fields: RecordFields;
  people: number[];
  cited: Version;
  via: StatuteAlertVia | null;
}

export interface AlertGroup {
  scope: Scope;
  article: string;
  items: PlannedItem[];
}

/** How a record's cited (version, article) bears on the new version: the changed article, and the lower article it went through. */
export interface Bearing {
  article: string;
  cited: Version;
  via: StatuteAlertVia | null;
}

/**
 * Per workspace and changed article, the records bearing on it, one item each: a record citing the
 * article itself wins over one reaching it through a decree article, and the newest version cited wins.
 */
export function planAlerts(records: readonly CitingRecord[], bearings: (ref: CitingRecord['cites'][number]) => readonly Bearing[]): Map<string, AlertGroup> {
  const groups = new Map<string, AlertGroup>();
  for (const record of records) {
    for (const ref of record.cites) {
      for (const bearing of bearings(ref)) {
        const key = `${record.scope.tenantId}:${record.scope.workspaceId}:${bearing.article}`;
        const group = groups.get(key) ?? { scope: record.scope, article: bearing.article, items: [] };
        groups.set(key, group);
        const seen = group.items.find((i) => i.fields.itemType === record.fields.itemType && i.fields.recordId === record.fields.recordId);
        const item = { fields: record.fields, people: record.people, cited: bearing.cited, via: bearing.via };
        if (!seen) group.items.push(item);
        else if (seen.via && !item.via) Object.assign(seen, item);
        else if (!seen.via === !item.via && seen.cited.effectiveDate < item.cited.effectiveDate) seen.cited = item.cited;
      }
    }
  }
  return groups;
}

/** One workspace's alert for one article (kept when it exists) and its items not written yet; their people are told. */
export async function writeAlert(tx: Tx, version: VersionRow, previous: Version, change: ArticleChange, group: AlertGroup): Promise<{ isNew: boolean; items: number }> {
  const { scope } = group;
  const [inserted] = await tx
    .insert(statuteChangeAlerts)
    .values({
      ...scope, statuteId: version.lawId, statuteTitle: version.title, statuteKind: version.kind as StatuteKind, article: change.article, articleTitle: change.before.title,
      changeKind: change.changeKind, movedTo: change.movedTo, oldLawSerialNumber: previous.lawSerialNumber, oldEffectiveDate: previous.effectiveDate,
      newLawSerialNumber: version.lawSerialNumber, newEffectiveDate: version.effectiveDate, newAmendmentKind: version.amendmentKind,
    })
    .onConflictDoNothing()
    .returning({ id: statuteChangeAlerts.id });
  const alertId =
    inserted?.id ??
    (await tx
      .select({ id: statuteChangeAlerts.id })
      .from(statuteChangeAlerts)
      .where(and(inScope(statuteChangeAlerts, scope), eq(statuteChangeAlerts.newLawSerialNumber, version.lawSerialNumber), eq(statuteChangeAlerts.article, change.article))))[0]!.id;
  const written = await tx
    .insert(statuteChangeAlertItems)
    .values(group.items.map((item) => ({ ...scope, alertId, ...item.fields, citedLawSerialNumber: item.cited.lawSerialNumber, citedEffectiveDate: item.cited.effectiveDate, via: item.via })))
    .onConflictDoNothing()
    .returning({ itemType: statuteChangeAlertItems.itemType, recordId: statuteChangeAlertItems.recordId });
  const isWritten = (item: PlannedItem) => written.some((w) => w.itemType === item.fields.itemType && w.recordId === item.fields.recordId);
  const input: NotificationInput = {
    kind: 'statute.ARTICLE_CHANGED', recipientUserIds: [...new Set(group.items.filter(isWritten).flatMap((item) => item.people))], record: { type: 'STATUTE_CHANGE_ALERT', id: alertId },
    title: `${version.title} ${change.article}`, data: { effectiveDate: version.effectiveDate }, actorUserId: null,
  };
  await notify(tx, scope, input);
  return { isNew: inserted !== undefined, items: written.length };
}
