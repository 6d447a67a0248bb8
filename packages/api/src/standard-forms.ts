import { z } from 'zod';
import { ContractLanguageSchema, ContractTypeSchema } from './contract-catalogue';
import { AmountSchema, ContractDetailSchema, CurrencySchema, UserRefSchema } from './contract-schemas';
import { pageOf, pageQuery } from './envelope';
import { FileKeySchema } from './files';
import { WorkspaceIdParamsSchema } from './admin-workspace';
import { defineRoute } from './http';
import { DIFF_OPS, TextDiffSegmentSchema } from './law';
import { booleanQuery, repeatableQuery } from './list-query';

// ---------------------------------------------------------------------------------------------
// Standard forms (catalogue 7.5 btls; from 7.6 conhub the drafting calls). A form is a workspace's
// approved template (NDA, 용역계약서...) with versions: every upload (or form-maker build) of the
// template is a new version with who and when, nothing is ever overwritten, and a rollback copies
// an old version into a new latest one. A template declares its variables by markers in the Word
// file (`{{key}}`, optional clauses `{{#key}}...{{/key}}`; docs/decisions/0006-docx-templating.md);
// the template configs describe them to the drafting form. Requesters see ACTIVE forms (and the
// global forms their workspace made available); `standard_form.form.write` manages the library.
// Drafting a contract renders the exact template version with the values and creates the contract
// with the document as its main document (revision 1), linked to the form and the version.
// ---------------------------------------------------------------------------------------------

const product = 'CLM' as const;
const tags = ['btls: standard forms'];
const base = '/api/btls/standard-forms';
const SIZE = 30; // product-spec 9: standard-form lists and bookmarks

const read = 'Needs standard_form.form.read; a form of another workspace, deleted, or (for a requester) inactive answers 404.';
const write = 'Needs standard_form.form.write (403).';
const stale = '409 ERROR_CONFLICT when `version` is not the form\'s current version (someone changed it since it was read).';
const multipart = (what: string) =>
  `multipart/form-data: text fields first (${what}), then one part \`file\`: the template, DOCX or HWPX (415 ERROR_UNSUPPORTED_FILE_TYPE with data.reason NOT_A_TEMPLATE otherwise). The files module's limits apply (413, 415, 400 ERROR_EXCEEDED_STORAGE_LIMIT); a template whose markers do not parse answers 400 ERROR_TEMPLATE_INVALID with data.problems.`;

export const FORM_ACTIVE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const FormActiveStatusSchema = z.enum(FORM_ACTIVE_STATUSES);
export type FormActiveStatus = z.infer<typeof FormActiveStatusSchema>;

export const FORM_SCOPES = ['WORKSPACE', 'GLOBAL'] as const;
export const FormScopeSchema = z.enum(FORM_SCOPES).describe('GLOBAL: published by a super admin to every workspace (read-only there)');

export const TEMPLATE_SOURCES = ['UPLOAD', 'MAKER', 'ROLLBACK', 'COPY', 'SEED'] as const;
export const TemplateSourceSchema = z.enum(TEMPLATE_SOURCES);

export const TEMPLATE_FORMATS = ['DOCX', 'HWPX'] as const;
export const TemplateFormatSchema = z.enum(TEMPLATE_FORMATS).describe('The format of a template version: a Word (DOCX) or Hangul (HWPX) file');
export type TemplateFormat = z.infer<typeof TemplateFormatSchema>;

export const TEMPLATE_FILE_FORMATS = ['DOCX', 'HWPX', 'PDF'] as const;
export const TemplateFileFormatSchema = z
  .enum(TEMPLATE_FILE_FORMATS)
  .describe('Default: the version\'s own format (DOCX or HWPX). PDF of a DOCX version through LibreOffice; PDF of a HWPX version answers 415 ERROR_UNSUPPORTED_FILE_TYPE (data.reason HWPX_PDF_UNSUPPORTED: LibreOffice cannot read HWPX), the other editable format 415 (data.reason FORMAT_MISMATCH)');
export type TemplateFileFormat = z.infer<typeof TemplateFileFormatSchema>;

export const StandardFormIdSchema = z.coerce.number().int().positive();
export const StandardFormParamsSchema = z.object({ standardFormId: StandardFormIdSchema });
export const FormVersionSchema = z.coerce.number().int().positive();

export const LocalizedLabelSchema = z.object({ ko: z.string().trim().min(1).max(200), en: z.string().trim().min(1).max(200) });
const LocalizedHelpSchema = z.object({ ko: z.string().trim().max(1000), en: z.string().trim().max(1000) });

// Variables ----------------------------------------------------------------------------------

/**
 * The kinds of a template variable. OPTIONAL_CLAUSE is a checkbox: the text between
 * `{{#key}}` and `{{/key}}` stays in the document only when it is checked.
 */
export const VARIABLE_TYPES = ['TEXT', 'LONG_TEXT', 'DATE', 'AMOUNT', 'NUMBER', 'PARTY', 'CHOICE', 'OPTIONAL_CLAUSE'] as const;
export const VariableTypeSchema = z.enum(VARIABLE_TYPES);
export type VariableType = z.infer<typeof VariableTypeSchema>;

/** The contract field a variable fills when a contract is drafted from the form. */
export const CONTRACT_FIELD_MAPPINGS = ['TITLE', 'COUNTERPARTY_NAME', 'AMOUNT', 'START_DATE', 'END_DATE', 'SIGNED_DATE', 'GOVERNING_LAW', 'VENUE'] as const;
export const ContractFieldMappingSchema = z.enum(CONTRACT_FIELD_MAPPINGS);
export type ContractFieldMapping = z.infer<typeof ContractFieldMappingSchema>;

