import type { ResearchPassage, StatuteKind } from '@legal/api';
import { and, eq, inArray } from 'drizzle-orm';
import { type Db, executorOf } from '../../platform/db/client';
import { LAW_ALIASES, lawIndex, type LawIndexEntry } from '../law';
import { type AnswerTuning, DEFAULT_TUNING } from './answer';
import { bestWordings, COMMON_SHARE, weightedTerms } from './bm25';
import { fuseRankings } from './fusion';
import { ensureInForceToday, INDEX_STATS_ID, type IndexState, indexState } from './in-force-today';
import { embeddingModelRow } from './passage-embeddings';
import type { QuestionVectors } from './question-vectors';
import { type StatuteName, type UnderstoodQuestion, understandQuestion } from './query-understanding';
import { researchPassages, researchPassageTexts } from './research.table';
import { inForceVersionsSql, versionInForce } from './statute-versions';
import { type TermIndex, termIndexOf } from './term-index';
import { termCounts } from './terms';
import { nearestPassages, type VectorFilter } from './vector-search';

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
  /** The passage with its text, when asked for (the hits a question answers from). */
  passage?: PassageRow;
}

type PassageRow = typeof researchPassages.$inferSelect & { text: string };

/** The passage columns (and the wording's text) read with the best wordings' passages when asked for: no second statement for them. */
const PASSAGE_COLUMNS = `rp.law_serial_number, rp.law_id, rp.ordinal, rp.statute_title, rp.kind, rp.effective_date, rp.article_key, rp.article_title,
            rp.heading, pt.article_text`;

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
  /** The index's state read for this question (its statistics; what the held lists depend on). */
  state: IndexState;
}

/**
 * Where the statements find the versions in force (`v`) and the condition on a passage. Today (the
 * common case) reads what indexing materialised (in-force-today.ts); another date works it out
 * (inForceVersionsSql).
 */
function searchedSql(scope: Bm25Scope, param: (value: unknown) => string) {
  const v = scope.asOf === scope.today ? 'select law_serial_number, law_id from research_in_force_versions' : inForceVersionsSql(`${param(scope.asOf)}::text`, `${param(scope.today)}::text`);
  const lawFilter = scope.lawIds ? `rp.law_id = any(${param(scope.lawIds)}::text[])` : 'true';
  return { v, lawFilter };
}

/**
 * Which wordings a scope searches: those given, those flagged in force today (all statutes), or the
 * wordings of the versions in force on the date among the statutes asked for (read once per
 * generation of the index and held).
 */
async function searchedWordings(db: Db, index: TermIndex, scope: Bm25Scope): Promise<(id: number) => boolean> {
  if (scope.only) {
    const only = new Set(scope.only);
    return (id) => only.has(id);
  }
  if (scope.asOf === scope.today && !scope.lawIds) {
    const flags = await index.inForceToday(db);
    return (id) => flags[id] === 1;
  }
  const values: unknown[] = [];
  const { v, lawFilter } = searchedSql(scope, (value) => `$${values.push(value)}`);
  const key = `${scope.asOf}|${scope.asOf === scope.today ? '' : scope.today}|${scope.lawIds?.join(',') ?? '*'}`;
  const set = await index.wordingSet(db, key, `select distinct rp.text_id::int as text_id from research_passages rp join (${v}) v on v.law_serial_number = rp.law_serial_number where ${lawFilter}`, values);
  return (id) => set.has(id);
}

/**
 * How long the index must have held still before a question starts reading every list ahead: while
 * indexing (a first start) every version indexed changes it, and reading all lists again at each
 * question would compete with the indexer for PGlite's one connection.
 */
const READ_AHEAD_AFTER_MS = 30_000;

/** The process's term index, told the index's state (what its lists and sets depend on). */
function syncedTermIndex(db: Db, state: IndexState): TermIndex {
  const index = termIndexOf(db);
  index.sync({ postings: `${state.wordings}:${state.totalLength}`, versions: `${state.from}:${state.until}:${state.stored}:${state.lastPassage}` });
  return index;
}

/**
 * Reads the posting lists into this process ahead of the questions (the first question would
 * start it anyway): after indexing, so that the first questions of a server read only passages.
 */
