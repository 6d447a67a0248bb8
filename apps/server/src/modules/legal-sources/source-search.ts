import type { SourceKind } from '@legal/api';
import { count, inArray } from 'drizzle-orm';
import { type Db, executorOf } from '../../platform/db/client';
import { adminRuleUrl, type DrfArticle, ordinanceUrl, precedentUrl } from './drf-client';
import { lawAdminRules, lawLocalOrdinances, lawPrecedents } from './legal-sources.table';

/**
 * The stored precedents, administrative rules and local ordinances as searchable sections, for
 * research (its general categories). Matching is by the research index's terms (character bigrams,
 * lower-case Hangul, Latin and digits: no LIKE wildcards) against each row's text; the caller scores
 * the sections. A precedent's sections are its holdings (판시사항) and summary (판결요지); a rule's or
 * ordinance's, its articles.
 */

export interface SourceSection {
  kind: SourceKind;
  sourceId: string;
  title: string;
  reference: string;
  date: string | null;
  /** HOLDINGS / SUMMARY, or the article key. */
  section: string;
  text: string;
  sourceUrl: string;
}

export interface SourceMatches {
  /** With `withStats`: the rows searched (of the kinds asked for) and per term the rows whose text contains it. */
  rows: number;
  df: Map<string, number>;
  /** The sections of the rows that contain most of the terms (at most `cap` rows a kind). */
  sections: SourceSection[];
}

const TEXT_OF: Record<SourceKind, string> = {
  PRECEDENT: 'search_text',
  ADMIN_RULE: `lower(name || ' ' || articles::text)`,
  LOCAL_ORDINANCE: `lower(name || ' ' || articles::text)`,
};
const TABLE_OF: Record<SourceKind, string> = { PRECEDENT: 'law_precedents', ADMIN_RULE: 'law_admin_rules', LOCAL_ORDINANCE: 'law_local_ordinances' };
const ID_OF: Record<SourceKind, string> = { PRECEDENT: 'precedent_id', ADMIN_RULE: 'serial_number', LOCAL_ORDINANCE: 'serial_number' };
/** What a section is made of (not a precedent's whole judgment text). */
const COLUMNS_OF: Record<SourceKind, string> = {
  PRECEDENT: 'r.precedent_id, r.case_name, r.court_name, r.case_number, r.decision_date::text as decision_date, r.holdings, r.summary',
  ADMIN_RULE: 'r.serial_number, r.name, r.agency, r.effective_date::text as effective_date, r.articles',
  LOCAL_ORDINANCE: 'r.serial_number, r.name, r.government, r.effective_date::text as effective_date, r.articles',
};

type Row = Record<string, unknown>;

const articleSections = (kind: SourceKind, base: Omit<SourceSection, 'section' | 'text' | 'kind'>, articles: DrfArticle[]): SourceSection[] =>
  articles.filter((a) => a.text.trim() !== '').map((a) => ({ kind, ...base, section: a.key, text: a.text }));

function sectionsOf(kind: SourceKind, row: Row): SourceSection[] {
  const s = (key: string) => (row[key] === null || row[key] === undefined ? null : String(row[key]));
  if (kind === 'PRECEDENT') {
    const base = {
      sourceId: s('precedent_id')!, title: s('case_name')!, reference: `${s('court_name')} ${s('case_number')}`, date: s('decision_date'), sourceUrl: precedentUrl(s('precedent_id')!),
    };
    return [['HOLDINGS', s('holdings')], ['SUMMARY', s('summary')]]
      .filter((pair): pair is [string, string] => Boolean(pair[1]?.trim()))
      .map(([section, text]) => ({ kind, ...base, section, text }));
  }
  const serial = s('serial_number')!;
  const isRule = kind === 'ADMIN_RULE';
  const base = { sourceId: serial, title: s('name')!, reference: (isRule ? s('agency') : s('government')) ?? '', date: s('effective_date'), sourceUrl: isRule ? adminRuleUrl(serial) : ordinanceUrl(serial) };
  const articles = (typeof row.articles === 'string' ? JSON.parse(row.articles) : row.articles) as DrfArticle[];
  return articleSections(kind, base, articles ?? []);
}

