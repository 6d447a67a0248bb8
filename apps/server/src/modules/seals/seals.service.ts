import { type ListSealsQuerySchema, type Seal, type SealBodySchema, SEAL_STATUSES, SEAL_TYPES, APPLY_METHODS, USAGE_REQUEST_STATUSES, type Page } from '@legal/api';
import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { type AuditEvent, auditMetaOf, recordAudit } from '../../platform/audit/audit';
import type { Db, Tx } from '../../platform/db/client';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { conflict, notFound, validationError } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { groups } from '../admin';
import { findMembership } from '../auth';
import { claimPendingAttachments, contentDisposition, findFile, findReadableFile, saveGeneratedFile } from '../files';
import { managerOf, readerOf, type SealCaller } from './seals.policy';
import * as repo from './seals.repo';
import { sealAllowedGroups, seals, sealUsageHistories, sealUsageRequests } from './seals.table';

/**
 * The seal registry: seals, their image, custodian and allowed groups, copy, unavailable and
 * back. Every write locks the seal row, checks its `version` (409) and bumps it, in one
 * transaction with its audit row.
 */
export type Services = AppServices;
type SealBody = z.output<typeof SealBodySchema>;

export const audit = (tx: Tx, ctx: RequestContext | null, caller: Pick<SealCaller, 'scope' | 'userId'>, event: AuditEvent) =>
  recordAudit(tx, event, { ...auditMetaOf(ctx, caller.userId), ...caller.scope });

export const staleVersion = (current: number) =>
  conflict({ ko: '그사이 다른 사용자가 바꿨습니다. 새로 고친 뒤 다시 시도해 주세요.', en: 'Someone changed this since you read it. Reload and try again.' }, { reason: 'STALE_VERSION', currentVersion: current });

export async function sealForWrite(tx: Tx, scope: TenantScope, sealId: number, expectedVersion?: number): Promise<repo.SealRow> {
  const seal = await repo.findSeal(tx, scope, sealId, { forUpdate: true });
  if (!seal) throw notFound();
  if (expectedVersion !== undefined && seal.version !== expectedVersion) throw staleVersion(seal.version);
  return seal;
}

async function sealDto(db: repo.Executor, scope: TenantScope, sealId: number): Promise<Seal> {
  const row = await repo.findSeal(db, scope, sealId);
  if (!row) throw notFound();
  return (await repo.sealDtos(db, scope, [row]))[0]!;
}

// Reads ----------------------------------------------------------------------------------------------

const LABELS = {
  types: { CORPORATE: ['법인인감', 'Corporate seal'], USAGE: ['사용인감', 'Usage seal'], OFFICIAL: ['직인', 'Official seal'], CONTRACT: ['계약인', 'Contract seal'], OTHER: ['기타', 'Other'] },
  statuses: { VALID: ['사용 가능', 'Valid'], UNAVAILABLE: ['사용 불가', 'Unavailable'] },
  requestStatuses: { IN_APPROVAL: ['결재 중', 'In approval'], APPROVED: ['승인', 'Approved'], REJECTED: ['반려', 'Rejected'], CANCELED: ['취소', 'Canceled'], APPLIED: ['날인 완료', 'Applied'] },
  applyMethods: { PHYSICAL: ['실물 날인', 'Physical stamp'], ELECTRONIC: ['전자 날인', 'Electronic seal'] },
} as const;
const labelled = <C extends string>(codes: readonly C[], labels: Record<C, readonly [string, string]>) => codes.map((code) => ({ code, label: { ko: labels[code][0], en: labels[code][1] } }));

/** Labels of the seal vocabulary, also used by the Excel exports. */
export const sealLabel = {
  type: (code: keyof typeof LABELS.types, locale: 'ko' | 'en') => LABELS.types[code][locale === 'ko' ? 0 : 1],
  requestStatus: (code: keyof typeof LABELS.requestStatuses, locale: 'ko' | 'en') => LABELS.requestStatuses[code][locale === 'ko' ? 0 : 1],
  method: (code: keyof typeof LABELS.applyMethods, locale: 'ko' | 'en') => LABELS.applyMethods[code][locale === 'ko' ? 0 : 1],
};

