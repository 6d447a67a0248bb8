import type {
  CreateFormByMakerBodySchema, FileDocument, MakerDocument, RenderTemplateBodySchema, RollbackBodySchema, StandardFormDetail, TemplateByMakerBodySchema, TemplateDetail,
  TemplateDiff, TemplateDownloadQuerySchema, UpdateTemplateConfigsBodySchema, VariableConfig, VariableValues,
} from '@legal/api';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RequestContext } from '../../platform/http/context';
import { AppError, notFound, validationError } from '../../platform/http/errors';
import { filePages, findReadableFile, saveGeneratedFile, SNIFF_BYTES, sniffFileType } from '../files';
import * as bytes from './standard-forms.bytes';
import { type Caller, formCaller, globalCaller } from './standard-forms.policy';
import * as repo from './standard-forms.repo';
import {
  audit, checkTemplate, checkTemplateBytes, detailOf, formForRead, formForWrite, insertVersion, ownerScope, parseFields, reserve, type Services, touch,
} from './standard-forms.service';
import { standardForms, standardFormVersions } from './standard-forms.table';
import { buildMakerDocx, cleanTemplate, convertDocxToPdf, defaultConfigs, diffTemplateTexts, readDocxBlocks, renderTemplate, validateValues } from './templating';

/**
 * Template versions: upload (a new latest version), read, roll back (a copy of an old version as
 * the new latest: nothing is lost), diff, render with values (DOCX or PDF, downloaded or saved as
 * an arxive file), the blank (CLEANED) form, the variable configs and the form maker. Versions are
 * immutable rows; only the latest version's configs can be replaced.
 */

async function versionOf(db: repo.Executor, form: repo.FormRow, version?: number): Promise<repo.VersionRow> {
  const row = await repo.findVersion(db, form.id, version ?? form.latestVersion);
  if (!row) throw notFound();
  return row;
}

async function templateDetail(db: repo.Executor, caller: Caller, form: repo.FormRow, row: repo.VersionRow): Promise<TemplateDetail> {
  const [dto] = await repo.versionDtos(db, caller, form, [row]);
  return { ...dto!, variables: sortConfigs(row.variables), text: row.text };
}

const sortConfigs = (configs: VariableConfig[]) => [...configs].sort((a, b) => a.order - b.order);

export async function listTemplateVersions(services: Services, ctx: RequestContext, formId: number) {
  const caller = formCaller(ctx, 'read');
  const form = await formForRead(services.db, caller, formId);
  return repo.versionDtos(services.db, caller, form, await repo.listVersions(services.db, formId));
}

export async function getTemplate(services: Services, ctx: RequestContext, formId: number, version?: number) {
  const caller = formCaller(ctx, 'read');
  const form = await formForRead(services.db, caller, formId);
  return templateDetail(services.db, caller, form, await versionOf(services.db, form, version));
}

/** POST templates: a new latest version from an upload; configs of the previous version kept by key. */
export async function uploadTemplateVersion(services: Services, ctx: RequestContext, request: FastifyRequest, formId: number, options: { global: boolean }): Promise<StandardFormDetail> {
  const caller: Caller = options.global ? globalCaller(ctx) : formCaller(ctx, 'write');
  const before = await formForRead(services.db, caller, formId);
  if (caller.kind === 'workspace' && repo.isGlobal(before)) throw new AppError('ERROR_FORBIDDEN');
  const received = await bytes.receiveParts(services, request, ownerScope(caller), { fileFields: ['file'], maxFiles: 1 });
  const keys = received.parts.map((p) => p.storageKey);
  return bytes.orDiscard(services, keys, async () => {
    const fields = parseFields(UploadFieldsSchema, received.fields);
    const template = received.parts[0];
    if (!template) throw validationError([{ field: 'body.file', reason: 'a multipart part named file is required' }]);
    const checked = await checkTemplate(services, template);
    await services.db.transaction(async (tx) => {
      const form = await formForWrite(tx, caller, formId, fields.version);
      const previous = await versionOf(tx, form);
      await reserve(tx, services, repo.ownerOf(form), template.size);
      const number = await insertVersion(tx, form, {
        source: 'UPLOAD', format: checked.format, fileName: template.fileName, size: template.size, storageKey: template.storageKey, sha256: template.sha256, text: checked.text,
        variables: defaultConfigs(checked.markers, previous.variables), comment: fields.comment,
      }, caller.userId);
      await touch(tx, form, caller, { latestVersion: number });
      await bytes.settle(tx, keys);
      await audit(tx, ctx, caller, { type: 'standard_form.version_added', data: { standardFormId: formId, version: number, source: 'UPLOAD', rolledBackFrom: null } });
    });
    return detailOf(services.db, caller, formId);
  });
}

