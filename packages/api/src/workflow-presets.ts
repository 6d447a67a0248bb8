import { z } from 'zod';
import { defineRoute } from './http';
import { WorkflowPresetTypeSchema } from './standard-forms';
import { PresetStepSchema, StepCodeSchema, StepMemberRoleSchema, WorkflowActionSchema } from './workflows';

// ---------------------------------------------------------------------------------------------
// Workflow presets (catalogue 7.6 conhub, issue 18): super admins publish presets built from the
// meta options (steps, actions, actor roles); each workspace picks which published presets it
// offers and adapts them: its own ko/en name, optional steps switched off, a default desired review
// deadline. The engine reads them: presets/v1 lists what the workspace offers, starting a preset the
// workspace does not offer answers 409, and a switched-off step is skipped. docs/workflows.md.
// ---------------------------------------------------------------------------------------------

const Localized = z.object({ ko: z.string(), en: z.string() });
const LocalizedInput = z.object({ ko: z.string().trim().min(1).max(60), en: z.string().trim().min(1).max(60) });

const sa = '/api/conhub/super-admin/workflow-presets';
const saTags = ['conhub: super admin'];

/** A preset step as published: its code and whether workspaces may switch it off. */
export const PublishedPresetStepSchema = z.object({
  stepCode: StepCodeSchema,
  order: z.number().int(),
  isOptional: z.boolean().describe('A workspace may switch this step off (it is then skipped)'),
});
export const PUBLISHED_PRESET_STATUSES = ['PUBLISHED', 'WITHDRAWN'] as const;
export const PublishedPresetStatusSchema = z.enum(PUBLISHED_PRESET_STATUSES).describe('WITHDRAWN: no workspace can start it any more; running workflows finish, history keeps its name');
export type PublishedPresetStatus = z.infer<typeof PublishedPresetStatusSchema>;

