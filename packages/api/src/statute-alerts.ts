import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';
import { LocalizedTextSchema } from './ai-review';
import { ArticleChangeKindSchema, StatuteKindSchema, TextDiffSegmentSchema } from './law';
import { booleanQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// Statute-change alerts (issue "Legal research", beyond the anchors). When a newer version of a
// statute is imported, each article that changed against the version it supersedes (amendment notes
// are not text) is matched with what the workspace rests on it: AI review findings whose legal basis
// cites the article in an older version, saved chat answers and advisory drafts whose citations do,
// and documents of the team's collections whose text cites it by name ("민법 제750조"); also the records
// citing a decree or rule article that implements it ("법 제43조의6제2항에서"). One alert per
// workspace, new version and article, with the referencing items. An item is exactly as visible as
// its record (a chat answer: its chat's owner; a finding: who can read the review; a draft: as its
// inquiry, the workspace's research users; a document: who sees its collection); an alert none of
// whose items the caller can see is not shown to them. Read and dismissed are the workspace's state.
// Not in the catalogue: named under /api/aistudio/statute-change-alerts/... (docs/legal-research.md).
// ---------------------------------------------------------------------------------------------

const product = 'AI_STUDIO' as const;
const tags = ['aistudio: statute-change alerts'];

export const STATUTE_ALERT_ITEM_TYPES = ['REVIEW_FINDING', 'CHAT_ANSWER', 'ADVISORY_DRAFT', 'COLLECTION_DOCUMENT'] as const;
export const StatuteAlertItemTypeSchema = z.enum(STATUTE_ALERT_ITEM_TYPES);
export type StatuteAlertItemType = z.infer<typeof StatuteAlertItemTypeSchema>;

export const StatuteAlertVersionSchema = z.object({
  lawSerialNumber: z.string().describe('법령MST'),
  effectiveDate: z.string().describe('시행일자'),
});

const cited = StatuteAlertVersionSchema.describe(
  "The version of the alert's statute the item rests on: the one it cites (the superseded one, or an older one); with `via`, the version the lower article implemented (the superseded one)",
);

/** A decree (시행령) or rule (시행규칙) article, in one version of it. */
const LowerArticleSchema = z.object({
  statuteId: z.string().describe('법령ID of the decree or rule'),
  statuteTitle: z.string(),
  statuteKind: StatuteKindSchema,
  lawSerialNumber: z.string().describe('The version of it whose text names the article it implements (in force when the new version took effect)'),
  effectiveDate: z.string(),
  article: z.string().describe('제23조의10'),
  articleTitle: z.string().nullable(),
});

/** The decree or rule article a record cites, which implements the changed article (directly, or through a decree article). */
export const StatuteAlertViaSchema = LowerArticleSchema.extend({
  through: LowerArticleSchema.nullable().describe(
    'The decree article the cited rule article implements, which in turn implements the changed article (rule → decree → Act); null when the cited article names the changed one itself',
  ),
});
export type StatuteAlertVia = z.infer<typeof StatuteAlertViaSchema>;

const via = StatuteAlertViaSchema.nullable().describe("Null when the record cites the changed article itself; else the decree or rule article it cites, which implements it");

export const StatuteAlertItemSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('REVIEW_FINDING'),
    reviewId: z.number().int(),
    findingId: z.number().int(),
    contractId: z.number().int().nullable().describe('The repository contract reviewed; null for a standalone contract or a file'),
    title: z.string().describe('The contract title (or the reviewed file name) when the alert was written'),
    question: LocalizedTextSchema.describe("The finding's checkpoint question"),
    cited,
    via,
  }),
  z.object({
    type: z.literal('CHAT_ANSWER'),
    chatKey: z.string(),
    chatMessageKey: z.string(),
    title: z.string().describe("The chat's title when the alert was written"),
    cited,
    via,
  }),
  z.object({
    type: z.literal('ADVISORY_DRAFT'),
    inquiryId: z.number().int(),
    draftId: z.number().int(),
    title: z.string().describe("The inquiry's title when the alert was written"),
    cited,
    via,
  }),
  z.object({
    type: z.literal('COLLECTION_DOCUMENT'),
    collectionId: z.number().int(),
    documentId: z.number().int(),
    title: z.string().describe("The document's title when the alert was written"),
    collectionName: z.string().describe("The collection's name when the alert was written"),
    cited,
    via,
  }),
]);
export type StatuteAlertItem = z.infer<typeof StatuteAlertItemSchema>;

