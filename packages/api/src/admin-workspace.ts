import { z } from 'zod';
import { PRODUCT_TYPES } from './auth-constants';
import { ProductTypeSchema } from './auth-schemas';
import { LocaleSchema } from './context-schemas';
import { pageOf, pageQuery } from './envelope';
import { defineRoute } from './http';
import { THEME_ASSET_MAX_LENGTH, THEME_HTML_MAX_LENGTH } from './theme';
import { ThemeSchema } from './theme-schemas';

// ---------------------------------------------------------------------------------------------
// Workspace configuration, theme, deletion requests and storage (catalogue 3 and 7.10, prefix
// `workspace`). The workspace is the one of X-Tenant/X-Workspace; super-admin routes name it.
// ---------------------------------------------------------------------------------------------

const tags = ['workspace'];
const isoInstant = z.iso.datetime({ offset: true });

/**
 * Top-level app paths a workspace name would shadow or be shadowed by (`/{workspaceName}/`
 * shares the first path segment with them).
 */
export const RESERVED_WORKSPACE_NAMES = [
  'admin', 'api', 'assets', 'consent', 'dev', 'docs', 'favicon.svg', 'invitations', 'profile',
  'reset-password', 'sign-in', 'sign-up', 'super-admin', 'workspaces',
] as const;

export const WORKSPACE_SETTINGS_LIMITS = {
  nameMinLength: 2,
  nameMaxLength: 60,
  memoMaxLength: 500,
  passwordMaxAgeDays: { min: 30, max: 365 },
  sessionIdleMinutes: { min: 10, max: 1440 },
} as const;

/**
 * The workspace name is the first segment of its addresses (`/{workspaceName}/`): letters of any
 * script, digits, `-` and `_`, starting with a letter or digit, never an app path.
 */
export const WorkspaceNameSchema = z
  .string()
  .trim()
  .min(WORKSPACE_SETTINGS_LIMITS.nameMinLength)
  .max(WORKSPACE_SETTINGS_LIMITS.nameMaxLength)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u, 'letters, digits, - and _ only, starting with a letter or digit')
  .refine((name) => !(RESERVED_WORKSPACE_NAMES as readonly string[]).includes(name.toLowerCase()), 'reserved by the app');

const { passwordMaxAgeDays, sessionIdleMinutes } = WORKSPACE_SETTINGS_LIMITS;

export const WorkspaceSettingsSchema = z.object({
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  name: z.string(),
  memo: z.string().nullable(),
  defaultLocale: LocaleSchema,
  passwordMaxAgeDays: z.number().int().describe('Days a password stays valid'),
  isTwoFactorRequired: z.boolean().describe('Every member signs in with a mailed one-time code'),
  sessionIdleMinutes: z.number().int().describe('Minutes without activity that end a session'),
  products: z.array(ProductTypeSchema),
  updatedAt: z.string(),
});
export type WorkspaceSettings = z.infer<typeof WorkspaceSettingsSchema>;

const expectedUpdatedAt = isoInstant.optional().describe('`updatedAt` of the version being edited: 409 when someone saved since');

export const UpdateWorkspaceSettingsBodySchema = z
  .object({
    name: WorkspaceNameSchema.optional().describe('Unique across workspaces (case-insensitive): 409 when taken'),
    memo: z.string().trim().max(WORKSPACE_SETTINGS_LIMITS.memoMaxLength).nullable().optional().describe('Empty = none'),
    defaultLocale: LocaleSchema.optional(),
    passwordMaxAgeDays: z.number().int().min(passwordMaxAgeDays.min).max(passwordMaxAgeDays.max).optional(),
    isTwoFactorRequired: z.boolean().optional(),
    sessionIdleMinutes: z.number().int().min(sessionIdleMinutes.min).max(sessionIdleMinutes.max).optional(),
    products: z
      .array(ProductTypeSchema)
      .max(PRODUCT_TYPES.length)
      .refine((list) => new Set(list).size === list.length, 'each product once')
      .optional(),
    expectedUpdatedAt,
  })
  .refine((b) => Object.entries(b).some(([key, value]) => key !== 'expectedUpdatedAt' && value !== undefined), 'nothing to update');
export type UpdateWorkspaceSettingsBody = z.infer<typeof UpdateWorkspaceSettingsBodySchema>;

// Theme ----------------------------------------------------------------------------------------

export const THEME_IMAGE_TYPES = ['png', 'jpeg', 'gif', 'webp', 'x-icon', 'vnd.microsoft.icon'] as const;