export const VariableKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z가-힣_][A-Za-z0-9가-힣_]{0,63}$/, 'a marker name: letters (Hangul too), digits and _, not starting with a digit, up to 64')
  .describe('The name inside the marker, {{key}}');

export const VariableConfigSchema = z.object({
  key: VariableKeySchema,
  type: VariableTypeSchema,
  label: LocalizedLabelSchema,
  required: z.boolean(),
  help: LocalizedHelpSchema.nullable().default(null),
  defaultValue: z.string().max(5000).nullable().default(null).describe('As the value would be sent (a date as 2026-11-27, an amount as "1500000", OPTIONAL_CLAUSE "true"/"false")'),
  order: z.number().int().min(0),
  options: z.array(z.string().trim().min(1).max(200)).max(50).default([]).describe('CHOICE: the allowed values'),
  minLength: z.number().int().min(0).nullable().default(null),
  maxLength: z.number().int().min(1).max(20000).nullable().default(null),
  pattern: z.string().max(200).nullable().default(null).describe('TEXT: a regular expression the value must match'),
  mapsTo: ContractFieldMappingSchema.nullable().default(null),
});
export type VariableConfig = z.infer<typeof VariableConfigSchema>;
export type VariableConfigInput = z.input<typeof VariableConfigSchema>;

/** The value of one variable as the requester filled it in. */
export const VariableValueSchema = z.union([
  z.string().max(20000),
  z.boolean().describe('OPTIONAL_CLAUSE'),
  z.object({ amount: AmountSchema, currency: CurrencySchema }).describe('AMOUNT'),
  z.object({ name: z.string().trim().min(1).max(200), representative: z.string().trim().max(100).optional(), address: z.string().trim().max(500).optional(), registrationNumber: z.string().trim().max(30).optional() }).describe('PARTY'),
]);
export type VariableValue = z.infer<typeof VariableValueSchema>;
export const VariableValuesSchema = z.record(VariableKeySchema, VariableValueSchema).describe('By variable key; keys the template does not declare are refused (400)');
export type VariableValues = z.infer<typeof VariableValuesSchema>;

// Forms ----------------------------------------------------------------------------------------

export const TemplateVersionSchema = z.object({
  version: z.number().int().positive(),
  source: TemplateSourceSchema,
  rolledBackFrom: z.number().int().nullable().describe('ROLLBACK: the version whose content this is'),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileFormat: TemplateFormatSchema,
  variableCount: z.number().int(),
  comment: z.string().nullable(),
  createdBy: UserRefSchema.nullable().describe('null for the starter library and global forms'),
  createdAt: z.string(),
});
export type TemplateVersion = z.infer<typeof TemplateVersionSchema>;

export const StandardFormSummarySchema = z.object({
  standardFormId: z.number().int(),
  scope: FormScopeSchema,
  title: z.string(),
  description: z.string().nullable(),
  contractType: ContractTypeSchema,
  language: ContractLanguageSchema,
  categoryType: z.string().nullable().describe('One of the workspace category types'),
  activeStatus: FormActiveStatusSchema,
  latestVersion: z.number().int(),
  variableCount: z.number().int(),
  attachmentCount: z.number().int(),
  bookmarked: z.boolean().describe('By the caller'),
  createdBy: UserRefSchema.nullable(),
  updatedBy: UserRefSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int().describe('Optimistic-concurrency version of the form record (send it back with changes)'),
});
export type StandardFormSummary = z.infer<typeof StandardFormSummarySchema>;

export const StandardFormAttachmentSchema = z.object({
  standardFormAttachmentId: z.number().int(),
  fileName: z.string(),
  fileSize: z.number().int(),
  contentType: z.string(),
  createdBy: UserRefSchema.nullable(),
  createdAt: z.string(),
});
export type StandardFormAttachment = z.infer<typeof StandardFormAttachmentSchema>;

export const StandardFormDetailSchema = StandardFormSummarySchema.extend({
  source: z.object({ name: z.string(), licence: z.string(), url: z.string().nullable(), attribution: z.string() }).nullable().describe('Starter forms: where the text comes from and its licence'),
  latest: TemplateVersionSchema,
  variables: z.array(VariableConfigSchema).describe('Of the latest version, in order'),
  attachments: z.array(StandardFormAttachmentSchema),
  abilities: z.object({ edit: z.boolean(), draft: z.boolean().describe('ACTIVE (or an available global form) and the caller may create contracts') }),
});
export type StandardFormDetail = z.infer<typeof StandardFormDetailSchema>;

const formFields = {
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  contractType: ContractTypeSchema,
  language: ContractLanguageSchema.default('ko'),
  categoryType: z.string().trim().min(1).max(50).nullable().optional(),
};

/** Text fields of the multipart create (the web sends them as strings before `file`). */
export const CreateStandardFormFieldsSchema = z.object({ ...formFields, activeStatus: FormActiveStatusSchema.default('INACTIVE'), comment: z.string().trim().max(500).optional() });
export type CreateStandardFormFields = z.input<typeof CreateStandardFormFieldsSchema>;

export const UpdateStandardFormBodySchema = z.object({ ...formFields, version: z.number().int().positive() });
export type UpdateStandardFormBody = z.input<typeof UpdateStandardFormBodySchema>;

