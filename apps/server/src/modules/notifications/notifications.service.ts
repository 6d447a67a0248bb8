import type { InAppNotification, ListNotificationsQuerySchema, Page } from '@legal/api';
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import { type RequestContext, tenantScope } from '../../platform/http/context';
import { notFound, unauthorized } from '../../platform/http/errors';
import { notifications } from '../../platform/notifications/notifications.table';
import type { AppServices } from '../../platform/services';
import { memberDisplayNames } from '../auth';

/**
 * The caller's in-app notifications (platform/notifications writes them). One choke point,
 * `mine`: of this workspace, addressed to the caller, and pointing at a record the caller can
 * still read (each record type's rule, registered by the module that owns it). Everything here
 * goes through it, so a notification whose record became unreadable is neither listed, counted,
 * nor marked: it answers 404 like another user's.
 */

type Services = Pick<AppServices, 'db' | 'notificationRecords'>;
type ListQuery = z.output<typeof ListNotificationsQuerySchema>;
type Row = typeof notifications.$inferSelect;

async function mine(services: Services, ctx: RequestContext): Promise<SQL> {
  const principal = ctx.principal;
  if (principal?.kind !== 'user') throw unauthorized();
  const scope = tenantScope(ctx);
  const readable = await services.notificationRecords.readableWhere(
    { ctx, scope, db: services.db },
    { recordType: notifications.recordType, recordId: notifications.recordId },
  );
  return and(inScope(notifications, scope), eq(notifications.recipientUserId, principal.userId), readable)!;
}

async function dtos(db: Db, ctx: RequestContext, rows: Row[]): Promise<InAppNotification[]> {
  const names = await memberDisplayNames(db, tenantScope(ctx), rows.map((r) => r.actorUserId));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    record: { type: r.recordType, id: r.recordId },
    title: r.title,
    data: r.data,
    actor: r.actorUserId === null ? null : { userId: r.actorUserId, displayName: names.get(r.actorUserId) ?? null },
    isRead: r.readAt !== null,
    readAt: r.readAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listMyNotifications(services: Services, ctx: RequestContext, query: ListQuery): Promise<Page<InAppNotification>> {
  const where = and(await mine(services, ctx), query.isRead === undefined ? undefined : query.isRead ? isNotNull(notifications.readAt) : isNull(notifications.readAt));
  const page = await fetchPage(
    query,
    (limit, offset) => services.db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit).offset(offset),
    async () => (await services.db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0,
  );
  return { ...page, content: await dtos(services.db, ctx, page.content) };
}

export async function countMyUnreadNotifications(services: Services, ctx: RequestContext): Promise<{ unreadCount: number }> {
  const [row] = await services.db.select({ n: count() }).from(notifications).where(and(await mine(services, ctx), isNull(notifications.readAt)));
  return { unreadCount: row?.n ?? 0 };
}

/** Marks one read; marking it again keeps the first time it was read. */
export async function markMyNotificationRead(services: Services, ctx: RequestContext, notificationId: number): Promise<InAppNotification> {
  const [row] = await services.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(await mine(services, ctx), eq(notifications.id, notificationId)))
    .returning();
  if (!row) throw notFound();
  return (await dtos(services.db, ctx, [row]))[0]!;
}

export async function markAllMyNotificationsRead(services: Services, ctx: RequestContext): Promise<{ markedCount: number }> {
  const rows = await services.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(await mine(services, ctx), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { markedCount: rows.length };
}