const UploadFieldsSchema = z.object({ version: z.coerce.number().int().positive(), comment: z.string().trim().max(500).optional() });

export async function rollbackTemplate(services: Services, ctx: RequestContext, formId: number, body: z.output<typeof RollbackBodySchema>): Promise<StandardFormDetail> {
  const caller = formCaller(ctx, 'write');
  await services.db.transaction(async (tx) => {
    const form = await formForWrite(tx, caller, formId, body.version);
    const target = await versionOf(tx, form, body.targetVersion);
    if (target.version === form.latestVersion) throw validationError([{ field: 'body.targetVersion', reason: 'already the latest version' }]);
    // The bytes are immutable: the new version names the same stored object.
    const number = await insertVersion(tx, form, {
      source: 'ROLLBACK', format: target.fileFormat, rolledBackFrom: target.version, fileName: target.fileName, size: target.fileSize, storageKey: target.storageKey, sha256: target.sha256,
      text: target.text, variables: target.variables, comment: body.comment ?? null,
    }, caller.userId);
    await touch(tx, form, caller, { latestVersion: number });
    await audit(tx, ctx, caller, { type: 'standard_form.version_added', data: { standardFormId: formId, version: number, source: 'ROLLBACK', rolledBackFrom: target.version } });
  });
  return detailOf(services.db, caller, formId);
}

export async function diffVersions(services: Services, ctx: RequestContext, formId: number, query: { from: number; to: number }): Promise<TemplateDiff> {
  const caller = formCaller(ctx, 'read');
  const form = await formForRead(services.db, caller, formId);
  const [from, to] = await Promise.all([versionOf(services.db, form, query.from), versionOf(services.db, form, query.to)]);
  return diffTemplateTexts(from.text, to.text, from.version, to.version);
}

// Render and download -----------------------------------------------------------------------------------

/** 400 naming each bad value: `body.values.<key>` in fieldErrors, and data.fields with the `values.<key>` paths. */
export function valuesError(problems: Array<{ path: string; message: string }>) {
  return new AppError('ERROR_VALIDATION', {
    data: { fieldErrors: problems.map((p) => ({ field: `body.${p.path}`, reason: p.message })), fields: problems.map((p) => ({ path: p.path, message: p.message })) },
  });
}

export function renderVersion(row: repo.VersionRow, template: Buffer, values: VariableValues, language: string): Buffer {
  return renderTemplate(template, row.variables, values, language);
}

export type OutputFormat = 'DOCX' | 'HWPX' | 'PDF';

const hwpxPdfUnsupported = () =>
  bytes.unsupportedType('HWPX_PDF_UNSUPPORTED', 'hwpx', {
    ko: '한글(HWPX) 서식은 서버에서 PDF로 바꿀 수 없습니다. HWPX로 내려받아 한글에서 PDF로 저장해 주세요.',
    en: 'A Hangul (HWPX) form cannot be converted to PDF on the server. Download the HWPX and save it as PDF in Hangul.',
  });

/**
 * What a version is given as: its own format (DOCX or HWPX) by default; PDF through LibreOffice
 * for a DOCX. LibreOffice cannot read HWPX, so PDF of a HWPX version answers 415
 * (HWPX_PDF_UNSUPPORTED), and the other editable format than the version's 415 FORMAT_MISMATCH.
 */