export const ListStandardFormsQuerySchema = pageQuery(SIZE, 100).extend({
  searchKeyword: z.string().trim().max(200).optional(),
  searchKeywordType: z.enum(['TITLE', 'CONTENT', 'ALL']).default('ALL').describe('CONTENT: in the latest template text'),
  contractTypes: repeatableQuery(ContractTypeSchema).optional(),
  activeStatuses: repeatableQuery(FormActiveStatusSchema).optional(),
  languages: repeatableQuery(ContractLanguageSchema).optional(),
  userIds: repeatableQuery(z.coerce.number().int().positive()).optional().describe('Created by'),
  categoryTypes: repeatableQuery(z.string().trim().min(1).max(50)).optional(),
  bookmarkedOnly: booleanQuery.optional(),
  sortDirection: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
  sort: z.enum(['updatedAt', 'createdAt', 'title']).default('updatedAt'),
});
export type ListStandardFormsQuery = z.input<typeof ListStandardFormsQuerySchema>;

export const StandardFormPageSchema = pageOf(StandardFormSummarySchema);

const listSummary = `The workspace's forms and the global forms it made available, ${SIZE} a page by default, filtered and sorted (sortDirection default DESC). Members with only read see ACTIVE forms; activeStatuses is honoured for form writers.`;
export const listStandardFormsV1 = defineRoute({ method: 'GET', path: `${base}/v1`, access: 'member', product, tags, summary: `${listSummary} Same answer as v3.`, schemas: { query: ListStandardFormsQuerySchema, data: StandardFormPageSchema } });
export const listStandardFormsV2 = defineRoute({ method: 'GET', path: `${base}/v2`, access: 'member', product, tags, summary: `${listSummary} Same answer as v3.`, schemas: { query: ListStandardFormsQuerySchema, data: StandardFormPageSchema } });
export const listStandardFormsV3 = defineRoute({ method: 'GET', path: `${base}/v3`, access: 'member', product, tags, summary: listSummary, schemas: { query: ListStandardFormsQuerySchema, data: StandardFormPageSchema } });

export const ActiveFormsQuerySchema = pageQuery(SIZE, 100).extend({ searchKeyword: z.string().trim().max(200).optional(), contractTypes: repeatableQuery(ContractTypeSchema).optional(), languages: repeatableQuery(ContractLanguageSchema).optional() });
const activeSummary = 'What requesters draft from: ACTIVE workspace forms and available global forms, bookmarked first, then by title.';
export const listActiveFormsV1 = defineRoute({ method: 'GET', path: `${base}/active/v1`, access: 'member', product, tags, summary: `${activeSummary} Every one (no paging): content holds them all.`, schemas: { query: ActiveFormsQuerySchema, data: StandardFormPageSchema } });
export const listActiveFormsV2 = defineRoute({ method: 'GET', path: `${base}/active/v2`, access: 'member', product, tags, summary: `${activeSummary} Paged.`, schemas: { query: ActiveFormsQuerySchema, data: StandardFormPageSchema } });
export const listActiveFormsV3 = defineRoute({ method: 'GET', path: `${base}/active/v3`, access: 'member', product, tags, summary: `${activeSummary} Paged; same answer as v2.`, schemas: { query: ActiveFormsQuerySchema, data: StandardFormPageSchema } });

export const listUnavailableFormsV2 = defineRoute({
  method: 'GET', path: `${base}/unavailable/v2`, access: 'member', product, tags,
  summary: `The workspace's INACTIVE forms (what requesters do not see). ${write}`,
  schemas: { query: pageQuery(SIZE, 100), data: StandardFormPageSchema },
});
export const listUnavailableFormsByAdmin = defineRoute({
  method: 'GET', path: `${base}/unavailable/by-admin/v1`, access: 'admin', product, tags,
  summary: 'The global forms this workspace has not made available (workspace admin).',
  schemas: { query: pageQuery(SIZE, 100), data: StandardFormPageSchema },
});

export const StandardFormMetaSchema = z.object({
  contractTypes: z.array(z.object({ code: ContractTypeSchema, name: LocalizedLabelSchema })).describe('The workspace contract types'),
  categoryTypes: z.array(z.string()),
  languages: z.array(ContractLanguageSchema),
  activeStatuses: z.array(FormActiveStatusSchema),
  authors: z.array(UserRefSchema).describe('Who created the workspace\'s forms (the userIds filter)'),
  variableTypes: z.array(VariableTypeSchema),
  contractFieldMappings: z.array(ContractFieldMappingSchema),
});
export const getStandardFormMeta = defineRoute({ method: 'GET', path: `${base}/meta/v1`, access: 'member', product, tags, summary: 'Filter and form options of the library.', schemas: { data: StandardFormMetaSchema } });

export const createStandardFormV1 = defineRoute({ method: 'POST', path: `${base}/v1`, access: 'member', product, tags, summary: `Creates a form with its first template version. ${multipart('title, contractType, language, description, categoryType, activeStatus, comment')} ${write}`, schemas: { data: StandardFormDetailSchema } });
export const createStandardFormV2 = defineRoute({ method: 'POST', path: `${base}/v2`, access: 'member', product, tags, summary: `v1, plus any number of parts \`attachments\` after \`file\` (guides, annexes). ${write}`, schemas: { data: StandardFormDetailSchema } });

