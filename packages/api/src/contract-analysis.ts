import { z } from 'zod';
import {
  type Named, ContractLanguageSchema, ContractTypeSchema, CounterpartyTypeSchema, DisputeResolutionMethodSchema,
} from './contract-catalogue';
import { ContractIdSchema, ContractParamsSchema, UserRefSchema } from './contract-schemas';
import { FileKeySchema } from './files';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// Contract analysis (catalogue 7.3 alex "contracts/analyze/v3", "labelClauseExtraction"): reads
// the extracted text of a contract document (an arxive file revision whose text extraction is
// DONE) and answers
// - suggested fields to prefill a contract (title, type, language, counterparties, period,
//   signed date, amount and currency, governing law, dispute resolution), each with the place in
//   the text it was read from, and
// - the document split into clauses (제1조 (목적), Article 1., 1. Term.), each labelled
//   (PURPOSE, TERM, PAYMENT, ...) with its offsets into the text and a confidence.
// The engine on embedded defaults is BUILT_IN: deterministic rules over Korean and English
// contract wording, no model and no network. With a contractId the clause labels are stored for
// that contract (replacing earlier ones); without it the call only answers (the create form).
// ---------------------------------------------------------------------------------------------

/** What a clause is about. OTHER: a clause none of the rules recognised. */
export const CLAUSE_LABELS = [
  'PURPOSE', 'DEFINITIONS', 'TERM', 'PAYMENT', 'CONFIDENTIALITY', 'TERMINATION', 'LIABILITY', 'INDEMNIFICATION', 'GOVERNING_LAW',
  'DISPUTE_RESOLUTION', 'IP', 'ASSIGNMENT', 'FORCE_MAJEURE', 'NOTICE', 'OTHER',
] as const;
export const ClauseLabelSchema = z.enum(CLAUSE_LABELS);
export type ClauseLabel = z.infer<typeof ClauseLabelSchema>;

export const CLAUSE_LABEL_CATALOGUE: Array<Named<ClauseLabel>> = [
  { code: 'PURPOSE', name: { ko: '목적', en: 'Purpose' } },
  { code: 'DEFINITIONS', name: { ko: '정의', en: 'Definitions' } },
  { code: 'TERM', name: { ko: '계약기간', en: 'Term' } },
  { code: 'PAYMENT', name: { ko: '대금 지급', en: 'Payment' } },
  { code: 'CONFIDENTIALITY', name: { ko: '비밀유지', en: 'Confidentiality' } },
  { code: 'TERMINATION', name: { ko: '해지·해제', en: 'Termination' } },
  { code: 'LIABILITY', name: { ko: '손해배상·책임', en: 'Liability' } },
  { code: 'INDEMNIFICATION', name: { ko: '면책·보상', en: 'Indemnification' } },
  { code: 'GOVERNING_LAW', name: { ko: '준거법', en: 'Governing law' } },
  { code: 'DISPUTE_RESOLUTION', name: { ko: '분쟁 해결', en: 'Dispute resolution' } },
  { code: 'IP', name: { ko: '지식재산권', en: 'Intellectual property' } },
  { code: 'ASSIGNMENT', name: { ko: '권리의무 양도', en: 'Assignment' } },
  { code: 'FORCE_MAJEURE', name: { ko: '불가항력', en: 'Force majeure' } },
  { code: 'NOTICE', name: { ko: '통지', en: 'Notices' } },
  { code: 'OTHER', name: { ko: '기타', en: 'Other' } },
];

/** Which engine answered. BUILT_IN: the rule-based engine of embedded defaults (an LLM-backed engine adds its code here). */
export const ANALYSIS_ENGINES = ['BUILT_IN'] as const;
export const AnalysisEngineSchema = z.enum(ANALYSIS_ENGINES);
export type AnalysisEngine = z.infer<typeof AnalysisEngineSchema>;

/** How the amount treats VAT when the text says so (부가세 별도 / VAT included). */
export const VAT_TREATMENTS = ['INCLUDED', 'EXCLUDED'] as const;
export const VatTreatmentSchema = z.enum(VAT_TREATMENTS);

/** The fields a suggestion can fill; evidence points at where each was read. */
export const SUGGESTED_FIELDS = [
  'title', 'contractType', 'language', 'counterparties', 'startDate', 'endDate', 'signedDate', 'amount', 'governingLaw', 'disputeResolutionMethod',
] as const;
export const SuggestedFieldSchema = z.enum(SUGGESTED_FIELDS);
export type SuggestedField = z.infer<typeof SuggestedFieldSchema>;

export const ANALYSIS_LIMITS = {
  /** Text beyond this many characters is not analysed (very long exhibits); the answer says so. */
  maxTextLength: 500_000,
} as const;

export const AnalyzeContractBodySchema = z.object({
  fileKey: FileKeySchema.describe('A live arxive file of this workspace that the caller may read (file.file.read and the rules of what it is attached to; a hidden file answers as a missing one)'),
  revision: z.number().int().min(1).optional().describe('A revision of the file; the current one when omitted'),
  contractId: ContractIdSchema.optional().describe('Store the clause labels for this contract: the caller must be able to edit it and the file must be attached to it'),
});
export type AnalyzeContractBody = z.input<typeof AnalyzeContractBodySchema>;