const IMAGE_SIGNATURES: Record<(typeof THEME_IMAGE_TYPES)[number], (b: number[]) => boolean> = {
  png: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v),
  jpeg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  gif: (b) => String.fromCharCode(...b.slice(0, 6)) === 'GIF87a' || String.fromCharCode(...b.slice(0, 6)) === 'GIF89a',
  webp: (b) => String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP',
  'x-icon': (b) => b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0,
  'vnd.microsoft.icon': (b) => b[0] === 0 && b[1] === 0 && b[2] === 1 && b[3] === 0,
};

const DATA_IMAGE = /^data:image\/([a-z.+-]+);base64,([A-Za-z0-9+/]+={0,2})$/;

/**
 * A logo or favicon address: an https URL, a path on this site (`/brand/logo.png`), or a base64
 * data URL of a PNG, JPEG, GIF, WebP or ICO image whose bytes match the declared type. SVG is
 * refused (it can carry script).
 */
export function isThemeAssetUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\');
  const data = DATA_IMAGE.exec(value);
  if (data) {
    const check = IMAGE_SIGNATURES[data[1] as keyof typeof IMAGE_SIGNATURES];
    if (!check || data[2]!.length % 4 !== 0) return false;
    try {
      return check([...atob(data[2]!.slice(0, 24))].map((c) => c.charCodeAt(0)));
    } catch {
      return false;
    }
  }
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const ThemeAssetSchema = z
  .string()
  .trim()
  .max(THEME_ASSET_MAX_LENGTH)
  .refine(isThemeAssetUrl, 'an https URL, a path on this site, or a PNG, JPEG, GIF, WebP or ICO data URL matching its bytes');

/** Font names end up in style sheets: letters, digits, spaces, dots, hyphens and underscores. */
const FontNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\p{L}\p{N} ._-]+$/u, 'letters, digits, spaces, . - _ only');

/**
 * The theme as an admin saves it: ThemeSchema with the addresses and font names checked. The
 * two custom HTML fields are sanitized by the server (allow-list: no script, event handler,
 * style or javascript: URL survives); the answer carries what was stored.
 */
export const ThemeBodySchema = ThemeSchema.extend({
  font: FontNameSchema.default('Poppins'),
  titleFont: FontNameSchema.optional(),
  fontLinks: z.array(z.url({ protocol: /^https$/ })).max(10).default([]),
  favicon: ThemeAssetSchema.optional(),
  logo: z.object({ light: ThemeAssetSchema.optional(), dark: ThemeAssetSchema.optional() }).default({}),
  customWelcomeHtml: z.string().max(THEME_HTML_MAX_LENGTH).optional(),
  customSidebarFooterHtml: z.string().max(THEME_HTML_MAX_LENGTH).optional(),
});
export type ThemeBody = z.input<typeof ThemeBodySchema>;

export const UpdateThemeBodySchema = z.object({ theme: ThemeBodySchema, expectedUpdatedAt });
export type UpdateThemeBody = z.input<typeof UpdateThemeBodySchema>;

export const WorkspaceThemeSchema = z.object({
  theme: ThemeSchema,
  isDefault: z.boolean().describe('No theme stored: the product theme is in force'),
  updatedAt: z.string(),
});
export type WorkspaceTheme = z.infer<typeof WorkspaceThemeSchema>;

// Deletion requests ----------------------------------------------------------------------------

export const DELETION_REQUEST_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELED', 'PURGED'] as const;
export const DeletionRequestStatusSchema = z.enum(DELETION_REQUEST_STATUSES);
export type DeletionRequestStatus = z.infer<typeof DeletionRequestStatusSchema>;

export const DELETION_REQUEST_LIMITS = { reasonMaxLength: 2000, commentMaxLength: 2000 } as const;
export const DELETION_REQUEST_SORT_FIELDS = ['createdAt', 'decidedAt', 'purgeAfter', 'status'] as const;

const DeletionRequestFields = {
  id: z.number().int(),
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  reason: z.string(),
  status: DeletionRequestStatusSchema,
  requestedByUserId: z.number().int().nullable(),
  requestedByName: z.string().nullable(),
  decidedByUserId: z.number().int().nullable(),
  decisionComment: z.string().nullable(),
  decidedAt: z.string().nullable(),
  purgeAfter: z.string().nullable().describe('APPROVED: the data and files are purged after this instant'),
  purgedAt: z.string().nullable(),
  createdAt: z.string(),
};

export const DeletionRequestSchema = z.object({
  ...DeletionRequestFields,
  abilities: z.object({ canCancel: z.boolean() }),
});
export type DeletionRequest = z.infer<typeof DeletionRequestSchema>;

export const SuperAdminDeletionRequestSchema = z.object({
  ...DeletionRequestFields,
  workspaceName: z.string(),
  requestedByLoginId: z.string().nullable(),
  abilities: z.object({ canDecide: z.boolean() }),
});
export type SuperAdminDeletionRequest = z.infer<typeof SuperAdminDeletionRequestSchema>;

