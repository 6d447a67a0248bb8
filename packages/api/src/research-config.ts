import { z } from 'zod';
import { LocalizedTextSchema } from './ai-review';
import { WorkspaceTargetSchema } from './ai-platform';
import { defineRoute } from './http';
import { COLLECTION_LIMITS } from './research-collections';

// ---------------------------------------------------------------------------------------------
// Research configs (catalogue 7.2 "configs"): per-workspace settings of the research chat that a
// super admin sets and members read. Every key here is read by the code path its description names
// (docs/legal-research.md, "Configs and general categories"); a key that changed nothing would not
// be here. Defaults are the values the module used before they were configurable.
// ---------------------------------------------------------------------------------------------

const product = 'AI_STUDIO' as const;
const tags = ['aistudio'];
const adminTags = ['aistudio: super admin'];
const admin = '/api/aistudio/super-admin';

type Text = { ko: string; en: string };

export const RESEARCH_CONFIG_CATEGORIES = ['RETRIEVAL', 'ANSWER', 'CHAT', 'COLLECTIONS'] as const;
export const ResearchConfigCategorySchema = z.enum(RESEARCH_CONFIG_CATEGORIES);
export type ResearchConfigCategory = z.infer<typeof ResearchConfigCategorySchema>;

export const RESEARCH_CONFIG_CATEGORY_TEXTS: Record<ResearchConfigCategory, { label: Text; description: Text }> = {
  RETRIEVAL: { label: { ko: '검색', en: 'Retrieval' }, description: { ko: '질문마다 찾아 읽는 근거의 양', en: 'How much is retrieved for each question' } },
  ANSWER: { label: { ko: '답변', en: 'Answers' }, description: { ko: '언제 답하고 무엇을 인용하며 누가 쓰는지', en: 'When to answer, what to quote and who writes it' } },
  CHAT: { label: { ko: '채팅', en: 'Chat' }, description: { ko: '채팅에서 쓸 수 있는 팀 자료', en: "The team's material a chat may use" } },
  COLLECTIONS: { label: { ko: '컬렉션', en: 'Collections' }, description: { ko: '워크스페이스 컬렉션의 용량', en: "The workspace's collection capacity" } },
};

export const RESEARCH_CONFIG_TYPES = ['INTEGER', 'NUMBER', 'BOOLEAN', 'ENUM'] as const;
export const ResearchConfigTypeSchema = z.enum(RESEARCH_CONFIG_TYPES);

/** MODEL: the workspace's configured chat model writes answers (the built-in engine when none is configured); BUILT_IN: always extractive, no credits. */
export const RESEARCH_ANSWER_ENGINES = ['MODEL', 'BUILT_IN'] as const;

const MB = 1024 * 1024;