export const StatuteChangeAlertSchema = z.object({
  alertId: z.number().int(),
  statuteId: z.string().describe('법령ID'),
  statuteTitle: z.string(),
  statuteKind: StatuteKindSchema,
  article: z.string().describe('제4조, 제13조의2'),
  articleTitle: z.string().nullable().describe('The title in the superseded version'),
  changeKind: ArticleChangeKindSchema,
  movedTo: z.string().nullable().describe('REMOVED: the article it became in the new version, when known'),
  oldVersion: StatuteAlertVersionSchema.describe('The version the new one supersedes (the previous by 시행일자)'),
  newVersion: StatuteAlertVersionSchema.extend({ amendmentKind: z.string().nullable() }),
  items: z.array(StatuteAlertItemSchema).describe('Only the items the caller can see (never empty)'),
  isRead: z.boolean(),
  readAt: z.string().nullable(),
  isDismissed: z.boolean(),
  dismissedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StatuteChangeAlert = z.infer<typeof StatuteChangeAlertSchema>;

export const StatuteChangeAlertDetailSchema = StatuteChangeAlertSchema.extend({
  oldText: z.string().describe('The article text in the old version (amendment notes apart)'),
  newText: z.string().describe('The article text in the new version; empty when REMOVED'),
  newArticleTitle: z.string().nullable(),
  segments: z.array(TextDiffSegmentSchema).describe('Word diff from oldText to newText (law.diff, as the clause histories)'),
});
export type StatuteChangeAlertDetail = z.infer<typeof StatuteChangeAlertDetailSchema>;

/** Newest first. `isDismissed` defaults to false: dismissed alerts are listed only when asked. */
export const ListStatuteAlertsQuerySchema = pageQuery(10, 100).omit({ sort: true }).extend({
  isRead: booleanQuery.optional().describe('Only read (true) or unread (false) alerts'),
  isDismissed: booleanQuery.default(false).describe('Dismissed alerts (true) or the others (false, the default)'),
});
export type ListStatuteAlertsQuery = z.input<typeof ListStatuteAlertsQuerySchema>;

export const StatuteAlertParamsSchema = z.object({ alertId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

const visible = 'An alert none of whose items the caller can see, or of another workspace, answers 404.';

export const listStatuteChangeAlerts = defineRoute({
  method: 'GET', path: '/api/aistudio/statute-change-alerts/v1', access: 'member', product, tags,
  summary: "Statute-change alerts of the workspace that the caller can see (each with the caller's visible items), newest first. Needs ai.research.use.",
  schemas: { query: ListStatuteAlertsQuerySchema, data: pageOf(StatuteChangeAlertSchema) },
});

export const getStatuteChangeAlert = defineRoute({
  method: 'GET', path: '/api/aistudio/statute-change-alerts/:alertId/v1', access: 'member', product, tags,
  summary: `One alert with the article's text in both versions and the word diff between them. ${visible}`,
  schemas: { params: StatuteAlertParamsSchema, data: StatuteChangeAlertDetailSchema },
});

export const markStatuteChangeAlertRead = defineRoute({
  method: 'POST', path: '/api/aistudio/statute-change-alerts/:alertId/read/v1', access: 'member', product, tags,
  summary: `Marks an alert read for the workspace (again: unchanged, the first readAt stays). ${visible}`,
  schemas: { params: StatuteAlertParamsSchema, data: StatuteChangeAlertSchema },
});

export const dismissStatuteChangeAlert = defineRoute({
  method: 'POST', path: '/api/aistudio/statute-change-alerts/:alertId/dismiss/v1', access: 'member', product, tags,
  summary: `Dismisses an alert for the workspace (audited); 409 when it is dismissed already. ${visible}`,
  schemas: { params: StatuteAlertParamsSchema, data: StatuteChangeAlertSchema },
});

export const restoreStatuteChangeAlert = defineRoute({
  method: 'POST', path: '/api/aistudio/statute-change-alerts/:alertId/restore/v1', access: 'member', product, tags,
  summary: `Brings a dismissed alert back to the list (audited); 409 when it is not dismissed. ${visible}`,
  schemas: { params: StatuteAlertParamsSchema, data: StatuteChangeAlertSchema },
});
