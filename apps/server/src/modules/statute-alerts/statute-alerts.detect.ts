import type { StatuteKind } from '@legal/api';
import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import { eachInTurn, NO_TURNS } from '../../platform/jobs/in-turns';
import { notify, type NotificationInput } from '../../platform/notifications/notifications';
import { type CitingFinding, unscopedCitedByFindings, unscopedFindingsCiting } from '../ai-review';
import { type ArticleChange, articleChange, type ArticleRef, articleRefKey, comparedArticles, lawStatutes, versionChanges, versionsOfStatutes } from '../law';
import { type CitingAnswer, unscopedAnswersCiting, unscopedCitedByAnswers } from '../research';
import { statuteChangeAlertItems, statuteChangeAlerts, statuteVersionChecks } from './statute-alerts.table';

// The detection: each stored statute version not compared yet is compared, article by article,
// with the version it supersedes (the previous by 시행일자). For every article that changed, was
// deleted or went away, the records made before the version arrived that cite it in an older
// version (review findings' legal bases, saved chat answers' citations) become one alert per
// workspace with them as items, and their people are notified. One version a transaction, then marked compared: a second run (or a crash
// and its retry) writes nothing twice, and the unique keys hold if two runs overlap.

type VersionRow = typeof lawStatutes.$inferSelect;
type Version = { lawSerialNumber: string; effectiveDate: string };

export interface DetectionResult {
  /** Versions compared in this run. */
  checked: number;
  /** Alerts written (new ones). */
  alerts: number;
  /** Items written (new ones). */
  items: number;
}

/** Stored versions not compared yet, by statute and age. */
async function uncheckedVersions(db: Db): Promise<VersionRow[]> {
  const checked = db.select({ mst: statuteVersionChecks.lawSerialNumber }).from(statuteVersionChecks);
  return db.select().from(lawStatutes).where(notInArray(lawStatutes.lawSerialNumber, checked)).orderBy(asc(lawStatutes.lawId), asc(lawStatutes.effectiveDate));
}

/** What any record of any workspace cites, by version: most new versions have nothing cited before them. */
async function citedByVersion(db: Db): Promise<Map<string, Set<string>>> {
  const cited = new Map<string, Set<string>>();
  for (const ref of [...(await unscopedCitedByFindings(db)), ...(await unscopedCitedByAnswers(db))]) {
    cited.set(ref.lawSerialNumber, (cited.get(ref.lawSerialNumber) ?? new Set()).add(ref.article));
  }
  return cited;
}

async function markChecked(db: Db | Tx, rows: Array<typeof statuteVersionChecks.$inferInsert>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(statuteVersionChecks).values(rows.slice(i, i + 500)).onConflictDoNothing();
}

/** Compares every version not compared yet; the counts of what it wrote. */
export async function detectStatuteChanges(db: Db, options: { inTurnsWith?: Pick<Database, 'yieldToRequests'>; signal?: AbortSignal } = {}): Promise<DetectionResult> {
  const result: DetectionResult = { checked: 0, alerts: 0, items: 0 };
  const pending = await uncheckedVersions(db);
  if (pending.length === 0) return result;
  const cited = await citedByVersion(db);
  const versions = await versionsOfStatutes(db, pending.map((v) => v.lawId));
  const quiet: Array<typeof statuteVersionChecks.$inferInsert> = [];
  const work: Array<{ version: VersionRow; previous: Version; older: Version[] }> = [];
  for (const version of pending) {
    const all = versions.get(version.lawId) ?? [];
    const older = all.slice(0, all.findIndex((v) => v.lawSerialNumber === version.lawSerialNumber));
    const previous = older.at(-1);
    // Nothing cites an older version of this statute: nothing to tell anyone (the first import of the corpus).
    if (!previous || !older.some((o) => cited.has(o.lawSerialNumber))) quiet.push({ lawSerialNumber: version.lawSerialNumber, previousLawSerialNumber: previous?.lawSerialNumber ?? null });
    else work.push({ version, previous, older });
  }
  await markChecked(db, quiet);
  result.checked += quiet.length;
  await eachInTurn(options.inTurnsWith ?? NO_TURNS, work, async (unit) => {
    if (options.signal?.aborted) return;
    const written = await checkVersion(db, unit.version, unit.previous, unit.older, cited);
    if (!written) return;
    result.checked++;
    result.alerts += written.alerts;
    result.items += written.items;
  });
  return result;
}

interface PlannedItem {
  itemType: 'REVIEW_FINDING' | 'CHAT_ANSWER';
  recordId: number;
  reviewId: number | null;
  contractId: number | null;
  chatKey: string | null;
  chatMessageKey: string | null;
  title: string;
  question: { ko: string; en: string } | null;
  cited: { lawSerialNumber: string; effectiveDate: string };
  people: number[];
}

