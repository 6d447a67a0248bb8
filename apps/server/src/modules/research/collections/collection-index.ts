import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { inScope } from '../../../platform/db/tenancy';
import { type AnyJob, defineJob } from '../../../platform/jobs/jobs';
import type { AppServices } from '../../../platform/services';
import { filePages, fileRevisions, files } from '../../files';
import { termCounts, termLength } from '../terms';
import { documentMentions } from './citing-documents';
import { researchCollectionDocuments, researchCollectionPassages, researchCollectionPostings } from './collections.table';

/** A passage is a run of whole lines of one page, up to this many characters (a longer line is cut). */
const PASSAGE_CHARS = 600;
/** How long the job waits for the files module's extraction (OCR of a long scan takes minutes). */
const WAIT_SECONDS = 2;
const WAIT_LIMIT = 450;
const INSERT_CHUNK = 500;

export interface PageSpan {
  start: number;
  end: number;
  text: string;
}

/**
 * Cuts one page's text into passages: consecutive non-blank lines joined until PASSAGE_CHARS, each
 * the exact span [start, end) of the page text with its surrounding blanks trimmed (the quote a
 * citation carries is page.slice(start, end)). Pure.
 */
export function pagePassages(page: string, maxChars = PASSAGE_CHARS): PageSpan[] {
  const out: PageSpan[] = [];
  let start = -1;
  let end = -1;
  const flush = () => {
    if (start >= 0 && end > start) out.push({ start, end, text: page.slice(start, end) });
    start = -1;
    end = -1;
  };
  let previousEnd = 0;
  for (const m of page.matchAll(/[^\n]+/gu)) {
    let lineStart = m.index ?? 0;
    // A blank line (two line breaks in a row) ends a passage: paragraphs stay whole and apart.
    if ((page.slice(previousEnd, lineStart).match(/\n/gu)?.length ?? 0) >= 2) flush();
    previousEnd = lineStart + m[0].length;
    let lineEnd = lineStart + m[0].length;
    while (lineStart < lineEnd && /\s/u.test(page[lineStart]!)) lineStart++;
    while (lineEnd > lineStart && /\s/u.test(page[lineEnd - 1]!)) lineEnd--;
    if (lineEnd === lineStart) {
      flush();
      continue;
    }
    if (start >= 0 && lineEnd - start > maxChars) flush();
    // A line longer than a passage: cut at the last blank before the limit (or hard).
    while (lineEnd - lineStart > maxChars) {
      let cut = page.lastIndexOf(' ', lineStart + maxChars);
      if (cut <= lineStart) cut = lineStart + maxChars;
      out.push({ start: lineStart, end: cut, text: page.slice(lineStart, cut) });
      lineStart = cut;
      while (lineStart < lineEnd && /\s/u.test(page[lineStart]!)) lineStart++;
    }
    if (lineEnd === lineStart) continue;
    if (start < 0) start = lineStart;
    end = lineEnd;
  }
  flush();
  return out.filter((p) => termCounts(p.text).size > 0);
}

type Payload = { tenantId: number; workspaceId: number; documentId: number; waits: number };

/**
 * Indexes one collection document once the files module has extracted its text: its pages' passages
 * and their postings, and the document INDEXED, in one transaction; FAILED (with the reason) when
 * the extraction failed, read no text, or did not finish in time. A document deleted meanwhile, or
 * no longer PENDING, is left alone.
 */