export async function readTermIndexAhead(db: Db): Promise<void> {
  const state = await indexState(db);
  await syncedTermIndex(db, state).readAhead(db, COMMON_SHARE * state.wordings);
}

/**
 * Okapi BM25 over the passages of the versions in force on `asOf`. Term statistics (document
 * frequency, average length) are those of the whole index, each distinct wording once, kept by the
 * indexer (research_terms, research_index_stats): stable whatever the date. The wordings are scored
 * from their terms' posting lists, which the process holds (term-index.ts); the database answers the
 * lists it does not hold yet and the passages that carry the best wordings.
 */
async function bm25(db: Db, terms: ReadonlyMap<string, QueryTerm>, scope: Bm25Scope, limit: number, withPassages = false): Promise<ScoreRow[]> {
  if (terms.size === 0 || scope.only?.length === 0) return [];
  const { state } = scope;
  const index = syncedTermIndex(db, state);
  const n = state.wordings;
  const lists = await index.postings(db, [...terms.keys()], COMMON_SHARE * n);
  // A process that did not index (or started reading before indexing ended) reads the rest ahead once the index holds still.
  if (index.heldFor(READ_AHEAD_AFTER_MS)) void index.readAhead(db, COMMON_SHARE * n);
  const { weighted, strictTotal } = weightedTerms(terms, lists, n);
  const searched = await searchedWordings(db, index, scope);
  const found = bestWordings(index, weighted, strictTotal, n > 0 ? state.totalLength / n : 1, searched, limit);
  if (found.length === 0) return [];

  const values: unknown[] = [];
  const param = (value: unknown) => `$${values.push(value)}`;
  const { v, lawFilter } = searchedSql(scope, param);
  const { rows } = await executorOf(db).executeSql(
    `with v as (${v})
     select rp.id::int as id, rp.text_id::int as text_id${withPassages ? `, ${PASSAGE_COLUMNS}` : ''}
     from research_passages rp
     join v on v.law_serial_number = rp.law_serial_number
     ${withPassages ? 'join research_passage_texts pt on pt.id = rp.text_id' : ''}
     where rp.text_id = any(${param(found.map((f) => f.textId))}::bigint[]) and ${lawFilter}`,
    values,
  );
  const byWording = new Map(found.map((f) => [f.textId, f]));
  return (rows as Array<{ id: number } & PassageSqlRow>)
    .map((r) => ({ row: r, wording: byWording.get(Number(r.text_id))!, id: Number(r.id) }))
    .sort((a, b) => b.wording.score - a.wording.score || a.id - b.id)
    .slice(0, limit)
    .map(({ row, wording, id }) => ({ id, score: wording.score, coverage: wording.coverage, ...(withPassages ? { passage: passageOf(id, row) } : {}) }));
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
async function fusedScores(db: Db, lexical: ScoreRow[], started: Awaited<ReturnType<typeof startQuestionVector>>, terms: ReadonlyMap<string, QueryTerm>, filter: VectorFilter, state: IndexState, input: RetrieveInput) {
  const vector = started ? await started.vector : null;
  if (!started || !vector) return lexical.map((hit) => ({ ...hit, cosine: null }));
  const near = await nearestPassages(db, started.vectors.mode, started.row, vector, filter, input.limit, started.vectors.onLoadError);
  const nearOnly = [...new Set(near.filter((n) => !lexical.some((l) => l.id === n.passageId)).map((n) => n.textId))];
  const covered = nearOnly.length > 0 ? await bm25(db, terms, { ...filter, only: nearOnly, state }, COVERAGE_ROWS) : [];
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
  const state = asOf === input.today ? await ensureInForceToday(db, input.today) : await indexState(db);
  let lexical = await bm25(db, terms, { asOf, today: input.today, lawIds, state }, input.limit, true);
  // A statute named but silent on these words: search them all. Not for a past date, where the
  // named statute may simply not have existed yet (the answer must not borrow another statute).
  if (lexical.length === 0 && !explicit && named && asOf >= input.today) {
    lawIds = null;
    lexical = await bm25(db, terms, { asOf, today: input.today, lawIds: null, state }, input.limit, true);
  }
  const scored = await fusedScores(db, lexical, questionVector, terms, { asOf, today: input.today, lawIds }, state, input);

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
