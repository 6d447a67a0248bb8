import type { ContractType, GlobalFormAvailability } from '@legal/api';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext, type TenantScope, tenantScope } from '../../platform/http/context';
import { notFound, validationError } from '../../platform/http/errors';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { workspaces } from '../auth';
import { workspaceCatalogue, workspaceContractTypes } from '../contracts';
import type { StandardFormsAuditEvent } from './standard-forms.audit';
import { formCaller, globalCaller } from './standard-forms.policy';
import type { Services } from './standard-forms.service';
import { categoryTypesOf } from './standard-forms.service';
import { standardFormGlobalAvailability, standardForms, standardFormSettings } from './standard-forms.table';

/**
 * Workspace settings of the library (contract types, category types) and the availability of the
 * published global forms per workspace: set by the workspace admin (btls global-standard-form) or by
 * a super admin for any workspace (super-admin/standard-forms/workspace/{id}).
 */

const actorOf = (ctx: RequestContext) => (ctx.principal?.kind === 'user' ? ctx.principal.userId : null);
const record = (tx: Tx, ctx: RequestContext, scope: TenantScope, event: StandardFormsAuditEvent) => recordAudit(tx, event, { ...auditMetaOf(ctx, actorOf(ctx)), ...scope });

export async function getContractTypes(services: Services, ctx: RequestContext) {
  formCaller(ctx, 'read');
  return { contractTypes: (await workspaceCatalogue(services.db, tenantScope(ctx))).map((t) => t.code) };
}

export async function putContractTypes(services: Services, ctx: RequestContext, body: { contractTypes: ContractType[] }) {
  const scope = tenantScope(ctx);
  const dupes = body.contractTypes.map((t, i) => ({ t, i })).filter(({ t, i }) => body.contractTypes.indexOf(t) !== i);
  if (dupes.length > 0) throw validationError(dupes.map(({ t, i }) => ({ field: `body.contractTypes.${i}`, reason: `${t} appears twice` })));
  await services.db.transaction(async (tx) => {
    await tx
      .insert(workspaceContractTypes)
      .values({ ...scope, contractTypes: body.contractTypes })
      .onConflictDoUpdate({ target: [workspaceContractTypes.tenantId, workspaceContractTypes.workspaceId], set: { contractTypes: body.contractTypes, updatedAt: new Date() } });
    await record(tx, ctx, scope, { type: 'standard_form.settings_changed', data: { contractTypes: body.contractTypes } });
  });
  return { contractTypes: body.contractTypes };
}

export async function getCategoryTypes(services: Services, ctx: RequestContext) {
  formCaller(ctx, 'read');
  return { categoryTypes: await categoryTypesOf(services.db, tenantScope(ctx)) };
}

export async function putCategoryTypes(services: Services, ctx: RequestContext, body: { categoryTypes: string[] }) {
  const scope = tenantScope(ctx);
  await services.db.transaction(async (tx) => {
    await tx
      .insert(standardFormSettings)
      .values({ ...scope, categoryTypes: body.categoryTypes })
      .onConflictDoUpdate({ target: [standardFormSettings.tenantId, standardFormSettings.workspaceId], set: { categoryTypes: body.categoryTypes, updatedAt: new Date() } });
    await record(tx, ctx, scope, { type: 'standard_form.settings_changed', data: { categoryTypes: body.categoryTypes } });
  });
  return { categoryTypes: body.categoryTypes };
}

// Global forms per workspace ---------------------------------------------------------------------------

const published = and(eq(standardForms.scope, 'GLOBAL'), eq(standardForms.workspaceId, 0), eq(standardForms.activeStatus, 'ACTIVE'), sql`${standardForms.deletedAt} is null`);

