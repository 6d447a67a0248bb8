import { CONTRACT_STATUSES, CONTRACT_TYPES, type ContractSearchV4BodySchema, type ContractSortField, KEYWORD_TARGETS, type KeywordTarget } from '@legal/api';
import { and, eq, exists, gte, inArray, isNull, lte, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { fileRevisions, files } from '../../files';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { validationError } from '../../../platform/http/errors';
import type { ContractActor } from '../contracts.policy';
import { HOME_TIME_ZONE } from '../contracts.state';
import { contractColumns, type Executor, presentedStatusSql, summaryColumns } from '../contracts.repo';
import { contractBookmarks, contractFiles, contractHashtags, contracts, hashtags } from '../contracts.table';
import { idAmong, visibleTo } from '../contracts.visibility';

/**
 * The SQL of contract search: the visibility rule, the filters, the Korean keyword match, the
 * whitelisted sort and the keyset cursor of scroll search.
 */

export type SearchFilter = z.output<typeof ContractSearchV4BodySchema>;

export { HOME_TIME_ZONE };
const MAX_KEYWORD_TOKENS = 10;

/** The contract's own fields a keyword can target, in the order the `grams` column joins them. */
const FIELD_TEXT = {
  TITLE: sql`${contracts.title}`,
  MEMO: sql`coalesce(${contracts.memo}, '')`,
  COUNTERPARTY: sql`${contracts.counterpartyNames}`,
  HASHTAG: sql`${contracts.hashtagNames}`,
} as const satisfies Record<Exclude<KeywordTarget, 'CONTENT'>, SQL>;
const FIELDS = Object.keys(FIELD_TEXT) as Array<keyof typeof FIELD_TEXT>;

/**
 * A two-letter token (no space or punctuation) is its own only bigram, and a bigram never
 * straddles two words or two fields: `grams @> ko_bigrams(token)` alone is then exactly "occurs
 * as a substring".
 */
const isOwnBigram = (token: string) => /^[\p{L}\p{N}]{2}$/u.test(token);

/**
 * One keyword token over the contract's own fields OR the text of its files:
 * `(grams @> ko_bigrams(token) AND strpos(field, token) > 0 ...) OR id = ANY(ARRAY(ids whose files
 * match))`. Both sides are index conditions on `contracts` (the GIN bigram index and the primary
 * key), so PostgreSQL combines them in one BitmapOr, and that bitmap with the visibility rule's
 * (BitmapAnd) before it reads a single row: only the rows that match and may be read are fetched.
 * The file side is an uncorrelated set computed once per query. `strpos` confirms that the token
 * really occurs as a substring; a one-character token has no bigram and is matched by `strpos`
 * alone. For a two-letter token (the most common Korean search: a two-syllable word) over every
 * field, and always over a file's text, the bigram index is exact and the row-by-row `strpos`
 * (over whole documents, for files) is skipped.
 */
function tokenMatch(db: Executor, scope: TenantScope, token: string, targets: ReadonlySet<KeywordTarget>): SQL | undefined {
  const gramsOf = (column: SQL | PgColumn) => ([...token].length >= 2 ? sql`${column} @> ko_bigrams(${token})` : undefined);
  const contains = (text: SQL) => sql`strpos(lower(${text}), ${token}) > 0`;
  const exact = isOwnBigram(token);
  const fields = FIELDS.filter((f) => targets.has(f));
  const byFields =
    fields.length === 0
      ? undefined
      : exact && fields.length === FIELDS.length
        ? gramsOf(contracts.grams)
        : and(gramsOf(contracts.grams), or(...fields.map((f) => contains(FIELD_TEXT[f]))));
  const byContent = targets.has('CONTENT')
    ? idAmong(
        db
          .select({ id: contractFiles.contractId })
          .from(contractFiles)
          .innerJoin(files, and(eq(files.fileKey, contractFiles.fileKey), inScope(files, scope), isNull(files.deletedAt)))
          .innerJoin(fileRevisions, and(eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision), inScope(fileRevisions, scope)))
          .where(and(inScope(contractFiles, scope), gramsOf(sql`${fileRevisions.grams}`), exact ? undefined : contains(sql`coalesce(${fileRevisions.extractedText}, '')`))),
      )
    : undefined;
  return or(byFields, byContent);
}