export const getStandardFormV1 = defineRoute({ method: 'GET', path: `${base}/:standardFormId/v1`, access: 'member', product, tags, summary: `The form with its latest version, variables, attachments and the caller's abilities. ${read} Same answer as v2.`, schemas: { params: StandardFormParamsSchema, data: StandardFormDetailSchema } });
export const getStandardFormV2 = defineRoute({ method: 'GET', path: `${base}/:standardFormId/v2`, access: 'member', product, tags, summary: `The form with its latest version, variables, attachments and the caller's abilities. ${read}`, schemas: { params: StandardFormParamsSchema, data: StandardFormDetailSchema } });
export const updateStandardFormV1 = defineRoute({ method: 'PUT', path: `${base}/:standardFormId/v1`, access: 'member', product, tags, summary: `Changes title, description, type, language and category. ${stale} ${write} Same as v2.`, schemas: { params: StandardFormParamsSchema, body: UpdateStandardFormBodySchema, data: StandardFormDetailSchema } });
export const updateStandardFormV2 = defineRoute({ method: 'PUT', path: `${base}/:standardFormId/v2`, access: 'member', product, tags, summary: `Changes title, description, type, language and category. ${stale} ${write}`, schemas: { params: StandardFormParamsSchema, body: UpdateStandardFormBodySchema, data: StandardFormDetailSchema } });
export const deleteStandardForm = defineRoute({ method: 'DELETE', path: `${base}/:standardFormId/v1`, access: 'member', product, tags, summary: `Deletes the form (soft; contracts drafted from it keep their documents). Global forms cannot be deleted here (403). ${write}`, schemas: { params: StandardFormParamsSchema, data: z.null() } });

export const ActiveStatusBodySchema = z.object({ activeStatus: FormActiveStatusSchema, version: z.number().int().positive() });
export const setStandardFormActiveStatus = defineRoute({ method: 'PUT', path: `${base}/:standardFormId/active-status/v1`, access: 'member', product, tags, summary: `Activates (requesters see it) or deactivates the form. ${stale} ${write}`, schemas: { params: StandardFormParamsSchema, body: ActiveStatusBodySchema, data: StandardFormDetailSchema } });

export const CopyStandardFormBodySchema = z.object({ title: z.string().trim().min(1).max(200).optional().describe('Default: the title with " (사본)" / " (copy)"') });
export const copyStandardForm = defineRoute({ method: 'POST', path: `${base}/:standardFormId/copy/v1`, access: 'member', product, tags, summary: `A new INACTIVE workspace form whose version 1 is the latest template (and configs) of this one; attachments are copied too. A global form may be copied. ${read} ${write}`, schemas: { params: StandardFormParamsSchema, body: CopyStandardFormBodySchema, data: StandardFormDetailSchema } });

// Bookmarks and attachments -------------------------------------------------------------------

export const addStandardFormBookmark = defineRoute({ method: 'POST', path: `${base}/:standardFormId/bookmarks/v1`, access: 'member', product, tags, summary: `Bookmarks the form for the caller (idempotent). ${read}`, schemas: { params: StandardFormParamsSchema, data: z.null() } });
export const removeStandardFormBookmark = defineRoute({ method: 'DELETE', path: `${base}/:standardFormId/bookmarks/v1`, access: 'member', product, tags, summary: 'Removes the caller\'s bookmark (idempotent).', schemas: { params: StandardFormParamsSchema, data: z.null() } });
export const listStandardFormBookmarksV1 = defineRoute({ method: 'GET', path: `${base}/bookmarks/v1`, access: 'member', product, tags, summary: `The caller's bookmarked forms that they may still see, newest bookmark first, ${SIZE} a page. Same answer as v2.`, schemas: { query: pageQuery(SIZE, 100), data: StandardFormPageSchema } });
export const listStandardFormBookmarksV2 = defineRoute({ method: 'GET', path: `${base}/bookmarks/v2`, access: 'member', product, tags, summary: `The caller's bookmarked forms that they may still see, newest bookmark first, ${SIZE} a page.`, schemas: { query: pageQuery(SIZE, 100), data: StandardFormPageSchema } });

export const AttachmentParamsSchema = StandardFormParamsSchema.extend({ standardFormAttachmentId: z.coerce.number().int().positive() });
export const addStandardFormAttachment = defineRoute({ method: 'POST', path: `${base}/:standardFormId/attachments/v1`, access: 'member', product, tags, summary: `multipart/form-data with one or more parts \`file\` (up to 10 attachments a form; 409 past it). ${write}`, schemas: { params: StandardFormParamsSchema, data: z.array(StandardFormAttachmentSchema) } });
export const downloadStandardFormAttachment = defineRoute({ method: 'GET', path: `${base}/:standardFormId/attachments/:standardFormAttachmentId/v1`, access: 'member', product, tags, raw: true, summary: `The attachment's bytes (RFC 6266 Content-Disposition). ${read}`, schemas: { params: AttachmentParamsSchema } });
export const deleteStandardFormAttachment = defineRoute({ method: 'DELETE', path: `${base}/:standardFormId/attachments/:standardFormAttachmentId/v1`, access: 'member', product, tags, summary: `Removes the attachment. ${write}`, schemas: { params: AttachmentParamsSchema, data: z.null() } });

// Templates and versions ---------------------------------------------------------------------

export const VersionParamsSchema = StandardFormParamsSchema.extend({ version: FormVersionSchema });

export const TemplateDetailSchema = TemplateVersionSchema.extend({
  variables: z.array(VariableConfigSchema),
  text: z.string().describe('The template\'s plain text with its markers, paragraphs separated by newlines (for preview and search)'),
});
export type TemplateDetail = z.infer<typeof TemplateDetailSchema>;

export const listTemplateVersions = defineRoute({ method: 'GET', path: `${base}/:standardFormId/templates/v1`, access: 'member', product, tags, summary: `Every template version, newest first. ${read}`, schemas: { params: StandardFormParamsSchema, data: z.array(TemplateVersionSchema) } });
export const uploadTemplateVersion = defineRoute({ method: 'POST', path: `${base}/:standardFormId/templates/v1`, access: 'member', product, tags, summary: `A new latest version from an upload. ${multipart('version: the form version read (409 when stale), comment')} Variables keep the configs of the previous version by key; new markers get TEXT configs labelled with their key. ${write}`, schemas: { params: StandardFormParamsSchema, data: StandardFormDetailSchema } });
export const getLatestTemplate = defineRoute({ method: 'GET', path: `${base}/:standardFormId/templates/latest/v1`, access: 'member', product, tags, summary: `The latest version with its variables and text. ${read}`, schemas: { params: StandardFormParamsSchema, data: TemplateDetailSchema } });
export const getTemplateVersion = defineRoute({ method: 'GET', path: `${base}/:standardFormId/templates/version/:version/v1`, access: 'member', product, tags, summary: `One version with its variables and text; 404 for a version that does not exist. ${read}`, schemas: { params: VersionParamsSchema, data: TemplateDetailSchema } });