export const SuggestedCounterpartySchema = z.object({
  counterpartyType: CounterpartyTypeSchema,
  name: z.string(),
  businessRegistrationNumber: z.string().nullable().describe('123-45-67890 when the text gives one'),
  representative: z.string().nullable(),
  address: z.string().nullable(),
  role: z.string().nullable().describe('How the contract names the party: 갑, 을, "Company", ...'),
});
export type SuggestedCounterparty = z.infer<typeof SuggestedCounterpartySchema>;

export const ContractSuggestionsSchema = z.object({
  title: z.string().nullable(),
  contractType: ContractTypeSchema.nullable(),
  language: ContractLanguageSchema.nullable(),
  counterparties: z.array(SuggestedCounterpartySchema),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  signedDate: z.string().nullable(),
  amount: z.string().nullable().describe('Decimal string, as the contract amount field takes it'),
  currency: z.string().nullable(),
  vat: VatTreatmentSchema.nullable(),
  governingLaw: z.string().nullable(),
  disputeResolutionMethod: DisputeResolutionMethodSchema.nullable(),
});
export type ContractSuggestions = z.infer<typeof ContractSuggestionsSchema>;

export const AnalysisEvidenceSchema = z.object({
  field: SuggestedFieldSchema,
  text: z.string().describe('The words the value was read from'),
  startOffset: z.number().int(),
  endOffset: z.number().int(),
});

export const AnalyzedClauseSchema = z.object({
  label: ClauseLabelSchema,
  heading: z.string().nullable().describe('The heading as written, e.g. 제5조 (계약기간)'),
  text: z.string(),
  startOffset: z.number().int().describe('Character offset into the revision\'s extracted text'),
  endOffset: z.number().int(),
  confidence: z.number().min(0).max(1),
});
export type AnalyzedClause = z.infer<typeof AnalyzedClauseSchema>;

export const ContractAnalysisSchema = z.object({
  engine: AnalysisEngineSchema,
  fileKey: z.string(),
  revision: z.number().int(),
  textLength: z.number().int(),
  isTruncated: z.boolean().describe(`Only the first ${ANALYSIS_LIMITS.maxTextLength} characters were analysed`),
  suggestions: ContractSuggestionsSchema,
  evidence: z.array(AnalysisEvidenceSchema),
  clauses: z.array(AnalyzedClauseSchema),
  stored: z.object({ contractId: z.number().int(), labelCount: z.number().int() }).nullable().describe('Set when a contractId was given'),
});
export type ContractAnalysis = z.infer<typeof ContractAnalysisSchema>;

export const StoredClauseLabelSchema = AnalyzedClauseSchema.extend({ id: z.number().int() });
export type StoredClauseLabel = z.infer<typeof StoredClauseLabelSchema>;

export const ContractClauseLabelsSchema = z.object({
  contractId: z.number().int(),
  fileKey: z.string().nullable().describe('The document the last analysis read; null when the contract was never analysed (labels may be empty after an analysis that found no clauses)'),
  revision: z.number().int().nullable(),
  engine: AnalysisEngineSchema.nullable(),
  analyzedAt: z.string().nullable(),
  analyzedBy: UserRefSchema.nullable(),
  labels: z.array(StoredClauseLabelSchema).describe('In the order of the text'),
});
export type ContractClauseLabels = z.infer<typeof ContractClauseLabelsSchema>;

export const DeletedClauseLabelsSchema = z.object({ contractId: z.number().int(), deletedCount: z.number().int() });

// Routes ----------------------------------------------------------------------------------------

const alex = ['alex: contracts'];
const conhub = ['conhub: contracts'];

export const analyzeContract = defineRoute({
  method: 'POST', path: '/api/alex/contracts/analyze/v3', access: 'member', product: 'CLM',
  summary:
    'Reads a contract document (an arxive file of this workspace; file.file.read) and answers suggested contract fields and labelled clauses (engine BUILT_IN). ' +
    '409 while the revision\'s text extraction is pending or after it failed. With contractId (a contract the caller may edit, 403; readable, 404; the file attached to it, 400 on body.fileKey) ' +
    'the clause labels are stored for the contract, replacing earlier ones.',
  tags: alex, schemas: { body: AnalyzeContractBodySchema, data: ContractAnalysisSchema },
});
export const getContractClauseLabels = defineRoute({
  method: 'GET', path: '/api/conhub/contracts/:contractId/clause-labels/v1', access: 'member', product: 'CLM',
  summary: 'The stored clause labels of the contract (empty when it was never analysed). The contract must be readable by the caller (404 otherwise).',
  tags: conhub, schemas: { params: ContractParamsSchema, data: ContractClauseLabelsSchema },
});
export const deleteContractClauseLabels = defineRoute({
  method: 'DELETE', path: '/api/alex/contracts/:contractId/labelClauseExtraction/v1', access: 'member', product: 'CLM',
  summary:
    'Deletes the stored clause labels of the contract and answers how many went (0 when there were none: the call is idempotent, not a 404). ' +
    'Needs the owner with contract.contract.write, or contract.contract.admin (403); 404 when the contract is not readable.',
  tags: alex, schemas: { params: ContractParamsSchema, data: DeletedClauseLabelsSchema },
});
