import {
  CONTRACT_TYPE_CATALOGUE, type ClauseLabel, type ContractPrediction, type ContractPredictionBody, type ContractTypePrediction, REVIEW_CONTRACT_TYPES,
  type SimilarClause, type SimilarClausesBody, SimilarClausesBodySchema,
} from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { inScope } from '../../../platform/db/tenancy';
import { type RequestContext, tenantScope } from '../../../platform/http/context';
import { conflict, validationError } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { listReadableClauses } from '../../contracts';
import { findReadableFile, fileRevisions } from '../../files';
import { detectLanguage, predictContractType, type TypeScore } from './contract-type-prediction';
import { similarClauses } from './text-similarity';

type Services = Pick<AppServices, 'db' | 'attachments'>;

/** A playbook clause example offered to similar-clauses (the playbook module supplies them). */
export interface PlaybookClauseExample {
  checkpointCode: string;
  label: ClauseLabel;
  text: string;
}

/** Where similar-clauses finds the playbook's clause examples of the caller's workspace. */
export type PlaybookClauseExamples = (ctx: RequestContext, filter: { label?: ClauseLabel }) => Promise<PlaybookClauseExample[]>;

/** How many stored contract clauses one search compares at most (the newest analyses). */
const CONTRACT_CLAUSE_POOL = 2000;

const REVIEW_TYPES = new Set<string>(REVIEW_CONTRACT_TYPES);
const NAMES = new Map(CONTRACT_TYPE_CATALOGUE.map((t) => [t.code, t.name]));

function presentType(score: TypeScore): ContractTypePrediction {
  return { contractType: score.contractType, name: NAMES.get(score.contractType)!, score: score.score, isReviewType: REVIEW_TYPES.has(score.contractType) };
}

/** The extracted text of a readable file's revision (400 naming fileKey / revision; 409 while it is not readable). */
async function fileText(services: Services, ctx: RequestContext, fileKey: string, revision: number | undefined) {
  const file = await findReadableFile(services, ctx, fileKey);
  if (!file) throw validationError([{ field: 'body.fileKey', reason: 'no such file' }]);
  const [row] = await services.db
    .select({ revision: fileRevisions.revision, status: fileRevisions.extractionStatus, text: fileRevisions.extractedText })
    .from(fileRevisions)
    .where(and(inScope(fileRevisions, tenantScope(ctx)), eq(fileRevisions.fileId, file.file.id), eq(fileRevisions.revision, revision ?? file.file.currentRevision)))
    .limit(1);
  if (!row) throw validationError([{ field: 'body.revision', reason: 'no such revision of the file' }]);
  if (row.status !== 'DONE') {
    throw conflict(
      row.status === 'PENDING'
        ? { ko: '문서의 텍스트를 아직 읽는 중입니다. 잠시 후 다시 시도해 주세요.', en: "The document's text is still being extracted. Try again shortly." }
        : { ko: '이 문서에서는 텍스트를 읽지 못했습니다. 다른 파일로 시도해 주세요.', en: 'No text could be read from this document. Try another file.' },
      { extractionStatus: row.status },
    );
  }
  return { text: row.text ?? '', source: { fileKey, revision: row.revision } };
}

/** Contract types ranked for a text or a readable file. */
export async function predictContractTypes(services: Services, ctx: RequestContext, body: ContractPredictionBody): Promise<ContractPrediction> {
  const { text, source } = body.fileKey !== undefined ? await fileText(services, ctx, body.fileKey, body.revision) : { text: body.text ?? '', source: null };
  const language = body.language ?? detectLanguage(text);
  const predictions = predictContractType(text, language).filter((p) => p.score > 0).map(presentType);
  return { language, source, predictions };
}

/** The best single type, or null when nothing is similar. */
export async function predictMostFitContractType(services: Services, ctx: RequestContext, body: ContractPredictionBody): Promise<ContractTypePrediction | null> {
  return (await predictContractTypes(services, ctx, body)).predictions[0] ?? null;
}

/**
 * Clauses like the given text: the stored clause labels of the contracts the caller may read,
 * and the playbook's clause examples when a source is given; best first.
 */
export async function findSimilarClauses(
  services: Services,
  ctx: RequestContext,
  input: SimilarClausesBody,
  playbookExamples?: PlaybookClauseExamples,
): Promise<SimilarClause[]> {
  const body = SimilarClausesBodySchema.parse(input);
  const stored = await listReadableClauses(services.db, ctx, { label: body.label, limit: CONTRACT_CLAUSE_POOL });
  const examples = playbookExamples ? await playbookExamples(ctx, { label: body.label }) : [];
  const candidates: SimilarClause[] = [
    ...stored.map((c) => ({
      source: 'CONTRACT' as const, score: 0, label: c.label, heading: c.heading, text: c.text, checkpointCode: null,
      contract: { contractId: c.contractId, title: c.contractTitle, fileKey: c.fileKey, revision: c.revision, startOffset: c.startOffset, endOffset: c.endOffset },
    })),
    ...examples
      .filter((e) => !body.label || e.label === body.label)
      .map((e) => ({ source: 'PLAYBOOK' as const, score: 0, label: e.label, heading: null, text: e.text, contract: null, checkpointCode: e.checkpointCode })),
  ];
  return similarClauses(body.text, candidates, { limit: body.limit }).map((r) => ({ ...r.candidate, score: Math.round(r.score * 1000) / 1000 }));
}