export const RollbackBodySchema = z.object({ targetVersion: z.number().int().positive().describe('The version whose content becomes the new latest version'), version: z.number().int().positive().describe('The form version read'), comment: z.string().trim().max(500).optional() });
export const rollbackTemplate = defineRoute({ method: 'PUT', path: `${base}/:standardFormId/templates/rollback/v1`, access: 'member', product, tags, summary: `Copies targetVersion (template and configs) into a new latest version (source ROLLBACK); nothing is lost. 404 for an unknown targetVersion, 400 when it already is the latest. ${stale} ${write}`, schemas: { params: StandardFormParamsSchema, body: RollbackBodySchema, data: StandardFormDetailSchema } });

export const DiffQuerySchema = z.object({ from: FormVersionSchema, to: FormVersionSchema });
export const TemplateDiffSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  paragraphs: z.array(z.object({
    op: z.enum([...DIFF_OPS, 'CHANGE']).describe('CHANGE: a paragraph edited in place; its segments say how'),
    segments: z.array(TextDiffSegmentSchema),
  })).describe('The redline, paragraph by paragraph (word level inside changed paragraphs)'),
  stats: z.object({ insertedWords: z.number().int(), deletedWords: z.number().int(), changedParagraphs: z.number().int() }),
});
export type TemplateDiff = z.infer<typeof TemplateDiffSchema>;
export const diffTemplateVersions = defineRoute({ method: 'GET', path: `${base}/:standardFormId/templates/diff/v1`, access: 'member', product, tags, summary: `The redline between two versions' texts (either order; 404 for an unknown version). ${read}`, schemas: { params: StandardFormParamsSchema, query: DiffQuerySchema, data: TemplateDiffSchema } });

export const SAVE_MODES = ['DOWNLOAD', 'SAVE_AS_FILE'] as const;
export const RenderTemplateBodySchema = z.object({
  version: z.number().int().positive().optional().describe('Default: the latest'),
  values: VariableValuesSchema.default({}),
  fileFormat: TemplateFileFormatSchema.optional(),
  saveMode: z.enum(SAVE_MODES).default('DOWNLOAD').describe('SAVE_AS_FILE also stores the result as an arxive file of the caller (header X-File-Key)'),
  fileName: z.string().trim().min(1).max(200).optional(),
});
export type RenderTemplateBody = z.input<typeof RenderTemplateBodySchema>;
export const renderTemplate = defineRoute({ method: 'POST', path: `${base}/:standardFormId/templates/download/by-json/v1`, access: 'member', product, tags, raw: true, summary: `The template filled with the values, in the version's format (DOCX or HWPX) or as PDF (a preview: required variables may be missing and stay as blanks). 400 naming each invalid value (data.fields); 503 ERROR_PDF_CONVERTER_UNAVAILABLE for PDF without LibreOffice on the server. ${read}`, schemas: { params: StandardFormParamsSchema, body: RenderTemplateBodySchema } });

export const TEMPLATE_DOWNLOAD_TYPES = ['ORIGINAL', 'CLEANED'] as const;
export const TemplateDownloadParamsSchema = StandardFormParamsSchema.extend({ downloadType: z.enum(TEMPLATE_DOWNLOAD_TYPES) });
export const TemplateDownloadQuerySchema = z.object({ version: FormVersionSchema.optional(), format: TemplateFileFormatSchema.optional() });
export const downloadTemplate = defineRoute({ method: 'GET', path: `${base}/:standardFormId/templates/download/:downloadType/v1`, access: 'member', product, tags, raw: true, summary: `ORIGINAL: the version as uploaded (its own format; another \`format\` answers 400); CLEANED: the template with its markers removed (blanks for values, optional clauses kept without their markers), to send as a blank form. ${read}`, schemas: { params: TemplateDownloadParamsSchema, query: TemplateDownloadQuerySchema } });

export const TemplateConfigsQuerySchema = z.object({ version: FormVersionSchema.optional(), type: z.enum(['DRAFTING', 'MANAGING']).default('MANAGING').describe('DRAFTING: what the requester fills in, in order') });
const configsSummary = `The variable configs of a version (default latest). ${read}`;
export const getTemplateConfigsV1 = defineRoute({ method: 'GET', path: `${base}/:standardFormId/template/configs/v1`, access: 'member', product, tags, summary: `${configsSummary} Same answer as v3.`, schemas: { params: StandardFormParamsSchema, query: TemplateConfigsQuerySchema, data: z.array(VariableConfigSchema) } });
export const getTemplateConfigsV2 = defineRoute({ method: 'GET', path: `${base}/:standardFormId/template/configs/v2`, access: 'member', product, tags, summary: `${configsSummary} Same answer as v3.`, schemas: { params: StandardFormParamsSchema, query: TemplateConfigsQuerySchema, data: z.array(VariableConfigSchema) } });
export const getTemplateConfigsV3 = defineRoute({ method: 'GET', path: `${base}/:standardFormId/template/configs/v3`, access: 'member', product, tags, summary: configsSummary, schemas: { params: StandardFormParamsSchema, query: TemplateConfigsQuerySchema, data: z.array(VariableConfigSchema) } });
export const UpdateTemplateConfigsBodySchema = z.object({ version: z.number().int().positive().describe('The form version read'), variables: z.array(VariableConfigSchema).max(200) });
export const updateTemplateConfigs = defineRoute({ method: 'PUT', path: `${base}/:standardFormId/template/configs/v1`, access: 'member', product, tags, summary: `Replaces the latest version's configs: exactly the template's markers, each once (400 naming the missing or unknown keys). ${stale} ${write}`, schemas: { params: StandardFormParamsSchema, body: UpdateTemplateConfigsBodySchema, data: z.array(VariableConfigSchema) } });