export function keywordTokens(keyword: string | undefined): string[] {
  if (!keyword) return [];
  return [...new Set(keyword.normalize('NFC').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_KEYWORD_TOKENS);
}

const dateBetween = (column: PgColumn, range: { start?: string; end?: string } | undefined) =>
  range ? and(range.start ? gte(column, range.start) : undefined, range.end ? lte(column, range.end) : undefined) : undefined;

/** Every condition of a search: the workspace, live rows, what the caller may read, the filters. */
export function searchConditions(db: Executor, scope: TenantScope, actor: ContractActor, f: SearchFilter): SQL | undefined {
  const targets = new Set<KeywordTarget>(f.keywordTargets ?? KEYWORD_TARGETS);
  const ownBookmark = exists(
    db
      .select({ one: sql`1` })
      .from(contractBookmarks)
      .where(and(inScope(contractBookmarks, scope), eq(contractBookmarks.contractId, contracts.id), eq(contractBookmarks.userId, actor.userId))),
  );
  return and(
    inScope(contracts, scope),
    isNull(contracts.deletedAt),
    visibleTo(actor),
    ...keywordTokens(f.keyword).map((token) => tokenMatch(db, scope, token, targets)),
    f.contractTypes?.length ? inArray(contracts.contractType, f.contractTypes) : undefined,
    f.statuses?.length ? inArray(presentedStatusSql, f.statuses) : undefined,
    f.ownerIds?.length ? inArray(contracts.ownerUserId, f.ownerIds) : undefined,
    f.groupIds?.length ? inArray(contracts.groupId, f.groupIds) : undefined,
    f.hashtags?.length
      ? exists(
          db
            .select({ one: sql`1` })
            .from(contractHashtags)
            .innerJoin(hashtags, eq(hashtags.id, contractHashtags.hashtagId))
            .where(
              and(
                inScope(contractHashtags, scope),
                eq(contractHashtags.contractId, contracts.id),
                inArray(sql`lower(${hashtags.name})`, f.hashtags.map((h) => h.toLowerCase())),
              ),
            ),
        )
      : undefined,
    f.createdDate?.start ? sql`${contracts.createdAt} >= (${f.createdDate.start}::date)::timestamp AT TIME ZONE ${HOME_TIME_ZONE}` : undefined,
    f.createdDate?.end ? sql`${contracts.createdAt} < (${f.createdDate.end}::date + 1)::timestamp AT TIME ZONE ${HOME_TIME_ZONE}` : undefined,
    dateBetween(contracts.signedDate, f.signedDate),
    dateBetween(contracts.startDate, f.startDate),
    dateBetween(contracts.endDate, f.endDate),
    f.amountMin !== undefined ? sql`${contracts.amount} >= ${f.amountMin}::numeric` : undefined,
    f.amountMax !== undefined ? sql`${contracts.amount} <= ${f.amountMax}::numeric` : undefined,
    f.currency ? eq(contracts.currency, f.currency) : undefined,
    f.isBookmarked === true ? ownBookmark : f.isBookmarked === false ? not(ownBookmark) : undefined,
  );
}

// Sorting ----------------------------------------------------------------------------------------

export const SORT_COLUMNS = {
  createdAt: contracts.createdAt,
  updatedAt: contracts.updatedAt,
  title: contracts.title,
  contractType: contracts.contractType,
  status: presentedStatusSql,
  signedDate: contracts.signedDate,
  startDate: contracts.startDate,
  endDate: contracts.endDate,
  amount: contracts.amount,
} as const satisfies Record<ContractSortField, unknown>;

export type SortDirection = 'asc' | 'desc';

/** Rows without a value come last in both directions; the id breaks ties in the same direction. */
export function orderBy(sorts: ReadonlyArray<{ field: ContractSortField; direction: SortDirection }>): SQL[] {
  const direction = (d: SortDirection) => sql.raw(d === 'asc' ? 'ASC' : 'DESC');
  const last = sorts.at(-1)?.direction ?? 'desc';
  return [...sorts.map((s) => sql`${SORT_COLUMNS[s.field]} ${direction(s.direction)} NULLS LAST`), sql`${contracts.id} ${direction(last)}`];
}

export async function searchPage(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db.select(summaryColumns).from(contracts).where(where).orderBy(...order).limit(limit).offset(offset);
}

/**
 * One page of matches and their total in one statement, so the matches are found once, not once
 * for the page and again for the count: the inner query counts the matches with a window count
 * over narrow rows and keeps the page's ids; only those rows are read whole. A page past the
 * last has no row to carry the total, so it is counted on its own. Worth it when every match has
 * to be found before sorting anyway (a keyword search through the bigram index); a search that
 * can walk a sort index and stop after one page is better served by `searchPage` and
 * `countMatches` side by side.
 */
export async function searchPageWithTotal(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const page = db
    .select({ id: contracts.id, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
    .from(contracts)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
    .as('page');
  const found = await db
    .select({ row: summaryColumns, total: page.total })
    .from(contracts)
    .innerJoin(page, eq(page.id, contracts.id))
    .orderBy(...order);
  const total = found[0]?.total ?? (offset === 0 ? 0 : await countMatches(db, where));
  return { rows: found.map((f) => f.row), total };
}

export async function countMatches(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contracts).where(where);
  return Number(row?.n ?? 0);
}

// Keyset cursor ------------------------------------------------------------------------------------

const TIMESTAMP_FIELDS = new Set<ContractSortField>(['createdAt', 'updatedAt']);
const DATE_FIELDS = new Set<ContractSortField>(['signedDate', 'startDate', 'endDate']);

/**
 * The sort value as text that converts back to exactly the stored value: timestamps keep their
 * microseconds (a JavaScript Date would drop them and skip or repeat rows).
 */
function cursorText(field: ContractSortField): SQL<string | null> {
  const column = SORT_COLUMNS[field];
  if (TIMESTAMP_FIELDS.has(field)) return sql<string | null>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  return sql<string | null>`${column}::text`;
}

function cursorValue(field: ContractSortField, value: string): SQL {
  if (TIMESTAMP_FIELDS.has(field)) return sql`${value}::timestamptz`;
  if (DATE_FIELDS.has(field)) return sql`${value}::date`;
  if (field === 'amount') return sql`${value}::numeric`;
  return sql`${value}`;
}

const SORT_VALUE_FORMATS: Partial<Record<ContractSortField, (v: string) => boolean>> = {
  createdAt: (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v) && !Number.isNaN(Date.parse(v)),
  updatedAt: (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(v) && !Number.isNaN(Date.parse(v)),
  signedDate: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  startDate: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  endDate: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  amount: (v) => /^\d{1,16}(\.\d{1,4})?$/.test(v),
  contractType: (v) => (CONTRACT_TYPES as readonly string[]).includes(v),
  status: (v) => (CONTRACT_STATUSES as readonly string[]).includes(v),
};

/** A sortValue must be one this search could have answered (400 on body.sortValue otherwise). */
export function checkSortValue(field: ContractSortField, value: string | null | undefined): void {
  if (value === null || value === undefined) return;
  const valid = SORT_VALUE_FORMATS[field];
  if (valid && !valid(value)) throw validationError([{ field: 'body.sortValue', reason: `not a ${field} value of a previous answer` }]);
}

/**
 * Rows strictly after the cursor (value, id) in the order `field direction NULLS LAST, id
 * direction`. A null value means the previous page ended among the rows without a value.
 */
export function afterCursor(field: ContractSortField, direction: SortDirection, value: string | null, tieBreaker: number): SQL {
  const column = SORT_COLUMNS[field];
  const beyond = (a: SQL | PgColumn, b: SQL | number) => (direction === 'asc' ? sql`${a} > ${b}` : sql`${a} < ${b}`);
  if (value === null) return and(isNull(column), beyond(contracts.id, tieBreaker))!;
  const v = cursorValue(field, value);
  return or(beyond(column, v), and(sql`${column} = ${v}`, beyond(contracts.id, tieBreaker)), isNull(column))!;
}

export async function scrollRows(db: Executor, where: SQL | undefined, field: ContractSortField, direction: SortDirection, limit: number) {
  return db
    .select({ ...contractColumns, sortValue: cursorText(field) })
    .from(contracts)
    .where(where)
    .orderBy(...orderBy([{ field, direction }]))
    .limit(limit);
}