export async function indexCollectionDocument(services: AppServices, payload: Payload): Promise<'INDEXED' | 'FAILED' | 'WAITING' | 'SKIPPED'> {
  const scope = { tenantId: payload.tenantId, workspaceId: payload.workspaceId };
  const { db } = services;
  const [doc] = await db.select().from(researchCollectionDocuments).where(and(inScope(researchCollectionDocuments, scope), eq(researchCollectionDocuments.id, payload.documentId)));
  if (!doc || doc.status !== 'PENDING') return 'SKIPPED';
  const [revision] = await db
    .select({ id: fileRevisions.id, status: fileRevisions.extractionStatus, error: fileRevisions.extractionError })
    .from(fileRevisions)
    .innerJoin(files, and(eq(files.id, fileRevisions.fileId), eq(files.currentRevision, fileRevisions.revision)))
    .where(and(inScope(fileRevisions, scope), eq(fileRevisions.fileId, doc.fileId)));
  const fail = async (reason: string) => {
    await db
      .update(researchCollectionDocuments)
      .set({ status: 'FAILED', error: reason.slice(0, 500) })
      .where(and(inScope(researchCollectionDocuments, scope), eq(researchCollectionDocuments.id, doc.id), eq(researchCollectionDocuments.status, 'PENDING')));
    return 'FAILED' as const;
  };
  if (!revision) return fail('the file is gone');
  if (revision.status === 'PENDING') {
    if (payload.waits >= WAIT_LIMIT) return fail('the text extraction did not finish in time');
    await services.jobs.send(indexCollectionDocumentJob, { ...payload, waits: payload.waits + 1 }, {
      startAfter: Date.now() + WAIT_SECONDS * 1000, idempotencyKey: `research.index-collection-document:${doc.id}:${payload.waits + 1}`,
    });
    return 'WAITING';
  }
  if (revision.status === 'FAILED') return fail(revision.error ?? 'no text could be read');
  const pages = await db
    .select({ pageNumber: filePages.pageNumber, text: filePages.text })
    .from(filePages)
    .where(and(inScope(filePages, scope), eq(filePages.revisionId, revision.id), eq(filePages.status, 'done')))
    .orderBy(asc(filePages.pageNumber));
  const passages = pages.flatMap((p) => pagePassages(p.text).map((span) => ({ pageNumber: p.pageNumber, ...span, counts: termCounts(span.text) })));
  if (passages.length === 0) return fail('no text could be read');
  // The statute articles it cites by name, for the statute-change alerts.
  const statuteMentions = documentMentions(pages.map((p) => p.text));
  const [pageCountRow] = await db.select({ pageCount: fileRevisions.pageCount }).from(fileRevisions).where(and(inScope(fileRevisions, scope), eq(fileRevisions.id, revision.id)));
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: researchCollectionDocuments.id })
      .from(researchCollectionDocuments)
      .where(and(inScope(researchCollectionDocuments, scope), eq(researchCollectionDocuments.id, doc.id), eq(researchCollectionDocuments.status, 'PENDING')))
      .for('update');
    if (!locked) return 'SKIPPED' as const;
    for (let i = 0; i < passages.length; i += INSERT_CHUNK) {
      const batch = passages.slice(i, i + INSERT_CHUNK);
      const inserted = await tx
        .insert(researchCollectionPassages)
        .values(batch.map((p) => ({ ...scope, collectionId: doc.collectionId, documentId: doc.id, pageNumber: p.pageNumber, start: p.start, end: p.end, text: p.text, length: termLength(p.counts) })))
        .returning({ id: researchCollectionPassages.id });
      const postings = batch.flatMap((p, j) => [...p.counts].map(([term, tf]) => ({ ...scope, collectionId: doc.collectionId, passageId: inserted[j]!.id, term, tf })));
      for (let k = 0; k < postings.length; k += INSERT_CHUNK * 4) await tx.insert(researchCollectionPostings).values(postings.slice(k, k + INSERT_CHUNK * 4));
    }
    await tx
      .update(researchCollectionDocuments)
      .set({ status: 'INDEXED', error: null, passageCount: passages.length, pageCount: pageCountRow?.pageCount ?? pages.length, indexedAt: new Date(), statuteMentions })
      .where(and(inScope(researchCollectionDocuments, scope), eq(researchCollectionDocuments.id, doc.id)));
    return 'INDEXED' as const;
  });
}

export const indexCollectionDocumentJob = defineJob<Payload, AppServices>({
  name: 'research.index-collection-document',
  payload: z.object({ tenantId: z.number().int().positive(), workspaceId: z.number().int().positive(), documentId: z.number().int().positive(), waits: z.number().int().min(0) }),
  policy: { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 15 * 60 },
  async handler(payload, services) {
    const outcome = await indexCollectionDocument(services, payload);
    if (outcome === 'INDEXED' || outcome === 'FAILED') services.logger.info({ job: 'research.index-collection-document', documentId: payload.documentId, outcome }, 'collection document indexed');
  },
});

export function collectionJobs(): Array<AnyJob<AppServices>> {
  return [indexCollectionDocumentJob as AnyJob<AppServices>];
}