// Form maker ------------------------------------------------------------------------------------

export const MAKER_BLOCK_TYPES = ['HEADING', 'ARTICLE', 'PARAGRAPH', 'OPTIONAL_CLAUSE'] as const;
/**
 * A simple form built in the browser. Texts may contain `{{key}}` markers of the declared
 * variables; ARTICLE blocks are numbered 제1조 (…) / Article 1 (…) in order; an OPTIONAL_CLAUSE wraps
 * its text in the markers of its OPTIONAL_CLAUSE variable.
 */
export const MakerBlockSchema = z.object({
  type: z.enum(MAKER_BLOCK_TYPES),
  title: z.string().trim().max(200).optional().describe('HEADING text, ARTICLE title'),
  text: z.string().max(20000).default(''),
  variableKey: VariableKeySchema.optional().describe('OPTIONAL_CLAUSE: its checkbox variable'),
});
export type MakerBlock = z.infer<typeof MakerBlockSchema>;
export const MakerDocumentSchema = z.object({
  title: z.string().trim().min(1).max(200),
  language: ContractLanguageSchema.default('ko'),
  blocks: z.array(MakerBlockSchema).min(1).max(500),
  variables: z.array(VariableConfigSchema).max(200).describe('Every marker used, each once (400 naming unknown or unused keys)'),
});
export type MakerDocument = z.infer<typeof MakerDocumentSchema>;

export const CreateFormByMakerBodySchema = z.object({ ...formFields, activeStatus: FormActiveStatusSchema.default('INACTIVE'), document: MakerDocumentSchema });
export const createStandardFormByMaker = defineRoute({ method: 'POST', path: `${base}/by-maker/v1`, access: 'member', product, tags, summary: `Creates a form whose version 1 is the DOCX generated from the maker document (source MAKER). ${write}`, schemas: { body: CreateFormByMakerBodySchema, data: StandardFormDetailSchema } });
export const TemplateByMakerBodySchema = z.object({ version: z.number().int().positive(), document: MakerDocumentSchema, comment: z.string().trim().max(500).optional() });
export const addTemplateByMaker = defineRoute({ method: 'POST', path: `${base}/:standardFormId/templates/by-maker/v1`, access: 'member', product, tags, summary: `A new latest version generated from the maker document. ${stale} ${write}`, schemas: { params: StandardFormParamsSchema, body: TemplateByMakerBodySchema, data: StandardFormDetailSchema } });

// Documents by file: a Word file read as maker blocks (make a form from an existing contract) ----

export const FileDocumentQuerySchema = z.object({ fileKey: FileKeySchema });
export const FileDocumentSchema = z.object({
  fileName: z.string(),
  blocks: z.array(MakerBlockSchema),
  markers: z.array(VariableKeySchema).describe('Markers found in the text'),
});
export type FileDocument = z.infer<typeof FileDocumentSchema>;
export const getDocumentByFile = defineRoute({ method: 'GET', path: '/api/btls/documents/by-file/v1', access: 'member', product, tags, summary: 'Reads an arxive DOCX the caller may read as maker blocks (headings, numbered articles, paragraphs). 404 for a file that is not readable; 415 for another type.', schemas: { query: FileDocumentQuerySchema, data: FileDocumentSchema } });
export const parseDocumentByFileDev = defineRoute({ method: 'POST', path: '/api/btls/documents/by-file/dev/v1', access: 'devOnly', tags, summary: 'Development: the same reading of an uploaded DOCX (multipart part `file`), nothing stored.', schemas: { data: FileDocumentSchema } });

// Workspace settings --------------------------------------------------------------------------

export const WorkspaceContractTypesSchema = z.object({ contractTypes: z.array(ContractTypeSchema).min(1).describe('The types the workspace uses, in its order') });
export const getWorkspaceContractTypes = defineRoute({ method: 'GET', path: '/api/btls/workspace-contract-types/v1', access: 'member', product, tags, summary: 'The contract types this workspace uses (every type until an admin narrows it).', schemas: { data: WorkspaceContractTypesSchema } });
export const putWorkspaceContractTypes = defineRoute({ method: 'PUT', path: '/api/btls/workspace-contract-types/v1', access: 'admin', product, tags, summary: 'Sets the workspace\'s contract types (each once, at least one). Contract and form lists keep existing records of other types.', schemas: { body: WorkspaceContractTypesSchema, data: WorkspaceContractTypesSchema } });
export const WorkspaceCategoryTypesSchema = z.object({ categoryTypes: z.array(z.string().trim().min(1).max(50)).max(100).refine((l) => new Set(l).size === l.length, 'each entry once') });
export const getWorkspaceCategoryTypes = defineRoute({ method: 'GET', path: '/api/btls/workspace-category-types/v1', access: 'member', product, tags, summary: 'The category types of the workspace\'s forms (e.g. 인사, 구매, 영업).', schemas: { data: WorkspaceCategoryTypesSchema } });
export const putWorkspaceCategoryTypes = defineRoute({ method: 'PUT', path: '/api/btls/workspace-category-types/v1', access: 'admin', product, tags, summary: 'Sets the category types; forms in a removed category keep it until edited.', schemas: { body: WorkspaceCategoryTypesSchema, data: WorkspaceCategoryTypesSchema } });

