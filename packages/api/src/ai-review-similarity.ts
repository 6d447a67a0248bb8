import { z } from 'zod';
import { ClauseLabelSchema } from './contract-analysis';
import { ContractTypeSchema } from './contract-catalogue';
import { FileKeySchema } from './files';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// AI review by text similarity (catalogue 7.1 contract-prediction v3, most-fit/basic v1,
// similar-clauses v1), answered by the built-in engine without a model: contract types ranked by
// lexical similarity (Hangul bigrams, English words) to labelled example contracts and by the kind
// the title names; similar clauses from the workspace's own analysed contracts (only those the
// caller may read) and the playbook's clause examples.
// ---------------------------------------------------------------------------------------------

const tags = ['aireview'];
const product = 'AI_REVIEW' as const;

export const PREDICTION_LANGUAGES = ['ko', 'en'] as const;
export const PredictionLanguageSchema = z.enum(PREDICTION_LANGUAGES);

export const SIMILARITY_LIMITS = { maxTextLength: 200_000, maxClauseLength: 20_000, maxLimit: 50 } as const;

/** A contract text to classify: a readable file (its current or given revision's text) or the text itself. */
export const ContractPredictionBodySchema = z
  .object({
    fileKey: FileKeySchema.optional(),
    revision: z.number().int().positive().optional(),
    text: z.string().min(1).max(SIMILARITY_LIMITS.maxTextLength).optional(),
    language: PredictionLanguageSchema.optional().describe('Default: guessed from the letters of the text'),
  })
  .superRefine((body, issue) => {
    if ((body.fileKey === undefined) === (body.text === undefined)) issue.addIssue({ code: 'custom', path: ['fileKey'], message: 'give either fileKey or text' });
    if (body.revision !== undefined && body.fileKey === undefined) issue.addIssue({ code: 'custom', path: ['revision'], message: 'only with fileKey' });
  });
export type ContractPredictionBody = z.infer<typeof ContractPredictionBodySchema>;

export const ContractTypePredictionSchema = z.object({
  contractType: ContractTypeSchema,
  name: z.object({ ko: z.string(), en: z.string() }),
  score: z.number().min(0).max(1).describe('Similarity to the nearest labelled example, with the kind named in the title'),
  isReviewType: z.boolean().describe('The starter playbook covers it (REVIEW_CONTRACT_TYPES)'),
});
export type ContractTypePrediction = z.infer<typeof ContractTypePredictionSchema>;

export const ContractPredictionSchema = z.object({
  language: PredictionLanguageSchema,
  source: z.object({ fileKey: z.string(), revision: z.number().int() }).nullable(),
  predictions: z.array(ContractTypePredictionSchema).describe('Best first; types with no similarity left out'),
});
export type ContractPrediction = z.infer<typeof ContractPredictionSchema>;

export const predictContractTypes = defineRoute({
  method: 'POST', path: '/api/aireview/contract-prediction/v3', access: 'member', product, tags,
  summary: 'Contract types ranked by similarity of the text (or a readable file) to labelled example contracts.',
  schemas: { body: ContractPredictionBodySchema, data: ContractPredictionSchema },
});

export const predictMostFitContractType = defineRoute({
  method: 'POST', path: '/api/aireview/contract-prediction/most-fit/basic/v1', access: 'member', product, tags,
  summary: 'The single best contract type for the text or file; null when nothing is similar.',
  schemas: { body: ContractPredictionBodySchema, data: ContractTypePredictionSchema.nullable() },
});

export const SimilarClausesBodySchema = z.object({
  text: z.string().trim().min(1).max(SIMILARITY_LIMITS.maxClauseLength),
  label: ClauseLabelSchema.optional().describe('Only clauses with this label'),
  limit: z.number().int().min(1).max(SIMILARITY_LIMITS.maxLimit).default(10),
});
export type SimilarClausesBody = z.input<typeof SimilarClausesBodySchema>;

export const SIMILAR_CLAUSE_SOURCES = ['CONTRACT', 'PLAYBOOK'] as const;

export const SimilarClauseSchema = z.object({
  source: z.enum(SIMILAR_CLAUSE_SOURCES),
  score: z.number().min(0).max(1).describe('Cosine similarity of TF-IDF vectors (Hangul bigrams, English words)'),
  label: ClauseLabelSchema,
  heading: z.string().nullable(),
  text: z.string(),
  contract: z
    .object({ contractId: z.number().int(), title: z.string(), fileKey: z.string(), revision: z.number().int(), startOffset: z.number().int(), endOffset: z.number().int() })
    .nullable()
    .describe('Where the clause sits, for a CONTRACT clause'),
  checkpointCode: z.string().nullable().describe('The checkpoint whose clause example it is, for a PLAYBOOK clause'),
});
export type SimilarClause = z.infer<typeof SimilarClauseSchema>;

export const findSimilarClauses = defineRoute({
  method: 'POST', path: '/api/aireview/similar-clauses/v1', access: 'member', product, tags,
  summary: "Clauses like the given one, from the workspace's analysed contracts the caller may read and the playbook's clause examples.",
  schemas: { body: SimilarClausesBodySchema, data: z.array(SimilarClauseSchema) },
});
