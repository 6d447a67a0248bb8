import { z } from 'zod';
import { type ClauseLabel, ClauseLabelSchema } from './contract-analysis';
import type { Named } from './contract-catalogue';
import { ContractIdSchema, UserRefSchema } from './contract-schemas';
import { FileKeySchema } from './files';
import { defineRoute } from './http';
import { NewerArticleVersionSchema } from './law';

// ---------------------------------------------------------------------------------------------
// AI review (catalogue 7.1 aireview). A legal team picks a contract document (a contract of the
// repository, a standalone contract, or an uploaded file), its contract type and the side it is
// on, and the review checks each clause against the workspace's playbook: the starter checkpoints
// shipped with the product plus the workspace's own. A review runs as a job (extract, segment,
// classify, check, summarize) with visible progress; its findings are stored per document
// revision and served from cache while the revision is unchanged. Each finding has a verdict,
// evidence as character offsets into the revision's extracted text, an explanation, the statute
// articles it rests on (only those that resolve to article text in the version in force) and a
// suggested edit the user accepts or dismisses. A review costs credits (estimate first, one debit,
// refunded when the run fails, 402 ERROR_INSUFFICIENT_CREDITS with nothing charged). Calls that
// need free text from a model (edit-clause toward an instruction, review chat, translation)
// answer 503 ERROR_AI_PROVIDER_NOT_CONFIGURED while only the built-in engine is configured.
// ---------------------------------------------------------------------------------------------

const tags = ['aireview'];
const product = 'AI_REVIEW' as const;

/** The contract types the starter playbook covers (codes of the contract catalogue). */
export const REVIEW_CONTRACT_TYPES = ['NDA', 'SERVICE', 'SUPPLY', 'LICENSE', 'EMPLOYMENT', 'LEASE', 'SUBCONTRACT', 'MOU'] as const;
export const ReviewContractTypeSchema = z.enum(REVIEW_CONTRACT_TYPES);
export type ReviewContractType = z.infer<typeof ReviewContractTypeSchema>;

/**
 * The side the reviewer is on. PARTY_A is the party that orders, discloses, buys, licenses out,
 * employs, lets or subcontracts out (갑 in most Korean contracts); PARTY_B the other (을). NEUTRAL
 * (MOU, mutual NDA) checks only what protects both.
 */
export const REVIEW_POSITIONS = ['PARTY_A', 'PARTY_B', 'NEUTRAL'] as const;
export const ReviewPositionSchema = z.enum(REVIEW_POSITIONS);
export type ReviewPosition = z.infer<typeof ReviewPositionSchema>;

export const REVIEW_RISKS = ['HIGH', 'MEDIUM', 'LOW'] as const;
export const ReviewRiskSchema = z.enum(REVIEW_RISKS);
export type ReviewRisk = z.infer<typeof ReviewRiskSchema>;

export const FINDING_VERDICTS = ['MET', 'NOT_MET', 'UNCLEAR', 'NOT_APPLICABLE'] as const;
export const FindingVerdictSchema = z.enum(FINDING_VERDICTS);
export type FindingVerdict = z.infer<typeof FindingVerdictSchema>;

export const FINDING_DECISIONS = ['OPEN', 'ACCEPTED', 'DISMISSED'] as const;
export const FindingDecisionSchema = z.enum(FINDING_DECISIONS);
export type FindingDecision = z.infer<typeof FindingDecisionSchema>;

/** The engine that produced a review: the built-in rules, or a configured model's driver. */
export const REVIEW_ENGINES = ['BUILT_IN', 'OPENAI_COMPATIBLE', 'ANTHROPIC'] as const;
export const ReviewEngineSchema = z.enum(REVIEW_ENGINES);
export type ReviewEngine = z.infer<typeof ReviewEngineSchema>;

export const REVIEW_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED'] as const;
export const ReviewStatusSchema = z.enum(REVIEW_STATUSES);
export type ReviewStatus = z.infer<typeof ReviewStatusSchema>;

/** The steps of a review run, in order (progress names the current one). */
export const REVIEW_STEPS = ['EXTRACT', 'SEGMENT', 'CLASSIFY', 'CHECK', 'SUMMARIZE'] as const;
export const ReviewStepSchema = z.enum(REVIEW_STEPS);
export type ReviewStep = z.infer<typeof ReviewStepSchema>;

