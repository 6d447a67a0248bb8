import type { StatuteAlertVia, StatuteKind } from '@legal/api';
import { asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Database, Db, Tx } from '../../platform/db/client';
import { eachInTurn, NO_TURNS } from '../../platform/jobs/in-turns';
import {
  type ArticleChange, articleChange, type ArticleRef, articleRefKey, comparedArticles, implementingArticles, lawStatutes, lowerTitlesOf, versionChanges, versionsOfStatutes,
} from '../law';
import { type DocumentMention, unscopedDocumentsMentioning } from '../research';
import { type CitedIndex, citedIndex, type CitingRecord, documentRecord, recordsCiting } from './statute-alerts.records';
import { statuteVersionChecks } from './statute-alerts.table';
import { type Bearing, planAlerts, writeAlert } from './statute-alerts.write';

// The detection: each stored statute version not compared yet is compared, article by article,
// with the version it supersedes (the previous by 시행일자). For every article that changed, was
// deleted or went away, the records made before the version arrived that rest on it as it read
// before become one alert per workspace with them as items, and their people are notified: review
// findings, saved chat answers and advisory drafts citing it in an older version, library documents
// citing it by name, and any of these citing a decree or rule article that implements it. One
// version a transaction, then marked compared: a second run (or a crash and its retry) writes
// nothing twice, and the unique keys hold if two runs overlap.

type VersionRow = typeof lawStatutes.$inferSelect;
type Version = { lawSerialNumber: string; effectiveDate: string };
/** A version to compare: the one it supersedes, every older one, and the statutes below it (its decree and rules). */
type WorkUnit = { version: VersionRow; previous: Version; older: Version[]; lowerLawIds: string[] };

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

async function markChecked(db: Db | Tx, rows: Array<typeof statuteVersionChecks.$inferInsert>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(statuteVersionChecks).values(rows.slice(i, i + 500)).onConflictDoNothing();
}

/** The 법령IDs of the statutes below each compact title's family (a decree and rule of an Act), from the stored versions. */
async function lawIdsByTitle(db: Db): Promise<Map<string, string[]>> {
  const byTitle = new Map<string, string[]>();
  for (const row of await db.selectDistinct({ lawId: lawStatutes.lawId, compactTitle: lawStatutes.compactTitle }).from(lawStatutes)) {
    byTitle.set(row.compactTitle, [...(byTitle.get(row.compactTitle) ?? []), row.lawId]);
  }
  return byTitle;
}

/**
 * Whether anything may rest on what the version changed: an older version of it cited, the statute
 * cited by name in a document, or a decree or rule below it cited. Most new versions have nothing
 * (the whole corpus on a first start), and are only marked compared.
 */
function concernsAnyone(version: VersionRow, older: readonly Version[], cited: CitedIndex, lowerLawIds: readonly string[]): boolean {
  return older.some((o) => cited.byVersion.has(o.lawSerialNumber)) || cited.mentioned.has(version.lawId) || lowerLawIds.some((id) => cited.statutes.has(id));
}

/** Compares every version not compared yet; the counts of what it wrote. */
export async function detectStatuteChanges(db: Db, options: { inTurnsWith?: Pick<Database, 'yieldToRequests'>; signal?: AbortSignal } = {}): Promise<DetectionResult> {
  const result: DetectionResult = { checked: 0, alerts: 0, items: 0 };
  const pending = await uncheckedVersions(db);
  if (pending.length === 0) return result;
  const cited = await citedIndex(db);
  const versions = await versionsOfStatutes(db, pending.map((v) => v.lawId));
  const titles = await lawIdsByTitle(db);
  const quiet: Array<typeof statuteVersionChecks.$inferInsert> = [];
  const work: WorkUnit[] = [];
  for (const version of pending) {
    const all = versions.get(version.lawId) ?? [];
    const older = all.slice(0, all.findIndex((v) => v.lawSerialNumber === version.lawSerialNumber));
    const previous = older.at(-1);
    const lowerLawIds = lowerTitlesOf(version).flatMap((title) => titles.get(title) ?? []);
    if (!previous || !concernsAnyone(version, older, cited, lowerLawIds)) quiet.push({ lawSerialNumber: version.lawSerialNumber, previousLawSerialNumber: previous?.lawSerialNumber ?? null });
    else work.push({ version, previous, older, lowerLawIds });
  }
  await markChecked(db, quiet);
  result.checked += quiet.length;
  await eachInTurn(options.inTurnsWith ?? NO_TURNS, work, async (unit) => {
    if (options.signal?.aborted) return;
    const written = await checkVersion(db, unit, cited);
    if (!written) return;
    result.checked++;
    result.alerts += written.alerts;
    result.items += written.items;
  });
  return result;
}