/** Every research config key: its type, default, bounds or options, category and ko/en texts. */
export const RESEARCH_CONFIG_META = {
  topK: {
    category: 'RETRIEVAL', type: 'INTEGER', defaultValue: 8, min: 1, max: 20, step: 1, unit: { ko: '개', en: 'passages' },
    label: { ko: '답변당 검색하는 구절 수', en: 'Passages retrieved per answer' },
    description: {
      ko: '질문마다 법령·판례·팀 문서에서 읽는 상위 구절 수입니다. 답변은 이 안에서만 인용하므로, 줄이면 인용이 줄고 늘리면 관련 조문을 더 넓게 봅니다.',
      en: 'The top passages read from statutes, precedents and team documents for each question. Answers quote only from these: fewer means fewer citations.',
    },
  },
  declineThreshold: {
    category: 'ANSWER', type: 'NUMBER', defaultValue: 0.4, min: 0.1, max: 0.9, step: 0.05, unit: null,
    label: { ko: '답변 거절 기준', en: 'Decline threshold' },
    description: {
      ko: '가장 관련 있는 구절이 질문의 핵심 단어를 이 비율 이상 담고 있어야 답합니다. 높이면 근거가 약한 질문은 답하지 않고 거절합니다.',
      en: 'The best passage must cover at least this share of the question for an answer. Higher: borderline questions are declined rather than answered.',
    },
  },
  maxQuotedArticles: {
    category: 'ANSWER', type: 'INTEGER', defaultValue: 3, min: 1, max: 5, step: 1, unit: { ko: '개', en: 'passages' },
    label: { ko: '답변당 인용 수', en: 'Passages quoted per answer' },
    description: {
      ko: '한 답변이 출처(법령, 판례·행정규칙, 팀 문서)마다 인용하는 최대 구절 수입니다.',
      en: 'At most this many passages quoted per source (statutes, precedents and rules, team documents) in one answer.',
    },
  },
  vectorMinCosine: {
    category: 'ANSWER', type: 'NUMBER', defaultValue: 0.8, min: 0.5, max: 0.99, step: 0.01, unit: null,
    label: { ko: '의미 검색만으로 답하는 유사도', en: 'Similarity to answer from meaning alone' },
    description: {
      ko: '임베딩 모델이 설정된 경우, 질문과 단어가 겹치지 않고 의미로만 찾은 조문은 코사인 유사도가 이 값 이상일 때만 답변 근거가 됩니다. 모델마다 유사도 분포가 달라 평가(npm run eval:research)로 정합니다.',
      en: 'With an embedding model, an article found by meaning alone (too few words in common with the question) grounds an answer only at this cosine similarity or above. Models differ: set it from the evaluation (npm run eval:research).',
    },
  },
  answerEngine: {
    category: 'ANSWER', type: 'ENUM', defaultValue: 'MODEL',
    options: [
      { value: 'MODEL', label: { ko: '설정된 모델 (없으면 내장 엔진)', en: 'The configured model (built-in engine when none)' } },
      { value: 'BUILT_IN', label: { ko: '내장 엔진만 (조문 인용, 크레딧 없음)', en: 'Built-in engine only (quotes, no credits)' } },
    ],
    label: { ko: '답변 엔진', en: 'Answer engine' },
    description: {
      ko: '답변을 누가 쓰는지 정합니다. 내장 엔진은 근거 조문을 그대로 인용하며 크레딧을 쓰지 않습니다.',
      en: 'Who writes answers. The built-in engine quotes the articles verbatim and costs no credits.',
    },
  },
  collectionsInChat: {
    category: 'CHAT', type: 'BOOLEAN', defaultValue: true,
    label: { ko: '채팅에서 컬렉션 검색', en: 'Collections in chats' },
    description: { ko: '질문할 때 팀 컬렉션을 함께 검색할 수 있습니다. 끄면 채팅의 컬렉션 선택이 사라집니다.', en: "Questions may also search the team's collections. Off: the chat offers no collection picker." },
  },
  attachmentsInChat: {
    category: 'CHAT', type: 'BOOLEAN', defaultValue: true,
    label: { ko: '채팅 첨부 파일', en: 'Chat attachments' },
    description: { ko: '채팅에 파일을 첨부할 수 있습니다. 끄면 새 첨부는 거부되고, 이미 첨부한 파일은 그대로 인용됩니다.', en: 'Files may be attached to chats. Off: new attachments are refused; files attached before are still quoted.' },
  },
  maxAttachmentsPerChat: {
    category: 'CHAT', type: 'INTEGER', defaultValue: COLLECTION_LIMITS.documentsPerCollection, min: 1, max: COLLECTION_LIMITS.documentsPerCollection, step: 1, unit: { ko: '개', en: 'files' },
    label: { ko: '채팅당 첨부 파일 수', en: 'Attachments per chat' },
    description: { ko: '한 채팅에 첨부할 수 있는 파일 수입니다 (컬렉션 하나의 한도 이하).', en: "How many files one chat may hold (at most a collection's limit)." },
  },
  collectionCapacityMb: {
    category: 'COLLECTIONS', type: 'INTEGER', defaultValue: COLLECTION_LIMITS.bytesPerWorkspace / MB, min: 100, max: 20_480, step: 1, unit: { ko: 'MB', en: 'MB' },
    label: { ko: '워크스페이스 컬렉션 용량', en: 'Workspace collection capacity' },
    description: {
      ko: '워크스페이스의 모든 컬렉션과 채팅 첨부 파일을 합한 최대 크기입니다 (워크스페이스 파일 저장 한도와 별개).',
      en: "The most all the workspace's collections and chat attachments may hold together (besides the workspace's file quota).",
    },
  },
} as const;