export function outputFormat(row: Pick<repo.VersionRow, 'fileFormat'>, requested: OutputFormat | undefined): OutputFormat {
  const own = row.fileFormat;
  if (requested === undefined || requested === own) return own;
  if (requested === 'PDF') {
    if (own === 'DOCX') return 'PDF';
    throw hwpxPdfUnsupported();
  }
  throw bytes.unsupportedType('FORMAT_MISMATCH', own.toLowerCase(), {
    ko: `이 서식 버전은 ${own} 파일이라 ${requested}로 받을 수 없습니다.`,
    en: `This form version is a ${own} file: it cannot be given as ${requested}.`,
  });
}

/** The rendered template in the output format (PDF converted by LibreOffice). */
export async function toOutput(rendered: Buffer, format: OutputFormat): Promise<Buffer> {
  return format === 'PDF' ? convertDocxToPdf(rendered) : rendered;
}

const baseName = (name: string) => name.replace(/\.[A-Za-z0-9]{1,5}$/, '');

export async function renderByJson(services: Services, ctx: RequestContext, reply: FastifyReply, formId: number, body: z.output<typeof RenderTemplateBodySchema>) {
  const caller = formCaller(ctx, 'read');
  const form = await formForRead(services.db, caller, formId);
  const row = await versionOf(services.db, form, body.version);
  const format = outputFormat(row, body.fileFormat);
  const problems = validateValues(row.variables, body.values, { requireAll: false, language: ctx.locale });
  if (problems.length > 0) throw valuesError(problems);
  const template = await bytes.readBytes(services, row.storageKey);
  const out = await toOutput(renderVersion(row, template, body.values, form.language), format);
  const fileType = bytes.FORMAT_FILE_TYPES[format];
  const fileName = `${baseName(body.fileName ?? form.title)}.${fileType}`;
  if (body.saveMode === 'SAVE_AS_FILE') {
    const saved = await saveGeneratedFile(services, ctx, out, { name: fileName, fileType });
    reply.header('x-file-key', saved.fileKey);
  }
  return bytes.sendBytes(reply, out, fileName, bytes.contentTypeOf(format), out.length);
}

export async function downloadTemplate(services: Services, ctx: RequestContext, reply: FastifyReply, formId: number, downloadType: 'ORIGINAL' | 'CLEANED', query: z.output<typeof TemplateDownloadQuerySchema>) {
  const caller = formCaller(ctx, 'read');
  const form = await formForRead(services.db, caller, formId);
  const row = await versionOf(services.db, form, query.version);
  if (downloadType === 'ORIGINAL') {
    if (query.format !== undefined && query.format !== row.fileFormat) throw validationError([{ field: 'query.format', reason: `ORIGINAL is the uploaded ${row.fileFormat}` }]);
    return bytes.sendBytes(reply, await services.storage.get(row.storageKey), row.fileName, bytes.contentTypeOf(row.fileFormat), row.fileSize);
  }
  const format = outputFormat(row, query.format);
  const out = await toOutput(cleanTemplate(await bytes.readBytes(services, row.storageKey)), format);
  return bytes.sendBytes(reply, out, `${baseName(row.fileName)}.${bytes.FORMAT_FILE_TYPES[format]}`, bytes.contentTypeOf(format), out.length);
}

// Configs --------------------------------------------------------------------------------------------

export async function getConfigs(services: Services, ctx: RequestContext, formId: number, query: { version?: number }) {
  const caller = formCaller(ctx, 'read');
  const form = await formForRead(services.db, caller, formId);
  return sortConfigs((await versionOf(services.db, form, query.version)).variables);
}

