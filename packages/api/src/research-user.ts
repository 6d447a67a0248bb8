import { z } from 'zod';
import { defineRoute } from './http';

// ---------------------------------------------------------------------------------------------
// What a research user keeps for themselves (catalogue 7.2 aistudio): the recent filters of their
// questions and their saved prompts. Both are the caller's own, in the selected workspace.
//
// The "filter" is what the chat composer narrows a question with besides its words: the statutes
// (statuteIds), the team's collections (categoryIds) and the date whose law applies (asOf). Each
// question stores the filter it was asked with; recent-filter answers the caller's distinct
// filters, most recently used first (a chat deleted takes its filters with it).
// ---------------------------------------------------------------------------------------------

const product = 'AI_STUDIO' as const;
const tags = ['aistudio'];

/** A question's filter, canonical (ids sorted, no duplicates); stored with the question. */
export const ChatFilterSchema = z.object({
  statuteIds: z.array(z.string()).describe('법령ID, sorted'),
  categoryIds: z.array(z.number().int()).describe('Collections, ascending'),
  asOf: z.string().nullable().describe('YYYY-MM-DD, or null: the date the question names, else today'),
});
export type ChatFilter = z.infer<typeof ChatFilterSchema>;

/** How many distinct recent filters are answered. */
export const RECENT_FILTER_LIMIT = 10;

export const RecentFilterSchema = ChatFilterSchema.extend({ lastUsedAt: z.string(), useCount: z.number().int() });
export type RecentFilter = z.infer<typeof RecentFilterSchema>;

export const listRecentFilters = defineRoute({
  method: 'GET', path: '/api/aistudio/chats/recent-filter/v1', access: 'member', product, tags,
  summary: `The caller's last ${RECENT_FILTER_LIMIT} distinct question filters (statutes, collections, date), most recently used first, as ids.`,
  schemas: { data: z.array(RecentFilterSchema) },
});

export const RecentFilterV2Schema = z.object({
  statutes: z.array(z.object({ statuteId: z.string(), title: z.string() })),
  categories: z.array(z.object({ categoryId: z.number().int(), name: z.string() })),
  asOf: z.string().nullable(),
  lastUsedAt: z.string(),
  useCount: z.number().int(),
});
export type RecentFilterV2 = z.infer<typeof RecentFilterV2Schema>;

export const listRecentFiltersV2 = defineRoute({
  method: 'GET', path: '/api/aistudio/chats/recent-filter/v2', access: 'member', product, tags,
  summary:
    'The same filters, ready to show and reuse: statute titles and collection names. A collection the caller can no longer see (deleted, made private) ' +
    'is left out of its filter, and a filter left with nothing is left out (the web app uses v2).',
  schemas: { data: z.array(RecentFilterV2Schema) },
});

// User prompts ------------------------------------------------------------------------------------

export const USER_PROMPT_LIMITS = { titleMaxLength: 100, textMaxLength: 4000, promptsPerUser: 100 } as const;

export const UserPromptSchema = z.object({
  promptId: z.number().int(),
  title: z.string(),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserPrompt = z.infer<typeof UserPromptSchema>;

export const UserPromptBodySchema = z.object({
  title: z.string().trim().min(1).max(USER_PROMPT_LIMITS.titleMaxLength),
  text: z.string().trim().min(1).max(USER_PROMPT_LIMITS.textMaxLength),
});
export type UserPromptBody = z.infer<typeof UserPromptBodySchema>;

const IdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const listUserPrompts = defineRoute({
  method: 'GET', path: '/api/aistudio/user/prompts/v1', access: 'member', product, tags,
  summary: "The caller's saved prompts in this workspace, most recently changed first. userId, when given, must be the caller's (404 otherwise).",
  schemas: { query: z.object({ userId: IdSchema.optional() }), data: z.array(UserPromptSchema) },
});

export const createUserPrompt = defineRoute({
  method: 'POST', path: '/api/aistudio/user/prompts/v1', access: 'member', product, tags,
  summary: `Saves a prompt (title, text) for the caller. 409 past ${USER_PROMPT_LIMITS.promptsPerUser} prompts.`,
  schemas: { body: UserPromptBodySchema, data: UserPromptSchema },
});

export const updateUserPrompt = defineRoute({
  method: 'PUT', path: '/api/aistudio/user/prompts/:promptId/v1', access: 'member', product, tags,
  summary: "Replaces the title and text of one of the caller's prompts (404 for anyone else's).",
  schemas: { params: z.object({ promptId: IdSchema }), body: UserPromptBodySchema, data: UserPromptSchema },
});