export const CreateDeletionRequestBodySchema = z.object({
  reason: z.string().trim().min(1).max(DELETION_REQUEST_LIMITS.reasonMaxLength),
});
export type CreateDeletionRequestBody = z.infer<typeof CreateDeletionRequestBodySchema>;

export const ApproveDeletionRequestBodySchema = z.object({
  comment: z.string().trim().max(DELETION_REQUEST_LIMITS.commentMaxLength).optional(),
});
export const RejectDeletionRequestBodySchema = z.object({
  comment: z.string().trim().min(1).max(DELETION_REQUEST_LIMITS.commentMaxLength).describe('Why; mailed to the requesting admin'),
});
export type RejectDeletionRequestBody = z.infer<typeof RejectDeletionRequestBodySchema>;

export const DeletionRequestParamsSchema = z.object({ requestId: z.coerce.number().int().positive() });

const statusFilter = z.union([DeletionRequestStatusSchema, z.array(DeletionRequestStatusSchema)]).optional();

export const ListDeletionRequestsQuerySchema = pageQuery(10, 1000);
export const SuperAdminListDeletionRequestsQuerySchema = pageQuery(10, 1000).extend({
  status: statusFilter.describe('Only these statuses (repeatable)'),
});

// Storage ----------------------------------------------------------------------------------------

export const WorkspaceStorageSchema = z.object({
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  usedBytes: z.number().int().describe('Every revision, and deleted files until purged'),
  quotaBytes: z.number().int().describe('The quota in force (the workspace’s own, else the default)'),
  isDefaultQuota: z.boolean(),
});
export type WorkspaceStorage = z.infer<typeof WorkspaceStorageSchema>;

export const SetStorageQuotaBodySchema = z.object({
  quotaBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable().describe('Bytes; null = the default quota'),
});
export type SetStorageQuotaBody = z.infer<typeof SetStorageQuotaBodySchema>;
export const WorkspaceIdParamsSchema = z.object({ workspaceId: z.coerce.number().int().positive() });

// Routes -----------------------------------------------------------------------------------------

const configNote = 'Needs workspace.config.write.';
const deletionNote = 'Needs workspace.deletion.request.';

export const getWorkspaceSettings = defineRoute({
  method: 'GET', path: '/api/workspace/settings/v1', access: 'admin', tags,
  summary: `The workspace configuration: name, memo, default locale, password and two-factor policy, session idle timeout, products. ${configNote}`,
  schemas: { data: WorkspaceSettingsSchema },
});
export const updateWorkspaceSettings = defineRoute({
  method: 'PUT', path: '/api/workspace/settings/v1', access: 'admin', tags,
  summary: `Changes the given configuration fields (audit workspace.config_updated with before/after); 409 when the name is taken or the settings changed since expectedUpdatedAt. ${configNote}`,
  schemas: { body: UpdateWorkspaceSettingsBodySchema, data: WorkspaceSettingsSchema },
});
export const getWorkspaceTheme = defineRoute({
  method: 'GET', path: '/api/workspace/theme/v1', access: 'admin', tags,
  summary: `The workspace theme as an object (the default theme when none is stored). ${configNote}`,
  schemas: { data: WorkspaceThemeSchema },
});
export const updateWorkspaceTheme = defineRoute({
  method: 'PUT', path: '/api/workspace/theme/v1', access: 'admin', tags,
  summary: `Replaces the theme. Logos and favicon: https URL, site path or PNG/JPEG/GIF/WebP/ICO data URL (at most ${THEME_ASSET_MAX_LENGTH} characters). Custom HTML is sanitized on the server; 409 when the theme changed since expectedUpdatedAt. ${configNote}`,
  schemas: { body: UpdateThemeBodySchema, data: WorkspaceThemeSchema },
});
export const resetWorkspaceTheme = defineRoute({
  method: 'DELETE', path: '/api/workspace/theme/v1', access: 'admin', tags,
  summary: `Removes the stored theme: the product's default theme applies again (409 when none is stored). ${configNote}`,
  schemas: { data: WorkspaceThemeSchema },
});

