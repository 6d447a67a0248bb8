import {
  type ActiveFormsQuerySchema, CONTRACT_FIELD_MAPPINGS, CONTRACT_LANGUAGES, type CopyStandardFormBodySchema, CreateStandardFormFieldsSchema, FORM_ACTIVE_STATUSES,
  type FormActiveStatus, type Page, type StandardFormDetail, type StandardFormSummary, type TemplateSourceSchema, type UpdateStandardFormBodySchema, VARIABLE_TYPES,
  type VariableConfig,
} from '@legal/api';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { pageOf } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { AppError, conflict, forbidden, notFound, validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { type AuditMeta, auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { memberDisplayNames } from '../auth';
import { workspaceCatalogue } from '../contracts';
import { filesRepo } from '../files';
import * as bytes from './standard-forms.bytes';
import type { StandardFormsAuditEvent } from './standard-forms.audit';
import { type Caller, type FormCaller, formCaller, globalCaller, MAX_ATTACHMENTS } from './standard-forms.policy';
import * as repo from './standard-forms.repo';
import { GLOBAL_OWNER, standardFormAttachments, standardFormBookmarks, standardForms, standardFormSettings, standardFormVersions } from './standard-forms.table';
import { defaultConfigs, inspectTemplate, NOT_A_TEMPLATE, type TemplateFormat, templateFormatOf } from './templating';

/**
 * The library: forms (workspace and global), their record fields, status, copies, bookmarks and
 * attachments, and the lists. Template versions are in standard-forms.templates.ts, drafting in
 * standard-forms.drafting.ts. Every read goes through repo.visibleTo (404 for what the caller may
 * not see); every write locks the form row, checks its `version` (409) and bumps it, in one
 * transaction with its audit row.
 */

export type Services = Pick<AppServices, 'db' | 'storage' | 'config' | 'logger' | 'jobs' | 'attachments' | 'mailer'>;
type TemplateSource = z.infer<typeof TemplateSourceSchema>;

export const ownerScope = (caller: Caller): TenantScope => (caller.kind === 'global' ? GLOBAL_OWNER : caller.scope);

export function auditMeta(ctx: RequestContext | null, caller: Caller): AuditMeta {
  return { ...auditMetaOf(ctx, caller.userId), ...(caller.kind === 'workspace' ? caller.scope : { tenantId: null, workspaceId: null }) };
}

export const audit = (tx: Tx, ctx: RequestContext | null, caller: Caller, event: StandardFormsAuditEvent) => recordAudit(tx, event, auditMeta(ctx, caller));

export const staleVersion = (current: number) =>
  conflict({ ko: '그사이 다른 사용자가 이 서식을 바꿨습니다. 새로 고친 뒤 다시 시도해 주세요.', en: 'Someone changed this form since you read it. Reload and try again.' }, { reason: 'STALE_VERSION', currentVersion: current });

/** The form for a write: visible (404), not a global form in a workspace (403), at the version read (409). */
export async function formForWrite(tx: Tx, caller: Caller, formId: number, expectedVersion?: number): Promise<repo.FormRow> {
  const form = await repo.findForm(tx, caller, formId, { forUpdate: true });
  if (!form) throw notFound();
  if (caller.kind === 'workspace' && repo.isGlobal(form)) throw forbidden();
  if (expectedVersion !== undefined && form.version !== expectedVersion) throw staleVersion(form.version);
  return form;
}

export async function formForRead(db: repo.Executor, caller: Caller, formId: number): Promise<repo.FormRow> {
  const form = await repo.findForm(db, caller, formId);
  if (!form) throw notFound();
  return form;
}

/** Marks the form written: version + 1, who and when. */
export async function touch(tx: Tx, form: repo.FormRow, caller: Caller, set: Partial<typeof standardForms.$inferInsert> = {}): Promise<repo.FormRow> {
  const [row] = await tx
    .update(standardForms)
    .set({ ...set, version: form.version + 1, updatedAt: new Date(), updatedByUserId: caller.kind === 'workspace' ? caller.userId : null })
    .where(eq(standardForms.id, form.id))
    .returning();
  return row!;
}

/** Multipart text fields checked by their schema: 400 naming `body.<field>`. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.output<T> {
  const result = schema.safeParse(fields);
  if (result.success) return result.data;
  throw validationError(result.error.issues.map((i) => ({ field: ['body', ...i.path.map(String)].join('.'), reason: i.message })));
}

// Templates ------------------------------------------------------------------------------------------

export interface CheckedTemplate {
  bytes: Buffer;
  format: TemplateFormat;
  text: string;
  markers: ReturnType<typeof inspectTemplate>['markers'];
}

/** A template upload: DOCX or HWPX (415 NOT_A_TEMPLATE otherwise), markers that parse (400 ERROR_TEMPLATE_INVALID). */
export async function checkTemplate(services: Services, part: bytes.StoredPart): Promise<CheckedTemplate> {
  if (part.fileType !== 'docx' && part.fileType !== 'hwpx') throw bytes.unsupportedType('NOT_A_TEMPLATE', part.fileType);
  return checkTemplateBytes(await bytes.readBytes(services, part.storageKey));
}

export function checkTemplateBytes(template: Buffer): CheckedTemplate {
  const inspection = inspectTemplate(template);
  const format = templateFormatOf(template);
  if (inspection.problems.length > 0 || !format) throw new AppError('ERROR_TEMPLATE_INVALID', { data: { problems: inspection.problems.length > 0 ? inspection.problems : [NOT_A_TEMPLATE] } });
  return { bytes: template, format, text: inspection.text, markers: inspection.markers };
}

export interface NewVersion {
  source: TemplateSource;
  format: TemplateFormat;
  rolledBackFrom?: number | null;
  fileName: string;
  size: number;
  storageKey: string;
  sha256: string;
  text: string;
  variables: VariableConfig[];
  comment?: string | null;
}

/** Inserts the form's next version (latest + 1, or 1 for a new form) and makes it the latest. */
export async function insertVersion(tx: Tx, form: repo.FormRow, v: NewVersion, userId: number | null, options: { isFirst?: boolean } = {}): Promise<number> {
  const number = options.isFirst ? 1 : form.latestVersion + 1;
  await tx.insert(standardFormVersions).values({
    ...repo.ownerOf(form), formId: form.id, version: number, source: v.source, rolledBackFrom: v.rolledBackFrom ?? null, fileName: v.fileName,
    fileSize: v.size, fileFormat: v.format, storageKey: v.storageKey, sha256: v.sha256, text: v.text, variables: v.variables, comment: v.comment || null,
    createdByUserId: userId,
  });
  return number;
}

/** Counts bytes against the workspace's quota (global forms are the product's: not counted). */
export async function reserve(tx: Tx, services: Services, owner: TenantScope, size: number): Promise<void> {
  if (owner.workspaceId === 0) return;
  await filesRepo.reserveStorage(tx, owner, size, { defaultQuotaBytes: services.config.files.defaultQuotaBytes, isExempt: false });
}

/** Gives the bytes back to the workspace's quota (global forms count against none). */
async function release(tx: Tx, owner: TenantScope, size: number): Promise<void> {
  if (owner.workspaceId === 0) return;
  await filesRepo.releaseStorage(tx, owner, size);
}

// Detail ---------------------------------------------------------------------------------------------

export async function detailOf(db: repo.Executor, caller: Caller, formId: number): Promise<StandardFormDetail> {
  const summary = await repo.summaryOf(db, caller, formId);
  if (!summary) throw notFound();
  const form = (await repo.findForm(db, caller, formId))!;
  const latest = await repo.findVersion(db, formId, form.latestVersion);
  if (!latest) throw notFound();
  const [latestDto] = await repo.versionDtos(db, caller, form, [latest]);
  const attachments = await repo.attachmentDtos(db, caller, form, await repo.listAttachments(db, formId));
  return {
    ...summary,
    source: form.source ?? null,
    latest: latestDto!,
    variables: [...latest.variables].sort((a, b) => a.order - b.order),
    attachments,
    abilities: {
      edit: caller.kind === 'global' ? true : caller.canWrite && !repo.isGlobal(form),
      draft: caller.kind === 'workspace' && caller.canDraft && form.activeStatus === 'ACTIVE',
    },
  };
}

export async function getForm(services: Services, ctx: RequestContext, formId: number): Promise<StandardFormDetail> {
  return detailOf(services.db, formCaller(ctx, 'read'), formId);
}

export async function getGlobalForm(services: Services, ctx: RequestContext, formId: number): Promise<StandardFormDetail> {
  return detailOf(services.db, globalCaller(ctx), formId);
}

// Lists ----------------------------------------------------------------------------------------------

async function page(services: Services, caller: Caller, request: { page: number; size: number }, where: SQL[], orderBy: SQL[]): Promise<Page<StandardFormSummary>> {
  const [content, total] = await Promise.all([
    repo.summaries(services.db, caller, { where, orderBy, limit: request.size, offset: request.page * request.size }),
    repo.countForms(services.db, caller, where),
  ]);
  return pageOf(request, content, total);
}

export async function listForms(services: Services, ctx: RequestContext, query: repo.ListQuery) {
  const caller = formCaller(ctx, 'read');
  return page(services, caller, query, repo.listFilters(query, caller), repo.listOrder(query));
}

export async function listGlobalForms(services: Services, ctx: RequestContext, query: repo.ListQuery) {
  const caller = globalCaller(ctx);
  return page(services, caller, query, repo.listFilters(query, caller), repo.listOrder(query));
}

type ActiveQuery = z.output<typeof ActiveFormsQuerySchema>;

/** What requesters draft from, bookmarked first then by title; `isPaged` false answers them all. */
export async function listActiveForms(services: Services, ctx: RequestContext, query: ActiveQuery, isPaged: boolean) {
  const caller = formCaller(ctx, 'read');
  const where = [repo.draftable(caller.scope), ...repo.listFilters({ searchKeyword: query.searchKeyword, searchKeywordType: 'TITLE', contractTypes: query.contractTypes, languages: query.languages }, caller)];
  const orderBy = [sql`${repo.bookmarkedOf(caller)} desc`, asc(standardForms.title)];
  if (isPaged) return page(services, caller, query, where, orderBy);
  const content = await repo.summaries(services.db, caller, { where, orderBy });
  return { content, page: 0, size: Math.max(content.length, 1), totalElements: content.length, totalPages: content.length ? 1 : 0 };
}

/** The workspace's INACTIVE forms (writers). */
export async function listUnavailableForms(services: Services, ctx: RequestContext, query: { page: number; size: number }) {
  const caller = formCaller(ctx, 'write');
  return page(services, caller, query, [inScope(standardForms, caller.scope), eq(standardForms.activeStatus, 'INACTIVE')], [desc(standardForms.updatedAt)]);
}

/** The published global forms this workspace has not made available (workspace admin). */
export async function listUnavailableGlobalForms(services: Services, ctx: RequestContext, query: { page: number; size: number }) {
  const scope = formCaller(ctx, 'read').scope;
  const asProduct: Caller = { kind: 'global', userId: 0 };
  const where = [eq(standardForms.activeStatus, 'ACTIVE'), sql`not ${repo.availableGlobal(scope)}`];
  return page(services, asProduct, query, where, [asc(standardForms.title)]);
}

export async function listBookmarks(services: Services, ctx: RequestContext, query: { page: number; size: number }) {
  const caller = formCaller(ctx, 'read');
  const b = standardFormBookmarks;
  const bookmarkedAt = sql`(select ${b.createdAt} from ${b} where ${inScope(b, caller.scope)} and ${b.userId} = ${caller.userId} and ${b.formId} = ${standardForms.id})`;
  return page(services, caller, query, repo.listFilters({ bookmarkedOnly: true }, caller), [sql`${bookmarkedAt} desc`]);
}

export async function getMeta(services: Services, ctx: RequestContext) {
  const caller = formCaller(ctx, 'read');
  const [types, settings, authorRows] = await Promise.all([
    workspaceCatalogue(services.db, caller.scope),
    categoryTypesOf(services.db, caller.scope),
    services.db
      .selectDistinct({ userId: standardForms.createdByUserId })
      .from(standardForms)
      .where(and(inScope(standardForms, caller.scope), repo.notDeleted, sql`${standardForms.createdByUserId} is not null`)),
  ]);
  const names = await memberDisplayNames(services.db, caller.scope, authorRows.map((r) => r.userId));
  return {
    contractTypes: types.map((t) => ({ code: t.code, name: { ko: t.name.ko, en: t.name.en } })),
    categoryTypes: settings,
    languages: [...CONTRACT_LANGUAGES],
    activeStatuses: [...FORM_ACTIVE_STATUSES],
    authors: authorRows.map((r) => ({ userId: r.userId!, displayName: names.get(r.userId!) ?? null })).sort((a, b) => a.userId - b.userId),
    variableTypes: [...VARIABLE_TYPES],
    contractFieldMappings: [...CONTRACT_FIELD_MAPPINGS],
  };
}

export async function categoryTypesOf(db: repo.Executor, scope: TenantScope): Promise<string[]> {
  const [row] = await db.select({ categoryTypes: standardFormSettings.categoryTypes }).from(standardFormSettings).where(inScope(standardFormSettings, scope));
  return row?.categoryTypes ?? [];
}

/** A category must be one of the workspace's (400 on `field`); forms keep a removed one until edited. */
async function checkCategory(db: repo.Executor, caller: Caller, categoryType: string | null | undefined, field = 'body.categoryType', previous?: string | null) {
  if (!categoryType || categoryType === previous) return;
  if (caller.kind === 'global') throw validationError([{ field, reason: 'global forms have no workspace category' }]);
  const known = await categoryTypesOf(db, caller.scope);
  if (!known.includes(categoryType)) throw validationError([{ field, reason: `not a category type of this workspace (${known.join(', ') || 'none set'})` }]);
}

// Create ---------------------------------------------------------------------------------------------

/** POST v1/v2 (and the super admin's create): the form with version 1 from the uploaded template. */
export async function createForm(services: Services, ctx: RequestContext, request: FastifyRequest, options: { global: boolean; withAttachments: boolean }) {
  const caller: Caller = options.global ? globalCaller(ctx) : formCaller(ctx, 'write');
  const owner = ownerScope(caller);
  const received = await bytes.receiveParts(services, request, owner, {
    fileFields: options.withAttachments ? ['file', 'attachments'] : ['file'],
    maxFiles: options.withAttachments ? 1 + MAX_ATTACHMENTS + 1 : 1,
  });
  const keys = received.parts.map((p) => p.storageKey);
  return bytes.orDiscard(services, keys, async () => {
    const fields = parseFields(CreateStandardFormFieldsSchema, received.fields);
    const template = received.parts.find((p) => p.field === 'file');
    if (!template) throw validationError([{ field: 'body.file', reason: 'a multipart part named file is required' }]);
    const attachments = received.parts.filter((p) => p.field === 'attachments');
    if (attachments.length > MAX_ATTACHMENTS) throw tooManyAttachments();
    await checkCategory(services.db, caller, fields.categoryType);
    const checked = await checkTemplate(services, template);
    const id = await services.db.transaction(async (tx) => {
      await reserve(tx, services, owner, received.parts.reduce((n, p) => n + p.size, 0));
      const [form] = await tx
        .insert(standardForms)
        .values({
          ...owner, scope: options.global ? 'GLOBAL' : 'WORKSPACE', title: fields.title, description: fields.description || null, contractType: fields.contractType,
          language: fields.language, categoryType: fields.categoryType ?? null, activeStatus: fields.activeStatus,
          createdByUserId: caller.userId, updatedByUserId: caller.userId,
        })
        .returning();
      await insertVersion(tx, form!, {
        source: 'UPLOAD', format: checked.format, fileName: template.fileName, size: template.size, storageKey: template.storageKey, sha256: template.sha256, text: checked.text,
        variables: defaultConfigs(checked.markers), comment: fields.comment,
      }, caller.userId, { isFirst: true });
      for (const a of attachments) await insertAttachment(tx, form!, a, caller.userId);
      await bytes.settle(tx, keys);
      await audit(tx, ctx, caller, { type: 'standard_form.created', data: { standardFormId: form!.id, title: form!.title, scope: form!.scope, source: 'UPLOAD' } });
      return form!.id;
    });
    return detailOf(services.db, caller, id);
  });
}

const tooManyAttachments = () =>
  conflict({ ko: `첨부 파일은 서식마다 ${MAX_ATTACHMENTS}개까지입니다.`, en: `A form keeps at most ${MAX_ATTACHMENTS} attachments.` }, { reason: 'TOO_MANY_ATTACHMENTS', max: MAX_ATTACHMENTS });

async function insertAttachment(tx: Tx, form: repo.FormRow, part: Pick<bytes.StoredPart, 'storageKey' | 'fileName' | 'contentType' | 'size' | 'sha256'>, userId: number | null) {
  const [row] = await tx
    .insert(standardFormAttachments)
    .values({ ...repo.ownerOf(form), formId: form.id, fileName: part.fileName, fileSize: part.size, contentType: part.contentType, storageKey: part.storageKey, sha256: part.sha256, createdByUserId: userId })
    .returning();
  return row!;
}

// Update, delete, status, copy -------------------------------------------------------------------------

type UpdateBody = z.output<typeof UpdateStandardFormBodySchema>;

export async function updateForm(services: Services, ctx: RequestContext, formId: number, body: UpdateBody, options: { global: boolean }) {
  const caller: Caller = options.global ? globalCaller(ctx) : formCaller(ctx, 'write');
  await services.db.transaction(async (tx) => {
    const form = await formForWrite(tx, caller, formId, body.version);
    await checkCategory(tx, caller, body.categoryType, 'body.categoryType', form.categoryType);
    const next = { title: body.title, description: body.description ?? null, contractType: body.contractType, language: body.language, categoryType: body.categoryType ?? null };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [key, to] of Object.entries(next)) {
      const from = form[key as keyof typeof next];
      if ((from ?? null) !== (to ?? null)) changes[key] = { from, to };
    }
    await touch(tx, form, caller, next);
    await audit(tx, ctx, caller, { type: 'standard_form.updated', data: { standardFormId: formId, changes } });
  });
  return detailOf(services.db, caller, formId);
}

export async function deleteForm(services: Services, ctx: RequestContext, formId: number, options: { global: boolean }) {
  const caller: Caller = options.global ? globalCaller(ctx) : formCaller(ctx, 'write');
  await services.db.transaction(async (tx) => {
    const form = await formForWrite(tx, caller, formId);
    await touch(tx, form, caller, { deletedAt: new Date() });
    await audit(tx, ctx, caller, { type: 'standard_form.deleted', data: { standardFormId: formId, title: form.title } });
  });
  return null;
}

export async function setActiveStatus(services: Services, ctx: RequestContext, formId: number, body: { activeStatus: FormActiveStatus; version: number }, options: { global: boolean }) {
  const caller: Caller = options.global ? globalCaller(ctx) : formCaller(ctx, 'write');
  await services.db.transaction(async (tx) => {
    const form = await formForWrite(tx, caller, formId, body.version);
    if (form.activeStatus === body.activeStatus) return;
    await touch(tx, form, caller, { activeStatus: body.activeStatus });
    await audit(tx, ctx, caller, { type: 'standard_form.status_changed', data: { standardFormId: formId, from: form.activeStatus, to: body.activeStatus } });
  });
  return detailOf(services.db, caller, formId);
}

/** A new INACTIVE workspace form from the latest version (bytes and configs) and attachments of a visible one. */
export async function copyForm(services: Services, ctx: RequestContext, formId: number, body: z.output<typeof CopyStandardFormBodySchema>) {
  const caller = formCaller(ctx, 'write');
  const source = await formForRead(services.db, caller, formId);
  const latest = (await repo.findVersion(services.db, formId, source.latestVersion))!;
  const attachments = await repo.listAttachments(services.db, formId);
  const copies: Array<{ storageKey: string; size: number; sha256: string }> = [];
  const keys = () => copies.map((c) => c.storageKey);
  try {
    copies.push(await bytes.copyStored(services, caller.scope, latest.storageKey, bytes.contentTypeOf(latest.fileFormat)));
    for (const a of attachments) copies.push(await bytes.copyStored(services, caller.scope, a.storageKey, a.contentType));
    const title = body.title ?? `${source.title}${ctx.locale === 'en' ? ' (copy)' : ' (사본)'}`.slice(0, 200);
    const id = await services.db.transaction(async (tx) => {
      await reserve(tx, services, caller.scope, copies.reduce((n, c) => n + c.size, 0));
      const [form] = await tx
        .insert(standardForms)
        .values({
          ...caller.scope, scope: 'WORKSPACE', title, description: source.description, contractType: source.contractType, language: source.language,
          categoryType: repo.isGlobal(source) ? null : source.categoryType, activeStatus: 'INACTIVE', createdByUserId: caller.userId, updatedByUserId: caller.userId,
        })
        .returning();
      const [template, ...rest] = copies;
      await insertVersion(tx, form!, {
        source: 'COPY', format: latest.fileFormat, fileName: latest.fileName, size: template!.size, storageKey: template!.storageKey, sha256: template!.sha256, text: latest.text, variables: latest.variables,
        comment: `${source.title} v${latest.version}`.slice(0, 500),
      }, caller.userId, { isFirst: true });
      for (const [i, a] of attachments.entries()) await insertAttachment(tx, form!, { ...rest[i]!, fileName: a.fileName, contentType: a.contentType }, caller.userId);
      await bytes.settle(tx, keys());
      await audit(tx, ctx, caller, { type: 'standard_form.created', data: { standardFormId: form!.id, title, scope: 'WORKSPACE', source: 'COPY', copiedFrom: formId } });
      return form!.id;
    });
    return await detailOf(services.db, caller, id);
  } catch (err) {
    await bytes.discard(services, keys());
    throw err;
  }
}

// Bookmarks ------------------------------------------------------------------------------------------

export async function addBookmark(services: Services, ctx: RequestContext, formId: number) {
  const caller = formCaller(ctx, 'read');
  await formForRead(services.db, caller, formId);
  await services.db.insert(standardFormBookmarks).values({ ...caller.scope, formId, userId: caller.userId }).onConflictDoNothing();
  return null;
}

export async function removeBookmark(services: Services, ctx: RequestContext, formId: number) {
  const caller = formCaller(ctx, 'read');
  await services.db
    .delete(standardFormBookmarks)
    .where(and(inScope(standardFormBookmarks, caller.scope), eq(standardFormBookmarks.userId, caller.userId), eq(standardFormBookmarks.formId, formId)));
  return null;
}

// Attachments ----------------------------------------------------------------------------------------

/** Global forms' attachments are the super admin's (workspaces only download them). */
const attachmentCaller = (ctx: RequestContext, need: 'read' | 'write', options: { global: boolean }): Caller => (options.global ? globalCaller(ctx) : formCaller(ctx, need));

export async function addAttachments(services: Services, ctx: RequestContext, request: FastifyRequest, formId: number, options: { global: boolean }) {
  const caller = attachmentCaller(ctx, 'write', options);
  const owner = ownerScope(caller);
  // Refused before the upload is read: a workspace cannot attach to a global form.
  if (caller.kind === 'workspace' && repo.isGlobal(await formForRead(services.db, caller, formId))) throw forbidden();
  const received = await bytes.receiveParts(services, request, owner, { fileFields: ['file'], maxFiles: MAX_ATTACHMENTS + 1 });
  const keys = received.parts.map((p) => p.storageKey);
  return bytes.orDiscard(services, keys, async () => {
    if (received.parts.length === 0) throw validationError([{ field: 'body.file', reason: 'at least one multipart part named file is required' }]);
    await services.db.transaction(async (tx) => {
      const form = await formForWrite(tx, caller, formId);
      const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(standardFormAttachments).where(eq(standardFormAttachments.formId, formId));
      if (Number(count?.n ?? 0) + received.parts.length > MAX_ATTACHMENTS) throw tooManyAttachments();
      await reserve(tx, services, owner, received.parts.reduce((n, p) => n + p.size, 0));
      for (const part of received.parts) {
        const row = await insertAttachment(tx, form, part, caller.userId);
        await audit(tx, ctx, caller, { type: 'standard_form.attachment_added', data: { standardFormId: formId, attachmentId: row.id, fileName: row.fileName } });
      }
      await touch(tx, form, caller);
      await bytes.settle(tx, keys);
    });
    const form = await formForRead(services.db, caller, formId);
    return repo.attachmentDtos(services.db, caller, form, await repo.listAttachments(services.db, formId));
  });
}

async function attachmentOf(db: repo.Executor, formId: number, attachmentId: number) {
  const [row] = await db.select().from(standardFormAttachments).where(and(eq(standardFormAttachments.formId, formId), eq(standardFormAttachments.id, attachmentId)));
  if (!row) throw notFound();
  return row;
}

export async function downloadAttachment(services: Services, ctx: RequestContext, reply: FastifyReply, formId: number, attachmentId: number, options: { global: boolean }) {
  const caller = attachmentCaller(ctx, 'read', options);
  await formForRead(services.db, caller, formId);
  const row = await attachmentOf(services.db, formId, attachmentId);
  return bytes.sendBytes(reply, await services.storage.get(row.storageKey), row.fileName, row.contentType, row.fileSize);
}

export async function deleteAttachment(services: Services, ctx: RequestContext, formId: number, attachmentId: number, options: { global: boolean }) {
  const caller = attachmentCaller(ctx, 'write', options);
  const removed = await services.db.transaction(async (tx) => {
    const form = await formForWrite(tx, caller, formId);
    const row = await attachmentOf(tx, formId, attachmentId);
    await tx.delete(standardFormAttachments).where(eq(standardFormAttachments.id, row.id));
    await release(tx, ownerScope(caller), row.fileSize);
    await touch(tx, form, caller);
    await audit(tx, ctx, caller, { type: 'standard_form.attachment_deleted', data: { standardFormId: formId, attachmentId, fileName: row.fileName } });
    return row;
  });
  await services.storage.delete(removed.storageKey).catch((err: unknown) => services.logger.warn({ err, storageKey: removed.storageKey }, 'attachment bytes left behind'));
  return null;
}

export type { FormCaller };