/** The configs must be exactly the template's markers, each once, with the kind of its marker. */
export function configProblems(current: readonly VariableConfig[], next: readonly VariableConfig[], field: string): Array<{ field: string; reason: string }> {
  const problems: Array<{ field: string; reason: string }> = [];
  const kinds = new Map(current.map((c) => [c.key, c.type === 'OPTIONAL_CLAUSE']));
  const seen = new Set<string>();
  next.forEach((c, i) => {
    if (seen.has(c.key)) problems.push({ field: `${field}.${i}.key`, reason: `${c.key} appears twice` });
    seen.add(c.key);
    if (!kinds.has(c.key)) problems.push({ field: `${field}.${i}.key`, reason: `${c.key} is not a marker of the template` });
    else if (kinds.get(c.key) !== (c.type === 'OPTIONAL_CLAUSE')) problems.push({ field: `${field}.${i}.type`, reason: kinds.get(c.key) ? `${c.key} marks an optional clause ({{#${c.key}}}): OPTIONAL_CLAUSE` : `${c.key} is a value marker: not OPTIONAL_CLAUSE` });
    if (c.type === 'CHOICE' && c.options.length === 0) problems.push({ field: `${field}.${i}.options`, reason: 'a CHOICE needs its options' });
    if (c.type === 'CHOICE' && c.defaultValue !== null && !c.options.includes(c.defaultValue)) problems.push({ field: `${field}.${i}.defaultValue`, reason: 'not one of the options' });
    if (c.pattern !== null) {
      try {
        new RegExp(c.pattern, 'u');
      } catch {
        problems.push({ field: `${field}.${i}.pattern`, reason: 'not a valid regular expression' });
      }
    }
  });
  const missing = [...kinds.keys()].filter((k) => !seen.has(k));
  if (missing.length > 0) problems.push({ field, reason: `missing markers: ${missing.join(', ')}` });
  return problems;
}

export async function updateConfigs(services: Services, ctx: RequestContext, formId: number, body: z.output<typeof UpdateTemplateConfigsBodySchema>) {
  const caller = formCaller(ctx, 'write');
  return services.db.transaction(async (tx) => {
    const form = await formForWrite(tx, caller, formId, body.version);
    const latest = await versionOf(tx, form);
    const problems = configProblems(latest.variables, body.variables, 'body.variables');
    if (problems.length > 0) throw validationError(problems);
    await tx.update(standardFormVersions).set({ variables: body.variables }).where(eq(standardFormVersions.id, latest.id));
    await touch(tx, form, caller);
    await audit(tx, ctx, caller, { type: 'standard_form.configs_changed', data: { standardFormId: formId, version: latest.version, keys: body.variables.map((v) => v.key) } });
    return sortConfigs(body.variables);
  });
}

// Form maker -----------------------------------------------------------------------------------------

/** The DOCX of a maker document, with its configs (400 naming unknown or unused markers). */
async function makerTemplate(document: MakerDocument) {
  const built = await buildMakerDocx(document);
  if (built.docx === null) throw validationError(built.problems.map((p) => ({ field: `body.document.${p.path}`, reason: p.message })));
  const checked = checkTemplateBytes(built.docx);
  const declared = new Map(document.variables.map((v) => [v.key, v]));
  const variables = defaultConfigs(checked.markers, document.variables).map((c) => declared.get(c.key) ?? c);
  return { docx: built.docx, text: checked.text, variables };
}

export async function createFormByMaker(services: Services, ctx: RequestContext, body: z.output<typeof CreateFormByMakerBodySchema>): Promise<StandardFormDetail> {
  const caller = formCaller(ctx, 'write');
  const made = await makerTemplate(body.document);
  const stored = await bytes.storeBuffer(services, caller.scope, made.docx, 'docx');
  return bytes.orDiscard(services, [stored.storageKey], async () => {
    const id = await services.db.transaction(async (tx) => {
      await reserve(tx, services, caller.scope, stored.size);
      const [form] = await tx
        .insert(standardForms)
        .values({
          ...caller.scope, scope: 'WORKSPACE', title: body.title, description: body.description || null, contractType: body.contractType, language: body.language,
          categoryType: body.categoryType ?? null, activeStatus: body.activeStatus, createdByUserId: caller.userId, updatedByUserId: caller.userId,
        })
        .returning();
      await insertVersion(tx, form!, { source: 'MAKER', format: 'DOCX', fileName: `${body.document.title}.docx`, size: stored.size, storageKey: stored.storageKey, sha256: stored.sha256, text: made.text, variables: made.variables }, caller.userId, { isFirst: true });
      await bytes.settle(tx, [stored.storageKey]);
      await audit(tx, ctx, caller, { type: 'standard_form.created', data: { standardFormId: form!.id, title: form!.title, scope: 'WORKSPACE', source: 'MAKER' } });
      return form!.id;
    });
    return detailOf(services.db, caller, id);
  });
}