export const GlobalFormAvailabilitySchema = z.object({ standardFormId: z.number().int(), title: z.string(), contractType: ContractTypeSchema, language: ContractLanguageSchema, latestVersion: z.number().int(), available: z.boolean() });
export type GlobalFormAvailability = z.infer<typeof GlobalFormAvailabilitySchema>;
export const SetGlobalAvailabilityBodySchema = z.object({ standardFormId: z.number().int().positive(), available: z.boolean() });
export const SetGlobalAvailabilityBulkBodySchema = z.object({ availableStandardFormIds: z.array(z.number().int().positive()).max(1000).describe('Exactly the global forms to make available; the rest become unavailable') });
export const listGlobalFormAvailabilityV1 = defineRoute({ method: 'GET', path: '/api/btls/global-standard-form/available/v1', access: 'admin', product, tags, summary: 'Every published global form and whether this workspace makes it available. Same answer as v2.', schemas: { data: z.array(GlobalFormAvailabilitySchema) } });
export const listGlobalFormAvailabilityV2 = defineRoute({ method: 'GET', path: '/api/btls/global-standard-form/available/v2', access: 'admin', product, tags, summary: 'Every published global form and whether this workspace makes it available.', schemas: { data: z.array(GlobalFormAvailabilitySchema) } });
export const setGlobalFormAvailabilityV1 = defineRoute({ method: 'PUT', path: '/api/btls/global-standard-form/available/v1', access: 'admin', product, tags, summary: 'Makes one global form available or not (404 for an unknown or unpublished one).', schemas: { body: SetGlobalAvailabilityBodySchema, data: z.array(GlobalFormAvailabilitySchema) } });
export const setGlobalFormAvailabilityV2 = defineRoute({ method: 'PUT', path: '/api/btls/global-standard-form/available/v2', access: 'admin', product, tags, summary: 'Sets the whole set of available global forms (400 naming an unknown id).', schemas: { body: SetGlobalAvailabilityBulkBodySchema, data: z.array(GlobalFormAvailabilitySchema) } });

// Super admin: global forms and per-workspace availability ------------------------------------

const sa = '/api/btls/super-admin/standard-forms';
const saTags = ['btls: super admin'];
export const listGlobalForms = defineRoute({ method: 'GET', path: `${sa}/v1`, access: 'superAdmin', tags: saTags, summary: 'Every global form (ACTIVE = published to workspaces), paged.', schemas: { query: ListStandardFormsQuerySchema, data: StandardFormPageSchema } });
export const createGlobalForm = defineRoute({ method: 'POST', path: `${sa}/v1`, access: 'superAdmin', tags: saTags, summary: `Creates a global form. ${multipart('title, contractType, language, description, activeStatus, comment')}`, schemas: { data: StandardFormDetailSchema } });
export const getGlobalForm = defineRoute({ method: 'GET', path: `${sa}/:standardFormId/v1`, access: 'superAdmin', tags: saTags, summary: 'A global form.', schemas: { params: StandardFormParamsSchema, data: StandardFormDetailSchema } });
export const updateGlobalForm = defineRoute({ method: 'PUT', path: `${sa}/:standardFormId/v1`, access: 'superAdmin', tags: saTags, summary: `Changes a global form's fields. ${stale}`, schemas: { params: StandardFormParamsSchema, body: UpdateStandardFormBodySchema, data: StandardFormDetailSchema } });
export const deleteGlobalForm = defineRoute({ method: 'DELETE', path: `${sa}/:standardFormId/v1`, access: 'superAdmin', tags: saTags, summary: 'Withdraws a global form from every workspace (soft delete).', schemas: { params: StandardFormParamsSchema, data: z.null() } });
export const setGlobalFormActiveStatus = defineRoute({ method: 'PUT', path: `${sa}/:standardFormId/active-status/v1`, access: 'superAdmin', tags: saTags, summary: `Publishes (ACTIVE) or withdraws a global form. ${stale}`, schemas: { params: StandardFormParamsSchema, body: ActiveStatusBodySchema, data: StandardFormDetailSchema } });
export const uploadGlobalTemplateVersion = defineRoute({ method: 'POST', path: `${sa}/:standardFormId/templates/v1`, access: 'superAdmin', tags: saTags, summary: `A new version of a global form. ${multipart('version, comment')}`, schemas: { params: StandardFormParamsSchema, data: StandardFormDetailSchema } });
export const addGlobalFormAttachment = defineRoute({ method: 'POST', path: `${sa}/:standardFormId/attachments/v1`, access: 'superAdmin', tags: saTags, summary: 'Guides and annexes of a global form: multipart/form-data with one or more parts `file` (up to 10 a form; 409 past it). Workspaces that have the form available download them with the workspace route.', schemas: { params: StandardFormParamsSchema, data: z.array(StandardFormAttachmentSchema) } });
export const downloadGlobalFormAttachment = defineRoute({ method: 'GET', path: `${sa}/:standardFormId/attachments/:standardFormAttachmentId/v1`, access: 'superAdmin', tags: saTags, raw: true, summary: "A global form attachment's bytes (RFC 6266 Content-Disposition).", schemas: { params: AttachmentParamsSchema } });
export const deleteGlobalFormAttachment = defineRoute({ method: 'DELETE', path: `${sa}/:standardFormId/attachments/:standardFormAttachmentId/v1`, access: 'superAdmin', tags: saTags, summary: 'Removes an attachment of a global form (from every workspace that sees the form).', schemas: { params: AttachmentParamsSchema, data: z.null() } });
export const getWorkspaceGlobalFormsV1 = defineRoute({ method: 'GET', path: `${sa}/workspace/:workspaceId/v1`, access: 'superAdmin', tags: saTags, summary: 'The global forms and whether this workspace makes each available. Same answer as v2.', schemas: { params: WorkspaceIdParamsSchema, data: z.array(GlobalFormAvailabilitySchema) } });
export const getWorkspaceGlobalFormsV2 = defineRoute({ method: 'GET', path: `${sa}/workspace/:workspaceId/v2`, access: 'superAdmin', tags: saTags, summary: 'The global forms and whether this workspace makes each available.', schemas: { params: WorkspaceIdParamsSchema, data: z.array(GlobalFormAvailabilitySchema) } });
export const putWorkspaceGlobalFormsV1 = defineRoute({ method: 'PUT', path: `${sa}/workspace/:workspaceId/v1`, access: 'superAdmin', tags: saTags, summary: 'Makes one global form available to the workspace or not.', schemas: { params: WorkspaceIdParamsSchema, body: SetGlobalAvailabilityBodySchema, data: z.array(GlobalFormAvailabilitySchema) } });
export const putWorkspaceGlobalFormsV2 = defineRoute({ method: 'PUT', path: `${sa}/workspace/:workspaceId/v2`, access: 'superAdmin', tags: saTags, summary: 'Sets the whole set of global forms available to the workspace.', schemas: { params: WorkspaceIdParamsSchema, body: SetGlobalAvailabilityBulkBodySchema, data: z.array(GlobalFormAvailabilitySchema) } });