export const listDeletionRequests = defineRoute({
  method: 'GET', path: '/api/workspace/deletion-requests/v1', access: 'admin', tags,
  summary: `The deletion requests of the workspace (history), newest first; sort by createdAt, decidedAt, purgeAfter or status. ${deletionNote}`,
  schemas: { query: ListDeletionRequestsQuerySchema, data: pageOf(DeletionRequestSchema) },
});
export const getCurrentDeletionRequest = defineRoute({
  method: 'GET', path: '/api/workspace/deletion-requests/current/v1', access: 'admin', tags,
  summary: `The open (PENDING or APPROVED) deletion request of the workspace, or null. ${deletionNote}`,
  schemas: { data: DeletionRequestSchema.nullable() },
});
export const createDeletionRequest = defineRoute({
  method: 'POST', path: '/api/workspace/deletion-requests/v1', access: 'admin', tags,
  summary: `Asks a super admin to delete the workspace; 409 while another request is open. ${deletionNote}`,
  schemas: { body: CreateDeletionRequestBodySchema, data: DeletionRequestSchema },
});
export const cancelDeletionRequest = defineRoute({
  method: 'POST', path: '/api/workspace/deletion-requests/:requestId/cancel/v1', access: 'admin', tags,
  summary: `Withdraws a PENDING request (409 in any other status). ${deletionNote}`,
  schemas: { params: DeletionRequestParamsSchema, data: DeletionRequestSchema },
});
export const downloadWorkspaceExport = defineRoute({
  method: 'GET', path: '/api/workspace/data-export/v1', access: 'admin', raw: true, tags,
  summary: `A ZIP of the workspace's data, streamed: manifest.json, workspace.json, tables/<table>.json (the workspace's rows of every tenant-owned table; secrets redacted) and files/<fileKey>/<name> (current bytes of every file). ${deletionNote}`,
  schemas: {},
});

export const superAdminListDeletionRequests = defineRoute({
  method: 'GET', path: '/api/workspace/super-admin/deletion-requests/v1', access: 'superAdmin', tags,
  summary: 'Super admin: deletion requests of every workspace, newest first, filtered by status; sort by createdAt, decidedAt, purgeAfter or status',
  schemas: { query: SuperAdminListDeletionRequestsQuerySchema, data: pageOf(SuperAdminDeletionRequestSchema) },
});
export const approveDeletionRequest = defineRoute({
  method: 'POST', path: '/api/workspace/super-admin/deletion-requests/:requestId/approve/v1', access: 'superAdmin', tags,
  summary: 'Super admin: approves a PENDING request; the workspace is purged after the grace period (purgeAfter). Mails the requesting admin; 409 unless PENDING',
  schemas: { params: DeletionRequestParamsSchema, body: ApproveDeletionRequestBodySchema, data: SuperAdminDeletionRequestSchema },
});
export const rejectDeletionRequest = defineRoute({
  method: 'POST', path: '/api/workspace/super-admin/deletion-requests/:requestId/reject/v1', access: 'superAdmin', tags,
  summary: 'Super admin: rejects a PENDING request with a comment, mailed to the requesting admin; 409 unless PENDING',
  schemas: { params: DeletionRequestParamsSchema, body: RejectDeletionRequestBodySchema, data: SuperAdminDeletionRequestSchema },
});

export const getWorkspaceStorage = defineRoute({
  method: 'GET', path: '/api/workspace/storage/v1', access: 'admin', tags,
  summary: 'Storage used by the workspace and the quota in force',
  schemas: { data: WorkspaceStorageSchema },
});
export const setWorkspaceStorageQuota = defineRoute({
  method: 'PUT', path: '/api/workspace/super-admin/workspaces/:workspaceId/storage/v1', access: 'superAdmin', tags,
  summary: "Super admin: sets a workspace's storage quota in bytes (null = the default); 409 for a deleted workspace",
  schemas: { params: WorkspaceIdParamsSchema, body: SetStorageQuotaBodySchema, data: WorkspaceStorageSchema },
});

/** Catalogue section 8: the super-admin workspace simple search answers up to 100 at a time. */
export const WORKSPACE_SIMPLE_SEARCH_MAX = 100;
export const SuperAdminWorkspaceSearchQuerySchema = z.object({
  keyword: z.string().trim().max(100).optional().describe('Part of the workspace name or memo, or of the organisation name (ko or en); all when absent'),
  size: z.coerce.number().int().min(1).max(WORKSPACE_SIMPLE_SEARCH_MAX).default(WORKSPACE_SIMPLE_SEARCH_MAX),
});
export const SuperAdminWorkspaceRefSchema = z.object({
  tenantId: z.number().int(),
  workspaceId: z.number().int(),
  workspaceName: z.string(),
  workspaceMemo: z.string().nullable(),
  organizationName: z.string(),
  organizationNameEn: z.string().nullable(),
  isDeleted: z.boolean(),
});
export type SuperAdminWorkspaceRef = z.infer<typeof SuperAdminWorkspaceRefSchema>;
export const searchWorkspacesSimple = defineRoute({
  method: 'GET', path: '/api/workspace/super-admin/workspaces/simple-search/v1', access: 'superAdmin', tags,
  summary: 'Super admin: workspaces by name, memo or organisation, by name, for the pickers of the super-admin pages (deleted ones included and marked)',
  schemas: { query: SuperAdminWorkspaceSearchQuerySchema, data: z.array(SuperAdminWorkspaceRefSchema) },
});