export async function addTemplateByMaker(services: Services, ctx: RequestContext, formId: number, body: z.output<typeof TemplateByMakerBodySchema>): Promise<StandardFormDetail> {
  const caller = formCaller(ctx, 'write');
  const before = await formForRead(services.db, caller, formId);
  if (repo.isGlobal(before)) throw new AppError('ERROR_FORBIDDEN');
  const made = await makerTemplate(body.document);
  const stored = await bytes.storeBuffer(services, caller.scope, made.docx, 'docx');
  return bytes.orDiscard(services, [stored.storageKey], async () => {
    await services.db.transaction(async (tx) => {
      const form = await formForWrite(tx, caller, formId, body.version);
      await reserve(tx, services, caller.scope, stored.size);
      const number = await insertVersion(tx, form, { source: 'MAKER', format: 'DOCX', fileName: `${body.document.title}.docx`, size: stored.size, storageKey: stored.storageKey, sha256: stored.sha256, text: made.text, variables: made.variables, comment: body.comment }, caller.userId);
      await touch(tx, form, caller, { latestVersion: number });
      await bytes.settle(tx, [stored.storageKey]);
      await audit(tx, ctx, caller, { type: 'standard_form.version_added', data: { standardFormId: formId, version: number, source: 'MAKER', rolledBackFrom: null } });
    });
    return detailOf(services.db, caller, formId);
  });
}

// Documents by file ----------------------------------------------------------------------------------

/** btls documents/by-file: an arxive DOCX the caller may read, as maker blocks. */
export async function documentByFile(services: Services, ctx: RequestContext, fileKey: string): Promise<FileDocument> {
  formCaller(ctx, 'read');
  const found = await findReadableFile(services, ctx, fileKey);
  if (!found) throw notFound();
  if (found.revision.fileType !== 'docx') throw bytes.unsupportedType('NOT_DOCX', found.revision.fileType);
  const read = await readDocxBlocks(await bytes.readBytes(services, found.revision.storageKey));
  return { fileName: found.file.displayName, blocks: read.blocks, markers: read.markers };
}

/** The dev route: the same reading of an uploaded DOCX, nothing stored. */
export async function parseDocumentUpload(services: Services, request: FastifyRequest): Promise<FileDocument> {
  if (!request.isMultipart()) throw new AppError('ERROR_UNSUPPORTED_MEDIA_TYPE', { data: { expected: 'multipart/form-data' } });
  const part = await request.file({ limits: { fileSize: services.config.files.uploadMaxBytes, files: 1 } });
  if (!part || part.fieldname !== 'file') throw validationError([{ field: 'body.file', reason: 'a multipart part named file is required' }]);
  const docx = await part.toBuffer().catch((err: unknown) => {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('ERROR_FILE_TOO_LARGE', { data: { maxBytes: services.config.files.uploadMaxBytes } });
    throw err;
  });
  if (sniffFileType(docx.subarray(0, SNIFF_BYTES), part.filename) !== 'docx') throw bytes.unsupportedType('NOT_DOCX');
  const read = await readDocxBlocks(docx);
  return { fileName: part.filename, blocks: read.blocks, markers: read.markers };
}

/** conhub documents/by-file: the file's extracted text as paragraphs (409 while extracting). */
export async function conhubDocumentByFile(services: Services, ctx: RequestContext, fileKey: string) {
  const found = await findReadableFile(services, ctx, fileKey);
  if (!found) throw notFound();
  if (found.revision.extractionStatus === 'PENDING') {
    throw new AppError('ERROR_CONFLICT', { message: { ko: '파일의 텍스트를 추출하고 있습니다. 잠시 후 다시 시도해 주세요.', en: 'The file\'s text is being extracted. Try again shortly.' }, data: { reason: 'EXTRACTING' } });
  }
  const pages = await services.db
    .select({ text: filePages.text })
    .from(filePages)
    .where(and(eq(filePages.tenantId, found.file.tenantId), eq(filePages.workspaceId, found.file.workspaceId), eq(filePages.revisionId, found.revision.id)))
    .orderBy(asc(filePages.pageNumber));
  const paragraphs = pages.flatMap((p) => p.text.split(/\r?\n/)).map((l) => l.trim()).filter(Boolean);
  return { fileKey, fileName: found.file.displayName, paragraphs };
}
