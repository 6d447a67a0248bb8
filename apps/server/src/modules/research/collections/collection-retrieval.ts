import type { CollectionPassage } from '@legal/api';
import { type Db, executorOf } from '../../../platform/db/client';
import type { TenantScope } from '../../../platform/http/context';
import { type UnderstoodQuestion, understandQuestion } from '../query-understanding';
import { B, K1 } from '../bm25';
import { type QueryTerm, queryTerms, statuteNames } from '../retrieval';

/**
 * Retrieval over the team's collections, the statutes' way (retrieval.ts): the question understood
 * and turned into weighted bigram terms by the same code (queryTerms: question frames out, the
 * legal vocabulary's helpers at half weight), Okapi BM25 with the same K1 and B, and the same
 * coverage the decline threshold reads. Statistics are those of the collections searched, inside
 * the caller's workspace only: one tenant's documents never weigh on another's scores.
 */

export interface ScoredDocumentPassage extends CollectionPassage {
  passageId: number;
  coverage: number;
}

export interface CollectionRetrieval {
  understood: UnderstoodQuestion;
  terms: Map<string, QueryTerm>;
  passages: ScoredDocumentPassage[];
}

export async function retrieveCollectionPassages(
  db: Db,
  scope: TenantScope,
  input: { question: string; collectionIds: readonly number[]; limit: number; today: string },
): Promise<CollectionRetrieval> {
  const understood = understandQuestion(input.question, statuteNames(), input.today);
  const terms = queryTerms(understood);
  if (terms.size === 0 || input.collectionIds.length === 0) return { understood, terms, passages: [] };
  const list = [...terms];
  const { rows } = await executorOf(db).executeSql(
    `with docs as (
       select p.id, p.length from research_collection_passages p
       join research_collection_documents d on d.id = p.document_id and d.status = 'INDEXED'
       where p.tenant_id = $1 and p.workspace_id = $2 and p.collection_id = any($3::bigint[])),
     stats as (select count(*)::float8 as n, coalesce(avg(length), 1)::float8 as avgdl from docs),
     q as (select * from unnest($4::text[], $5::float8[], $6::boolean[]) as q(term, weight, strict)),
     w as (
       select q.term, q.strict, q.weight * ln(1 + (stats.n - d.df + 0.5) / (d.df + 0.5)) as idfw
       from q cross join stats
       cross join lateral (
         select count(*)::float8 as df from research_collection_postings po
         join docs on docs.id = po.passage_id
         where po.tenant_id = $1 and po.workspace_id = $2 and po.term = q.term and po.collection_id = any($3::bigint[])) d
       where d.df > 0),
     total as (select coalesce(sum(idfw), 0) as strict_total from w where strict),
     scored as (
       select po.passage_id,
              sum(w.idfw * po.tf * ${K1 + 1} / (po.tf + ${K1} * (${1 - B} + ${B} * docs.length / stats.avgdl))) as score,
              sum(w.idfw) as matched,
              sum(case when w.strict then 0 else w.idfw end) as helpers
       from w
       join research_collection_postings po on po.term = w.term and po.tenant_id = $1 and po.workspace_id = $2 and po.collection_id = any($3::bigint[])
       join docs on docs.id = po.passage_id
       cross join stats
       group by po.passage_id
       order by score desc, po.passage_id
       limit $7)
     select p.id::float8 as id, p.collection_id::float8 as collection_id, p.document_id::float8 as document_id, d.title, p.page_number, p.start, p."end", p.text,
            s.score::float8 as score, (s.matched / nullif(total.strict_total + s.helpers, 0))::float8 as coverage
     from scored s
     join research_collection_passages p on p.id = s.passage_id
     join research_collection_documents d on d.id = p.document_id
     cross join total
     where p.tenant_id = $1 and p.workspace_id = $2
     order by s.score desc, p.id`,
    [scope.tenantId, scope.workspaceId, [...input.collectionIds], list.map(([term]) => term), list.map(([, t]) => t.weight), list.map(([, t]) => t.strict), input.limit],
  );
  type Row = { id: number; collection_id: number; document_id: number; title: string; page_number: number; start: number; end: number; text: string; score: number; coverage: number | null };
  const passages = (rows as Row[]).map((r) => ({
    passageId: Number(r.id), categoryId: Number(r.collection_id), documentId: Number(r.document_id), documentTitle: r.title, pageNumber: Number(r.page_number),
    text: r.text, start: Number(r.start), end: Number(r.end), score: Number(r.score), coverage: Number(r.coverage ?? 0),
  }));
  return { understood, terms, passages };
}
