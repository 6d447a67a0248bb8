import type { ListStatuteAlertsQuerySchema, Page, StatuteAlertItem, StatuteChangeAlert, StatuteChangeAlertDetail } from '@legal/api';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { auditMetaOf, recordAudit } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { conflict, notFound } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { comparedArticles, diffWords } from '../law';
import { requireResearchUse } from '../research';
import { visibleAlertWhere, visibleItemWhere } from './statute-alerts.access';
import { statuteChangeAlertItems, statuteChangeAlerts } from './statute-alerts.table';

// The workspace's statute-change alerts as the caller may see them: every read and change goes
// through `visible` (an item of the alert the caller can see), so an alert of another workspace,
// or one whose records the caller cannot read, answers 404 and is never changed.

type Services = Pick<AppServices, 'db' | 'attachments'>;
type ListQuery = z.output<typeof ListStatuteAlertsQuerySchema>;
type AlertRow = typeof statuteChangeAlerts.$inferSelect;
type ItemRow = typeof statuteChangeAlertItems.$inferSelect;

interface Caller {
  scope: TenantScope;
  userId: number;
  /** Builds the visibility rules (and reads what they need) outside any transaction: one statement at a time per connection. */
  reader: { ctx: RequestContext; scope: TenantScope; db: Db };
}

function callerOf(services: Services, ctx: RequestContext): Caller {
  const { scope, userId } = requireResearchUse(ctx);
  return { scope, userId, reader: { ctx, scope, db: services.db } };
}

async function visible(services: Services, caller: Caller): Promise<SQL> {
  return and(inScope(statuteChangeAlerts, caller.scope), await visibleAlertWhere(services, caller.reader, statuteChangeAlerts.id))!;
}

function itemDto(row: ItemRow): StatuteAlertItem {
  const common = { title: row.title, cited: { lawSerialNumber: row.citedLawSerialNumber, effectiveDate: row.citedEffectiveDate }, via: row.via && { ...row.via, through: row.via.through ?? null } };
  switch (row.itemType) {
    case 'CHAT_ANSWER':
      return { type: 'CHAT_ANSWER', chatKey: row.chatKey!, chatMessageKey: row.chatMessageKey!, ...common };
    case 'ADVISORY_DRAFT':
      return { type: 'ADVISORY_DRAFT', inquiryId: row.inquiryId!, draftId: row.recordId, ...common };
    case 'COLLECTION_DOCUMENT':
      return { type: 'COLLECTION_DOCUMENT', collectionId: row.collectionId!, documentId: row.recordId, collectionName: row.collectionName ?? '', ...common };
    case 'REVIEW_FINDING':
      return { type: 'REVIEW_FINDING', reviewId: row.reviewId!, findingId: row.recordId, contractId: row.contractId, question: row.question ?? { ko: '', en: '' }, ...common };
  }
}

