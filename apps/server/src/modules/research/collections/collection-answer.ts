import type { DocumentCitation, Locale } from '@legal/api';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { notFound } from '../../../platform/http/errors';
import { filePages, fileRevisions, files } from '../../files';
import { type AnswerTuning, answerableOf, DEFAULT_TUNING } from '../answer';
import { type CollectionRetrieval, retrieveCollectionPassages, type ScoredDocumentPassage } from './collection-retrieval';
import { readableTo, visibleTo } from './collections.repo';
import { researchCollectionDocuments, researchCollections } from './collections.table';

/**
 * Answers from the team's documents, the way the built-in engine answers from statutes (answer.ts):
 * the passages above the same decline threshold, quoted verbatim under one plain lead sentence,
 * each citation naming the document and page; and a gate as the statutes' (citation-gate.ts): a
 * citation leaves only when its document is still in a collection the asker sees and its quote is
 * exactly that span of that page's extracted text.
 */

export const DOCUMENT_DECLINE_TEXT: Record<Locale, string> = {
  ko: '선택한 컬렉션의 문서에서 근거를 찾지 못했습니다. 질문을 더 구체적으로 해 보세요.',
  en: 'No basis was found in the documents of the chosen collections. Try a more specific question.',
};

/** The passages an answer may quote (the statutes' rule, answerableOf, with the workspace's tuning). */
export function answerableDocumentPassages(retrieval: Pick<CollectionRetrieval, 'passages' | 'understood'>, tuning: AnswerTuning = DEFAULT_TUNING): ScoredDocumentPassage[] {
  return answerableOf(retrieval.passages, retrieval.understood.foreign, tuning);
}

export function documentCitationOf(p: ScoredDocumentPassage, categoryName: string): DocumentCitation {
  return { categoryId: p.categoryId, categoryName, documentId: p.documentId, documentTitle: p.documentTitle, pageNumber: p.pageNumber, quote: p.text, start: p.start, end: p.end };
}

/** 「memo.pdf」 p.3: how answers name a document page. */
export const pageLabel = (c: Pick<DocumentCitation, 'documentTitle' | 'pageNumber'>, locale: Locale) => `「${c.documentTitle}」 ${locale === 'ko' ? `${c.pageNumber}쪽` : `p. ${c.pageNumber}`}`;

/** The extractive answer's pieces: a lead sentence (unless it follows a statute answer), then each page's label and its quote. */
export function extractiveDocumentAnswer(citations: readonly DocumentCitation[], locale: Locale, options: { afterStatutes: boolean }): string {
  const first = citations[0]!;
  const lead = options.afterStatutes
    ? locale === 'ko' ? '\n\n팀 문서에서 관련된 부분:' : "\n\nRelated passages of the team's documents:"
    : locale === 'ko'
      ? `질문과 가장 관련 있는 문서는 ${pageLabel(first, locale)}입니다. 해당 부분을 그대로 인용합니다.`
      : `The passage most relevant to the question is in ${pageLabel(first, locale)}. It is quoted verbatim below.`;
  return lead + citations.map((c) => `\n\n${pageLabel(c, locale)}\n${c.quote}`).join('');
}

/**
 * The citations that still hold: the collection is visible to the user, the document is in it and
 * INDEXED, the page exists (extracted, read) in the file's current revision, and the quote is its
 * text at [start, end). The removed ones are counted.
 */
export async function gateDocumentCitations(db: Db, scope: TenantScope, userId: number, citations: readonly DocumentCitation[]): Promise<{ kept: DocumentCitation[]; removed: number }> {
  if (citations.length === 0) return { kept: [], removed: 0 };
  const documentIds = [...new Set(citations.map((c) => c.documentId))];
  const rows = await db
    .select({ documentId: researchCollectionDocuments.id, collectionId: researchCollectionDocuments.collectionId, revisionId: fileRevisions.id })
    .from(researchCollectionDocuments)
    .innerJoin(researchCollections, and(eq(researchCollections.id, researchCollectionDocuments.collectionId), readableTo(scope, userId)))
    .innerJoin(files, and(inScope(files, scope), eq(files.id, researchCollectionDocuments.fileId)))
    .innerJoin(fileRevisions, and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, files.id), eq(fileRevisions.revision, files.currentRevision)))
    .where(and(inScope(researchCollectionDocuments, scope), inArray(researchCollectionDocuments.id, documentIds), eq(researchCollectionDocuments.status, 'INDEXED')));
  const byDocument = new Map(rows.map((r) => [Number(r.documentId), r]));
  const revisionIds = [...new Set(rows.map((r) => r.revisionId))];
  const pages = revisionIds.length
    ? await db
        .select({ revisionId: filePages.revisionId, pageNumber: filePages.pageNumber, text: filePages.text })
        .from(filePages)
        .where(and(inScope(filePages, scope), inArray(filePages.revisionId, revisionIds), eq(filePages.status, 'done')))
    : [];
  const pageText = new Map(pages.map((p) => [`${p.revisionId}:${p.pageNumber}`, p.text]));
  const kept: DocumentCitation[] = [];
  let removed = 0;
  for (const c of citations) {
    const doc = byDocument.get(c.documentId);
    const text = doc && Number(doc.collectionId) === c.categoryId ? pageText.get(`${doc.revisionId}:${c.pageNumber}`) : undefined;
    if (text !== undefined && c.end > c.start && text.slice(c.start, c.end) === c.quote) kept.push(c);
    else removed++;
  }
  return { kept, removed };
}

/**
 * For a chat asked with collections, or holding attachments: the gated citations of the documents'
 * answerable passages (404 before anything is written when a collection asked for is not in the
 * user's library). `attached` is the chat's own attachment collection, searched with the others and
 * named by `label` in the citations.
 */
export async function chatDocumentCitations(
  db: Db,
  scope: TenantScope,
  userId: number,
  input: { categoryIds: readonly number[]; question: string; today: string; attached?: { collectionId: number; label: string } | null; limit: number; tuning: AnswerTuning },
): Promise<DocumentCitation[]> {
  const wanted = [...new Set(input.categoryIds)];
  const rows = wanted.length
    ? await db.select({ id: researchCollections.id, name: researchCollections.name }).from(researchCollections).where(and(visibleTo(scope, userId), inArray(researchCollections.id, wanted)))
    : [];
  if (rows.length !== wanted.length) throw notFound();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  if (input.attached) names.set(input.attached.collectionId, input.attached.label);
  if (names.size === 0) return [];
  const retrieval = await retrieveCollectionPassages(db, scope, { question: input.question, collectionIds: [...names.keys()], limit: input.limit, today: input.today });
  const proposed = answerableDocumentPassages(retrieval, input.tuning).map((p) => documentCitationOf(p, names.get(p.categoryId) ?? ''));
  return (await gateDocumentCitations(db, scope, userId, proposed)).kept;
}