export type ResearchConfigKey = keyof typeof RESEARCH_CONFIG_META;
export const RESEARCH_CONFIG_KEYS = Object.keys(RESEARCH_CONFIG_META) as ResearchConfigKey[];

const M = RESEARCH_CONFIG_META;
const integer = (m: { min: number; max: number }) => z.number().int().min(m.min).max(m.max);
const stepped = (m: { min: number; max: number; step: number }) =>
  z.number().min(m.min).max(m.max).refine((v) => Math.abs(v / m.step - Math.round(v / m.step)) < 1e-9, `a multiple of ${m.step}`);

/** The values in effect: every key, typed and bounded by its meta. */
export const ResearchConfigValuesSchema = z.object({
  topK: integer(M.topK),
  declineThreshold: stepped(M.declineThreshold),
  maxQuotedArticles: integer(M.maxQuotedArticles),
  vectorMinCosine: stepped(M.vectorMinCosine),
  answerEngine: z.enum(RESEARCH_ANSWER_ENGINES),
  collectionsInChat: z.boolean(),
  attachmentsInChat: z.boolean(),
  maxAttachmentsPerChat: integer(M.maxAttachmentsPerChat),
  collectionCapacityMb: integer(M.collectionCapacityMb),
});
export type ResearchConfigValues = z.infer<typeof ResearchConfigValuesSchema>;

export const RESEARCH_CONFIG_DEFAULTS = Object.fromEntries(RESEARCH_CONFIG_KEYS.map((key) => [key, M[key].defaultValue])) as ResearchConfigValues;

/** A workspace's overrides: known keys only, each value checked against its meta (the field names the key). */
export const ResearchConfigOverridesSchema = z
  .record(z.string(), z.unknown())
  .superRefine((values, issue) => {
    const shape = ResearchConfigValuesSchema.shape as Record<string, z.ZodType>;
    for (const [key, value] of Object.entries(values)) {
      if (!Object.hasOwn(shape, key)) {
        issue.addIssue({ code: 'custom', path: [key], message: 'unknown config key' });
        continue;
      }
      const result = shape[key]!.safeParse(value);
      if (!result.success) for (const i of result.error.issues) issue.addIssue({ code: 'custom', path: [key], message: i.message });
    }
  })
  .transform((values) => values as Partial<ResearchConfigValues>)
  .describe('Only the keys the workspace overrides; a key left out uses its default');
export type ResearchConfigOverrides = Partial<ResearchConfigValues>;

const ConfigValueSchema = z.union([z.number(), z.boolean(), z.string()]);

export const ResearchConfigMetaSchema = z.object({
  key: z.string(),
  category: ResearchConfigCategorySchema,
  type: ResearchConfigTypeSchema,
  label: LocalizedTextSchema,
  description: LocalizedTextSchema,
  defaultValue: ConfigValueSchema,
  min: z.number().nullable(),
  max: z.number().nullable(),
  step: z.number().nullable(),
  unit: LocalizedTextSchema.nullable(),
  options: z.array(z.object({ value: z.string(), label: LocalizedTextSchema })).nullable().describe('ENUM: the values allowed'),
});
export type ResearchConfigMeta = z.infer<typeof ResearchConfigMetaSchema>;

/** The meta of every key, in the order above (what the super-admin page renders its inputs from). */
export function researchConfigMeta(): ResearchConfigMeta[] {
  return RESEARCH_CONFIG_KEYS.map((key) => {
    const m: (typeof M)[ResearchConfigKey] = M[key];
    return {
      key, category: m.category, type: m.type, label: m.label, description: m.description, defaultValue: m.defaultValue,
      min: 'min' in m ? m.min : null, max: 'max' in m ? m.max : null, step: 'step' in m ? m.step : null, unit: 'unit' in m ? m.unit : null,
      options: 'options' in m ? m.options.map((o) => ({ value: o.value, label: o.label })) : null,
    };
  });
}

export const ResearchConfigCategoryInfoSchema = z.object({ category: ResearchConfigCategorySchema, label: LocalizedTextSchema, description: LocalizedTextSchema });

