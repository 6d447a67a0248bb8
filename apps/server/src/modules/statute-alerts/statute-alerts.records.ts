import type { StatuteAlertItemType } from '@legal/api';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { unscopedCitedByFindings, unscopedFindingsCiting } from '../ai-review';
import { type ArticleRef, compareVersions, lawStatutes } from '../law';
import {
  type CitingDocument, type DocumentMention, koreanToday, unscopedAnswersCiting, unscopedBackfillDocumentMentions, unscopedCitedByAnswers, unscopedCitedByDrafts,
  unscopedDraftsCiting, unscopedMentionedArticles,
} from '../research';

// The records the alerts follow, read through their owning modules' unscoped functions and brought
// to one shape: a review finding, a saved chat answer, an advisory draft (each citing articles in a
// version) and a library document (citing articles by name, read as the version in force the day it
// was uploaded).

type Scope = { tenantId: number; workspaceId: number };

/** What an item row holds of its record (besides the alert, the scope, the version cited and `via`). */
export interface RecordFields {
  itemType: StatuteAlertItemType;
  recordId: number;
  reviewId: number | null;
  contractId: number | null;
  chatKey: string | null;
  chatMessageKey: string | null;
  inquiryId: number | null;
  collectionId: number | null;
  collectionName: string | null;
  title: string;
  question: { ko: string; en: string } | null;
}

export interface CitingRecord {
  scope: Scope;
  fields: RecordFields;
  /** Who is told of a new item. */
  people: number[];
  /** The articles it cites among those asked about, by version. */
  cites: ArticleRef[];
}

const NO_FIELDS = { reviewId: null, contractId: null, chatKey: null, chatMessageKey: null, inquiryId: null, collectionId: null, collectionName: null, question: null } as const;

/** What every record of every workspace cites: the detection's first, cheap filter of the versions to compare. */
export interface CitedIndex {
  /** Articles cited in each version (findings, answers, drafts). */
  byVersion: Map<string, Set<string>>;
  /** Statutes (법령ID) some record cites in any way: by version, or by name in a document. */
  statutes: Set<string>;
  /** Statutes some document cites by name: any of their new versions may concern it. */
  mentioned: Set<string>;
}

export async function citedIndex(db: Db): Promise<CitedIndex> {
  // Documents indexed before their mentions were read are read once first.
  await unscopedBackfillDocumentMentions(db);
  const byVersion = new Map<string, Set<string>>();
  const refs = [...(await unscopedCitedByFindings(db)), ...(await unscopedCitedByAnswers(db)), ...(await unscopedCitedByDrafts(db))];
  for (const ref of refs) byVersion.set(ref.lawSerialNumber, (byVersion.get(ref.lawSerialNumber) ?? new Set()).add(ref.article));
  const mentioned = new Set((await unscopedMentionedArticles(db)).map((m) => m.lawId));
  const statutes = new Set(mentioned);
  if (byVersion.size > 0) {
    for (const row of await db.selectDistinct({ lawId: lawStatutes.lawId }).from(lawStatutes).where(inArray(lawStatutes.lawSerialNumber, [...byVersion.keys()]))) statutes.add(row.lawId);
  }
  return { byVersion, statutes, mentioned };
}

/** The findings, answers and drafts made before `createdBefore` that cite one of `refs`. */
export async function recordsCiting(db: Db, refs: readonly ArticleRef[], createdBefore: Date): Promise<CitingRecord[]> {
  if (refs.length === 0) return [];
  const [findings, answers, drafts] = await Promise.all([
    unscopedFindingsCiting(db, refs, createdBefore), unscopedAnswersCiting(db, refs, createdBefore), unscopedDraftsCiting(db, refs, createdBefore),
  ]);
  return [
    ...findings.map((f) => ({
      scope: { tenantId: f.tenantId, workspaceId: f.workspaceId }, people: f.peopleUserIds, cites: f.cites,
      fields: { ...NO_FIELDS, itemType: 'REVIEW_FINDING' as const, recordId: f.findingId, reviewId: f.reviewId, contractId: f.contractId, title: f.title, question: f.question },
    })),
    ...answers.map((a) => ({
      scope: { tenantId: a.tenantId, workspaceId: a.workspaceId }, people: [a.ownerUserId], cites: a.cites,
      fields: { ...NO_FIELDS, itemType: 'CHAT_ANSWER' as const, recordId: a.messageId, chatKey: a.chatKey, chatMessageKey: a.chatMessageKey, title: a.chatTitle },
    })),
    ...drafts.map((d) => ({
      scope: { tenantId: d.tenantId, workspaceId: d.workspaceId }, people: d.peopleUserIds, cites: d.cites,
      fields: { ...NO_FIELDS, itemType: 'ADVISORY_DRAFT' as const, recordId: d.draftId, inquiryId: d.inquiryId, title: d.inquiryTitle },
    })),
  ];
}

type StoredVersion = Pick<typeof lawStatutes.$inferSelect, 'lawSerialNumber' | 'lawId' | 'effectiveDate' | 'promulgationDate' | 'importedAt'>;

/**
 * A document's mentions as versions: each statute in the version in force the day the document was
 * uploaded (Korean day), among those stored before `arrived` (the new version's import), which is
 * never one of them. A statute with no such version is left out.
 */
export function documentRecord(doc: CitingDocument, versions: ReadonlyMap<string, readonly StoredVersion[]>, arrived: Date): CitingRecord {
  const day = koreanToday(doc.createdAt);
  const cites: ArticleRef[] = [];
  for (const mention of doc.mentions) {
    const inForce = (versions.get(mention.lawId) ?? []).filter((v) => v.importedAt < arrived && v.effectiveDate <= day).sort(compareVersions).at(-1);
    if (inForce) cites.push({ lawSerialNumber: inForce.lawSerialNumber, article: mention.article });
  }
  return {
    scope: { tenantId: doc.tenantId, workspaceId: doc.workspaceId }, people: [doc.ownerUserId], cites,
    fields: { ...NO_FIELDS, itemType: 'COLLECTION_DOCUMENT', recordId: doc.documentId, collectionId: doc.collectionId, collectionName: doc.collectionName, title: doc.title },
  };
}

export type { DocumentMention };
