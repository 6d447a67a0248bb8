import { type Locale, REMINDER_KIND_CATALOGUE } from '@legal/api';
import { and, asc, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
import { users, findWorkspaceName, hashToken, newToken } from '../../auth';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext } from '../../../platform/http/context';
import { notFound } from '../../../platform/http/errors';
import type { AppServices } from '../../../platform/services';
import { localDate } from '../../../platform/time';
import { auditMetaOf, recordAudit } from '../../../platform/audit/audit';
import { HOME_TIME_ZONE } from '../search/contract-search.repo';
import { contractContext } from '../contracts.service';
import { contracts } from '../contracts.table';
import { memberActor, visibleTo } from '../contracts.visibility';
import { type CalendarEvent, formatCalendar } from './ical';
import { contractUrl } from './reminders.mail';
import { addressedTo } from './reminders.repo';
import { contractCalendarFeeds, contractReminders } from './reminders.table';

/**
 * The personal calendar feed: a secret URL per member and workspace (only the token's SHA-256 is
 * stored; rotating replaces it), answering an iCalendar of the member's reminders and the end dates
 * of the contracts they can read, under the same read rule as every list, evaluated at each fetch.
 */

type Services = Pick<AppServices, 'db' | 'config'>;

const DAY_MS = 24 * 3600 * 1000;
/** How far back the feed reaches: reminders of the last 90 days, end dates of the last year. */
const REMINDER_HISTORY_DAYS = 90;
const END_DATE_HISTORY_DAYS = 365;
const MAX_EVENTS = 1000;

export const feedUrl = (publicUrl: string, token: string) => `${publicUrl}/api/conhub/reminders/ical/${token}/v1`;

async function feedOf(services: Services, ctx: RequestContext) {
  const { scope, actor } = await contractContext(services, ctx);
  const [row] = await services.db
    .select()
    .from(contractCalendarFeeds)
    .where(and(inScope(contractCalendarFeeds, scope), eq(contractCalendarFeeds.userId, actor.userId)));
  return { scope, actor, row: row ?? null };
}

export async function getCalendarFeed(services: Services, ctx: RequestContext) {
  const { row } = await feedOf(services, ctx);
  return { isActive: row !== null, createdAt: row?.createdAt.toISOString() ?? null };
}

/** A new secret URL (the old one stops working in the same transaction). */
export async function rotateCalendarFeed(services: Services, ctx: RequestContext) {
  const { scope, actor, row } = await feedOf(services, ctx);
  const token = newToken();
  const createdAt = new Date();
  await services.db.transaction(async (tx) => {
    await tx
      .insert(contractCalendarFeeds)
      .values({ ...scope, userId: actor.userId, tokenHash: hashToken(token), createdAt })
      .onConflictDoUpdate({ target: [contractCalendarFeeds.tenantId, contractCalendarFeeds.workspaceId, contractCalendarFeeds.userId], set: { tokenHash: hashToken(token), createdAt } });
    await recordAudit(tx, { type: 'contract.calendar_feed_rotated', data: { wasActive: row !== null } }, { ...auditMetaOf(ctx, actor.userId), ...scope });
  });
  return { url: feedUrl(services.config.publicUrl, token), createdAt: createdAt.toISOString() };
}

export async function revokeCalendarFeed(services: Services, ctx: RequestContext) {
  const { scope, actor, row } = await feedOf(services, ctx);
  if (row) {
    await services.db.transaction(async (tx) => {
      await tx.delete(contractCalendarFeeds).where(and(inScope(contractCalendarFeeds, scope), eq(contractCalendarFeeds.id, row.id)));
      await recordAudit(tx, { type: 'contract.calendar_feed_revoked', data: {} }, { ...auditMetaOf(ctx, actor.userId), ...scope });
    });
  }
  return { isActive: false, createdAt: null };
}

const TEXT: Record<Locale, { name: string; ends: (title: string) => string; contract: (title: string) => string }> = {
  ko: { name: '계약 알림', ends: (title) => `계약 종료: ${title}`, contract: (title) => `계약: ${title}` },
  en: { name: 'Contract reminders', ends: (title) => `Contract ends: ${title}`, contract: (title) => `Contract: ${title}` },
};

/**
 * The calendar behind a token; 404 when the token is unknown (or rotated) or its owner can no
 * longer use contracts in that workspace.
 */
export async function renderCalendarFeed(services: Services, token: string): Promise<string> {
  const { db } = services;
  const [feed] = await db.select().from(contractCalendarFeeds).where(eq(contractCalendarFeeds.tokenHash, hashToken(token)));
  if (!feed) throw notFound();
  const scope = { tenantId: feed.tenantId, workspaceId: feed.workspaceId };
  const actor = await memberActor(db, scope, feed.userId);
  if (!actor) throw notFound();
  const [user] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, feed.userId));
  const locale = user?.locale ?? 'ko';
  const text = TEXT[locale];
  const now = Date.now();
  const readable = and(inScope(contracts, scope), isNull(contracts.deletedAt), visibleTo(actor));

  const reminders = await db
    .select({ reminder: contractReminders, contractTitle: contracts.title })
    .from(contractReminders)
    .innerJoin(contracts, eq(contracts.id, contractReminders.contractId))
    .where(
      and(
        inScope(contractReminders, scope),
        addressedTo(actor.userId),
        inArray(contractReminders.status, ['SCHEDULED', 'SENT']),
        gte(contractReminders.remindAt, new Date(now - REMINDER_HISTORY_DAYS * DAY_MS)),
        readable,
      ),
    )
    .orderBy(asc(contractReminders.remindAt), asc(contractReminders.id))
    .limit(MAX_EVENTS);
  const ending = await db
    .select({ id: contracts.id, title: contracts.title, endDate: contracts.endDate, updatedAt: contracts.updatedAt })
    .from(contracts)
    .where(and(readable, isNotNull(contracts.endDate), gte(contracts.endDate, localDate(new Date(now - END_DATE_HISTORY_DAYS * DAY_MS), HOME_TIME_ZONE))))
    .orderBy(asc(contracts.endDate), asc(contracts.id))
    .limit(MAX_EVENTS);

  const host = new URL(services.config.publicUrl).hostname;
  const workspaceName = (await findWorkspaceName(db, scope)) ?? '';
  const linkTo = (contractId: number) => contractUrl(services.config.publicUrl, workspaceName, contractId);
  const events: CalendarEvent[] = [
    ...reminders.map(({ reminder: r, contractTitle }) => ({
      uid: `reminder-${r.id}@${host}`,
      stamp: r.updatedAt,
      summary: r.title,
      description: [text.contract(contractTitle), r.memo].filter(Boolean).join('\n'),
      url: linkTo(r.contractId),
      start: { at: r.remindAt, minutes: 30 },
      categories: [REMINDER_KIND_CATALOGUE.find((k) => k.code === r.kind)?.name[locale] ?? r.kind],
    })),
    ...ending.map((c) => ({
      uid: `contract-end-${c.id}@${host}`,
      stamp: c.updatedAt,
      summary: text.ends(c.title),
      url: linkTo(c.id),
      start: { date: c.endDate! },
    })),
  ];
  return formatCalendar({ productId: '-//Legal Suite//Contract reminders//KO', name: text.name, events });
}
