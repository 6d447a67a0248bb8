import { z } from 'zod';
import { CheckpointSchema, ReviewContractTypeSchema, ReviewPositionSchema, ReviewRiskSchema } from './ai-review';
import { ClauseLabelSchema } from './contract-analysis';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// AI review: the workspace's own checkpoints (catalogue 7.1 checkpoints v5; write needs
// workspace.config.write). A checkpoint's rule says what the built-in engine checks; its legal
// basis must resolve to article text of a shipped statute.
// ---------------------------------------------------------------------------------------------

const tags = ['aireview'];
const product = 'AI_REVIEW' as const;

const PatternListSchema = z.array(z.string().min(1).max(300)).max(20);
export const LocalizedPatternsSchema = z.object({ ko: PatternListSchema, en: PatternListSchema });
export const CheckpointRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('present'), labels: z.array(ClauseLabelSchema).max(15), patterns: LocalizedPatternsSchema }),
  z.object({ kind: z.literal('absent'), labels: z.array(ClauseLabelSchema).max(15), patterns: LocalizedPatternsSchema, unless: LocalizedPatternsSchema.optional() }),
  z.object({
    kind: z.literal('threshold'),
    labels: z.array(ClauseLabelSchema).max(15),
    patterns: LocalizedPatternsSchema,
    unit: z.enum(['PERCENT_PER_YEAR', 'PERCENT', 'DAYS', 'MONTHS', 'YEARS', 'MULTIPLE_OF_FEES']),
    max: z.number().finite().optional(),
    min: z.number().finite().optional(),
    missing: z.enum(['NOT_MET', 'NOT_APPLICABLE', 'UNCLEAR']),
  }),
]);

const WorkspaceCheckpointFields = z.object({
  code: z.string().trim().regex(/^[A-Z0-9_.]{3,80}$/, 'A-Z, 0-9, _ and . (3-80)'),
  contractType: ReviewContractTypeSchema,
  label: ClauseLabelSchema,
  protects: z.union([ReviewPositionSchema, z.literal('BOTH')]),
  risk: ReviewRiskSchema,
  question: z.string().trim().min(1).max(500),
  metWhen: z.string().trim().min(1).max(2000),
  rationale: z.string().trim().min(1).max(2000),
  standardClause: z.string().trim().min(1).max(5000),
  clauseExamples: z.array(z.string().trim().min(1).max(2000)).max(20),
  rule: CheckpointRuleSchema.describe('What the built-in engine checks (regular expressions, flags iu)'),
  legalBasis: z
    .array(
      z.object({
        lawName: z.string().trim().min(1).max(100).describe("The statute's title, with or without spaces, or a common short name (하도급법)"),
        article: z.string().trim().regex(/^제\d{1,4}조(의\d{1,2})?$/, '제N조 or 제N조의M'),
        paragraph: z.number().int().min(1).max(50).optional().describe('1 for ①'),
      }),
    )
    .max(10)
    .describe('Statute articles the checkpoint rests on; each must resolve to article text of a shipped statute (400 naming it otherwise)'),
  isActive: z.boolean(),
});
export const WorkspaceCheckpointBodySchema = WorkspaceCheckpointFields.extend({
  clauseExamples: WorkspaceCheckpointFields.shape.clauseExamples.default([]),
  legalBasis: WorkspaceCheckpointFields.shape.legalBasis.default([]),
  isActive: z.boolean().default(true),
});
/** Only the fields sent change. */
export const WorkspaceCheckpointPatchSchema = WorkspaceCheckpointFields.partial();
export const CheckpointParamsSchema = z.object({ checkpointId: z.coerce.number().int().positive() });

export const createWorkspaceCheckpoint = defineRoute({
  method: 'POST', path: '/api/aireview/checkpoints/v5', access: 'member', product, tags,
  summary: "Adds a checkpoint to the workspace playbook (needs workspace.config.write). Changes the playbook version: later reviews are not served from older caches.",
  schemas: { body: WorkspaceCheckpointBodySchema, data: CheckpointSchema },
});

export const updateWorkspaceCheckpoint = defineRoute({
  method: 'PUT', path: '/api/aireview/checkpoints/:checkpointId/v5', access: 'member', product, tags,
  summary: 'Edits a workspace checkpoint, or switches a starter checkpoint on or off (only isActive applies to a starter one). Needs workspace.config.write.',
  schemas: { params: CheckpointParamsSchema, body: WorkspaceCheckpointPatchSchema, data: CheckpointSchema },
});

export const deleteWorkspaceCheckpoint = defineRoute({
  method: 'DELETE', path: '/api/aireview/checkpoints/:checkpointId/v5', access: 'member', product, tags,
  summary: 'Deletes a workspace checkpoint (starter checkpoints are switched off instead: 409). Needs workspace.config.write.',
  schemas: { params: CheckpointParamsSchema, data: z.null() },
});
