import { z } from 'zod';
import { FileKeySchema } from './files';
import { defineRoute } from './http';

// AI review: standalone contracts and out-of-domain settings (catalogue 7.1), beside ai-review.ts.

const tags = ['aireview'];
const product = 'AI_REVIEW' as const;
// Standalone contracts (reviewed without registering them; visible to their creator only) ------

export const StandaloneContractSchema = z.object({
  standaloneContractId: z.number().int(),
  title: z.string(),
  fileKey: z.string().nullable(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StandaloneContract = z.infer<typeof StandaloneContractSchema>;
export const StandaloneParamsSchema = z.object({ standaloneContractId: z.coerce.number().int().positive() });

export const listStandaloneContracts = defineRoute({
  method: 'GET', path: '/api/aireview/standalone-contracts/v1', access: 'member', product, tags,
  summary: "The caller's standalone contracts (searchKeyword in the title; sort createdAt|title; page size 10).",
  schemas: {
    query: z.object({
      searchKeyword: z.string().trim().max(200).optional(),
      sort: z.enum(['createdAt,desc', 'createdAt,asc', 'title,asc', 'title,desc']).default('createdAt,desc'),
      page: z.coerce.number().int().min(0).default(0),
      size: z.coerce.number().int().min(1).max(1000).default(10),
    }),
    data: z.object({ content: z.array(StandaloneContractSchema), page: z.number().int(), size: z.number().int(), totalElements: z.number().int(), totalPages: z.number().int() }),
  },
});

export const createStandaloneContract = defineRoute({
  method: 'POST', path: '/api/aireview/standalone-contracts/v1', access: 'member', product, tags,
  summary: 'Creates a standalone contract (optionally with its document: a file the caller can read).',
  schemas: { body: z.object({ title: z.string().trim().min(1).max(300), fileKey: FileKeySchema.optional() }), data: StandaloneContractSchema },
});

export const getStandaloneContract = defineRoute({
  method: 'GET', path: '/api/aireview/standalone-contracts/:standaloneContractId/v1', access: 'member', product, tags,
  summary: 'One standalone contract of the caller.',
  schemas: { params: StandaloneParamsSchema, data: StandaloneContractSchema },
});

export const setStandaloneContractDocument = defineRoute({
  method: 'PUT', path: '/api/aireview/standalone-contracts/:standaloneContractId/document/v1', access: 'member', product, tags,
  summary: "Sets the standalone contract's document (a file the caller can read).",
  schemas: { params: StandaloneParamsSchema, body: z.object({ fileKey: FileKeySchema }), data: StandaloneContractSchema },
});

export const downloadStandaloneContract = defineRoute({
  method: 'GET', path: '/api/aireview/standalone-contracts/:standaloneContractId/download/v1', access: 'member', product, tags, raw: true,
  summary: "The standalone contract's document (current revision) as stored.",
  schemas: { params: StandaloneParamsSchema },
});

// OOD (out-of-domain) configs: docs/decisions/0005-ood-configs.md ------------------------------

export const OOD_ACTIONS = ['WARN', 'BLOCK'] as const;
export const OodConfigSchema = z.object({
  minConfidence: z.number().min(0).max(1).describe('Below this contract-type confidence the document is out of domain'),
  action: z.enum(OOD_ACTIONS).describe('WARN: review with a warning; BLOCK: refuse to start the review'),
});
export type OodConfig = z.infer<typeof OodConfigSchema>;
export const EffectiveOodConfigSchema = OodConfigSchema.extend({ source: z.enum(['DEFAULT', 'WORKSPACE', 'USER']) });

export const getUserOodConfig = defineRoute({
  method: 'GET', path: '/api/aireview/user-ood-configs/v1', access: 'member', product, tags,
  summary: "The caller's out-of-domain handling in this workspace (their own setting, else the workspace's, else the default).",
  schemas: { data: EffectiveOodConfigSchema },
});

export const putUserOodConfig = defineRoute({
  method: 'PUT', path: '/api/aireview/user-ood-configs/v1', access: 'member', product, tags,
  summary: "Sets the caller's out-of-domain handling in this workspace.",
  schemas: { body: OodConfigSchema, data: EffectiveOodConfigSchema },
});

export const getWorkspaceOodConfig = defineRoute({
  method: 'GET', path: '/api/aireview/workspace-ood-configs/v1', access: 'member', product, tags,
  summary: "The workspace's out-of-domain handling (its setting, else the default).",
  schemas: { data: EffectiveOodConfigSchema },
});

export const SuperAdminOodParamsSchema = z.object({ workspaceId: z.coerce.number().int().positive() });
export const superAdminGetWorkspaceOodConfig = defineRoute({
  method: 'GET', path: '/api/aireview/super-admin/workspaces/:workspaceId/ood-configs/v1', access: 'superAdmin', tags,
  summary: "A workspace's out-of-domain handling (super admin).",
  schemas: { params: SuperAdminOodParamsSchema, data: EffectiveOodConfigSchema },
});
export const superAdminPutWorkspaceOodConfig = defineRoute({
  method: 'PUT', path: '/api/aireview/super-admin/workspaces/:workspaceId/ood-configs/v1', access: 'superAdmin', tags,
  summary: "Sets a workspace's out-of-domain handling (super admin).",
  schemas: { params: SuperAdminOodParamsSchema, body: OodConfigSchema, data: EffectiveOodConfigSchema },
});
