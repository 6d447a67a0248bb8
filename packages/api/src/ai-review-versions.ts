import { z } from 'zod';
import {
  EditClauseBodySchema,
  FindingSchema,
  LabelCheckpointsQuerySchema,
  LocalizedTextSchema,
  ReviewContractTypeInfoSchema,
  ReviewContractTypeSchema,
  ReviewDocumentBodySchema,
  ReviewPositionSchema,
  ReviewSchema,
  CheckpointSchema,
} from './ai-review';
import { ReviewChatBodySchema } from './ai-review-chat';
import { WorkspaceCheckpointBodySchema } from './ai-review-checkpoints';
import { ClauseLabelSchema } from './contract-analysis';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// The remaining calls of catalogue 7.1 (aireview): the earlier versions that answer exactly as
// the current one (the web app uses the newest), the upload-and-review call, the review against
// a chosen set of checkpoints, the chat question confirmation and the workspace's contract types.
// ---------------------------------------------------------------------------------------------

const tags = ['aireview'];
const product = 'AI_REVIEW' as const;
const same = (current: string) => `Earlier version: the same input and answer as ${current}.`;

// Earlier versions -------------------------------------------------------------------------------

export const reviewContractDocumentV4 = defineRoute({
  method: 'POST', path: '/api/aireview/review/contract-document/v4', access: 'member', product, tags,
  summary: same('review/contract-document/v5'),
  schemas: { body: ReviewDocumentBodySchema, data: ReviewSchema },
});

export const reviewContractDocumentByCacheV2 = defineRoute({
  method: 'POST', path: '/api/aireview/review/contract-document/by-cache/v2', access: 'member', product, tags,
  summary: same('review/contract-document/by-cache/v3'),
  schemas: { body: ReviewDocumentBodySchema, data: ReviewSchema },
});

export const listLabelCheckpointsV1 = defineRoute({
  method: 'GET', path: '/api/aireview/label-checkpoints/v1', access: 'member', product, tags,
  summary: same('label-checkpoints/v2'),
  schemas: { query: LabelCheckpointsQuerySchema, data: z.array(CheckpointSchema) },
});

export const listReviewContractTypesV1 = defineRoute({
  method: 'GET', path: '/api/aireview/contract-types/v1', access: 'member', product, tags,
  summary: same('contract-types/v2'),
  schemas: { data: z.array(ReviewContractTypeInfoSchema) },
});

const editClauseData = z.object({ text: z.string(), creditsCharged: z.number().int(), model: z.string() });

export const editClauseV1 = defineRoute({
  method: 'POST', path: '/api/aireview/edit-clause/v1', access: 'member', product, tags,
  summary: same('edit-clause/v3'),
  schemas: { body: EditClauseBodySchema, data: editClauseData },
});

export const editClauseV2 = defineRoute({
  method: 'POST', path: '/api/aireview/edit-clause/v2', access: 'member', product, tags,
  summary: same('edit-clause/v3'),
  schemas: { body: EditClauseBodySchema, data: editClauseData },
});

export const reviewChatV1 = defineRoute({
  method: 'POST', path: '/api/aireview/review-chat/v1', access: 'member', product, tags, raw: true,
  summary: same('review-chat/v2 (text/event-stream)'),
  schemas: { body: ReviewChatBodySchema },
});

export const reviewClauseAnalysisV1 = defineRoute({
  method: 'POST', path: '/api/aireview/review-clause-analysis/v1', access: 'member', product, tags,
  summary: same('review-clause-analysis/v2'),
  schemas: {
    body: z.object({ reviewId: z.number().int().positive(), startOffset: z.number().int().min(0) }),
    data: z.object({
      clause: z.object({ heading: z.string().nullable(), label: ClauseLabelSchema, startOffset: z.number().int(), endOffset: z.number().int() }).nullable(),
      findings: z.array(FindingSchema),
    }),
  },
});

export const createWorkspaceCheckpointV4 = defineRoute({
  method: 'POST', path: '/api/aireview/checkpoints/v4', access: 'member', product, tags,
  summary: same('POST checkpoints/v5'),
  schemas: { body: WorkspaceCheckpointBodySchema, data: CheckpointSchema },
});

// Upload and review in one call ------------------------------------------------------------------

/** The text fields of review/contract-file (multipart; they must come before the `file` part). */
export const ReviewContractFileFieldsSchema = z.object({
  contractType: ReviewContractTypeSchema,
  position: ReviewPositionSchema,
});
export const ReviewContractFileFieldsV2Schema = ReviewContractFileFieldsSchema.extend({
  standalone: z.enum(['true', 'false']).default('false').describe('true: also create a standalone contract holding the upload'),
});