/** Adds one kind's rows and the rows containing each term to the statistics. */
async function countTerms(db: Db, kind: SourceKind, patterns: string[], terms: readonly string[], result: SourceMatches) {
  const table = TABLE_OF[kind];
  const { rows } = await executorOf(db).executeSql(
    `select t.i::int as i, (select count(*) from ${table} r where ${TEXT_OF[kind]} like t.pattern)::int as df, (select count(*) from ${table})::int as n
     from unnest($1::text[]) with ordinality as t(pattern, i)`,
    [patterns],
  );
  for (const row of rows as Array<{ i: number; df: number }>) {
    const term = terms[Number(row.i) - 1]!;
    result.df.set(term, (result.df.get(term) ?? 0) + Number(row.df));
  }
  result.rows += Number((rows as Array<{ n: number }>)[0]?.n ?? 0);
}

/** The stored rows of these kinds that contain most of the terms, as sections (and with `withStats` each term's document frequency). */
export async function searchStoredSources(db: Db, kinds: readonly SourceKind[], terms: readonly string[], cap = 50, options: { withStats?: boolean } = {}): Promise<SourceMatches> {
  const result: SourceMatches = { rows: 0, df: new Map(terms.map((t) => [t, 0])), sections: [] };
  if (terms.length === 0) return result;
  const patterns = terms.map((t) => `%${t}%`);
  const exec = executorOf(db);
  for (const kind of kinds) {
    const text = TEXT_OF[kind];
    if (options.withStats) await countTerms(db, kind, patterns, terms, result);
    if (cap === 0) continue;
    const { rows } = await exec.executeSql(
      `select ${COLUMNS_OF[kind]}, (select count(*) from unnest($1::text[]) t(pattern) where ${text} like t.pattern)::int as hits
       from ${TABLE_OF[kind]} r where ${text} like any($1::text[])
       order by hits desc, r.${ID_OF[kind]} limit $2`,
      [patterns, cap],
    );
    for (const row of rows as Row[]) result.sections.push(...sectionsOf(kind, row));
  }
  return result;
}

/** The current text of sections (by kind, id and section), to check quotes against: `${kind}:${sourceId}:${section}` -> text. */
export async function sourceSectionTexts(db: Db, refs: ReadonlyArray<{ kind: SourceKind; sourceId: string }>): Promise<Map<string, string>> {
  const ids = (kind: SourceKind) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.sourceId))];
  const out = new Map<string, string>();
  const put = (sections: SourceSection[]) => sections.forEach((s) => out.set(`${s.kind}:${s.sourceId}:${s.section}`, s.text));
  const precedents = ids('PRECEDENT');
  if (precedents.length) {
    for (const p of await db.select().from(lawPrecedents).where(inArray(lawPrecedents.precedentId, precedents))) {
      put(sectionsOf('PRECEDENT', { precedent_id: p.precedentId, case_name: p.caseName, court_name: p.courtName, case_number: p.caseNumber, decision_date: p.decisionDate, holdings: p.holdings, summary: p.summary }));
    }
  }
  for (const [kind, table] of [['ADMIN_RULE', lawAdminRules], ['LOCAL_ORDINANCE', lawLocalOrdinances]] as const) {
    const wanted = ids(kind);
    if (!wanted.length) continue;
    for (const r of await db.select().from(table).where(inArray(table.serialNumber, wanted))) {
      put(articleSections(kind, { sourceId: r.serialNumber, title: r.name, reference: '', date: r.effectiveDate, sourceUrl: '' }, r.articles));
    }
  }
  return out;
}

/** How many texts of each kind are stored (what a super admin reads as "has a source"). */
export async function storedSourceCounts(db: Db): Promise<Record<SourceKind, number>> {
  const [[p], [r], [o]] = await Promise.all([
    db.select({ n: count() }).from(lawPrecedents),
    db.select({ n: count() }).from(lawAdminRules),
    db.select({ n: count() }).from(lawLocalOrdinances),
  ]);
  return { PRECEDENT: Number(p?.n ?? 0), ADMIN_RULE: Number(r?.n ?? 0), LOCAL_ORDINANCE: Number(o?.n ?? 0) };
}