/** Per workspace and article, the records citing it in a version whose text the new version changed. */
function planItems(
  findings: readonly CitingFinding[],
  answers: readonly CitingAnswer[],
  applies: (ref: ArticleRef) => boolean,
  effectiveDateOf: ReadonlyMap<string, string>,
): Map<string, { scope: { tenantId: number; workspaceId: number }; article: string; items: PlannedItem[] }> {
  const groups = new Map<string, { scope: { tenantId: number; workspaceId: number }; article: string; items: PlannedItem[] }>();
  const add = (scope: { tenantId: number; workspaceId: number }, ref: ArticleRef, item: Omit<PlannedItem, 'cited'>) => {
    if (!applies(ref)) return;
    const key = `${scope.tenantId}:${scope.workspaceId}:${ref.article}`;
    const group = groups.get(key) ?? { scope, article: ref.article, items: [] };
    groups.set(key, group);
    // One item per record: the newest version it cites the article in.
    const seen = group.items.find((i) => i.itemType === item.itemType && i.recordId === item.recordId);
    const cited = { lawSerialNumber: ref.lawSerialNumber, effectiveDate: effectiveDateOf.get(ref.lawSerialNumber)! };
    if (!seen) group.items.push({ ...item, cited });
    else if (seen.cited.effectiveDate < cited.effectiveDate) seen.cited = cited;
  };
  for (const f of findings) {
    for (const ref of f.cites) {
      add({ tenantId: f.tenantId, workspaceId: f.workspaceId }, ref, {
        itemType: 'REVIEW_FINDING', recordId: f.findingId, reviewId: f.reviewId, contractId: f.contractId, chatKey: null, chatMessageKey: null, title: f.title, question: f.question, people: f.peopleUserIds,
      });
    }
  }
  for (const a of answers) {
    for (const ref of a.cites) {
      add({ tenantId: a.tenantId, workspaceId: a.workspaceId }, ref, {
        itemType: 'CHAT_ANSWER', recordId: a.messageId, reviewId: null, contractId: null, chatKey: a.chatKey, chatMessageKey: a.chatMessageKey, title: a.chatTitle, question: null, people: [a.ownerUserId],
      });
    }
  }
  return groups;
}

/**
 * Compares one version with the one it supersedes and writes its alerts, in one transaction; null
 * when another run compared it first.
 */
async function checkVersion(
  db: Db,
  version: VersionRow,
  previous: Version,
  older: readonly Version[],
  cited: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<{ alerts: number; items: number } | null> {
  const changes = await versionChanges(db, previous.lawSerialNumber, version.lawSerialNumber);
  const byArticle = new Map<string, ArticleChange>(changes.map((c) => [c.article, c]));
  // The (older version, article) pairs some record cites whose article the new version changed.
  const refs: ArticleRef[] = older.flatMap((o) => [...(cited.get(o.lawSerialNumber) ?? [])].filter((a) => byArticle.has(a)).map((article) => ({ lawSerialNumber: o.lawSerialNumber, article })));
  // A record citing an older version than the superseded one is told only if its own text differs from the new text.
  const newTexts = await comparedArticles(db, version.lawSerialNumber, [...new Set(refs.map((r) => r.article))]);
  const differs = new Set<string>();
  for (const mst of new Set(refs.map((r) => r.lawSerialNumber))) {
    const mine = refs.filter((r) => r.lawSerialNumber === mst).map((r) => r.article);
    const texts = mst === previous.lawSerialNumber ? new Map(mine.map((a) => [a, byArticle.get(a)!.before])) : await comparedArticles(db, mst, mine);
    for (const article of mine) if (articleChange(texts.get(article) ?? null, newTexts.get(article) ?? null) !== null) differs.add(articleRefKey({ lawSerialNumber: mst, article }));
  }
  const relevant = refs.filter((r) => differs.has(articleRefKey(r)));
  // Only records made before the version arrived: one made since (an answer about a past date) chose what it cites.
  const [findings, answers] = relevant.length
    ? await Promise.all([unscopedFindingsCiting(db, relevant, version.importedAt), unscopedAnswersCiting(db, relevant, version.importedAt)])
    : [[], []];
  const groups = planItems(findings, answers, (ref) => differs.has(articleRefKey(ref)), new Map(older.map((o) => [o.lawSerialNumber, o.effectiveDate])));

  return db.transaction(async (tx) => {
    // Runs take turns per version: the second sees the first's mark and writes nothing.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('statute-alerts'), hashtext(${version.lawSerialNumber}))`);
    const [done] = await tx.select({ mst: statuteVersionChecks.lawSerialNumber }).from(statuteVersionChecks).where(eq(statuteVersionChecks.lawSerialNumber, version.lawSerialNumber));
    if (done) return null;
    let alerts = 0;
    let items = 0;
    for (const group of groups.values()) {
      const written = await writeAlert(tx, version, previous, byArticle.get(group.article)!, group);
      alerts += written.isNew ? 1 : 0;
      items += written.items;
    }
    await markChecked(tx, [{ lawSerialNumber: version.lawSerialNumber, previousLawSerialNumber: previous.lawSerialNumber, changedArticles: changes.length, alertCount: alerts }]);
    return { alerts, items };
  });
}

/** One workspace's alert for one article (kept when it exists) and its items not written yet; their people are told. */
async function writeAlert(
  tx: Tx,
  version: VersionRow,
  previous: Version,
  change: ArticleChange,
  group: { scope: { tenantId: number; workspaceId: number }; article: string; items: PlannedItem[] },
): Promise<{ isNew: boolean; items: number }> {
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
    .values(
      group.items.map((item) => ({
        ...scope, alertId, itemType: item.itemType, recordId: item.recordId, reviewId: item.reviewId, contractId: item.contractId, chatKey: item.chatKey,
        chatMessageKey: item.chatMessageKey, title: item.title, question: item.question, citedLawSerialNumber: item.cited.lawSerialNumber, citedEffectiveDate: item.cited.effectiveDate,
      })),
    )
    .onConflictDoNothing()
    .returning({ itemType: statuteChangeAlertItems.itemType, recordId: statuteChangeAlertItems.recordId });
  const people = group.items.filter((item) => written.some((w) => w.itemType === item.itemType && w.recordId === item.recordId)).flatMap((item) => item.people);
  const input: NotificationInput = {
    kind: 'statute.ARTICLE_CHANGED', recipientUserIds: people, record: { type: 'STATUTE_CHANGE_ALERT', id: alertId },
    title: `${version.title} ${change.article}`, data: { effectiveDate: version.effectiveDate }, actorUserId: null,
  };
  await notify(tx, scope, input);
  return { isNew: inserted !== undefined, items: written.length };
}
