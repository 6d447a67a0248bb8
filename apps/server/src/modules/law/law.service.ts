import type { LegalBasis, StatuteArticle, StatuteKind, StatuteSummary } from '@legal/api';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { findStatuteEntry, type LawIndexEntry, readStatuteSource } from './law.data';
import { type ParsedParagraph, parseArticleKey, parseStatute } from './law.parser';
import { lawArticles, lawStatutes } from './law.table';

/** Rows per INSERT: 13 columns stay well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 1000;

/**
 * A statute article reference. Structurally the playbook's LawReference (ai-review imports this
 * module for legal bases, so this module does not import ai-review: the graph stays acyclic).
 */
export interface LawReference {
  lawName: string;
  article: string;
  paragraph?: number;
}

/** Loads in flight, per database, so that concurrent first uses of a statute import it once. */
const loading = new WeakMap<Db, Map<string, Promise<void>>>();

/**
 * Imports one shipped statute file into the global tables. Idempotent by 법령MST: a version already
 * stored is left alone (a concurrent importer of the same version loses the insert race and skips).
 */
export async function importStatute(db: Db, entry: LawIndexEntry): Promise<boolean> {
  const [existing] = await db.select({ mst: lawStatutes.lawSerialNumber }).from(lawStatutes).where(eq(lawStatutes.lawSerialNumber, entry.lawSerialNumber));
  if (existing) return false;
  const parsed = parseStatute(await readStatuteSource(entry));
  if (parsed.meta.lawSerialNumber !== entry.lawSerialNumber) {
    throw new Error(`${entry.folder}/${entry.file}: 법령MST ${parsed.meta.lawSerialNumber} differs from MANIFEST.csv (${entry.lawSerialNumber})`);
  }
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(lawStatutes)
      .values({
        lawSerialNumber: entry.lawSerialNumber, lawId: parsed.meta.lawId, title: parsed.meta.title, compactTitle: entry.compactTitle,
        kind: entry.kind, lawType: parsed.meta.lawType, effectiveDate: parsed.meta.effectiveDate, promulgationDate: parsed.meta.promulgationDate,
        promulgationNumber: parsed.meta.promulgationNumber, status: parsed.meta.status, articleCount: parsed.articles.length,
        ministries: entry.ministries, amendmentKind: entry.amendmentKind,
      })
      .onConflictDoNothing()
      .returning({ mst: lawStatutes.lawSerialNumber });
    if (inserted.length === 0) return false;
    const rows = parsed.articles.map((a, ordinal) => ({
      lawSerialNumber: entry.lawSerialNumber, ordinal, articleKey: a.key, number: a.number, branch: a.branch, title: a.title, heading: a.heading,
      text: a.text, paragraphs: a.paragraphs, amendmentNotes: a.amendmentNotes, isDeleted: a.isDeleted, isAddendum: a.isAddendum,
    }));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(lawArticles).values(rows.slice(i, i + INSERT_CHUNK));
    return true;
  });
}

/** Makes sure a shipped statute is in the database (imported on first use). */
export async function ensureStatute(db: Db, entry: LawIndexEntry): Promise<void> {
  let inFlight = loading.get(db);
  if (!inFlight) loading.set(db, (inFlight = new Map()));
  let promise = inFlight.get(entry.lawSerialNumber);
  if (!promise) {
    promise = importStatute(db, entry).then(() => undefined).finally(() => inFlight.delete(entry.lawSerialNumber));
    inFlight.set(entry.lawSerialNumber, promise);
  }
  await promise;
}

type ArticleRow = typeof lawArticles.$inferSelect;

/** A stored article as the wire contract spells it. */
export function toStatuteArticle(row: ArticleRow): StatuteArticle {
  return {
    article: row.articleKey, number: row.number, branch: row.branch, title: row.title, heading: row.heading, text: row.text,
    paragraphs: row.paragraphs, amendmentNotes: row.amendmentNotes, isDeleted: row.isDeleted,
  };
}