export const PublishedPresetSchema = z.object({
  presetType: WorkflowPresetTypeSchema,
  name: Localized,
  steps: z.array(PublishedPresetStepSchema),
  isBuiltIn: z.boolean().describe('One of the four presets the product ships (offered to every workspace until its admin switches it off; neither edited nor withdrawn); a published one is offered once a workspace admin enables it'),
  status: PublishedPresetStatusSchema,
  revision: z.number().int().describe('One more per edit or withdrawal: send it back to edit or withdraw (409 when stale)'),
  createdAt: z.string(),
  updatedAt: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type PublishedPreset = z.infer<typeof PublishedPresetSchema>;

const presetStepsInput = z
  .array(z.object({ stepCode: StepCodeSchema, isOptional: z.boolean().default(false) }))
  .min(2)
  .max(6)
  .describe('In order: REQUEST first, EXECUTION last, each step once, in the engine\'s order (REQUEST, ASSIGNMENT, LEGAL_REVIEW, APPROVAL, SIGNING, EXECUTION); ASSIGNMENT and LEGAL_REVIEW together; REQUEST, LEGAL_REVIEW and EXECUTION cannot be optional');

export const PublishPresetBodySchema = z.object({
  presetType: WorkflowPresetTypeSchema.refine((t) => t !== 'NONE', 'NONE is not a preset'),
  name: LocalizedInput,
  steps: presetStepsInput,
});
export type PublishPresetBody = z.input<typeof PublishPresetBodySchema>;

const presetRevision = z.number().int().nonnegative().describe('The preset revision the caller read');
export const PresetParamsSchema = z.object({ presetType: WorkflowPresetTypeSchema });
export const EditPresetBodySchema = z.object({ name: LocalizedInput, steps: presetStepsInput, revision: presetRevision });
export type EditPresetBody = z.input<typeof EditPresetBodySchema>;
export const WithdrawPresetBodySchema = z.object({ revision: presetRevision });
export type WithdrawPresetBody = z.input<typeof WithdrawPresetBodySchema>;

export const PresetMetaOptionsSchema = z.object({
  steps: z.array(
    PresetStepSchema.omit({ order: true }).extend({
      name: Localized,
      canBeOptional: z.boolean().describe('Whether a preset may mark this step optional'),
      isRequired: z.boolean().describe('Every preset has it (REQUEST, EXECUTION)'),
    }),
  ).describe('The building blocks, in the engine\'s order'),
  actions: z.array(z.object({ code: WorkflowActionSchema, name: Localized })),
  actorRoles: z.array(z.object({ code: StepMemberRoleSchema, name: Localized })),
});
export type PresetMetaOptions = z.infer<typeof PresetMetaOptionsSchema>;

export const listPublishedPresets = defineRoute({ method: 'GET', path: `${sa}/v1`, access: 'superAdmin', tags: saTags, summary: 'Every published workflow preset (the four built-ins first, withdrawn ones too), with its steps and which of them are optional.', schemas: { data: z.array(PublishedPresetSchema) } });
export const publishPreset = defineRoute({
  method: 'POST', path: `${sa}/v1`, access: 'superAdmin', tags: saTags,
  summary: 'Publishes a new preset to every workspace (offered once a workspace admin enables it). 400 naming the field for a step list the engine cannot run; 409 when the code is taken.',
  schemas: { body: PublishPresetBodySchema, data: PublishedPresetSchema },
});
const presetRefusals = '404 for a code nobody published; 409 for a built-in (the product\'s own), a withdrawn preset, or a stale `revision` (`data.reason`: BUILT_IN, PRESET_WITHDRAWN, stale revision).';
export const editPreset = defineRoute({
  method: 'PUT', path: `${sa}/:presetType/v1`, access: 'superAdmin', tags: saTags,
  summary: `Edits a published preset: its ko/en name and steps (400 naming the field as for publishing). Running workflows keep the steps they started with; new ones run the edit. A workspace's switched-off steps that the edit makes required or removes are dropped from its setting. ${presetRefusals}`,
  schemas: { params: PresetParamsSchema, body: EditPresetBodySchema, data: PublishedPresetSchema },
});
export const withdrawPreset = defineRoute({
  method: 'POST', path: `${sa}/:presetType/withdraw/v1`, access: 'superAdmin', tags: saTags,
  summary: `Withdraws a published preset: no workspace can start it any more (409 PRESET_NOT_OFFERED, as for a preset the workspace does not offer); running workflows finish normally and history keeps its name. ${presetRefusals}`,
  schemas: { params: PresetParamsSchema, body: WithdrawPresetBodySchema, data: PublishedPresetSchema },
});
export const getPresetMetaOptions = defineRoute({ method: 'GET', path: `${sa}/meta/options/v1`, access: 'superAdmin', tags: saTags, summary: 'What presets are built from: steps (who acts, the actions, ko/en labels, whether they may be optional), actions and actor roles.', schemas: { data: PresetMetaOptionsSchema } });

// A workspace's adaptation ----------------------------------------------------------------------

export const WorkspacePresetSettingSchema = z.object({
  presetType: WorkflowPresetTypeSchema,
  publishedName: Localized,
  name: Localized.describe('What members see: the workspace\'s name, else the published one'),
  customName: Localized.nullable(),
  isBuiltIn: z.boolean(),
  isEnabled: z.boolean().describe('Offered to the workspace\'s members (presets/v1, request review, drafting)'),
  steps: z.array(PublishedPresetStepSchema.extend({ isOn: z.boolean().describe('false: switched off by the workspace (skipped)') })),
  defaultReviewDeadlineDays: z.number().int().nullable(),
});
export type WorkspacePresetSetting = z.infer<typeof WorkspacePresetSettingSchema>;

export const PutWorkspacePresetsBodySchema = z.object({
  presets: z
    .array(
      z.object({
        presetType: WorkflowPresetTypeSchema,
        isEnabled: z.boolean(),
        name: LocalizedInput.nullable().default(null).describe('null: the published name'),
        offStepCodes: z.array(StepCodeSchema).max(6).default([]).refine((l) => new Set(l).size === l.length, 'each step once').describe('Optional steps switched off (400 for a step the preset does not mark optional)'),
        defaultReviewDeadlineDays: z.number().int().min(1).max(365).nullable().default(null),
      }),
    )
    .min(1)
    .max(100)
    .refine((l) => new Set(l.map((p) => p.presetType)).size === l.length, 'each preset once')
    .describe('The presets to set; those not named keep their setting'),
});
export type PutWorkspacePresetsBody = z.input<typeof PutWorkspacePresetsBodySchema>;

const wsPath = '/api/conhub/workspaces/workflow-presets/v1';
export const getWorkspacePresets = defineRoute({ method: 'GET', path: wsPath, access: 'admin', product: 'CLM', tags: ['conhub: workflows'], summary: 'Every published preset (not withdrawn) with this workspace\'s adaptation (enabled, name, optional steps on or off, default review deadline).', schemas: { data: z.array(WorkspacePresetSettingSchema) } });
export const putWorkspacePresets = defineRoute({
  method: 'PUT', path: wsPath, access: 'admin', product: 'CLM', tags: ['conhub: workflows'],
  summary: 'Adapts published presets for this workspace. 400 naming the field for an unknown preset or a step that is not optional; 409 (PRESET_WITHDRAWN) for a withdrawn one. Running workflows keep the steps they started with.',
  schemas: { body: PutWorkspacePresetsBodySchema, data: z.array(WorkspacePresetSettingSchema) },
});