/** Of (older version, article) pairs, those whose own text differs from the new version's: a record citing an unchanged text is not told. */
async function differingRefs(db: Db, version: VersionRow, previous: Version, byArticle: ReadonlyMap<string, ArticleChange>, refs: readonly ArticleRef[]): Promise<Set<string>> {
  const newTexts = await comparedArticles(db, version.lawSerialNumber, [...new Set(refs.map((r) => r.article))]);
  const differs = new Set<string>();
  for (const mst of new Set(refs.map((r) => r.lawSerialNumber))) {
    const mine = refs.filter((r) => r.lawSerialNumber === mst).map((r) => r.article);
    const texts = mst === previous.lawSerialNumber ? new Map(mine.map((a) => [a, byArticle.get(a)!.before])) : await comparedArticles(db, mst, mine);
    for (const article of mine) if (articleChange(texts.get(article) ?? null, newTexts.get(article) ?? null) !== null) differs.add(articleRefKey({ lawSerialNumber: mst, article }));
  }
  return differs;
}

interface LowerBearings {
  /** Bearings by (lower version, article) key. */
  byRef: Map<string, Bearing[]>;
  /** Those (lower version, article) pairs. */
  refs: ArticleRef[];
  /** The implementing articles as a document names them (statute and article). */
  mentions: DocumentMention[];
}

type LowerLinks = Awaited<ReturnType<typeof implementingArticles>>[number];

function lowerArticle(lower: LowerLinks, link: LowerLinks['links'][number]): Omit<StatuteAlertVia, 'through'> {
  const { version } = lower;
  return {
    statuteId: version.lawId, statuteTitle: version.title, statuteKind: version.kind as StatuteKind,
    lawSerialNumber: version.lawSerialNumber, effectiveDate: version.effectiveDate, article: link.article, articleTitle: link.articleTitle,
  };
}

/**
 * The decree and rule articles implementing a changed article (in the lower version in force when
 * the new version takes effect), as bearings on the changed article keyed by every (lower version up
 * to that one, article) a record may cite. A rule article may implement it through a decree article
 * ("영 제23조의10에 따른"): rule → decree → Act, with the decree article as `through`.
 */
