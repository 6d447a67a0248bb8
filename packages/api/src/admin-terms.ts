import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';
import { booleanQuery, repeatableQuery, sortQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// Terms and consent (catalogue 3 "term and revisions", 7.10; product-spec 9). A term (service
// terms, privacy policy, ...) has numbered revisions. The latest revision of an active term that
// requires consent and is in effect must be agreed to by every member: the web app asks at the
// next sign-in, before any workspace page. Admins (`workspace.term.write`) manage terms under
// /api/workspace/terms and read the consent history; members use /api/workspace/my-terms.
// ---------------------------------------------------------------------------------------------

export const TERM_TYPES = ['SERVICE', 'PRIVACY_POLICY', 'PRIVACY_COLLECTION', 'MARKETING', 'OTHER'] as const;
export const TermTypeSchema = z.enum(TERM_TYPES);
export type TermType = z.infer<typeof TermTypeSchema>;

/** Product-spec 9: the four titles (Korean and English) that make a term the privacy policy. */
export const PRIVACY_POLICY_TITLES = ['개인정보 처리방침', '개인정보처리방침', 'Privacy Policy', 'Privacy Notice'] as const;

/** Same text for comparison: Unicode NFC, every run of white space (incl. NBSP, U+3000) one space, trimmed, lower case. */
export function normalizeTermTitle(title: string): string {
  return title.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();
}

const PRIVACY_TITLES = new Set(PRIVACY_POLICY_TITLES.map(normalizeTermTitle));

/** Whether a title is one of the recognised privacy-policy titles, whatever its spacing or case. */
export function isPrivacyPolicyTitle(title: string): boolean {
  return PRIVACY_TITLES.has(normalizeTermTitle(title));
}

/** The type a term is stored with: a privacy-policy title makes it PRIVACY_POLICY whatever was chosen. */
export function effectiveTermType(title: string, chosen: TermType): TermType {
  return isPrivacyPolicyTitle(title) ? 'PRIVACY_POLICY' : chosen;
}

export const TERM_LIMITS = {
  titleMaxLength: 200,
  bodyMaxLength: 100_000,
  keywordMaxLength: 200,
  consentsPerRequestMax: 50,
} as const;

export const TERM_SORT_FIELDS = ['createdAt', 'title'] as const;
export const TERM_CONSENT_SORT_FIELDS = ['createdAt'] as const;

const id = z.coerce.number().int().positive();
const isoInstant = z.iso.datetime({ offset: true });

// Bodies ----------------------------------------------------------------------------------------

const titleSchema = z.string().trim().min(1).max(TERM_LIMITS.titleMaxLength);

export const CreateTermBodySchema = z.object({
  termType: TermTypeSchema.describe('Ignored in favour of PRIVACY_POLICY when the title is a privacy-policy title'),
  title: titleSchema,
  isActive: z.boolean().default(true),
});
export type CreateTermBody = z.infer<typeof CreateTermBodySchema>;

export const UpdateTermBodySchema = z
  .object({ termType: TermTypeSchema.optional(), title: titleSchema.optional(), isActive: z.boolean().optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'nothing to update');
export type UpdateTermBody = z.infer<typeof UpdateTermBodySchema>;

export const AddTermRevisionBodySchema = z.object({
  body: z.string().trim().min(1).max(TERM_LIMITS.bodyMaxLength).describe('Plain text; line breaks are kept'),
  requiresConsent: z.boolean().default(true),
  effectiveAt: isoInstant.optional().describe('When it takes effect (default now); members are asked from then on'),
});
export type AddTermRevisionBody = z.infer<typeof AddTermRevisionBodySchema>;

export const TermConsentDecisionSchema = z.object({ revisionId: z.number().int().positive(), isAgreed: z.boolean() });
export const SubmitTermConsentsBodySchema = z.object({
  consents: z
    .array(TermConsentDecisionSchema)
    .min(1)
    .max(TERM_LIMITS.consentsPerRequestMax)
    .refine((list) => new Set(list.map((c) => c.revisionId)).size === list.length, 'each revision once'),
});
export type SubmitTermConsentsBody = z.infer<typeof SubmitTermConsentsBodySchema>;

// Answers ---------------------------------------------------------------------------------------

export const TermRevisionSchema = z.object({
  id: z.number().int(),
  termId: z.number().int(),
  version: z.number().int().describe('1, 2, 3... per term'),
  body: z.string(),
  requiresConsent: z.boolean(),
  effectiveAt: z.string(),
  createdByUserId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type TermRevision = z.infer<typeof TermRevisionSchema>;

export const TermRevisionSummarySchema = TermRevisionSchema.pick({ id: true, version: true, requiresConsent: true, effectiveAt: true });

export const TermSchema = z.object({
  id: z.number().int(),
  termType: TermTypeSchema,
  title: z.string(),
  isActive: z.boolean(),
  isPrivacyPolicy: z.boolean().describe('The title is one of the recognised privacy-policy titles'),
  revisionCount: z.number().int(),
  latestRevision: TermRevisionSummarySchema.nullable().describe('The highest version, in effect or not'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Term = z.infer<typeof TermSchema>;

/** A revision as a member reads it: the term's title and type with the text. */
export const MemberTermRevisionSchema = z.object({
  termId: z.number().int(),
  termType: TermTypeSchema,
  title: z.string(),
  revisionId: z.number().int(),
  version: z.number().int(),
  body: z.string(),
  requiresConsent: z.boolean(),
  effectiveAt: z.string(),
});
export type MemberTermRevision = z.infer<typeof MemberTermRevisionSchema>;

export const TermConsentSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  userName: z.string().nullable().describe('Display name in this workspace'),
  termId: z.number().int(),
  termTitle: z.string(),
  termType: TermTypeSchema,
  revisionId: z.number().int(),
  version: z.number().int(),
  isAgreed: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type TermConsent = z.infer<typeof TermConsentSchema>;

// Queries ---------------------------------------------------------------------------------------

export const ListTermsQuerySchema = pageQuery(10, 1000).extend({
  sort: sortQuery(TERM_SORT_FIELDS),
  keyword: z.string().trim().min(1).max(TERM_LIMITS.keywordMaxLength).optional().describe('Part of the title'),
  termTypes: repeatableQuery(TermTypeSchema).optional(),
  isActive: booleanQuery.optional(),
});
export type ListTermsQuery = z.input<typeof ListTermsQuerySchema>;

export const ListTermRevisionsQuerySchema = pageQuery(10, 1000);

export const ListTermConsentsQuerySchema = pageQuery(10, 1000).extend({
  sort: sortQuery(TERM_CONSENT_SORT_FIELDS),
  userIds: repeatableQuery(id).optional().describe('Repeatable user ids'),
  termId: id.optional(),
  revisionId: id.optional(),
  isAgreed: booleanQuery.optional(),
});
export type ListTermConsentsQuery = z.input<typeof ListTermConsentsQuerySchema>;

export const ListMyTermConsentsQuerySchema = pageQuery(10, 1000).extend({ sort: sortQuery(TERM_CONSENT_SORT_FIELDS) });

export const TermParamsSchema = z.object({ termId: id });

// Routes ----------------------------------------------------------------------------------------

const tags = ['workspace: terms'];

export const listTerms = defineRoute({
  method: 'GET', path: '/api/workspace/terms/v1', access: 'admin',
  summary: 'Admin (workspace.term.write): terms of the workspace by keyword, termTypes and isActive; sort createdAt (default, desc) or title',
  tags, schemas: { query: ListTermsQuerySchema, data: pageOf(TermSchema) },
});
export const createTerm = defineRoute({
  method: 'POST', path: '/api/workspace/terms/v1', access: 'admin',
  summary: 'Admin (workspace.term.write): creates a term (no text yet: add a revision). A privacy-policy title makes it PRIVACY_POLICY',
  tags, schemas: { body: CreateTermBodySchema, data: TermSchema },
});
export const getTerm = defineRoute({
  method: 'GET', path: '/api/workspace/terms/:termId/v1', access: 'admin',
  summary: 'Admin (workspace.term.write): one term', tags, schemas: { params: TermParamsSchema, data: TermSchema },
});
export const updateTerm = defineRoute({
  method: 'PUT', path: '/api/workspace/terms/:termId/v1', access: 'admin',
  summary: 'Admin (workspace.term.write): changes type, title or active state (inactive terms are not asked for)',
  tags, schemas: { params: TermParamsSchema, body: UpdateTermBodySchema, data: TermSchema },
});
export const deleteTerm = defineRoute({
  method: 'DELETE', path: '/api/workspace/terms/:termId/v1', access: 'admin',
  summary: 'Admin (workspace.term.write): deletes a term with its revisions; 409 once anyone has answered it (the consent history is kept: deactivate it instead)',
  tags, schemas: { params: TermParamsSchema, data: TermSchema },
});
export const listTermRevisions = defineRoute({
  method: 'GET', path: '/api/workspace/terms/:termId/revisions/v1', access: 'admin',
  summary: 'Admin (workspace.term.write): revisions of a term, newest version first',
  tags, schemas: { params: TermParamsSchema, query: ListTermRevisionsQuerySchema, data: pageOf(TermRevisionSchema) },
});
export const addTermRevision = defineRoute({
  method: 'POST', path: '/api/workspace/terms/:termId/revisions/v1', access: 'admin',
  summary: 'Admin (workspace.term.write): adds the next version; with requiresConsent, members are asked at their next sign-in once it is in effect. 409 for an inactive term',
  tags, schemas: { params: TermParamsSchema, body: AddTermRevisionBodySchema, data: TermRevisionSchema },
});
export const listTermConsents = defineRoute({
  method: 'GET', path: '/api/workspace/term-consents/v1', access: 'admin',
  summary: 'Admin (workspace.term.write): the consent history (every agreement and refusal) by userIds, termId, revisionId and isAgreed; newest first',
  tags, schemas: { query: ListTermConsentsQuerySchema, data: pageOf(TermConsentSchema) },
});

export const listMyPendingTerms = defineRoute({
  method: 'GET', path: '/api/workspace/my-terms/pending/v1', access: 'member',
  summary: 'Member: the revisions the caller must agree to before using the workspace (the latest in-effect revision of each active term that requires consent, unless the caller\'s last answer to it was an agreement)',
  tags, schemas: { data: z.array(MemberTermRevisionSchema) },
});
export const submitMyTermConsents = defineRoute({
  method: 'POST', path: '/api/workspace/my-terms/consents/v1', access: 'member',
  summary: 'Member: agrees to or refuses revisions (refusing a required one keeps it pending; refusing after agreeing withdraws). 409 for a superseded, not yet effective or inactive revision, or agreeing twice. Answers what is still pending',
  tags, schemas: { body: SubmitTermConsentsBodySchema, data: z.array(MemberTermRevisionSchema) },
});
export const listMyTermConsents = defineRoute({
  method: 'GET', path: '/api/workspace/my-terms/consents/v1', access: 'member',
  summary: 'Member: the caller\'s own consent history, newest first',
  tags, schemas: { query: ListMyTermConsentsQuerySchema, data: pageOf(TermConsentSchema) },
});
export const getCurrentPrivacyPolicy = defineRoute({
  method: 'GET', path: '/api/workspace/my-terms/privacy-policy/v1', access: 'member',
  summary: 'Member: the privacy policy in effect (latest in-effect revision of the active PRIVACY_POLICY term), or null, so the app can link to it',
  tags, schemas: { data: MemberTermRevisionSchema.nullable() },
});
