import { z } from 'zod';
import { LocalizedTextSchema } from './ai-review';
import { WorkspaceTargetSchema } from './ai-platform';
import { defineRoute } from './http';
import { CollectionDocumentStatusSchema, CollectionMetaSchema, CollectionVisibilitySchema } from './research-collections';
import { GENERAL_CATEGORY_KINDS, GeneralCategoryKindSchema } from './research-sources';

// ---------------------------------------------------------------------------------------------
// Super admin: the general categories (the built-in legal source kinds, research-sources.ts), which
// of them each workspace searches, and the meta a super admin needs about categories. Enforced:
// retrieval (chat, search, advisory drafts) skips a kind the workspace has switched off, and the
// chat's filter does not offer it.
// ---------------------------------------------------------------------------------------------

const adminTags = ['aistudio: super admin'];
const admin = '/api/aistudio/super-admin/categories';

export const GeneralCategorySchema = z.object({
  kind: GeneralCategoryKindSchema,
  label: LocalizedTextSchema,
  description: LocalizedTextSchema,
  hasSource: z.boolean().describe('This installation holds texts of this kind that a chat can search'),
  isSourceConfigured: z.boolean().describe('STATUTE: the shipped corpus (always); the others: the law Open API key (LAW_OPEN_API_OC) is configured, so texts arrive by sync or on first read'),
  storedCount: z.number().int().describe('STATUTE: indexed statute versions; PRECEDENT: synced precedents; ADMIN_RULE / LOCAL_ORDINANCE: the ones stored'),
});
export type GeneralCategory = z.infer<typeof GeneralCategorySchema>;

export const listSuperAdminGeneralCategories = defineRoute({
  method: 'GET', path: `${admin}/general/v1`, access: 'superAdmin', tags: adminTags,
  summary: 'Super admin: the general categories (statutes, precedents, administrative rules, local ordinances) with ko/en labels and whether this installation has a source for each.',
  schemas: { data: z.array(GeneralCategorySchema) },
});

export const WorkspaceGeneralCategoriesSchema = z.object({
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  categories: z.array(z.object({ kind: GeneralCategoryKindSchema, label: LocalizedTextSchema, isEnabled: z.boolean(), hasSource: z.boolean() })),
});
export type WorkspaceGeneralCategories = z.infer<typeof WorkspaceGeneralCategoriesSchema>;

export const getSuperAdminWorkspaceGeneralCategories = defineRoute({
  method: 'GET', path: `${admin}/by-workspace/v1`, access: 'superAdmin', tags: adminTags,
  summary: 'Super admin: which general categories a workspace searches (all, until a super admin switches some off).',
  schemas: { query: WorkspaceTargetSchema, data: WorkspaceGeneralCategoriesSchema },
});

export const PutWorkspaceGeneralCategoriesBodySchema = WorkspaceTargetSchema.extend({
  enabled: z
    .array(GeneralCategoryKindSchema)
    .max(GENERAL_CATEGORY_KINDS.length)
    .refine((kinds) => new Set(kinds).size === kinds.length, 'each kind once')
    .describe('The kinds the workspace searches; the others are switched off (an empty list leaves only its collections and attachments)'),
});
export type PutWorkspaceGeneralCategoriesBody = z.input<typeof PutWorkspaceGeneralCategoriesBodySchema>;

export const putSuperAdminWorkspaceGeneralCategories = defineRoute({
  method: 'PUT', path: `${admin}/by-workspace/v1`, access: 'superAdmin', tags: adminTags,
  summary: 'Super admin: sets which general categories a workspace searches. 404 for a workspace that does not exist in that tenant. Audited in the workspace.',
  schemas: { body: PutWorkspaceGeneralCategoriesBodySchema, data: WorkspaceGeneralCategoriesSchema },
});

export const SuperAdminCategoryMetaSchema = CollectionMetaSchema.extend({
  visibilityLabels: z.array(z.object({ value: CollectionVisibilitySchema, label: LocalizedTextSchema })),
  documentStatusLabels: z.array(z.object({ value: CollectionDocumentStatusSchema, label: LocalizedTextSchema })),
  generalCategories: z.array(z.object({ kind: GeneralCategoryKindSchema, label: LocalizedTextSchema, description: LocalizedTextSchema })),
  capacityConfigKey: z.literal('collectionCapacityMb').describe("limits.bytesPerWorkspace is the default; each workspace's own is this research config key"),
});
export type SuperAdminCategoryMeta = z.infer<typeof SuperAdminCategoryMetaSchema>;

export const getSuperAdminCategoryMeta = defineRoute({
  method: 'GET', path: `${admin}/meta/v1`, access: 'superAdmin', tags: adminTags,
  summary: "Super admin: the members' categories/meta/v1 definitions (visibilities, document statuses, accepted upload types, default size and capacity limits) with ko/en labels, and the general categories.",
  schemas: { data: SuperAdminCategoryMetaSchema },
});
