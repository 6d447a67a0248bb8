import { NOTICE_SORT_FIELDS, type CreateNoticeBody, type MemberNotice, type Notice, type NoticeAttachment, type NoticeCreator, type Page, type UpdateNoticeBody } from '@legal/api';
import { and, eq } from 'drizzle-orm';
import { fetchPage } from '../../../platform/db/paging';
import { inScope } from '../../../platform/db/tenancy';
import { type RequestContext, type TenantScope, tenantScope } from '../../../platform/http/context';
import { conflict, notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { actorUserId } from '../admin-request';
import { parseSort } from '../../../platform/db/sorting';
import { attachmentsOf, checkAttachable, describeAttachments, setAttachments } from './notice-attachments';
import * as repo from './notices.repo';
import { notices } from './notices.table';

type Services = Pick<AppServices, 'db' | 'attachments'>;

const parseNoticeSort = (sort: string | string[] | undefined) => parseSort(sort, NOTICE_SORT_FIELDS, { fallback: { field: 'createdAt', direction: 'desc' } });

const deletedConflict = () => conflict({ ko: '삭제된 공지사항입니다.', en: 'This notice has been deleted.' }, { reason: 'NOTICE_DELETED' });

// ---------------------------------------------------------------------------------------------
// DTOs
// ---------------------------------------------------------------------------------------------

function baseDto(row: { notice: repo.NoticeRow; creatorName: string | null }, attachments: Map<string, NoticeAttachment>) {
  const { notice } = row;
  return {
    id: notice.id,
    noticeType: notice.noticeType,
    title: notice.title,
    body: notice.body,
    isPinned: notice.isPinned,
    attachments: attachmentsOf(notice.fileKeys, attachments),
    creatorUserId: notice.creatorUserId,
    creatorName: row.creatorName,
    createdAt: notice.createdAt.toISOString(),
    updatedAt: notice.updatedAt.toISOString(),
  };
}

async function adminDtos(db: Services['db'], scope: TenantScope, rows: repo.AdminNoticeRow[]): Promise<Notice[]> {
  const described = await describeAttachments(db, scope, rows.flatMap((r) => r.notice.fileKeys));
  return rows.map((r) => ({ ...baseDto(r, described), readCount: r.readCount, isDeleted: r.notice.deletedAt !== null }));
}

async function memberDtos(db: Services['db'], scope: TenantScope, rows: repo.MemberNoticeRow[]): Promise<MemberNotice[]> {
  const described = await describeAttachments(db, scope, rows.flatMap((r) => r.notice.fileKeys));
  return rows.map((r) => ({ ...baseDto(r, described), isRead: r.isRead }));
}

async function adminDtoById(db: Services['db'], scope: TenantScope, noticeId: number): Promise<Notice> {
  const row = await repo.findAdminNotice(db, scope, noticeId);
  if (!row) throw notFound();
  const [dto] = await adminDtos(db, scope, [row]);
  return dto!;
}

/** Audit copies keep the body short: the log shows what changed, not the whole text. */
const auditValue = (field: string, value: unknown) => (field === 'body' && typeof value === 'string' && value.length > 500 ? `${value.slice(0, 500)}…` : value);

// ---------------------------------------------------------------------------------------------
// Admin
// ---------------------------------------------------------------------------------------------

export interface ListNoticesInput extends repo.NoticeFilter {
  page: number;
  size: number;
  sort?: string | string[];
}

export async function listNotices(services: Services, ctx: RequestContext, input: ListNoticesInput): Promise<Page<Notice>> {
  const scope = tenantScope(ctx);
  const filter = { keyword: input.keyword, noticeTypes: input.noticeTypes, creatorIds: input.creatorIds };
  return fetchPage(
    input,
    async (limit, offset) => adminDtos(services.db, scope, await repo.searchAdminNotices(services.db, scope, filter, parseNoticeSort(input.sort), limit, offset)),
    () => repo.countNotices(services.db, scope, filter),
  );
}

export async function listNoticeCreators(services: Services, ctx: RequestContext): Promise<NoticeCreator[]> {
  return repo.listCreators(services.db, tenantScope(ctx));
}

export async function getNotice(services: Services, ctx: RequestContext, noticeId: number): Promise<Notice> {
  return adminDtoById(services.db, tenantScope(ctx), noticeId);
}

export async function createNotice(services: Services, ctx: RequestContext, body: CreateNoticeBody): Promise<Notice> {
  const userId = actorUserId(ctx);
  const scope = tenantScope(ctx);
  const id = await services.db.transaction(async (tx) => {
    await checkAttachable(services, ctx, tx, body.fileKeys, null);
    const [notice] = await tx
      .insert(notices)
      .values({ ...scope, noticeType: body.noticeType, title: body.title, body: body.body, isPinned: body.isPinned, fileKeys: body.fileKeys, creatorUserId: userId })
      .returning();
    await setAttachments(tx, scope, notice!.id, body.fileKeys);
    await recordAudit(
      tx,
      { type: 'notice.created', data: { noticeId: notice!.id, noticeType: notice!.noticeType, title: notice!.title, isPinned: notice!.isPinned, fileKeys: notice!.fileKeys } },
      { ...auditMetaOf(ctx, userId), ...scope },
    );
    return notice!.id;
  });
  return adminDtoById(services.db, scope, id);
}

export async function updateNotice(services: Services, ctx: RequestContext, noticeId: number, body: UpdateNoticeBody): Promise<Notice> {
  const userId = actorUserId(ctx);
  const scope = tenantScope(ctx);
  await services.db.transaction(async (tx) => {
    const current = await repo.findNotice(tx, scope, noticeId, { includeDeleted: true, forUpdate: true });
    if (!current) throw notFound();
    if (current.deletedAt) throw deletedConflict();
    if (body.fileKeys) await checkAttachable(services, ctx, tx, body.fileKeys, noticeId);
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<Pick<repo.NoticeRow, 'noticeType' | 'title' | 'body' | 'isPinned' | 'fileKeys'>>;
    const fields = Object.keys(changes).filter((f) => JSON.stringify(changes[f as keyof typeof changes]) !== JSON.stringify(current[f as keyof repo.NoticeRow]));
    await tx
      .update(notices)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(inScope(notices, scope), eq(notices.id, noticeId)));
    if (body.fileKeys) await setAttachments(tx, scope, noticeId, body.fileKeys);
    const pick = (source: object) => Object.fromEntries(fields.map((f) => [f, auditValue(f, (source as Record<string, unknown>)[f])]));
    await recordAudit(tx, { type: 'notice.updated', data: { noticeId, fields, before: pick(current), after: pick(changes) } }, { ...auditMetaOf(ctx, userId), ...scope });
  });
  return adminDtoById(services.db, scope, noticeId);
}