export async function getMeta(ctx: RequestContext) {
  readerOf(ctx);
  return {
    types: labelled(SEAL_TYPES, LABELS.types),
    statuses: labelled(SEAL_STATUSES, LABELS.statuses),
    requestStatuses: labelled(USAGE_REQUEST_STATUSES, LABELS.requestStatuses),
    applyMethods: labelled(APPLY_METHODS, LABELS.applyMethods),
  };
}

export async function listSeals(services: Services, ctx: RequestContext, query: z.output<typeof ListSealsQuerySchema>): Promise<Page<Seal>> {
  const caller = readerOf(ctx);
  const where: SQL[] = [inScope(seals, caller.scope)];
  if (query.keyword) where.push(ilike(seals.name, `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (query.statuses?.length) where.push(inArray(seals.status, query.statuses));
  if (query.types?.length) where.push(inArray(seals.type, query.types));
  const condition = and(...where);
  const page = await fetchPage(
    query,
    (limit, offset) => services.db.select().from(seals).where(condition).orderBy(asc(seals.status), asc(seals.name), asc(seals.id)).limit(limit).offset(offset),
    async () => (await services.db.select({ n: count() }).from(seals).where(condition))[0]?.n ?? 0,
  );
  return { ...page, content: await repo.sealDtos(services.db, caller.scope, page.content) };
}

export async function listValidSeals(services: Services, ctx: RequestContext): Promise<Seal[]> {
  const caller = readerOf(ctx);
  const groupIds = await repo.groupIdsOfMember(services.db, caller.scope, caller.membershipId);
  const rows = await services.db
    .select()
    .from(seals)
    .where(and(inScope(seals, caller.scope), eq(seals.status, 'VALID'), repo.requestableBy(caller.scope, groupIds)))
    .orderBy(asc(seals.name), asc(seals.id));
  return repo.sealDtos(services.db, caller.scope, rows);
}

export async function getSeal(services: Services, ctx: RequestContext, sealId: number): Promise<Seal> {
  const caller = readerOf(ctx);
  return sealDto(services.db, caller.scope, sealId);
}

/** The seal's PNG, served from the files module's storage (image/png). */
export async function downloadImage(services: Services, ctx: RequestContext, reply: FastifyReply, sealId: number) {
  const caller = readerOf(ctx);
  const seal = await repo.findSeal(services.db, caller.scope, sealId);
  if (!seal) throw notFound();
  const found = await findFile(services.db, caller.scope, seal.imageFileKey);
  if (!found) throw notFound();
  const body = await services.storage.get(found.revision.storageKey);
  return reply
    .header('content-type', 'image/png')
    .header('content-disposition', contentDisposition(`${seal.name}.png`))
    .header('content-length', found.revision.size)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-cache')
    .header('etag', `"${found.revision.sha256}"`)
    .send(body);
}

/**
 * The image of a seal's row as bytes (electronic application, copy). Inside a transaction, pass it
 * as `db`: on PGlite (one connection) a query outside the transaction waits for it, for ever.
 */
export async function imageBytes(services: { db: Db | Tx; storage: AppServices['storage'] }, scope: TenantScope, seal: repo.SealRow): Promise<Buffer> {
  const found = await findFile(services.db, scope, seal.imageFileKey);
  if (!found) throw conflict({ ko: '인장 이미지를 찾을 수 없습니다.', en: 'The seal image is missing.' }, { reason: 'SEAL_IMAGE_MISSING' });
  const chunks: Buffer[] = [];
  for await (const chunk of await services.storage.get(found.revision.storageKey)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

// Writes ---------------------------------------------------------------------------------------------

/** The body's references: a readable PNG (400 body.imageFileKey), a member custodian, groups of the workspace. */
async function checkBody(services: Services, ctx: RequestContext, tx: Tx, scope: TenantScope, body: SealBody, current?: repo.SealRow) {
  const problems: Array<{ field: string; reason: string }> = [];
  if (body.imageFileKey !== current?.imageFileKey) {
    const image = await findReadableFile(services, ctx, body.imageFileKey, { db: tx });
    if (!image) problems.push({ field: 'body.imageFileKey', reason: 'no readable file with this key' });
    else if (image.revision.fileType !== 'png') problems.push({ field: 'body.imageFileKey', reason: `the seal image must be a PNG (this file is ${image.revision.fileType})` });
  }
  if (!(await findMembership(tx, scope, body.custodianUserId))) problems.push({ field: 'body.custodianUserId', reason: 'not an active member of this workspace' });
  const groupIds = [...new Set(body.allowedGroupIds)];
  if (groupIds.length > 0) {
    const known = await tx.select({ id: groups.id }).from(groups).where(and(inScope(groups, scope), inArray(groups.id, groupIds)));
    const missing = groupIds.filter((id) => !known.some((k) => k.id === id));
    if (missing.length > 0) problems.push({ field: 'body.allowedGroupIds', reason: `not groups of this workspace: ${missing.join(', ')}` });
  }
  if (problems.length > 0) throw validationError(problems);
  return groupIds;
}

async function setGroups(tx: Tx, scope: TenantScope, sealId: number, groupIds: number[]) {
  await tx.delete(sealAllowedGroups).where(and(inScope(sealAllowedGroups, scope), eq(sealAllowedGroups.sealId, sealId)));
  if (groupIds.length > 0) await tx.insert(sealAllowedGroups).values(groupIds.map((groupId) => ({ ...scope, sealId, groupId })));
}

export async function createSeal(services: Services, ctx: RequestContext, body: SealBody): Promise<Seal> {
  const caller = managerOf(ctx);
  const sealId = await services.db.transaction(async (tx) => {
    const groupIds = await checkBody(services, ctx, tx, caller.scope, body);
    const [row] = await tx
      .insert(seals)
      .values({ ...caller.scope, name: body.name, type: body.type, description: body.description || null, imageFileKey: body.imageFileKey, custodianUserId: body.custodianUserId, createdByUserId: caller.userId })
      .returning();
    await setGroups(tx, caller.scope, row!.id, groupIds);
    await claimPendingAttachments(tx, caller.scope, [body.imageFileKey]);
    await audit(tx, ctx, caller, { type: 'seal.created', data: { sealId: row!.id, name: row!.name, sealType: row!.type, custodianUserId: row!.custodianUserId } });
    return row!.id;
  });
  return sealDto(services.db, caller.scope, sealId);
}

export async function updateSeal(services: Services, ctx: RequestContext, sealId: number, body: SealBody & { version: number }): Promise<Seal> {
  const caller = managerOf(ctx);
  await services.db.transaction(async (tx) => {
    const seal = await sealForWrite(tx, caller.scope, sealId, body.version);
    const groupIds = await checkBody(services, ctx, tx, caller.scope, body, seal);
    await tx
      .update(seals)
      .set({ name: body.name, type: body.type, description: body.description || null, imageFileKey: body.imageFileKey, custodianUserId: body.custodianUserId, version: seal.version + 1, updatedAt: new Date() })
      .where(eq(seals.id, seal.id));
    await setGroups(tx, caller.scope, seal.id, groupIds);
    await claimPendingAttachments(tx, caller.scope, [body.imageFileKey]);
    await audit(tx, ctx, caller, { type: 'seal.updated', data: { sealId, name: body.name, custodianUserId: body.custodianUserId } });
  });
  return sealDto(services.db, caller.scope, sealId);
}

/** Only a seal never requested nor used (409 otherwise: mark it unavailable). */
export async function deleteSeal(services: Services, ctx: RequestContext, sealId: number) {
  const caller = managerOf(ctx);
  await services.db.transaction(async (tx) => {
    const seal = await sealForWrite(tx, caller.scope, sealId);
    const [[requests], [histories]] = await Promise.all([
      tx.select({ n: count() }).from(sealUsageRequests).where(and(inScope(sealUsageRequests, caller.scope), eq(sealUsageRequests.sealId, sealId))),
      tx.select({ n: count() }).from(sealUsageHistories).where(and(inScope(sealUsageHistories, caller.scope), eq(sealUsageHistories.sealId, sealId))),
    ]);
    if ((requests?.n ?? 0) > 0 || (histories?.n ?? 0) > 0) {
      throw conflict(
        { ko: '사용 신청이나 사용 이력이 있는 인장은 삭제할 수 없습니다. 사용 불가로 표시해 주세요.', en: 'A seal that was requested or used cannot be deleted. Mark it unavailable instead.' },
        { reason: 'SEAL_IN_USE' },
      );
    }
    await tx.delete(seals).where(eq(seals.id, seal.id));
    await audit(tx, ctx, caller, { type: 'seal.deleted', data: { sealId, name: seal.name } });
  });
  return { sealId };
}

/** A new VALID seal with the same details and its own copy of the image. */
export async function copySeal(services: Services, ctx: RequestContext, sealId: number): Promise<Seal> {
  const caller = managerOf(ctx);
  const source = await repo.findSeal(services.db, caller.scope, sealId);
  if (!source) throw notFound();
  const name = `${source.name} (${ctx.locale === 'en' ? 'copy' : '사본'})`.slice(0, 100);
  const image = await saveGeneratedFile(services, ctx, await imageBytes(services, caller.scope, source), { name: `${name}.png`, fileType: 'png' });
  const newId = await services.db.transaction(async (tx) => {
    const seal = await sealForWrite(tx, caller.scope, sealId);
    const groupRows = await tx.select({ groupId: sealAllowedGroups.groupId }).from(sealAllowedGroups).where(and(inScope(sealAllowedGroups, caller.scope), eq(sealAllowedGroups.sealId, sealId)));
    const [row] = await tx
      .insert(seals)
      .values({ ...caller.scope, name, type: seal.type, description: seal.description, imageFileKey: image.fileKey, custodianUserId: seal.custodianUserId, createdByUserId: caller.userId })
      .returning();
    await setGroups(tx, caller.scope, row!.id, groupRows.map((g) => g.groupId));
    await audit(tx, ctx, caller, { type: 'seal.copied', data: { sealId: row!.id, fromSealId: sealId, name } });
    return row!.id;
  });
  return sealDto(services.db, caller.scope, newId);
}

export async function markUnavailable(services: Services, ctx: RequestContext, sealId: number, body: { reason: string; version: number }): Promise<Seal> {
  const caller = managerOf(ctx);
  await services.db.transaction(async (tx) => {
    const seal = await sealForWrite(tx, caller.scope, sealId, body.version);
    if (seal.status === 'UNAVAILABLE') throw conflict({ ko: '이미 사용 불가로 표시된 인장입니다.', en: 'The seal is already unavailable.' }, { reason: 'ALREADY_UNAVAILABLE' });
    await tx.update(seals).set({ status: 'UNAVAILABLE', unavailableReason: body.reason, version: seal.version + 1, updatedAt: new Date() }).where(eq(seals.id, seal.id));
    await audit(tx, ctx, caller, { type: 'seal.marked_unavailable', data: { sealId, name: seal.name, reason: body.reason } });
  });
  return sealDto(services.db, caller.scope, sealId);
}

export async function markAvailable(services: Services, ctx: RequestContext, sealId: number, body: { version: number }): Promise<Seal> {
  const caller = managerOf(ctx);
  await services.db.transaction(async (tx) => {
    const seal = await sealForWrite(tx, caller.scope, sealId, body.version);
    if (seal.status === 'VALID') throw conflict({ ko: '이미 사용 가능한 인장입니다.', en: 'The seal is already valid.' }, { reason: 'ALREADY_VALID' });
    await tx.update(seals).set({ status: 'VALID', unavailableReason: null, version: seal.version + 1, updatedAt: new Date() }).where(eq(seals.id, seal.id));
    await audit(tx, ctx, caller, { type: 'seal.marked_available', data: { sealId, name: seal.name } });
  });
  return sealDto(services.db, caller.scope, sealId);
}

/** The seals the caller keeps (custodian). */
export async function custodianOf(db: repo.Executor, scope: TenantScope, userId: number): Promise<number[]> {
  const rows = await db.select({ id: seals.id }).from(seals).where(and(inScope(seals, scope), eq(seals.custodianUserId, userId))).orderBy(desc(seals.id));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

export const ORDER_NEWEST = [desc(sealUsageRequests.createdAt), desc(sealUsageRequests.id)];