export const LocalizedTextSchema = z.object({ ko: z.string(), en: z.string() });

/** Each contract type with the names of its two sides, for the position picker. */
export const ReviewContractTypeInfoSchema = z.object({
  code: ReviewContractTypeSchema,
  name: LocalizedTextSchema,
  positions: z.array(z.object({ code: ReviewPositionSchema, name: LocalizedTextSchema.describe('갑 (발주자) / Client, ...') })),
  checkpointCount: z.number().int().describe('Active checkpoints of the workspace playbook for this type'),
});
export type ReviewContractTypeInfo = z.infer<typeof ReviewContractTypeInfoSchema>;

/** A statute article a checkpoint or finding rests on, resolved against the law data. */
export const LegalBasisSchema = z.object({
  lawName: z.string().describe('민법, 하도급거래 공정화에 관한 법률, ...'),
  article: z.string().describe('제13조, 제13조의2'),
  paragraph: z.number().int().nullable(),
  articleTitle: z.string().nullable().describe('(손해배상의 범위)'),
  text: z.string().describe('The article (or paragraph) text in the version in force'),
  effectiveDate: z.string().describe('시행일자 of the version the text is from'),
  lawSerialNumber: z.string().describe('법령MST of that version'),
  newerVersion: NewerArticleVersionSchema.nullable()
    .optional()
    .describe("Findings: the article reads differently in a newer stored version of the statute (the diff: the statute's clause history from lawSerialNumber to newerVersion.lawSerialNumber); null when it does not"),
});
export type LegalBasis = z.infer<typeof LegalBasisSchema>;

export const CHECKPOINT_ORIGINS = ['STARTER', 'WORKSPACE'] as const;
export const CheckpointOriginSchema = z.enum(CHECKPOINT_ORIGINS);

export const CheckpointSchema = z.object({
  checkpointId: z.number().int(),
  code: z.string(),
  origin: CheckpointOriginSchema.describe('STARTER: shipped with the product (read-only, can be disabled); WORKSPACE: written by this workspace'),
  contractType: ReviewContractTypeSchema,
  label: ClauseLabelSchema,
  protects: z.union([ReviewPositionSchema, z.literal('BOTH')]),
  risk: ReviewRiskSchema,
  question: z.string(),
  metWhen: z.string(),
  rationale: z.string(),
  standardClause: z.string(),
  clauseExamples: z.array(z.string()).describe('Empty unless includeClauseExamples'),
  legalBasis: z.array(LegalBasisSchema).describe('Only the references that resolve'),
  isActive: z.boolean(),
});
export type Checkpoint = z.infer<typeof CheckpointSchema>;