async function lowerBearings(db: Db, version: VersionRow, previous: Version, changed: readonly string[]): Promise<LowerBearings> {
  const out: LowerBearings = { byRef: new Map(), refs: [], mentions: [] };
  const add = (lower: LowerLinks, link: LowerLinks['links'][number], implemented: string, through: StatuteAlertVia['through']) => {
    const via: StatuteAlertVia = { ...lowerArticle(lower, link), through };
    out.mentions.push({ lawId: lower.version.lawId, article: link.article });
    for (const lawSerialNumber of lower.versions) {
      const ref = { lawSerialNumber, article: link.article };
      const key = articleRefKey(ref);
      if (!out.byRef.has(key)) out.refs.push(ref);
      out.byRef.set(key, [...(out.byRef.get(key) ?? []), { article: implemented, cited: previous, via }]);
    }
  };
  const lowers = await implementingArticles(db, version, changed);
  const direct = new Set<string>();
  for (const lower of lowers) {
    for (const link of lower.links) {
      add(lower, link, link.implements, null);
      direct.add(`${lower.version.lawId}:${link.article}:${link.implements}`);
    }
  }
  for (const decree of lowers.filter((l) => l.version.kind === '시행령')) {
    const decreeLinks = new Map(decree.links.map((link) => [link.article, decree.links.filter((l) => l.article === link.article)]));
    // The rule in force when the new version takes effect, as the decree read then.
    for (const rule of await implementingArticles(db, { ...decree.version, effectiveDate: version.effectiveDate }, [...decreeLinks.keys()])) {
      for (const link of rule.links) {
        for (const decreeLink of decreeLinks.get(link.implements) ?? []) {
          if (direct.has(`${rule.version.lawId}:${link.article}:${decreeLink.implements}`)) continue;
          add(rule, link, decreeLink.implements, lowerArticle(decree, decreeLink));
        }
      }
    }
  }
  return out;
}

const NO_LOWER: LowerBearings = { byRef: new Map(), refs: [], mentions: [] };

/** The library documents citing a changed article, or an implementing one, by name, with their mentions read as versions. */
async function documentRecords(db: Db, version: VersionRow, mentions: readonly DocumentMention[]): Promise<CitingRecord[]> {
  const docs = await unscopedDocumentsMentioning(db, mentions, version.importedAt);
  if (docs.length === 0) return [];
  const versions = await versionsOfStatutes(db, mentions.map((m) => m.lawId));
  return docs.map((doc) => documentRecord(doc, versions, version.importedAt));
}

/**
 * Compares one version with the one it supersedes and writes its alerts, in one transaction; null
 * when another run compared it first.
 */
async function checkVersion(db: Db, unit: WorkUnit, cited: CitedIndex): Promise<{ alerts: number; items: number } | null> {
  const { version, previous, older } = unit;
  const changes = await versionChanges(db, previous.lawSerialNumber, version.lawSerialNumber);
  const byArticle = new Map<string, ArticleChange>(changes.map((c) => [c.article, c]));
  // The decree and rules are read only when something cites them.
  const lower = unit.lowerLawIds.some((id) => cited.statutes.has(id)) ? await lowerBearings(db, version, previous, [...byArticle.keys()]) : NO_LOWER;
  const documents = await documentRecords(db, version, [...[...byArticle.keys()].map((article) => ({ lawId: version.lawId, article })), ...lower.mentions]);
  // The (older version, article) pairs some record cites whose article the new version changed.
  const olderSet = new Set(older.map((o) => o.lawSerialNumber));
  const direct = [
    ...older.flatMap((o) => [...(cited.byVersion.get(o.lawSerialNumber) ?? [])].map((article) => ({ lawSerialNumber: o.lawSerialNumber, article }))),
    ...documents.flatMap((d) => d.cites),
  ].filter((r) => olderSet.has(r.lawSerialNumber) && byArticle.has(r.article));
  const differs = await differingRefs(db, version, previous, byArticle, direct);
  const effectiveDateOf = new Map(older.map((o) => [o.lawSerialNumber, o.effectiveDate]));
  const bearings = (ref: ArticleRef): Bearing[] => {
    const key = articleRefKey(ref);
    if (differs.has(key)) return [{ article: ref.article, cited: { lawSerialNumber: ref.lawSerialNumber, effectiveDate: effectiveDateOf.get(ref.lawSerialNumber)! }, via: null }];
    return lower.byRef.get(key) ?? [];
  };
  // Only records made before the version arrived: one made since (an answer about a past date) chose what it cites.
  const records = [...(await recordsCiting(db, [...direct.filter((r) => differs.has(articleRefKey(r))), ...lower.refs], version.importedAt)), ...documents];
  const groups = planAlerts(records, bearings);

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