// Drafting (catalogue 7.6 conhub) ----------------------------------------------------------------

/** NONE and the built-in presets; super admins publish more (conhub super-admin/workflow-presets), so a preset is a code. */
export const WORKFLOW_PRESET_TYPES = ['NONE', 'LEGAL_REVIEW', 'APPROVAL', 'LEGAL_REVIEW_AND_APPROVAL', 'SIGNING'] as const;
export const WorkflowPresetTypeSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{1,39}$/, 'a preset code: capital letters, digits and _ (2 to 40)')
  .describe('A workflow preset code: a built-in (LEGAL_REVIEW, APPROVAL, LEGAL_REVIEW_AND_APPROVAL, SIGNING) or one a super admin published; NONE: no workflow');

const draftFields = {
  title: z.string().trim().min(1).max(200).optional().describe('Default: a TITLE-mapped variable, else the form title'),
  ownerUserId: z.number().int().positive().optional(),
  groupId: z.number().int().positive().nullable().optional(),
  workflowPresetType: WorkflowPresetTypeSchema.default('NONE').describe('Started on the new contract in the same transaction, the caller as its requester (NONE: no workflow)'),
};
export const DraftFromFormBodySchema = z.object({
  standardFormId: z.number().int().positive(),
  templateVersion: z.number().int().positive().describe('The exact version the requester filled in (409 ERROR_CONFLICT when the form is no longer draftable from it: deactivated)'),
  values: VariableValuesSchema,
  fileFormat: TemplateFileFormatSchema.optional(),
  ...draftFields,
});
export type DraftFromFormBody = z.input<typeof DraftFromFormBodySchema>;
export const createContractByStandardForm = defineRoute({
  method: 'POST', path: '/api/conhub/contracts/by-standard-form/v3', access: 'member', product, tags: ['conhub: drafting'],
  summary: 'Renders the form\'s template version with the values, creates a DRAFT contract with the mapped fields filled and the document as its main document (revision 1, linked to the form and version). 400 naming each missing or invalid variable (data.fields, path values.<key>); nothing is created then. Needs standard_form.form.read and contract.contract.write.',
  schemas: { body: DraftFromFormBodySchema, data: ContractDetailSchema },
});
export const DraftFromFileBodySchema = z.object({
  fileKey: FileKeySchema,
  contractType: ContractTypeSchema,
  language: ContractLanguageSchema.default('ko'),
  ...draftFields,
  title: z.string().trim().min(1).max(200).optional().describe('Default: the file name without its extension'),
});
export const createContractByFile = defineRoute({
  method: 'POST', path: '/api/conhub/contracts/by-file/v3', access: 'member', product, tags: ['conhub: drafting'],
  summary: 'A DRAFT contract whose main document is the arxive file (the caller must be able to read it; 400 on body.fileKey otherwise), with the workflow preset recorded. Needs contract.contract.write.',
  schemas: { body: DraftFromFileBodySchema, data: ContractDetailSchema },
});
const conhubDocSummary = 'The text of an arxive file the caller may read, as paragraphs (the drafting preview of an uploaded contract). 404 for a file that is not readable, 409 while its text is being extracted.';
export const ConhubFileDocumentSchema = z.object({ fileKey: FileKeySchema, fileName: z.string(), paragraphs: z.array(z.string()) });
export const getConhubDocumentByFileV1 = defineRoute({ method: 'GET', path: '/api/conhub/documents/by-file/v1', access: 'member', product, tags: ['conhub: drafting'], summary: `${conhubDocSummary} Same answer as v2.`, schemas: { query: FileDocumentQuerySchema, data: ConhubFileDocumentSchema } });
export const getConhubDocumentByFileV2 = defineRoute({ method: 'GET', path: '/api/conhub/documents/by-file/v2', access: 'member', product, tags: ['conhub: drafting'], summary: conhubDocSummary, schemas: { query: FileDocumentQuerySchema, data: ConhubFileDocumentSchema } });