export const ResearchConfigGroupsSchema = z.object({
  categories: z.array(
    ResearchConfigCategoryInfoSchema.extend({
      configs: z.array(ResearchConfigMetaSchema.extend({ value: ConfigValueSchema, isOverridden: z.boolean().describe('The workspace sets its own value') })),
    }),
  ),
});
export type ResearchConfigGroups = z.infer<typeof ResearchConfigGroupsSchema>;

// Members -----------------------------------------------------------------------------------------

export const getResearchConfigs = defineRoute({
  method: 'GET', path: '/api/aistudio/configs/v1', access: 'member', product, tags,
  summary: "The research settings in effect in the caller's workspace, one value per key (its override, else the default). No secrets.",
  schemas: { data: ResearchConfigValuesSchema },
});

export const getResearchConfigsV2 = defineRoute({
  method: 'GET', path: '/api/aistudio/configs/v2', access: 'member', product, tags,
  summary: 'The same settings grouped by config category, each key with its meta, value, default and whether the workspace overrides it.',
  schemas: { data: ResearchConfigGroupsSchema },
});

// Super admin -------------------------------------------------------------------------------------

const targetFields = { tenantId: z.number().int(), workspaceId: z.number().int() };

export const WorkspaceResearchConfigsSchema = z.object({
  ...targetFields,
  values: ResearchConfigValuesSchema.describe('In effect'),
  overrides: ResearchConfigValuesSchema.partial().describe('What the workspace sets itself'),
});
export type WorkspaceResearchConfigs = z.infer<typeof WorkspaceResearchConfigsSchema>;

export const WorkspaceResearchConfigGroupsSchema = ResearchConfigGroupsSchema.extend(targetFields);

export const PutResearchConfigsBodySchema = WorkspaceTargetSchema.extend({ configs: ResearchConfigOverridesSchema });
export type PutResearchConfigsBody = z.input<typeof PutResearchConfigsBodySchema>;

const putNote = "Replaces the workspace's overrides with `configs` (a key left out goes back to its default). 400 naming body.configs.<key> for an unknown key or a value outside its meta; 404 for a workspace that does not exist in that tenant. Audited in the workspace.";

export const getSuperAdminResearchConfigs = defineRoute({
  method: 'GET', path: `${admin}/configs/v1`, access: 'superAdmin', tags: adminTags,
  summary: "Super admin: a workspace's research settings in effect and its overrides.",
  schemas: { query: WorkspaceTargetSchema, data: WorkspaceResearchConfigsSchema },
});

export const putSuperAdminResearchConfigs = defineRoute({
  method: 'PUT', path: `${admin}/configs/v1`, access: 'superAdmin', tags: adminTags,
  summary: `Super admin: ${putNote}`,
  schemas: { body: PutResearchConfigsBodySchema, data: WorkspaceResearchConfigsSchema },
});

export const getSuperAdminResearchConfigsV2 = defineRoute({
  method: 'GET', path: `${admin}/configs/v2`, access: 'superAdmin', tags: adminTags,
  summary: "Super admin: a workspace's research settings grouped by config category (meta, value, default, overridden).",
  schemas: { query: WorkspaceTargetSchema, data: WorkspaceResearchConfigGroupsSchema },
});

export const putSuperAdminResearchConfigsV2 = defineRoute({
  method: 'PUT', path: `${admin}/configs/v2`, access: 'superAdmin', tags: adminTags,
  summary: `Super admin: ${putNote} Answers the grouped form.`,
  schemas: { body: PutResearchConfigsBodySchema, data: WorkspaceResearchConfigGroupsSchema },
});

export const getSuperAdminResearchConfigMeta = defineRoute({
  method: 'GET', path: `${admin}/configs/meta/v1`, access: 'superAdmin', tags: adminTags,
  summary: 'Super admin: every research config key with its type, default, bounds or options, category and ko/en texts.',
  schemas: { data: z.array(ResearchConfigMetaSchema) },
});

export const getSuperAdminResearchConfigCategories = defineRoute({
  method: 'GET', path: `${admin}/configs/meta/categories/v1`, access: 'superAdmin', tags: adminTags,
  summary: 'Super admin: the config categories with ko/en labels, in display order.',
  schemas: { data: z.array(ResearchConfigCategoryInfoSchema) },
});
