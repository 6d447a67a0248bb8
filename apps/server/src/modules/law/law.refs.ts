import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/client';

// Records of other modules cite statute articles as jsonb arrays of objects with `lawSerialNumber`
// and `article` (a finding's legal basis, an answer's citations). These read such arrays in SQL the
// same way wherever they are stored.

/** One cited article: the version (법령MST) and the article key (제4조). */
export interface ArticleRef {
  lawSerialNumber: string;
  article: string;
}

const values = (items: Iterable<string>) => sql.join([...new Set(items)].map((v) => sql`${v}`), sql`, `);

/**
 * True when the jsonb array holds an element whose fields each take one of the given values (a
 * superset of the combinations asked for: pair them up in code). No list may be empty.
 */
export function hasElementWhere(jsonbArray: SQLWrapper, fields: Readonly<Record<string, readonly string[]>>): SQL {
  const conditions = Object.entries(fields).map(([field, among]) => sql`e->>(${field}::text) in (${values(among)})`);
  return sql`exists (select 1 from jsonb_array_elements(${jsonbArray}) e where ${sql.join(conditions, sql` and `)})`;
}

/**
 * True when the jsonb array holds an element naming a version and an article among `refs` (a
 * superset: pair the elements up with `citedAmong`). `refs` must not be empty.
 */
export function citesAnyWhere(jsonbArray: SQLWrapper, refs: readonly ArticleRef[]): SQL {
  return hasElementWhere(jsonbArray, { lawSerialNumber: refs.map((r) => r.lawSerialNumber), article: refs.map((r) => r.article) });
}

/** The elements of a stored array that are among `refs`, once each. */
export function citedAmong(elements: readonly ArticleRef[], refs: readonly ArticleRef[]): ArticleRef[] {
  const wanted = new Set(refs.map((r) => `${r.lawSerialNumber}\u0000${r.article}`));
  const seen = new Set<string>();
  return elements
    .filter((e) => {
      const key = `${e.lawSerialNumber}\u0000${e.article}`;
      if (!wanted.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((e) => ({ lawSerialNumber: e.lawSerialNumber, article: e.article }));
}

/** Every distinct (version, article) the jsonb arrays of a table's rows name (rows matching `where`, when given). */
export async function citedRefsIn(db: Db | Tx, table: PgTable, jsonbArray: SQLWrapper, where?: SQL): Promise<ArticleRef[]> {
  const result = (await db.execute(sql`
    select distinct e->>'lawSerialNumber' as "lawSerialNumber", e->>'article' as article
      from ${table}, jsonb_array_elements(${jsonbArray}) e
     ${where ? sql`where ${where}` : sql``}`)) as unknown as { rows: Array<{ lawSerialNumber: string | null; article: string | null }> };
  return result.rows.filter((r): r is ArticleRef => r.lawSerialNumber !== null && r.article !== null);
}
