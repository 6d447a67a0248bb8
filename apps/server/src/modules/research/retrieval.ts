import type { ResearchPassage, StatuteKind } from '@legal/api';
import { and, eq, inArray } from 'drizzle-orm';
import { type Db, executorOf } from '../../platform/db/client';
import { LAW_ALIASES, lawIndex, type LawIndexEntry } from '../law';
import { type AnswerTuning, DEFAULT_TUNING } from './answer';
import { fuseRankings } from './fusion';
import { ensureInForceToday, INDEX_STATS_ID } from './in-force-today';
import { embeddingModelRow } from './passage-embeddings';
import type { QuestionVectors } from './question-vectors';
import { type StatuteName, type UnderstoodQuestion, understandQuestion } from './query-understanding';
import { researchPassages, researchPassageTexts } from './research.table';
import { inForceVersionsSql, versionInForce } from './statute-versions';
import { termCounts } from './terms';
import { nearestPassages, type VectorFilter } from './vector-search';

/** BM25 parameters: the usual ones; statute articles vary in length less than web pages do. */
export const K1 = 1.2;
export const B = 0.75;
/** Terms in more than this share of all indexed wordings are stop terms. */
export const COMMON_SHARE = 0.2;

/** Phrases of how a question is asked, not of what: taken out so they neither match nor dilute. */
const QUESTION_FRAMES = [
  '언제까지', '얼마나', '얼마', '무엇', '어떻게', '어떤', '알려줘', '알려주세요', '궁금해', '궁금합니다', '되나요', '하나요', '인가요', '있나요',
  '없나요', '뭐야', '뭐예요', '해야 돼', '해야돼', '해야 하나요', '돼요', '되는지', '하는지', '인지', '나요', '까요', '습니까',
  // colloquial particles and endings the statutes never use
  '한테', '해줘', '돼', '거야', '건가요', '는데', '대요', '래요',
];

export interface ScoredPassage extends ResearchPassage {
  passageId: number;
  lawId: string;
  /** The share of the question's weighted terms the passage contains (0..1): what the decline threshold reads. */
  coverage: number;
  /** The question cited this article by number. */
  cited: boolean;
  /** Cosine to the question's vector when vectors found it (null: BM25 only, or no vectors). */
  cosine: number | null;
}

