import type { ClauseLabel, Finding, Locale, NewerArticleVersion, Review } from '@legal/api';
import type { Db } from '../../../platform/db/client';
import { articleRefKey, newerArticleVersions } from '../../law';
import type { aiReviewFindings, aiReviews } from '../ai-review.table';

export type ReviewRow = typeof aiReviews.$inferSelect;
export type FindingRow = typeof aiReviewFindings.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const userRef = (userId: number | null, names: ReadonlyMap<number, string>) => (userId === null ? null : { userId, displayName: names.get(userId) ?? null });

/** Newer versions in which the findings' legal bases read differently (keyed by law's articleRefKey). */
export type NewerVersions = ReadonlyMap<string, NewerArticleVersion>;

/** For the findings shown: where their cited articles read differently in a newer stored version. */
export function newerVersionsOf(db: Db, findings: readonly FindingRow[]): Promise<NewerVersions> {
  return newerArticleVersions(db, findings.flatMap((f) => f.legalBasis));
}

export function findingDto(row: FindingRow, locale: Locale, names: ReadonlyMap<number, string>, newer: NewerVersions = new Map()): Finding {
  return {
    findingId: row.id,
    checkpointId: row.checkpointId,
    checkpointCode: row.checkpointCode,
    question: row.question[locale],
    label: row.label as ClauseLabel,
    risk: row.risk,
    verdict: row.verdict,
    clause: row.clause ? { heading: row.clause.heading, label: row.clause.label as ClauseLabel, startOffset: row.clause.startOffset, endOffset: row.clause.endOffset } : null,
    evidence: row.evidence,
    explanation: row.explanation[locale],
    legalBasis: row.legalBasis.map((basis) => ({ ...basis, newerVersion: newer.get(articleRefKey(basis)) ?? null })),
    suggestedEdit: row.suggestedEdit ? { text: row.suggestedEdit.text[locale], replaceStart: row.suggestedEdit.replaceStart, replaceEnd: row.suggestedEdit.replaceEnd } : null,
    confidence: row.confidence,
    decision: row.decision,
    decisionReason: row.decisionReason,
    decidedBy: userRef(row.decidedByUserId, names),
    decidedAt: iso(row.decidedAt),
  };
}

export function reviewListItemDto(row: ReviewRow, options: { fromCache: boolean; locale: Locale; names: ReadonlyMap<number, string>; findings?: ReadonlyArray<Pick<FindingRow, 'verdict' | 'risk'>> }) {
  const findings = options.findings ?? [];
  const count = (v: string) => findings.filter((f) => f.verdict === v).length;
  return {
    reviewId: row.id,
    source: { contractId: row.contractId, standaloneContractId: row.standaloneContractId, fileKey: row.fileKey, revision: row.revision, fileName: row.fileName },
    contractType: row.contractType,
    position: row.position,
    language: row.language,
    engine: row.engine,
    status: row.status,
    progress: { step: row.progressStep, percent: row.progressPercent },
    creditsCharged: row.creditsCharged,
    promptVersion: row.promptVersion,
    errorCode: row.errorCode,
    fromCache: options.fromCache,
    createdBy: userRef(row.createdByUserId, options.names),
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    summary:
      row.status === 'DONE' && row.summary
        ? {
            keyPoints: row.summary.keyPoints,
            counts: {
              notMet: count('NOT_MET'), met: count('MET'), unclear: count('UNCLEAR'), notApplicable: count('NOT_APPLICABLE'),
              highRiskNotMet: findings.filter((f) => f.verdict === 'NOT_MET' && f.risk === 'HIGH').length,
            },
          }
        : null,
  };
}

export function reviewDto(
  row: ReviewRow,
  options: { fromCache: boolean; locale: Locale; names: ReadonlyMap<number, string>; findings: readonly FindingRow[]; text: string | null; newer?: NewerVersions },
): Review {
  const isDone = row.status === 'DONE';
  return {
    ...reviewListItemDto(row, options),
    findings: isDone ? options.findings.map((f) => findingDto(f, options.locale, options.names, options.newer)) : [],
    clauses: isDone ? (row.clauses ?? []).map((c) => ({ ...c, label: c.label as ClauseLabel })) : [],
    text: isDone ? options.text : null,
  };
}
