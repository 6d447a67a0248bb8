import {
  CLAUSE_LABEL_CATALOGUE,
  FINDING_DECISION_CATALOGUE,
  FINDING_VERDICT_CATALOGUE,
  REVIEW_RISK_CATALOGUE,
  type Checkpoint,
  type CheckpointStatsSchema,
  type LabelCheckpointsQuerySchema,
  REVIEW_CONTRACT_TYPE_CATALOGUE,
  REVIEW_POSITIONS,
  type ReviewContractType,
  type ReviewContractTypeInfo,
} from '@legal/api';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { resolveLegalBasis } from '../../law';
import { aiReviewFindings } from '../ai-review.table';
import { measuredAccuracyOf } from '../engine/measured-accuracy';
import { requireReviewUse } from '../review/review.service';
import { CONTRACT_TYPE_POSITIONS, QUESTION_EXAMPLES } from './index';
import { listPlaybook, type PlaybookEntry } from './playbook.service';

export async function listContractTypes(services: AppServices, ctx: RequestContext): Promise<ReviewContractTypeInfo[]> {
  const { scope } = requireReviewUse(ctx);
  const entries = await listPlaybook(services.db, scope);
  return REVIEW_CONTRACT_TYPE_CATALOGUE.map((type) => ({
    code: type.code,
    name: type.name,
    positions: REVIEW_POSITIONS.map((code) => ({ code, name: CONTRACT_TYPE_POSITIONS[type.code][code] })),
    checkpointCount: entries.filter((e) => e.isActive && e.definition.contractType === type.code).length,
  }));
}

export async function checkpointDto(services: AppServices, entry: PlaybookEntry, language: 'ko' | 'en', includeClauseExamples: boolean): Promise<Checkpoint> {
  const d = entry.definition;
  return {
    checkpointId: entry.checkpointId,
    code: d.code,
    origin: entry.origin,
    contractType: d.contractType,
    label: d.label,
    protects: d.protects,
    risk: d.risk,
    question: d.question[language],
    metWhen: d.metWhen[language],
    rationale: d.rationale[language],
    standardClause: d.standardClause[language],
    clauseExamples: includeClauseExamples ? d.examples[language] : [],
    legalBasis: await resolveLegalBasis(services.db, d.legalBasis),
    isActive: entry.isActive,
  };
}

export async function listLabelCheckpoints(services: AppServices, ctx: RequestContext, query: z.output<typeof LabelCheckpointsQuerySchema>): Promise<Checkpoint[]> {
  const { scope } = requireReviewUse(ctx);
  const entries = (await listPlaybook(services.db, scope, query.contractType)).filter((e) => !query.labelIds || query.labelIds.includes(e.definition.label));
  const language = query.language ?? ctx.locale;
  return Promise.all(entries.map((e) => checkpointDto(services, e, language, query.includeClauseExamples)));
}

export function questionExamples(ctx: RequestContext, contractType: ReviewContractType): string[] {
  requireReviewUse(ctx);
  return QUESTION_EXAMPLES[contractType][ctx.locale];
}

export async function checkpointStats(services: AppServices, ctx: RequestContext, contractType: ReviewContractType | undefined): Promise<Array<z.input<typeof CheckpointStatsSchema>>> {
  const { scope } = requireReviewUse(ctx);
  const entries = await listPlaybook(services.db, scope, contractType);
  const counts = await services.db
    .select({ checkpointId: aiReviewFindings.checkpointId, decision: aiReviewFindings.decision, n: sql<number>`count(*)::int` })
    .from(aiReviewFindings)
    .where(and(inScope(aiReviewFindings, scope), eq(aiReviewFindings.verdict, 'NOT_MET')))
    .groupBy(aiReviewFindings.checkpointId, aiReviewFindings.decision);
  return entries.map((e) => {
    const of = (decision: string) => Number(counts.find((c) => c.checkpointId === e.checkpointId && c.decision === decision)?.n ?? 0);
    const accepted = of('ACCEPTED');
    const dismissed = of('DISMISSED');
    return {
      checkpointId: e.checkpointId,
      code: e.definition.code,
      question: e.definition.question[ctx.locale],
      accepted,
      dismissed,
      open: of('OPEN'),
      acceptanceRate: accepted + dismissed === 0 ? null : accepted / (accepted + dismissed),
      measured: e.origin === 'STARTER' ? measuredAccuracyOf(e.definition.code) : null,
    };
  });
}

export function reviewCodes(ctx: RequestContext) {
  requireReviewUse(ctx);
  return {
    labels: CLAUSE_LABEL_CATALOGUE,
    risks: REVIEW_RISK_CATALOGUE,
    verdicts: FINDING_VERDICT_CATALOGUE,
    decisions: FINDING_DECISION_CATALOGUE,
    contractTypes: REVIEW_CONTRACT_TYPE_CATALOGUE,
  };
}