/** Soft delete: members stop seeing it; the row, its reads and its files stay. */
export async function deleteNotice(services: Services, ctx: RequestContext, noticeId: number): Promise<Notice> {
  const userId = actorUserId(ctx);
  const scope = tenantScope(ctx);
  await services.db.transaction(async (tx) => {
    const current = await repo.findNotice(tx, scope, noticeId, { includeDeleted: true, forUpdate: true });
    if (!current) throw notFound();
    if (current.deletedAt) throw deletedConflict();
    const now = new Date();
    await tx.update(notices).set({ deletedAt: now, updatedAt: now }).where(and(inScope(notices, scope), eq(notices.id, noticeId)));
    await recordAudit(tx, { type: 'notice.deleted', data: { noticeId, title: current.title } }, { ...auditMetaOf(ctx, userId), ...scope });
  });
  return adminDtoById(services.db, scope, noticeId);
}

// ---------------------------------------------------------------------------------------------
// Members
// ---------------------------------------------------------------------------------------------

export interface ListMyNoticesInput extends Omit<repo.NoticeFilter, 'creatorIds'> {
  page: number;
  size: number;
  sort?: string | string[];
}

export async function listMyNotices(services: Services, ctx: RequestContext, input: ListMyNoticesInput): Promise<Page<MemberNotice>> {
  const readerId = actorUserId(ctx);
  const scope = tenantScope(ctx);
  const filter = { keyword: input.keyword, noticeTypes: input.noticeTypes, isRead: input.isRead };
  return fetchPage(
    input,
    async (limit, offset) => memberDtos(services.db, scope, await repo.searchMemberNotices(services.db, scope, readerId, filter, parseNoticeSort(input.sort), limit, offset)),
    () => repo.countNotices(services.db, scope, filter, readerId),
  );
}

export async function countMyUnreadNotices(services: Services, ctx: RequestContext): Promise<{ unreadCount: number }> {
  return { unreadCount: await repo.countNotices(services.db, tenantScope(ctx), { isRead: false }, actorUserId(ctx)) };
}

/** Opening a notice marks it read for the caller. */
export async function getMyNotice(services: Services, ctx: RequestContext, noticeId: number): Promise<MemberNotice> {
  const readerId = actorUserId(ctx);
  const scope = tenantScope(ctx);
  const row = await repo.findMemberNotice(services.db, scope, readerId, noticeId);
  if (!row) throw notFound();
  if (!row.isRead) await repo.markRead(services.db, scope, noticeId, readerId);
  const [dto] = await memberDtos(services.db, scope, [{ ...row, isRead: true }]);
  return dto!;
}

export async function markAllMyNoticesRead(services: Services, ctx: RequestContext): Promise<{ markedCount: number }> {
  return { markedCount: await repo.markAllRead(services.db, tenantScope(ctx), actorUserId(ctx)) };
}