/** The alerts as DTOs, each with only the items the caller can see. */
async function dtos(services: Services, caller: Caller, rows: AlertRow[]): Promise<StatuteChangeAlert[]> {
  if (rows.length === 0) return [];
  const items = await caller.reader.db
    .select()
    .from(statuteChangeAlertItems)
    .where(and(inScope(statuteChangeAlertItems, caller.scope), inArray(statuteChangeAlertItems.alertId, rows.map((r) => r.id)), await visibleItemWhere(services, caller.reader)))
    .orderBy(asc(statuteChangeAlertItems.id));
  return rows.map((row) => ({
    alertId: row.id,
    statuteId: row.statuteId,
    statuteTitle: row.statuteTitle,
    statuteKind: row.statuteKind,
    article: row.article,
    articleTitle: row.articleTitle,
    changeKind: row.changeKind,
    movedTo: row.movedTo,
    oldVersion: { lawSerialNumber: row.oldLawSerialNumber, effectiveDate: row.oldEffectiveDate },
    newVersion: { lawSerialNumber: row.newLawSerialNumber, effectiveDate: row.newEffectiveDate, amendmentKind: row.newAmendmentKind },
    items: items.filter((i) => i.alertId === row.id).map(itemDto),
    isRead: row.readAt !== null,
    readAt: row.readAt?.toISOString() ?? null,
    isDismissed: row.dismissedAt !== null,
    dismissedAt: row.dismissedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listAlerts(services: Services, ctx: RequestContext, query: ListQuery): Promise<Page<StatuteChangeAlert>> {
  const caller = callerOf(services, ctx);
  const where = and(
    await visible(services, caller),
    query.isDismissed ? isNotNull(statuteChangeAlerts.dismissedAt) : isNull(statuteChangeAlerts.dismissedAt),
    query.isRead === undefined ? undefined : query.isRead ? isNotNull(statuteChangeAlerts.readAt) : isNull(statuteChangeAlerts.readAt),
  );
  const page = await fetchPage(
    query,
    (limit, offset) => services.db.select().from(statuteChangeAlerts).where(where).orderBy(desc(statuteChangeAlerts.createdAt), desc(statuteChangeAlerts.id)).limit(limit).offset(offset),
    async () => (await services.db.select({ n: count() }).from(statuteChangeAlerts).where(where))[0]?.n ?? 0,
  );
  return { ...page, content: await dtos(services, caller, page.content) };
}

async function visibleAlert(services: Services, caller: Caller, alertId: number): Promise<AlertRow> {
  const [row] = await services.db.select().from(statuteChangeAlerts).where(and(await visible(services, caller), eq(statuteChangeAlerts.id, alertId)));
  if (!row) throw notFound();
  return row;
}

/** One alert with the article in both versions and the word diff (a removed article against where it went, when known). */
export async function getAlert(services: Services, ctx: RequestContext, alertId: number): Promise<StatuteChangeAlertDetail> {
  const caller = callerOf(services, ctx);
  const row = await visibleAlert(services, caller, alertId);
  const newKey = row.changeKind === 'REMOVED' && row.movedTo ? row.movedTo : row.article;
  const [before, after] = await Promise.all([comparedArticles(services.db, row.oldLawSerialNumber, [row.article]), comparedArticles(services.db, row.newLawSerialNumber, [newKey])]);
  const oldText = before.get(row.article)?.text ?? '';
  const next = after.get(newKey);
  const newText = row.changeKind === 'REMOVED' && !row.movedTo ? '' : (next?.text ?? '');
  const [dto] = await dtos(services, caller, [row]);
  return { ...dto!, oldText, newText, newArticleTitle: next?.title ?? null, segments: diffWords(oldText, newText) };
}

/** Read for the workspace; again: unchanged (the first reader and time stay). */
export async function markAlertRead(services: Services, ctx: RequestContext, alertId: number): Promise<StatuteChangeAlert> {
  const caller = callerOf(services, ctx);
  const [row] = await services.db
    .update(statuteChangeAlerts)
    .set({ readAt: sql`coalesce(${statuteChangeAlerts.readAt}, now())`, readByUserId: sql`coalesce(${statuteChangeAlerts.readByUserId}, ${caller.userId}::bigint)` })
    .where(and(await visible(services, caller), eq(statuteChangeAlerts.id, alertId)))
    .returning();
  if (!row) throw notFound();
  return (await dtos(services, caller, [row]))[0]!;
}

/** Dismisses (true) or restores (false) an alert for the workspace, audited; 409 when it is already so. */
export async function setAlertDismissed(services: Services, ctx: RequestContext, alertId: number, isDismissed: boolean): Promise<StatuteChangeAlert> {
  const caller = callerOf(services, ctx);
  const visibleNow = await visible(services, caller);
  const row = await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(statuteChangeAlerts).where(and(visibleNow, eq(statuteChangeAlerts.id, alertId))).for('update');
    if (!current) throw notFound();
    if ((current.dismissedAt !== null) === isDismissed) {
      throw conflict(
        isDismissed ? { ko: '이미 닫은 알림입니다.', en: 'The alert is dismissed already.' } : { ko: '닫지 않은 알림입니다.', en: 'The alert is not dismissed.' },
        { reason: isDismissed ? 'ALREADY_DISMISSED' : 'NOT_DISMISSED' },
      );
    }
    const now = new Date();
    const [updated] = await tx
      .update(statuteChangeAlerts)
      .set(
        isDismissed
          ? { dismissedAt: now, dismissedByUserId: caller.userId, readAt: current.readAt ?? now, readByUserId: current.readByUserId ?? caller.userId }
          : { dismissedAt: null, dismissedByUserId: null },
      )
      .where(and(inScope(statuteChangeAlerts, caller.scope), eq(statuteChangeAlerts.id, current.id)))
      .returning();
    const data = { alertId: current.id, statuteTitle: current.statuteTitle, article: current.article, newLawSerialNumber: current.newLawSerialNumber };
    await recordAudit(tx, { type: isDismissed ? 'statute_alert.dismissed' : 'statute_alert.restored', data }, { ...auditMetaOf(ctx, caller.userId), ...caller.scope });
    return updated!;
  });
  return (await dtos(services, caller, [row]))[0]!;
}