const fileNote =
  'multipart/form-data: the fields contractType and position, then the `file` part. The file is stored like POST arxive/files/v2 and its text ' +
  'extracted by a job; the review (QUEUED) waits for that text (docs/ai-review.md) and FAILS with errorCode ERROR_DOCUMENT_TEXT_NOT_READY, ' +
  'credits refunded, when no text can be read in time. The debit is estimated from the upload size (the text is not read yet).';

export const reviewContractFile = defineRoute({
  method: 'POST', path: '/api/aireview/review/contract-file/v1', access: 'member', product, tags,
  summary: `Uploads a contract and starts its review. ${fileNote}`,
  schemas: { data: ReviewSchema },
});

export const reviewContractFileV2 = defineRoute({
  method: 'POST', path: '/api/aireview/review/contract-file/v2', access: 'member', product, tags,
  summary: `As v1; with standalone=true the upload also becomes a standalone contract (source.standaloneContractId). ${fileNote}`,
  schemas: { data: ReviewSchema },
});

// A review against a chosen set of checkpoints -------------------------------------------------------

export const ReviewByPlaybookBodySchema = ReviewDocumentBodySchema.extend({
  checkpointIds: z
    .array(z.number().int().positive())
    .min(1)
    .max(500)
    .describe('Checkpoints of the workspace playbook for contractType (active or not) to evaluate instead of the active ones for the side'),
});
export type ReviewByPlaybookBody = z.input<typeof ReviewByPlaybookBodySchema>;

export const reviewContractByPlaybook = defineRoute({
  method: 'POST', path: '/api/aireview/review/contract-by-playbook/v1', access: 'member', product, tags,
  summary:
    'Starts a review like review/contract-document/v5 against exactly the checkpoints named (a custom playbook selection); ' +
    'the cache key includes the selection. A checkpoint id not in the playbook of contractType answers 400 naming body.checkpointIds.',
  schemas: { body: ReviewByPlaybookBodySchema, data: ReviewSchema },
});

// Chat question confirmation ---------------------------------------------------------------------------

export const ReviewChatQueryConfirmBodySchema = z.object({
  reviewId: z.number().int().positive(),
  question: z.string().min(1).max(2000),
  history: ReviewChatBodySchema.shape.history.describe('The earlier turns, as review-chat/v2 will be sent them (the price may count them)'),
});

export const ReviewChatQueryConfirmSchema = z.object({
  question: z.string().describe('The question as it will be sent: spaces collapsed, trimmed, Unicode NFC'),
  clauses: z
    .array(
      z.object({
        heading: z.string().nullable(),
        label: z.string(),
        startOffset: z.number().int(),
        endOffset: z.number().int(),
        text: z.string(),
        score: z.number().describe('Lexical similarity to the question, 0..1'),
      }),
    )
    .describe('The clauses of the review most similar to the question, best first: the context the answer will rest on'),
  credits: z.number().int().describe('What review-chat/v2 will debit for this question after the given history'),
  isModelConfigured: z.boolean().describe('false: review-chat answers 503 ERROR_AI_PROVIDER_NOT_CONFIGURED'),
});
export type ReviewChatQueryConfirm = z.infer<typeof ReviewChatQueryConfirmSchema>;

export const reviewChatQueryConfirm = defineRoute({
  method: 'POST', path: '/api/aireview/review-chat/query-confirm/v1', access: 'member', product, tags,
  summary: 'Before a chat question goes to a model: the question normalised, the clauses given as context, and the estimated credits. Built-in, no charge.',
  schemas: { body: ReviewChatQueryConfirmBodySchema, data: ReviewChatQueryConfirmSchema },
});

// The workspace's contract types ------------------------------------------------------------------------

export const WorkspaceContractTypeSchema = z.object({ code: ReviewContractTypeSchema, name: LocalizedTextSchema });
export const WorkspaceContractTypeV5Schema = WorkspaceContractTypeSchema.extend({
  activeCheckpointCount: z.number().int().describe('Active checkpoints of the workspace playbook for this type (any side)'),
  positions: z.array(
    z.object({
      code: ReviewPositionSchema,
      name: LocalizedTextSchema,
      activeCheckpointCount: z.number().int().describe('Active checkpoints a review from this side evaluates'),
    }),
  ),
});

export const listWorkspaceContractTypesV4 = defineRoute({
  method: 'GET', path: '/api/aireview/workspace-contract-types/v4', access: 'member', product, tags,
  summary: 'The contract types the workspace playbook covers (those with at least one active checkpoint).',
  schemas: { data: z.array(WorkspaceContractTypeSchema) },
});

export const listWorkspaceContractTypesV5 = defineRoute({
  method: 'GET', path: '/api/aireview/workspace-contract-types/v5', access: 'member', product, tags,
  summary: 'As v4, with each side and the number of active checkpoints a review from it evaluates.',
  schemas: { data: z.array(WorkspaceContractTypeV5Schema) },
});