export interface RetrievalResult {
  asOf: string;
  understood: UnderstoodQuestion;
  passages: ScoredPassage[];
  /** How answers choose among the passages (the workspace's configs; the defaults when not given). */
  tuning?: AnswerTuning;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let namesCache: StatuteName[] | null = null;

/** Every name a question may use for a shipped statute: titles with and without spaces, short names. */
export function statuteNames(): StatuteName[] {
  if (namesCache) return namesCache;
  const names: StatuteName[] = [];
  for (const e of lawIndex().entries) {
    if (e.kind !== '법률') continue;
    names.push({ name: e.compactTitle, folder: e.folder });
    if (e.folder !== e.compactTitle) names.push({ name: e.folder, folder: e.folder });
  }
  for (const [alias, folder] of Object.entries(LAW_ALIASES)) names.push({ name: alias, folder });
  namesCache = names;
  return names;
}

/** The 법령IDs of a statute folder: the Act with its decree and rules. */
export function lawIdsOfFolders(folders: readonly string[]): string[] {
  const wanted = new Set(folders);
  return [...new Set(lawIndex().entries.filter((e) => wanted.has(e.folder)).map((e) => e.lawId))];
}

/**
 * The question's terms. Strict terms are its own words (question frames and the statute names it
 * filters by taken out); a passage missing them covers less of the question. The everyday words the
 * vocabulary knows and the statute terms they stand for help a passage that has them and cost
 * nothing when it has not: 하청 is not evidence of an unanswerable question.
 */
/** Helpers weigh half a word of the question's own: they are the vocabulary's guesses. */
const HELPER_WEIGHT = 0.5;

export interface QueryTerm {
  weight: number;
  strict: boolean;
}

export function queryTerms(understood: UnderstoodQuestion): Map<string, QueryTerm> {
  let text = understood.text;
  for (const name of understood.statuteNames) text = text.replace(new RegExp(`${[...name].map(escapeRegex).join('\\s*')}(?:\\s*(?:시행령|시행규칙))?`, 'gu'), ' ');
  for (const frame of QUESTION_FRAMES) text = text.split(frame).join(' ');
  const everyday = understood.expansions.map((e) => e.from).sort((a, b) => b.length - a.length);
  for (const word of everyday) text = text.replace(new RegExp([...word].map(escapeRegex).join('\\s*'), 'gu'), ' ');
  const terms = new Map<string, QueryTerm>();
  // A lone syllable left over (상 of 민법상) matches everything or nothing; digits stay.
  const add = (source: string, strict: boolean) => {
    for (const term of termCounts(source).keys()) {
      if ([...term].length < 2 && !/\d/u.test(term)) continue;
      if (!terms.get(term)?.strict) terms.set(term, { weight: strict ? 1 : HELPER_WEIGHT, strict });
    }
  };
  add(text, true);
  add([...everyday, ...understood.expansions.flatMap((e) => e.to)].join(' '), false);
  return terms;
}

/**
 * Document frequencies of terms over the whole statute index (each wording once) and its size: the
 * statistics BM25 uses above, for scoring other texts on the same scale (a handful of stored
 * precedents would make a term they lack look rare beyond measure). Kept by the indexer.
 */
export async function corpusTermStats(db: Db, terms: readonly string[]): Promise<{ n: number; df: Map<string, number> }> {
  if (terms.length === 0) return { n: 0, df: new Map() };
  const { rows } = await executorOf(db).executeSql(
    `select q.term, coalesce(d.df, 0)::float8 as df, coalesce((select wordings from research_index_stats where id = ${INDEX_STATS_ID}), 0)::float8 as n
     from unnest($1::text[]) as q(term) left join research_terms d on d.term = q.term`,
    [[...terms]],
  );
  const list = rows as Array<{ term: string; df: number; n: number }>;
  return { n: Number(list[0]?.n ?? 0), df: new Map(list.map((r) => [r.term, Number(r.df)])) };
}

interface ScoreRow {
  id: number;
  score: number;
  coverage: number;
  /** The passage with its text, when the statement was asked for them (the hits a question answers from). */
  passage?: PassageRow;
}

type PassageRow = typeof researchPassages.$inferSelect & { text: string };

/** The passage columns (and the wording's text) the BM25 statement answers with its hits: no second statement for them. */
const PASSAGE_COLUMNS = `rp.law_serial_number, rp.law_id, rp.ordinal, rp.statute_title, rp.kind, rp.effective_date, rp.article_key, rp.article_title,
            rp.heading, rp.text_id::int as text_id, pt.article_text`;

type PassageSqlRow = {
  law_serial_number: string; law_id: string; ordinal: number; statute_title: string; kind: string; effective_date: string; article_key: string;
  article_title: string | null; heading: string | null; text_id: number; article_text: string;
};

const passageOf = (id: number, r: PassageSqlRow): PassageRow => ({
  id, lawSerialNumber: r.law_serial_number, lawId: r.law_id, ordinal: Number(r.ordinal), statuteTitle: r.statute_title, kind: r.kind, effectiveDate: r.effective_date,
  articleKey: r.article_key, articleTitle: r.article_title, heading: r.heading, textId: Number(r.text_id), text: r.article_text,
});

interface Bm25Scope {
  asOf: string;
  today: string;
  /** Only these statutes (법령ID); null for all. */
  lawIds: readonly string[] | null;
  /** Score just these wordings (found by vectors, already in force and in the statutes asked for). */
  only?: readonly number[] | null;
}

/**
 * Where the statement finds the versions in force (`v`), the wordings it scores (`docs`, null: every
 * wording, checked for today's in-force flag once ranked) and the condition on a passage. Today (the
 * common case) reads what indexing materialised (in-force-today.ts); another date works it out
 * (inForceVersionsSql).
 */
function searchedSql(scope: Bm25Scope, param: (value: unknown) => string) {
  const current = scope.asOf === scope.today;
  const v = current ? 'select law_serial_number, law_id from research_in_force_versions' : inForceVersionsSql(`${param(scope.asOf)}::text`, `${param(scope.today)}::text`);
  const lawFilter = scope.lawIds ? `rp.law_id = any(${param(scope.lawIds)}::text[])` : 'true';
  if (scope.only) return { v, lawFilter, docs: `select unnest(${param(scope.only)}::bigint[]) as text_id` };
  if (current && !scope.lawIds) return { v, lawFilter, docs: null };
  const docs = `select distinct rp.text_id from research_passages rp join v on v.law_serial_number = rp.law_serial_number where ${lawFilter}`;
  return { v, lawFilter, docs };
}

/** Best-scored wordings checked for today's in-force flag first, per passage wanted (most are in force: one round is the rule). */
export const FIRST_CANDIDATES_PER_HIT = 4;
/** Each widening checks this many times more (as the vector scan widens); the last round checks the rest. */
export const WIDENING = 8;

/**
 * The `limit` best wordings in force today among those scored: the best few checked for the flag
 * first, then (only when fewer than `limit` of them pass: a repealed statute's wordings, a version
 * not in force yet) eight times as many, then the rest. A round not needed is not run (its condition
 * is a one-time filter of the statement), and each probes the flag index for its own wordings only.
 */
function inForceRoundsSql(lim: string, limit: number): { ctes: string; found: string } {
  const first = limit * FIRST_CANDIDATES_PER_HIT;
  const second = first * WIDENING;
  const probe = (wordings: string) => `select t.id from research_passage_texts t where t.id = any(array(${wordings})) and t.in_force`;
  return {
    ctes: `best as materialized (select *, row_number() over (order by score desc, text_id) as rank from (select * from scored order by score desc, text_id limit ${second}) b),
     ok0 as (${probe(`select text_id from best where rank <= ${first}`)}),
     ok1 as (${probe(`select text_id from best where rank > ${first} and (select count(*) from ok0) < ${lim}`)}),
     rest as (select * from scored where (select count(*) from ok0) + (select count(*) from ok1) < ${lim} order by score desc, text_id offset ${second}),
     ok2 as (${probe('select text_id from rest')})`,
    found: `select text_id, score, matched, helpers from best where text_id in (select id from ok0 union all select id from ok1)
       union all select text_id, score, matched, helpers from rest where text_id in (select id from ok2)
       order by score desc, text_id limit ${lim}`,
  };
}

/**
 * Okapi BM25 over the passages of the versions in force on `asOf`, in one statement that PGlite and
 * PostgreSQL both run. Term statistics (document frequency, average length) are those of the whole
 * index, each distinct wording once, kept by the indexer (research_terms, research_index_stats):
 * stable whatever the date. Wordings are scored from the postings index alone (each posting carries
 * its wording's length); for today the best are then checked for the in-force flag (inForceRoundsSql).
 * Also answers, per passage, the idf-weighted share of the question it covers: matched terms over
 * the strict terms plus the matched helpers.
 */
async function bm25(db: Db, terms: ReadonlyMap<string, QueryTerm>, scope: Bm25Scope, limit: number, withPassages = false): Promise<ScoreRow[]> {
  if (terms.size === 0 || scope.only?.length === 0) return [];
  const list = [...terms];
  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const q = `select * from unnest(${param(list.map(([term]) => term))}::text[], ${param(list.map(([, t]) => t.weight))}::float8[], ${param(list.map(([, t]) => t.strict))}::boolean[]) as q(term, weight, strict)`;
  const lim = param(limit);
  const { v, lawFilter, docs } = searchedSql(scope, param);
  const rounds = docs ? null : inForceRoundsSql(lim, limit);
  const { rows } = await executorOf(db).executeSql(
    `with v as (${v}),
     stats as (select wordings::float8 as n, coalesce((total_length::numeric / nullif(wordings, 0))::float8, 1) as avgdl from research_index_stats where id = ${INDEX_STATS_ID}),
     q as (${q}),
     -- Terms in more than a fifth of all wordings (하여, 경우) weigh little and cost the most postings:
     -- left out of the score and of the coverage alike. A term no wording has counts in the coverage.
     w as (
       select q.term, q.strict, q.weight * ln(1 + (stats.n - d.df + 0.5) / (d.df + 0.5)) as idfw
       from q cross join stats
       cross join lateral (select coalesce((select df from research_terms where term = q.term), 0)::float8 as df) d
       where d.df <= ${COMMON_SHARE} * stats.n),
     total as (select coalesce(sum(idfw), 0) as strict_total from w where strict),
     ${docs ? `docs as (${docs}),` : ''}
     -- The wordings searched, each scored once however many versions share it, from the postings
     -- index alone; then the passages that carry the best.
     scored as ${rounds ? 'materialized' : ''} (
       select po.text_id,
              -- float8 throughout: a numeric constant times the length would make the whole sum numeric (slow).
              sum(w.idfw * po.tf * ${K1 + 1} / (po.tf + ${K1} * (${1 - B} + ${B}::float8 * po.length / stats.avgdl))) as score,
              sum(w.idfw) as matched,
              sum(case when w.strict then 0 else w.idfw end) as helpers
       from w
       join research_postings po on po.term = w.term
       ${docs ? 'join docs on docs.text_id = po.text_id' : ''}
       cross join stats
       group by po.text_id),
     ${rounds ? `${rounds.ctes},` : ''}
     found as (${rounds ? rounds.found : `select * from scored order by score desc, text_id limit ${lim}`})
     select rp.id::int as id, s.score::float8 as score,
            (s.matched / nullif(total.strict_total + s.helpers, 0))::float8 as coverage${withPassages ? `, ${PASSAGE_COLUMNS}` : ''}
     from found s
     join research_passages rp on rp.text_id = s.text_id
     join v on v.law_serial_number = rp.law_serial_number
     ${withPassages ? 'join research_passage_texts pt on pt.id = s.text_id' : ''}
     cross join total
     where ${lawFilter}
     order by s.score desc, rp.id
     limit ${lim}`,
    values,
  );
  return (rows as Array<{ id: number; score: number; coverage: number | null } & PassageSqlRow>).map((r) => ({
    id: Number(r.id), score: Number(r.score), coverage: Number(r.coverage ?? 0), ...(withPassages ? { passage: passageOf(Number(r.id), r) } : {}),
  }));
}

/** Passages with their text (kept on their wording). */
function selectPassages(db: Db) {
  return db
    .select({
      id: researchPassages.id, lawSerialNumber: researchPassages.lawSerialNumber, lawId: researchPassages.lawId, ordinal: researchPassages.ordinal,
      statuteTitle: researchPassages.statuteTitle, kind: researchPassages.kind, effectiveDate: researchPassages.effectiveDate, articleKey: researchPassages.articleKey,
      articleTitle: researchPassages.articleTitle, heading: researchPassages.heading, textId: researchPassages.textId, text: researchPassageTexts.articleText,
    })
    .from(researchPassages)
    .innerJoin(researchPassageTexts, eq(researchPassageTexts.id, researchPassages.textId));
}

function toPassage(row: PassageRow, score: number, coverage: number, cited: boolean, cosine: number | null): ScoredPassage {
  return {
    passageId: row.id, lawId: row.lawId, statuteId: row.lawId, lawSerialNumber: row.lawSerialNumber, statuteTitle: row.statuteTitle, kind: row.kind as StatuteKind,
    effectiveDate: row.effectiveDate, article: row.articleKey, articleTitle: row.articleTitle, heading: row.heading, text: row.text, score, coverage, cited, cosine,
  };
}

/** The passages of articles the question cites by number, in the version in force on asOf. */
async function citedPassages(db: Db, understood: UnderstoodQuestion, asOf: string, today: string): Promise<PassageRow[]> {
  const out: PassageRow[] = [];
  for (const mention of understood.articles) {
    const entry: LawIndexEntry | undefined = lawIndex().entries.find((e) => e.folder === mention.folder && e.kind === mention.kind);
    if (!entry) continue;
    const version = await versionInForce(db, entry.lawId, asOf, today);
    if (!version) continue;
    const [row] = await selectPassages(db).where(and(eq(researchPassages.lawSerialNumber, version.lawSerialNumber), eq(researchPassages.articleKey, mention.article))).limit(1);
    if (row && !out.some((p) => p.id === row.id)) out.push(row);
  }
  return out;
}

export interface RetrieveInput {
  question: string;
  asOf?: string;
  statuteIds?: readonly string[];
  limit: number;
  today: string;
  tuning?: AnswerTuning;
  /** False: the workspace does not search statutes (general categories): no passages. */
  searchesStatutes?: boolean;
  /** The workspace's embedding model, when it has one: its vectors are fused with BM25 (fusion.ts). */
  vectors?: QuestionVectors | null;
}

/** Vectors of the question's model, once some are stored: the question is embedded while BM25 runs. */
async function startQuestionVector(db: Db, vectors: QuestionVectors | null | undefined, question: string) {
  const row = vectors ? await embeddingModelRow(db, vectors.model) : null;
  if (!vectors || !row) return null;
  return { vectors, row, vector: vectors.embed(question) };
}

/**
 * BM25 fused with the passages nearest the question's vector; the BM25 ranking as it is when there
 * are no vectors (no model, none stored yet, the provider failed: logged by `embed`).
 */
async function fusedScores(db: Db, lexical: ScoreRow[], started: Awaited<ReturnType<typeof startQuestionVector>>, terms: ReadonlyMap<string, QueryTerm>, filter: VectorFilter, input: RetrieveInput) {
  const vector = started ? await started.vector : null;
  if (!started || !vector) return lexical.map((hit) => ({ ...hit, cosine: null }));
  const near = await nearestPassages(db, started.vectors.mode, started.row, vector, filter, input.limit, started.vectors.onLoadError);
  const nearOnly = [...new Set(near.filter((n) => !lexical.some((l) => l.id === n.passageId)).map((n) => n.textId))];
  const covered = nearOnly.length > 0 ? await bm25(db, terms, { ...filter, only: nearOnly }, COVERAGE_ROWS) : [];
  return fuseRankings(lexical, near.map((n) => ({ id: n.passageId, cosine: n.cosine })), new Map(covered.map((c) => [c.id, c.coverage])), input.tuning ?? DEFAULT_TUNING, input.limit);
}

/** Enough rows for the coverage of every passage of the vector hits' wordings. */
const COVERAGE_ROWS = 10_000;

/**
 * The passages that answer a question best, in the versions in force on the date asked about
 * (the explicit asOf, else the date the question names, else today). Statutes the question names
 * narrow the search to them (their decrees and rules included) unless that finds nothing.
 */
export async function retrievePassages(db: Db, input: RetrieveInput): Promise<RetrievalResult> {
  const understood = understandQuestion(input.question, statuteNames(), input.today);
  const asOf = input.asOf ?? understood.asOf ?? input.today;
  if (input.searchesStatutes === false) return { asOf, understood, passages: [], tuning: input.tuning };
  const questionVector = await startQuestionVector(db, input.vectors, input.question);
  const terms = queryTerms(understood);
  const explicit = input.statuteIds && input.statuteIds.length > 0 ? [...input.statuteIds] : null;
  const named = understood.statutes.length > 0 ? lawIdsOfFolders(understood.statutes) : null;
  let lawIds = explicit ?? named;
  // Today's versions are materialised at indexing; the first question of a day (or after indexing) works them out.
  if (asOf === input.today) await ensureInForceToday(db, input.today);
  let lexical = await bm25(db, terms, { asOf, today: input.today, lawIds }, input.limit, true);
  // A statute named but silent on these words: search them all. Not for a past date, where the
  // named statute may simply not have existed yet (the answer must not borrow another statute).
  if (lexical.length === 0 && !explicit && named && asOf >= input.today) {
    lawIds = null;
    lexical = await bm25(db, terms, { asOf, today: input.today, lawIds: null }, input.limit, true);
  }
  const scored = await fusedScores(db, lexical, questionVector, terms, { asOf, today: input.today, lawIds }, input);

  const cited = await citedPassages(db, understood, asOf, input.today);
  // BM25's hits came with their passages; only those vectors alone found are read here. Cited ones lead, not twice.
  const isCited = (id: number) => cited.some((c) => c.id === id);
  const byId = new Map(lexical.flatMap((l) => (l.passage && !isCited(l.id) ? [[l.id, l.passage] as const] : [])));
  const ids = scored.map((s) => s.id).filter((id) => !isCited(id) && !byId.has(id));
  const rows = ids.length > 0 ? await selectPassages(db).where(inArray(researchPassages.id, ids)) : [];
  for (const r of rows) byId.set(r.id, r);
  const top = scored[0]?.score ?? 0;
  const passages = [
    ...cited.filter((c) => !explicit || explicit.includes(c.lawId)).map((c) => toPassage(c, top + 1, 1, true, null)),
    ...scored.filter((s) => byId.has(s.id)).map((s) => toPassage(byId.get(s.id)!, s.score, s.coverage, false, s.cosine)),
  ].slice(0, input.limit);
  return { asOf, understood, passages, tuning: input.tuning };
}