/** Every published global form and whether the workspace makes it available. */
export async function availabilityOf(db: Services['db'] | Tx, scope: TenantScope): Promise<GlobalFormAvailability[]> {
  const a = standardFormGlobalAvailability;
  const rows = await db
    .select({
      standardFormId: standardForms.id, title: standardForms.title, contractType: standardForms.contractType, language: standardForms.language, latestVersion: standardForms.latestVersion,
      available: sql<boolean>`exists (select 1 from ${a} where ${inScope(a, scope)} and ${a.formId} = ${standardForms.id})`,
    })
    .from(standardForms)
    .where(published)
    .orderBy(asc(standardForms.title), asc(standardForms.id));
  return rows.map((r) => ({ ...r, available: Boolean(r.available) }));
}

async function setOne(services: Services, ctx: RequestContext, scope: TenantScope, body: { standardFormId: number; available: boolean }) {
  return services.db.transaction(async (tx) => {
    const [form] = await tx.select({ id: standardForms.id }).from(standardForms).where(and(published, eq(standardForms.id, body.standardFormId)));
    if (!form) throw notFound();
    const a = standardFormGlobalAvailability;
    if (body.available) await tx.insert(a).values({ ...scope, formId: form.id }).onConflictDoNothing();
    else await tx.delete(a).where(and(inScope(a, scope), eq(a.formId, form.id)));
    const after = await availabilityOf(tx, scope);
    await record(tx, ctx, scope, { type: 'standard_form.availability_changed', data: { availableStandardFormIds: after.filter((r) => r.available).map((r) => r.standardFormId) } });
    return after;
  });
}

async function setAll(services: Services, ctx: RequestContext, scope: TenantScope, body: { availableStandardFormIds: number[] }) {
  return services.db.transaction(async (tx) => {
    const ids = [...new Set(body.availableStandardFormIds)];
    const found = ids.length ? await tx.select({ id: standardForms.id }).from(standardForms).where(and(published, inArray(standardForms.id, ids))) : [];
    const known = new Set(found.map((r) => r.id));
    const unknown = body.availableStandardFormIds.map((id, i) => ({ id, i })).filter(({ id }) => !known.has(id));
    if (unknown.length > 0) throw validationError(unknown.map(({ id, i }) => ({ field: `body.availableStandardFormIds.${i}`, reason: `no published global form ${id}` })));
    const a = standardFormGlobalAvailability;
    await tx.delete(a).where(inScope(a, scope));
    if (ids.length > 0) await tx.insert(a).values(ids.map((formId) => ({ ...scope, formId })));
    await record(tx, ctx, scope, { type: 'standard_form.availability_changed', data: { availableStandardFormIds: ids } });
    return availabilityOf(tx, scope);
  });
}

export const listAvailability = (services: Services, ctx: RequestContext) => availabilityOf(services.db, tenantScope(ctx));
export const setAvailability = (services: Services, ctx: RequestContext, body: { standardFormId: number; available: boolean }) => setOne(services, ctx, tenantScope(ctx), body);
export const setAvailabilityBulk = (services: Services, ctx: RequestContext, body: { availableStandardFormIds: number[] }) => setAll(services, ctx, tenantScope(ctx), body);

/** A super admin names a workspace by id (404 for none). */
async function workspaceScope(services: Services, ctx: RequestContext, workspaceId: number): Promise<TenantScope> {
  globalCaller(ctx);
  const [ws] = await services.db.select({ tenantId: workspaces.tenantId, id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!ws) throw notFound();
  return { tenantId: ws.tenantId, workspaceId: ws.id };
}

export async function superListAvailability(services: Services, ctx: RequestContext, workspaceId: number) {
  return availabilityOf(services.db, await workspaceScope(services, ctx, workspaceId));
}
export async function superSetAvailability(services: Services, ctx: RequestContext, workspaceId: number, body: { standardFormId: number; available: boolean }) {
  return setOne(services, ctx, await workspaceScope(services, ctx, workspaceId), body);
}
export async function superSetAvailabilityBulk(services: Services, ctx: RequestContext, workspaceId: number, body: { availableStandardFormIds: number[] }) {
  return setAll(services, ctx, await workspaceScope(services, ctx, workspaceId), body);
}
