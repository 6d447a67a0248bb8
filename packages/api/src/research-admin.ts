import { z } from 'zod';
import { AiDriverSchema, WorkspaceTargetSchema } from './ai-platform';
import { pageOf } from './envelope';
import { defineRoute } from './http';
import { ChatFeedbackSchema, ChatKeySchema, ChatMessageSchema } from './research';
import { ChatFilterSchema } from './research-user';

// ---------------------------------------------------------------------------------------------
// Research settings per workspace (catalogue 7.2 aistudio: tags, models, sample questions) and the
// super-admin side of legal research: a workspace's chats and messages over a date range (every
// read recorded in that workspace's audit log: who read which workspace's chats, for which days),
// its research topic tags and its sample questions.
// ---------------------------------------------------------------------------------------------

const product = 'AI_STUDIO' as const;
const tags = ['aistudio'];
const adminTags = ['aistudio: super admin'];
const admin = '/api/aistudio/super-admin';

export const RESEARCH_SETTINGS_LIMITS = { tags: 50, tagMaxLength: 40, sampleQuestions: 10, sampleQuestionMaxLength: 300, chatReadDays: 92 } as const;

// Member reads ------------------------------------------------------------------------------------

export const ResearchTagsSchema = z.object({ tags: z.array(z.string()).describe("The workspace's research topic tags, in the order a super admin set them") });
export type ResearchTags = z.infer<typeof ResearchTagsSchema>;

export const listResearchTags = defineRoute({
  method: 'GET', path: '/api/aistudio/tags/v2', access: 'member', product, tags,
  summary: "The workspace's research topic tags (set by a super admin; empty when none).",
  schemas: { data: ResearchTagsSchema },
});

export const ResearchModelSchema = z.object({
  purpose: z.enum(['CHAT', 'EMBEDDING']),
  provider: AiDriverSchema,
  name: z.string().nullable().describe('The model name; null for the built-in engine'),
  isConfigured: z.boolean().describe('CHAT: a model writes answers; EMBEDDING: an embedding model is set'),
});
export type ResearchModel = z.infer<typeof ResearchModelSchema>;

export const ResearchModelsSchema = z.object({
  answerEngine: z.enum(['BUILT_IN', 'MODEL']).describe('BUILT_IN: extractive answers (no model configured); MODEL: the configured chat model writes grounded answers'),
  models: z.array(ResearchModelSchema),
});
export type ResearchModels = z.infer<typeof ResearchModelsSchema>;

export const listResearchModels = defineRoute({
  method: 'GET', path: '/api/aistudio/models/v2', access: 'member', product, tags,
  summary: "The AI models the workspace's research uses (from its AI provider configuration): provider and model names, whether configured; never a key.",
  schemas: { data: ResearchModelsSchema },
});

// Super admin: chats and messages -------------------------------------------------------------------

const IsoDate = z.iso.date();

const ChatsRangeSchema = WorkspaceTargetSchema.extend({
  dateStart: IsoDate,
  dateEnd: IsoDate,
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(20),
});

/** The days read: in order, and at most `chatReadDays` of them. */
const withinReadDays = <T extends z.ZodType<{ dateStart: string; dateEnd: string }>>(schema: T) =>
  schema
    .refine((q) => q.dateStart <= q.dateEnd, { path: ['dateEnd'], message: 'must not be before dateStart' })
    .refine((q) => Date.parse(q.dateEnd) - Date.parse(q.dateStart) < RESEARCH_SETTINGS_LIMITS.chatReadDays * 24 * 3600 * 1000, {
      path: ['dateEnd'],
      message: `at most ${RESEARCH_SETTINGS_LIMITS.chatReadDays} days`,
    });

export const SuperAdminChatsQuerySchema = withinReadDays(ChatsRangeSchema);
export type SuperAdminChatsQuery = z.output<typeof SuperAdminChatsQuerySchema>;