/** A stored version (or a manifest entry) as the wire contract spells it. */
export function toStatuteSummary(row: { [K in keyof StatuteSummary]: K extends 'kind' ? string : StatuteSummary[K] }): StatuteSummary {
  return {
    lawSerialNumber: row.lawSerialNumber, lawId: row.lawId, title: row.title, kind: row.kind as StatuteKind, lawType: row.lawType,
    effectiveDate: row.effectiveDate, promulgationDate: row.promulgationDate, promulgationNumber: row.promulgationNumber,
  };
}

async function mainArticle(db: Db, lawSerialNumber: string, articleKey: string): Promise<ArticleRow | null> {
  const [row] = await db
    .select()
    .from(lawArticles)
    .where(and(eq(lawArticles.lawSerialNumber, lawSerialNumber), eq(lawArticles.articleKey, articleKey), eq(lawArticles.isAddendum, false)))
    .orderBy(asc(lawArticles.ordinal))
    .limit(1);
  return row ?? null;
}

export interface FoundArticle {
  statute: StatuteSummary;
  article: StatuteArticle;
}

/**
 * An article of the main text (never a 부칙 article of the same number) of the statute a name
 * designates ('하도급법', '하도급거래 공정화에 관한 법률', '상법 시행령'), in the shipped version.
 * Null when the statute or the article is unknown; deleted articles are returned flagged.
 */
export async function findArticle(db: Db, lawName: string, article: string): Promise<FoundArticle | null> {
  const entry = findStatuteEntry(lawName);
  const key = parseArticleKey(article);
  if (!entry || !key) return null;
  await ensureStatute(db, entry);
  const row = await mainArticle(db, entry.lawSerialNumber, key.key);
  return row ? { statute: toStatuteSummary(entry), article: toStatuteArticle(row) } : null;
}

/** A paragraph's text with its items (and sub-items) on their own lines. */
export function paragraphText(paragraph: ParsedParagraph): string {
  const lines = [paragraph.text];
  for (const item of paragraph.items) {
    lines.push(`${item.number}. ${item.text}`);
    for (const sub of item.subItems) lines.push(`  ${sub.key}. ${sub.text}`);
  }
  return lines.filter(Boolean).join('\n');
}

/**
 * Resolved references per database: the shipped statutes never change while the process runs, so a
 * reference resolves once (every review and playbook listing cites the same few hundred articles).
 */
const resolvedByDatabase = new WeakMap<Db, Map<string, LegalBasis | null>>();

/**
 * The references that resolve to an existing, not deleted article (and paragraph, when named) of a
 * shipped statute, with the text in the shipped version; the others are left out.
 */
export async function resolveLegalBasis(db: Db, refs: readonly LawReference[]): Promise<LegalBasis[]> {
  let resolved = resolvedByDatabase.get(db);
  if (!resolved) resolvedByDatabase.set(db, (resolved = new Map()));
  const out: LegalBasis[] = [];
  for (const ref of refs) {
    const key = `${ref.lawName}\u0000${ref.article}\u0000${ref.paragraph ?? ''}`;
    if (!resolved.has(key)) resolved.set(key, await resolveOne(db, ref));
    const basis = resolved.get(key);
    if (basis) out.push(basis);
  }
  return out;
}

async function resolveOne(db: Db, ref: LawReference): Promise<LegalBasis | null> {
  const found = await findArticle(db, ref.lawName, ref.article);
  if (!found || found.article.isDeleted) return null;
  let text = found.article.text;
  if (ref.paragraph !== undefined) {
    const paragraph = found.article.paragraphs.find((p) => p.number === ref.paragraph);
    if (!paragraph || /^삭제\s*(<[^>]*>)?$/u.test(paragraph.text.trim())) return null;
    text = paragraphText(paragraph);
  }
  return {
    lawName: found.statute.title, article: found.article.article, paragraph: ref.paragraph ?? null, articleTitle: found.article.title,
    text, effectiveDate: found.statute.effectiveDate, lawSerialNumber: found.statute.lawSerialNumber,
  };
}
