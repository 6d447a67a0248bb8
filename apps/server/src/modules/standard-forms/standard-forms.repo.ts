import type { StandardFormAttachment, StandardFormSummary, TemplateVersion, VariableConfig } from '@legal/api';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ListStandardFormsQuerySchema } from '@legal/api';
import type { Db, Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import type { TenantScope } from '../../platform/http/context';
import { memberDisplayNames } from '../auth';
import type { Caller } from './standard-forms.policy';
import {
  GLOBAL_OWNER, standardFormAttachments, standardFormBookmarks, standardFormGlobalAvailability, standardForms, standardFormVersions,
} from './standard-forms.table';

/**
 * The queries of the library. Every read starts from `visibleTo(caller)`: a workspace caller reaches
 * its workspace's live forms (ACTIVE only without write) and the ACTIVE global forms its workspace
 * made available; a super admin reaches the live global forms. Nothing else is ever read by id.
 */

export type Executor = Db | Tx;
export type FormRow = typeof standardForms.$inferSelect;
export type VersionRow = typeof standardFormVersions.$inferSelect;
export type AttachmentRow = typeof standardFormAttachments.$inferSelect;
export type ListQuery = z.output<typeof ListStandardFormsQuerySchema>;

const f = standardForms;

/** Published global forms this workspace made available. */
export function availableGlobal(scope: TenantScope): SQL {
  return sql`(${f.scope} = 'GLOBAL' and ${f.workspaceId} = 0 and ${f.activeStatus} = 'ACTIVE' and exists (select 1 from ${standardFormGlobalAvailability} a where a.tenant_id = ${scope.tenantId} and a.workspace_id = ${scope.workspaceId} and a.form_id = ${f.id}))`;
}

/** What the caller may see at all (404 for the rest). */
export function visibleTo(caller: Caller): SQL {
  if (caller.kind === 'global') return sql`(${f.scope} = 'GLOBAL' and ${f.workspaceId} = 0 and ${f.deletedAt} is null)`;
  const own = caller.canWrite ? inScope(f, caller.scope) : sql`(${inScope(f, caller.scope)} and ${f.activeStatus} = 'ACTIVE')`;
  return sql`(${f.deletedAt} is null and (${own} or ${availableGlobal(caller.scope)}))`;
}

/** What a requester drafts from: ACTIVE workspace forms and available global forms. */
export function draftable(scope: TenantScope): SQL {
  return sql`(${f.deletedAt} is null and ((${inScope(f, scope)} and ${f.activeStatus} = 'ACTIVE') or ${availableGlobal(scope)}))`;
}

export async function findForm(db: Executor, caller: Caller, formId: number, options: { forUpdate?: boolean } = {}): Promise<FormRow | null> {
  const query = db.select().from(f).where(and(eq(f.id, formId), visibleTo(caller)));
  const [row] = options.forUpdate ? await query.for('update', { of: f }) : await query;
  return row ?? null;
}

export async function findVersion(db: Executor, formId: number, version: number): Promise<VersionRow | null> {
  const [row] = await db.select().from(standardFormVersions).where(and(eq(standardFormVersions.formId, formId), eq(standardFormVersions.version, version)));
  return row ?? null;
}

export async function listVersions(db: Executor, formId: number): Promise<VersionRow[]> {
  return db.select().from(standardFormVersions).where(eq(standardFormVersions.formId, formId)).orderBy(desc(standardFormVersions.version));
}

export async function listAttachments(db: Executor, formId: number): Promise<AttachmentRow[]> {
  return db.select().from(standardFormAttachments).where(eq(standardFormAttachments.formId, formId)).orderBy(asc(standardFormAttachments.id));
}

/** The tenant columns of a form's children: the form's own (GLOBAL_OWNER for a global form). */
export function ownerOf(form: Pick<FormRow, 'tenantId' | 'workspaceId'>): TenantScope {
  return { tenantId: form.tenantId, workspaceId: form.workspaceId };
}

export const isGlobal = (form: Pick<FormRow, 'scope'>) => form.scope === 'GLOBAL';
export { GLOBAL_OWNER };

// Summaries -----------------------------------------------------------------------------------------

const latest = standardFormVersions;

/** Whether the caller bookmarked the form (false for a super admin). */
export function bookmarkedOf(caller: Caller): SQL<boolean> {
  if (caller.kind === 'global') return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${standardFormBookmarks} b where b.tenant_id = ${caller.scope.tenantId} and b.workspace_id = ${caller.scope.workspaceId} and b.user_id = ${caller.userId} and b.form_id = ${f.id})`;
}

function summaryColumns(caller: Caller) {
  return {
    form: f,
    variableCount: sql<number>`coalesce(jsonb_array_length(${latest.variables}), 0)::int`,
    attachmentCount: sql<number>`(select count(*) from ${standardFormAttachments} sa where sa.form_id = ${f.id})::int`,
    bookmarked: bookmarkedOf(caller),
  };
}

type SummaryRow = { form: FormRow; variableCount: number; attachmentCount: number; bookmarked: boolean };

export interface Listing {
  where: SQL[];
  orderBy: SQL[];
  limit?: number;
  offset?: number;
}

async function summaryRows(db: Executor, caller: Caller, listing: Listing): Promise<SummaryRow[]> {
  const query = db
    .select(summaryColumns(caller))
    .from(f)
    .leftJoin(latest, and(eq(latest.formId, f.id), eq(latest.version, f.latestVersion)))
    .where(and(visibleTo(caller), ...listing.where))
    .orderBy(...listing.orderBy, desc(f.id));
  const rows = listing.limit !== undefined ? await query.limit(listing.limit).offset(listing.offset ?? 0) : await query;
  return rows.map((r) => ({ ...r, variableCount: Number(r.variableCount), attachmentCount: Number(r.attachmentCount), bookmarked: Boolean(r.bookmarked) }));
}

export async function countForms(db: Executor, caller: Caller, where: SQL[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(f)
    .leftJoin(latest, and(eq(latest.formId, f.id), eq(latest.version, f.latestVersion)))
    .where(and(visibleTo(caller), ...where));
  return Number(row?.n ?? 0);
}

/** Names of the people in the rows, as members of the caller's workspace (none for global forms). */
async function namesFor(db: Executor, caller: Caller, ids: Array<number | null>): Promise<Map<number, string>> {
  if (caller.kind === 'global') return new Map();
  return memberDisplayNames(db, caller.scope, ids);
}

export function userRef(id: number | null, names: Map<number, string>, form: Pick<FormRow, 'scope'>) {
  if (id === null || isGlobal(form)) return null;
  return { userId: id, displayName: names.get(id) ?? null };
}

export async function summaries(db: Executor, caller: Caller, listing: Listing): Promise<StandardFormSummary[]> {
  const rows = await summaryRows(db, caller, listing);
  const names = await namesFor(db, caller, rows.flatMap((r) => [r.form.createdByUserId, r.form.updatedByUserId]));
  return rows.map((r) => summaryDto(r, names));
}

export function summaryDto(r: SummaryRow, names: Map<number, string>): StandardFormSummary {
  const form = r.form;
  return {
    standardFormId: form.id,
    scope: form.scope,
    title: form.title,
    description: form.description,
    contractType: form.contractType,
    language: form.language,
    categoryType: form.categoryType,
    activeStatus: form.activeStatus,
    latestVersion: form.latestVersion,
    variableCount: r.variableCount,
    attachmentCount: r.attachmentCount,
    bookmarked: r.bookmarked,
    createdBy: userRef(form.createdByUserId, names, form),
    updatedBy: userRef(form.updatedByUserId, names, form),
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
    version: form.version,
  };
}

export async function summaryOf(db: Executor, caller: Caller, formId: number): Promise<StandardFormSummary | null> {
  const [one] = await summaries(db, caller, { where: [eq(f.id, formId)], orderBy: [] });
  return one ?? null;
}

export async function versionDtos(db: Executor, caller: Caller, form: FormRow, rows: VersionRow[]): Promise<TemplateVersion[]> {
  const names = await namesFor(db, caller, rows.map((r) => r.createdByUserId));
  return rows.map((r) => versionDto(r, names, form));
}

export function versionDto(r: VersionRow, names: Map<number, string>, form: Pick<FormRow, 'scope'>): TemplateVersion {
  return {
    version: r.version,
    source: r.source,
    rolledBackFrom: r.rolledBackFrom,
    fileName: r.fileName,
    fileSize: r.fileSize,
    fileFormat: r.fileFormat,
    variableCount: r.variables.length,
    comment: r.comment,
    createdBy: userRef(r.createdByUserId, names, form),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function attachmentDtos(db: Executor, caller: Caller, form: FormRow, rows: AttachmentRow[]): Promise<StandardFormAttachment[]> {
  const names = await namesFor(db, caller, rows.map((r) => r.createdByUserId));
  return rows.map((r) => ({
    standardFormAttachmentId: r.id,
    fileName: r.fileName,
    fileSize: r.fileSize,
    contentType: r.contentType,
    createdBy: userRef(r.createdByUserId, names, form),
    createdAt: r.createdAt.toISOString(),
  }));
}

// List filters ----------------------------------------------------------------------------------------

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE parts of a list query (activeStatuses only for writers and super admins: readers see ACTIVE anyway). */
export function listFilters(query: Partial<ListQuery>, caller: Caller): SQL[] {
  const where: SQL[] = [];
  if (query.searchKeyword) {
    const like = `%${escapeLike(query.searchKeyword)}%`;
    const title = sql`${f.title} ilike ${like}`;
    const content = sql`${latest.text} ilike ${like}`;
    const type = query.searchKeywordType ?? 'ALL';
    where.push(type === 'TITLE' ? title : type === 'CONTENT' ? content : sql`(${title} or ${content})`);
  }
  if (query.contractTypes?.length) where.push(inArray(f.contractType, query.contractTypes));
  if (query.activeStatuses?.length && (caller.kind === 'global' || caller.canWrite)) where.push(inArray(f.activeStatus, query.activeStatuses));
  if (query.languages?.length) where.push(inArray(f.language, query.languages));
  if (query.userIds?.length) where.push(inArray(f.createdByUserId, query.userIds));
  if (query.categoryTypes?.length) where.push(inArray(f.categoryType, query.categoryTypes));
  if (query.bookmarkedOnly) where.push(sql`${bookmarkedOf(caller)}`);
  return where;
}

export function listOrder(query: Partial<ListQuery>): SQL[] {
  const column = query.sort === 'title' ? f.title : query.sort === 'createdAt' ? f.createdAt : f.updatedAt;
  const direction = (query.sortDirection ?? 'DESC').toUpperCase();
  return [direction === 'ASC' ? asc(column) : desc(column)];
}

export const notDeleted = isNull(f.deletedAt);

/** Locks the form row for a write and checks nothing changed since it was read. */
export async function lockForm(tx: Tx, formId: number): Promise<FormRow> {
  const [row] = await tx.select().from(f).where(eq(f.id, formId)).for('update');
  return row!;
}

export type { VariableConfig };