export const SuperAdminChatMessagesQuerySchema = withinReadDays(
  ChatsRangeSchema.extend({ chatKey: ChatKeySchema.optional().describe("Only this chat's messages (a chat of that workspace, else 404)") }),
);
export type SuperAdminChatMessagesQuery = z.output<typeof SuperAdminChatMessagesQuerySchema>;

const UserRefSchema = z.object({ userId: z.number().int(), name: z.string().nullable() });

export const SuperAdminChatSchema = z.object({
  chatKey: z.string(),
  title: z.string(),
  user: UserRefSchema,
  messageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SuperAdminChat = z.infer<typeof SuperAdminChatSchema>;

export const SuperAdminChatMessageSchema = z.object({
  chatKey: z.string(),
  chatTitle: z.string(),
  chatMessageKey: z.string(),
  role: ChatMessageSchema.shape.role,
  text: z.string(),
  user: UserRefSchema.describe("The chat's owner"),
  declined: z.boolean(),
  engine: ChatMessageSchema.shape.engine,
  createdAt: z.string(),
});
export type SuperAdminChatMessage = z.infer<typeof SuperAdminChatMessageSchema>;

export const SuperAdminChatMessageV2Schema = SuperAdminChatMessageSchema.extend({
  asOf: z.string().nullable(),
  citations: ChatMessageSchema.shape.citations,
  documentCitations: ChatMessageSchema.shape.documentCitations,
  sourceCitations: ChatMessageSchema.shape.sourceCitations,
  correctedReferences: z.number().int(),
  filter: ChatFilterSchema.nullable().describe('Question: the filter it was asked with'),
  feedback: ChatFeedbackSchema.nullable().describe("Answer: the owner's rating"),
});
export type SuperAdminChatMessageV2 = z.infer<typeof SuperAdminChatMessageV2Schema>;

const auditNote = "Every read is recorded in the workspace's audit log (research.chats_read_by_super_admin: who, which days, which page).";

export const listSuperAdminChats = defineRoute({
  method: 'GET', path: `${admin}/chats/list/v1`, access: 'superAdmin', tags: adminTags,
  summary: `Super admin: a workspace's research chats whose last activity fell in the date range (Asia/Seoul days), newest first. ${auditNote}`,
  schemas: { query: SuperAdminChatsQuerySchema, data: pageOf(SuperAdminChatSchema) },
});

export const listSuperAdminChatMessages = defineRoute({
  method: 'GET', path: `${admin}/chats/messages/v1`, access: 'superAdmin', tags: adminTags,
  summary: `Super admin: a workspace's chat messages (or one chat's, with chatKey) written in the date range (Asia/Seoul days), newest first. ${auditNote}`,
  schemas: { query: SuperAdminChatMessagesQuerySchema, data: pageOf(SuperAdminChatMessageSchema) },
});

export const listSuperAdminChatMessagesV2 = defineRoute({
  method: 'GET', path: `${admin}/chats/messages/v2`, access: 'superAdmin', tags: adminTags,
  summary: `Super admin: the same messages with their citations, the question's filter and the owner's feedback. ${auditNote}`,
  schemas: { query: SuperAdminChatMessagesQuerySchema, data: pageOf(SuperAdminChatMessageV2Schema) },
});

// Super admin: sample questions and tags ------------------------------------------------------------

const QuestionSchema = z.string().trim().min(1).max(RESEARCH_SETTINGS_LIMITS.sampleQuestionMaxLength);

export const SampleQuestionsSchema = z.object({
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  ko: z.array(z.string()),
  en: z.array(z.string()),
  isDefault: z.boolean().describe('True: the workspace has none of its own and members see the shipped questions'),
});
export type SampleQuestions = z.infer<typeof SampleQuestionsSchema>;

export const getSuperAdminSampleQuestions = defineRoute({
  method: 'GET', path: `${admin}/sample-questions/v1`, access: 'superAdmin', tags: adminTags,
  summary: "Super admin: a workspace's sample questions (the shipped ones when it has none of its own).",
  schemas: { query: WorkspaceTargetSchema, data: SampleQuestionsSchema },
});

export const SaveSampleQuestionsBodySchema = WorkspaceTargetSchema.extend({
  ko: z.array(QuestionSchema).max(RESEARCH_SETTINGS_LIMITS.sampleQuestions),
  en: z.array(QuestionSchema).max(RESEARCH_SETTINGS_LIMITS.sampleQuestions),
});
export type SaveSampleQuestionsBody = z.input<typeof SaveSampleQuestionsBodySchema>;

export const saveSuperAdminSampleQuestions = defineRoute({
  method: 'POST', path: `${admin}/sample-questions/v1`, access: 'superAdmin', tags: adminTags,
  summary: "Super admin: replaces a workspace's sample questions per language (a language left empty shows the shipped ones; both empty: back to the shipped set). Audited.",
  schemas: { body: SaveSampleQuestionsBodySchema, data: SampleQuestionsSchema },
});

const TagSchema = z.string().trim().min(1).max(RESEARCH_SETTINGS_LIMITS.tagMaxLength);

export const WorkspaceResearchTagsSchema = ResearchTagsSchema.extend({ tenantId: z.number().int(), workspaceId: z.number().int() });

export const getSuperAdminWorkspaceTags = defineRoute({
  method: 'GET', path: `${admin}/tags/by-workspace/v1`, access: 'superAdmin', tags: adminTags,
  summary: "Super admin: a workspace's research topic tags.",
  schemas: { query: WorkspaceTargetSchema, data: WorkspaceResearchTagsSchema },
});

export const PutWorkspaceTagsBodySchema = WorkspaceTargetSchema.extend({
  tags: z
    .array(TagSchema)
    .max(RESEARCH_SETTINGS_LIMITS.tags)
    .refine((list) => new Set(list.map((t) => t.toLowerCase())).size === list.length, 'each tag once'),
});

export const putSuperAdminWorkspaceTags = defineRoute({
  method: 'PUT', path: `${admin}/tags/by-workspace/v1`, access: 'superAdmin', tags: adminTags,
  summary: "Super admin: replaces a workspace's research topic tags (order kept). Audited.",
  schemas: { body: PutWorkspaceTagsBodySchema, data: WorkspaceResearchTagsSchema },
});

export const listSuperAdminTags = defineRoute({
  method: 'GET', path: `${admin}/tags/v1`, access: 'superAdmin', tags: adminTags,
  summary: 'Super admin: every research tag in use across workspaces, with how many workspaces use it (most used first): suggestions for a workspace.',
  schemas: { data: z.array(z.object({ tag: z.string(), workspaceCount: z.number().int() })) },
});

// Super admin: models ------------------------------------------------------------------------------

export const SuperAdminResearchModelsSchema = z.object({
  providers: z.array(
    z.object({
      driver: AiDriverSchema,
      isServerDefault: z.boolean().describe("The server's own configuration (AI_* environment) uses this provider"),
      models: z.array(z.object({
        purpose: ResearchModelSchema.shape.purpose,
        name: z.string(),
        isServerDefault: z.boolean(),
        workspaceCount: z.number().int().describe('Workspaces whose own configuration names this model'),
      })),
    }),
  ).describe('Every provider with the models configured for it, on the server or by a workspace override; never a key'),
  workspace: ResearchModelsSchema.extend({ tenantId: z.number().int(), workspaceId: z.number().int() }).nullable()
    .describe("With tenantId and workspaceId: that workspace's research models, as its members read them (models/v2)"),
});
export type SuperAdminResearchModels = z.infer<typeof SuperAdminResearchModelsSchema>;

export const listSuperAdminResearchModels = defineRoute({
  method: 'GET', path: `${admin}/models/v1`, access: 'superAdmin', tags: adminTags,
  summary: 'Super admin: the AI models configured per provider (server default and workspace overrides, with how many workspaces use each), and optionally one workspace\'s research models. Never a key.',
  schemas: { query: WorkspaceTargetSchema.partial().refine((q) => (q.tenantId === undefined) === (q.workspaceId === undefined), { path: ['workspaceId'], message: 'tenantId and workspaceId go together' }), data: SuperAdminResearchModelsSchema },
});