export const EvidenceSchema = z.object({
  startOffset: z.number().int().describe("Character offset into the revision's extracted text"),
  endOffset: z.number().int(),
  text: z.string(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

export const FindingSchema = z.object({
  findingId: z.number().int(),
  checkpointId: z.number().int(),
  checkpointCode: z.string(),
  question: z.string(),
  label: ClauseLabelSchema,
  risk: ReviewRiskSchema,
  verdict: FindingVerdictSchema,
  clause: z
    .object({ heading: z.string().nullable(), label: ClauseLabelSchema, startOffset: z.number().int(), endOffset: z.number().int() })
    .nullable()
    .describe('The clause the verdict rests on; null when the contract has no such clause'),
  evidence: z.array(EvidenceSchema),
  explanation: z.string(),
  legalBasis: z.array(LegalBasisSchema),
  suggestedEdit: z
    .object({
      text: z.string(),
      replaceStart: z.number().int().nullable().describe('Offsets of the text it replaces; null: inserted after the clause (or at the end)'),
      replaceEnd: z.number().int().nullable(),
    })
    .nullable(),
  confidence: z.number().min(0).max(1),
  decision: FindingDecisionSchema,
  decisionReason: z.string().nullable(),
  decidedBy: UserRefSchema.nullable(),
  decidedAt: z.string().nullable(),
});
export type Finding = z.infer<typeof FindingSchema>;

export const ReviewSourceSchema = z.object({
  contractId: z.number().int().nullable(),
  standaloneContractId: z.number().int().nullable(),
  fileKey: z.string(),
  revision: z.number().int(),
  fileName: z.string(),
});

export const ReviewSummarySchema = z.object({
  keyPoints: z.array(EvidenceSchema).describe('Extractive: sentences of the contract itself'),
  counts: z.object({
    notMet: z.number().int(), met: z.number().int(), unclear: z.number().int(), notApplicable: z.number().int(),
    highRiskNotMet: z.number().int(),
  }),
});

export const ReviewSchema = z.object({
  reviewId: z.number().int(),
  source: ReviewSourceSchema,
  contractType: ReviewContractTypeSchema,
  position: ReviewPositionSchema,
  language: z.enum(['ko', 'en']),
  engine: ReviewEngineSchema,
  status: ReviewStatusSchema,
  progress: z.object({ step: ReviewStepSchema.nullable(), percent: z.number().int().min(0).max(100) }),
  creditsCharged: z.number().int().describe('0 after a refund (FAILED)'),
  promptVersion: z.string().nullable().describe('The prompt version that produced it (model engines); null for BUILT_IN'),
  errorCode: z.string().nullable(),
  fromCache: z.boolean().describe('Answered from an earlier review of the same revision, type and position'),
  createdBy: UserRefSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  summary: ReviewSummarySchema.nullable().describe('Set when DONE'),
  findings: z.array(FindingSchema).describe('Set when DONE; NOT_MET first, by risk'),
  clauses: z
    .array(z.object({ label: ClauseLabelSchema, heading: z.string().nullable(), startOffset: z.number().int(), endOffset: z.number().int() }))
    .describe('The segmented clauses, for highlights'),
  text: z.string().nullable().describe('The extracted text the offsets point into (set when DONE)'),
});
export type Review = z.infer<typeof ReviewSchema>;

// Estimate and run ------------------------------------------------------------------------------

export const ReviewDocumentBodySchema = z.object({
  contractId: ContractIdSchema.optional().describe('A repository contract the caller can read; its document is reviewed'),
  standaloneContractId: z.number().int().positive().optional(),
  fileKey: FileKeySchema.optional().describe('The document; required unless the contract has one current document'),
  revision: z.number().int().min(1).optional().describe('The current revision when omitted'),
  contractType: ReviewContractTypeSchema,
  position: ReviewPositionSchema,
});
export type ReviewDocumentBody = z.input<typeof ReviewDocumentBodySchema>;

export const ReviewEstimateSchema = z.object({
  credits: z.number().int().describe('What the run will debit (0 when served from cache)'),
  balance: z.number().int().describe("The workspace's credits now"),
  engine: ReviewEngineSchema,
  cached: z.boolean().describe('An earlier review of the same revision, type and position exists: no charge'),
  textLength: z.number().int(),
  checkpointCount: z.number().int(),
  domain: z
    .object({ confidence: z.number(), minConfidence: z.number(), action: z.enum(['WARN', 'BLOCK']), isOutOfDomain: z.boolean() })
    .describe('Out-of-domain check (docs/decisions/0005-ood-configs.md): below minConfidence a BLOCK refuses the run (409), a WARN only says so'),
});
export type ReviewEstimate = z.infer<typeof ReviewEstimateSchema>;

export const ReviewParamsSchema = z.object({ reviewId: z.coerce.number().int().positive() });
export const FindingParamsSchema = ReviewParamsSchema.extend({ findingId: z.coerce.number().int().positive() });

export const FindingDecisionBodySchema = z.object({
  decision: FindingDecisionSchema,
  reason: z.string().trim().max(1000).optional().describe('Why it was dismissed (kept for the acceptance statistics)'),
  edit: z
    .object({ text: z.string().trim().min(1).max(10_000), startOffset: z.number().int().min(0), endOffset: z.number().int().min(0) })
    .optional()
    .describe('Only with ACCEPTED: this text (an edit-clause rewrite) becomes the suggested edit, replacing startOffset..endOffset of the review text'),
});

export const estimateReview = defineRoute({
  method: 'POST', path: '/api/aireview/review/estimate/v1', access: 'member', product, tags,
  summary: 'What a review of this document would cost, and the balance: shown before the run.',
  schemas: { body: ReviewDocumentBodySchema, data: ReviewEstimateSchema },
});

export const reviewContractDocument = defineRoute({
  method: 'POST', path: '/api/aireview/review/contract-document/v5', access: 'member', product, tags,
  summary:
    'Starts a review of a document (QUEUED, poll GET reviews/{reviewId}/v1), or answers the cached DONE review of the same revision, type and position. ' +
    'Debits the estimate once (402 ERROR_INSUFFICIENT_CREDITS, nothing charged); a failed run is refunded. Honours Idempotency-Key.',
  schemas: { body: ReviewDocumentBodySchema, data: ReviewSchema },
});

export const reviewContractDocumentByCache = defineRoute({
  method: 'POST', path: '/api/aireview/review/contract-document/by-cache/v3', access: 'member', product, tags,
  summary: 'The DONE review of the same revision, type and position, or 404 ERROR_NOT_FOUND: never starts a run, never charges.',
  schemas: { body: ReviewDocumentBodySchema, data: ReviewSchema },
});

export const getReview = defineRoute({
  method: 'GET', path: '/api/aireview/reviews/:reviewId/v1', access: 'member', product, tags,
  summary: 'A review with its progress, and when DONE its findings, summary, clauses and text. As visible as the document it reviewed.',
  schemas: { params: ReviewParamsSchema, data: ReviewSchema },
});

/** A `progress` event of watchReviewProgress: the review's state as its row holds it. */
export const ReviewProgressEventSchema = ReviewSchema.pick({ reviewId: true, status: true, progress: true, errorCode: true });
export type ReviewProgressEvent = z.infer<typeof ReviewProgressEventSchema>;

export const watchReviewProgress = defineRoute({
  method: 'GET', path: '/api/aireview/reviews/:reviewId/progress/v1', access: 'member', product, tags, raw: true,
  summary:
    'A review\'s progress as text/event-stream, for its page instead of reading the review every second: a `progress` event ' +
    '(ReviewProgressEvent) at once and at each change, and `: keep-alive` comments. The stream ends after the DONE or FAILED event ' +
    '(read the review then for its findings), or after a few minutes (open it again). 404 (JSON) for a review the caller cannot see.',
  schemas: { params: ReviewParamsSchema },
});

export const ReviewListItemSchema = ReviewSchema.omit({ findings: true, clauses: true, text: true });
export const ReviewListQuerySchema = z.object({
  contractId: ContractIdSchema.optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

export const listReviews = defineRoute({
  method: 'GET', path: '/api/aireview/reviews/v1', access: 'member', product, tags,
  summary: 'Reviews the caller can see, newest first (of one contract with contractId).',
  schemas: {
    query: ReviewListQuerySchema,
    data: z.object({ content: z.array(ReviewListItemSchema), page: z.number().int(), size: z.number().int(), totalElements: z.number().int(), totalPages: z.number().int() }),
  },
});

export const decideFinding = defineRoute({
  method: 'PUT', path: '/api/aireview/reviews/:reviewId/findings/:findingId/decision/v1', access: 'member', product, tags,
  summary: 'Accepts or dismisses (with a reason) a finding, or reopens it; an accept may carry its own edit (an AI rewrite). Accepted suggested edits go into the DOCX export as tracked changes.',
  schemas: { params: FindingParamsSchema, body: FindingDecisionBodySchema, data: FindingSchema },
});

export const exportReviewedContractDocx = defineRoute({
  method: 'GET', path: '/api/aireview/reviews/:reviewId/contract-docx/v1', access: 'member', product, tags, raw: true,
  summary: 'The contract as DOCX with every accepted suggested edit as a Word tracked change (w:ins / w:del), author the accepting user.',
  schemas: { params: ReviewParamsSchema },
});

export const REVIEW_REPORT_FORMATS = ['PDF', 'DOCX'] as const;
export const exportReviewReport = defineRoute({
  method: 'GET', path: '/api/aireview/reviews/:reviewId/report/v1', access: 'member', product, tags, raw: true,
  summary: 'The review as a report (summary, findings with evidence, legal basis and decisions) in the caller\'s language.',
  schemas: { params: ReviewParamsSchema, query: z.object({ format: z.enum(REVIEW_REPORT_FORMATS).default('DOCX') }) },
});

// Playbook --------------------------------------------------------------------------------------

export const listReviewContractTypes = defineRoute({
  method: 'GET', path: '/api/aireview/contract-types/v2', access: 'member', product, tags,
  summary: 'The contract types the playbook covers, with the names of their sides and checkpoint counts.',
  schemas: { data: z.array(ReviewContractTypeInfoSchema) },
});

export const LabelCheckpointsQuerySchema = z.object({
  contractType: ReviewContractTypeSchema.optional(),
  labelIds: z
    .union([ClauseLabelSchema, z.array(ClauseLabelSchema)])
    .optional()
    .transform((v): ClauseLabel[] | undefined => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  includeClauseExamples: z.coerce.boolean().default(false),
  language: z.enum(['ko', 'en']).optional().describe('The texts\' language; the caller\'s locale when omitted'),
});

export const listLabelCheckpoints = defineRoute({
  method: 'GET', path: '/api/aireview/label-checkpoints/v2', access: 'member', product, tags,
  summary: 'The workspace playbook\'s checkpoints (starter and own), by contract type and clause label.',
  schemas: { query: LabelCheckpointsQuerySchema, data: z.array(CheckpointSchema) },
});

// Statistics: what users decided, and the engine's measured accuracy ---------------------------

export const CheckpointStatsSchema = z.object({
  checkpointId: z.number().int(),
  code: z.string(),
  question: z.string(),
  accepted: z.number().int(),
  dismissed: z.number().int(),
  open: z.number().int(),
  acceptanceRate: z.number().nullable().describe('accepted / (accepted + dismissed); null before any decision'),
  measured: z
    .object({ precision: z.number().nullable(), recall: z.number().nullable(), support: z.number().int() })
    .nullable()
    .describe("The built-in engine's precision and recall of NOT_MET on the project's labelled set (npm run eval:review); null when not in it"),
});

export const getCheckpointStats = defineRoute({
  method: 'GET', path: '/api/aireview/checkpoint-stats/v1', access: 'member', product, tags,
  summary: 'Per checkpoint: how often its findings were accepted or dismissed in this workspace, and the engine\'s measured accuracy.',
  schemas: { query: z.object({ contractType: ReviewContractTypeSchema.optional() }), data: z.array(CheckpointStatsSchema) },
});

// Model-backed calls (503 ERROR_AI_PROVIDER_NOT_CONFIGURED without a configured model) ----------

export const EditClauseBodySchema = z.object({
  reviewId: z.number().int().positive(),
  startOffset: z.number().int().min(0),
  endOffset: z.number().int().min(0),
  position: ReviewPositionSchema.optional().describe('Rewrite toward this side'),
  instruction: z.string().trim().min(1).max(2000).optional().describe('Or toward this instruction'),
});
export type EditClauseBody = z.infer<typeof EditClauseBodySchema>;

export const editClause = defineRoute({
  method: 'POST', path: '/api/aireview/edit-clause/v3', access: 'member', product, tags,
  summary: 'Rewrites a clause of a reviewed document toward a side or an instruction (needs a configured model; costs credits).',
  schemas: { body: EditClauseBodySchema, data: z.object({ text: z.string(), creditsCharged: z.number().int(), model: z.string() }) },
});

export const REVIEW_CONTRACT_TYPE_CATALOGUE: Array<Named<ReviewContractType>> = [
  { code: 'NDA', name: { ko: '비밀유지계약', en: 'Non-disclosure agreement' } },
  { code: 'SERVICE', name: { ko: '용역계약', en: 'Service agreement' } },
  { code: 'SUPPLY', name: { ko: '물품공급계약', en: 'Supply agreement' } },
  { code: 'LICENSE', name: { ko: '라이선스계약', en: 'License agreement' } },
  { code: 'EMPLOYMENT', name: { ko: '근로계약', en: 'Employment contract' } },
  { code: 'LEASE', name: { ko: '임대차계약', en: 'Lease agreement' } },
  { code: 'SUBCONTRACT', name: { ko: '하도급계약', en: 'Subcontract' } },
  { code: 'MOU', name: { ko: '양해각서', en: 'Memorandum of understanding' } },
];

// Added with the server module: the rest of catalogue 7.1 ------------------------------------------

/** The clause-label, risk, verdict, position and contract-type catalogues for the review screens. */
export const ReviewCodesSchema = z.object({
  labels: z.array(z.object({ code: ClauseLabelSchema, name: LocalizedTextSchema })),
  risks: z.array(z.object({ code: ReviewRiskSchema, name: LocalizedTextSchema })),
  verdicts: z.array(z.object({ code: FindingVerdictSchema, name: LocalizedTextSchema })),
  decisions: z.array(z.object({ code: FindingDecisionSchema, name: LocalizedTextSchema })),
  contractTypes: z.array(z.object({ code: ReviewContractTypeSchema, name: LocalizedTextSchema })),
});
export const REVIEW_RISK_CATALOGUE: Array<Named<ReviewRisk>> = [
  { code: 'HIGH', name: { ko: '높음', en: 'High' } },
  { code: 'MEDIUM', name: { ko: '중간', en: 'Medium' } },
  { code: 'LOW', name: { ko: '낮음', en: 'Low' } },
];
export const FINDING_VERDICT_CATALOGUE: Array<Named<FindingVerdict>> = [
  { code: 'MET', name: { ko: '충족', en: 'Met' } },
  { code: 'NOT_MET', name: { ko: '미충족', en: 'Not met' } },
  { code: 'UNCLEAR', name: { ko: '불명확', en: 'Unclear' } },
  { code: 'NOT_APPLICABLE', name: { ko: '해당 없음', en: 'Not applicable' } },
];
export const FINDING_DECISION_CATALOGUE: Array<Named<FindingDecision>> = [
  { code: 'OPEN', name: { ko: '미결정', en: 'Open' } },
  { code: 'ACCEPTED', name: { ko: '수용', en: 'Accepted' } },
  { code: 'DISMISSED', name: { ko: '기각', en: 'Dismissed' } },
];

export const getReviewCodes = defineRoute({
  method: 'GET', path: '/api/aireview/codes/v2', access: 'member', product, tags,
  summary: 'The catalogues of the review screens: clause labels, risks, verdicts, decisions and contract types (ko and en names).',
  schemas: { data: ReviewCodesSchema },
});

// Built-in and model-backed calls on a review ------------------------------------------------

export const summarizeContract = defineRoute({
  method: 'POST', path: '/api/aireview/summarize/contract/v1', access: 'member', product, tags,
  summary: 'An extractive summary of a reviewed contract (sentences of the contract itself with their offsets): the built-in engine, no model needed.',
  schemas: {
    body: z.object({ reviewId: z.number().int().positive() }),
    data: z.object({ engine: ReviewEngineSchema, keyPoints: z.array(EvidenceSchema), creditsCharged: z.number().int() }),
  },
});

export const reviewClauseAnalysis = defineRoute({
  method: 'POST', path: '/api/aireview/review-clause-analysis/v2', access: 'member', product, tags,
  summary: 'The findings of one clause of a reviewed document (the clause containing startOffset).',
  schemas: {
    body: z.object({ reviewId: z.number().int().positive(), startOffset: z.number().int().min(0) }),
    data: z.object({
      clause: z.object({ heading: z.string().nullable(), label: ClauseLabelSchema, startOffset: z.number().int(), endOffset: z.number().int() }).nullable(),
      findings: z.array(FindingSchema),
    }),
  },
});

export const translateReview = defineRoute({
  method: 'POST', path: '/api/aireview/translations/v1', access: 'member', product, tags,
  summary: 'Translates a reviewed contract ko<->en clause by clause, keeping the numbering (needs a configured model; costs credits).',
  schemas: {
    body: z.object({ reviewId: z.number().int().positive(), targetLanguage: z.enum(['ko', 'en']) }),
    data: z.object({
      clauses: z.array(z.object({ heading: z.string().nullable(), startOffset: z.number().int(), endOffset: z.number().int(), text: z.string() })),
      creditsCharged: z.number().int(),
      model: z.string(),
    }),
  },
});
