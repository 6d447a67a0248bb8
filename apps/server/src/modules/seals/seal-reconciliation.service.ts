import { type Locale, type MismatchKind, MISMATCH_KINDS, type SealReferenceType } from '@legal/api';
import { and, asc, eq, gte, inArray, isNotNull, lt, lte, notExists, sql } from 'drizzle-orm';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext } from '../../platform/http/context';
import { validationError } from '../../platform/http/errors';
import { localDate } from '../../platform/time';
import { HOME_TIME_ZONE } from '../contracts';
import { referenceTitles } from './seal-ledger.service';
import { sealedEnvelopes } from './seals.esign';
import { managerOf } from './seals.policy';
import type { Services } from './seals.service';
import { seals, sealUsageHistories, sealUsageRequests } from './seals.table';

/**
 * The seal ledger reconciliation (KST dates): every application in the range is matched to an
 * approved request, and every approval whose day passed unused is listed. Kinds:
 * - APPLIED_WITHOUT_APPROVAL: no request, or a request that is not APPROVED/APPLIED;
 * - USED_AFTER_DATE: applied on a KST day after the request's use date;
 * - USED_MORE_THAN_APPROVED: an application beyond the request's approved count;
 * - APPROVED_NOT_USED: an APPROVED request whose use date (in the range) passed with no application.
 * It also counts the executed contracts carrying a seal (COMPLETED envelopes with a company seal,
 * and physical applications on contracts) and how many of them match an approved request.
 */

export interface Mismatch {
  kind: MismatchKind;
  seal: { sealId: number; name: string };
  requestId: number | null;
  historyId: number | null;
  referenceType: SealReferenceType | null;
  referenceId: number | null;
  referenceTitle: string | null;
  date: string;
  detail: string;
}

export interface Reconciliation {
  from: string;
  to: string;
  sealedContracts: number;
  matched: number;
  countsByKind: Array<{ kind: MismatchKind; count: number }>;
  bySeal: Array<{ sealId: number; name: string; applications: number; mismatches: number }>;
  mismatches: Mismatch[];
}

const DETAIL: Record<Locale, Record<MismatchKind, (v: { useDate?: string; appliedDay?: string; count?: number; nth?: number; reason?: string | null; status?: string }) => string>> = {
  ko: {
    APPLIED_WITHOUT_APPROVAL: (v) => (v.status ? `승인되지 않은 신청(${v.status})으로 날인됨` : `사용 신청 없이 날인됨${v.reason ? `: ${v.reason}` : ''}`),
    USED_AFTER_DATE: (v) => `사용 예정일 ${v.useDate} 이후 ${v.appliedDay}에 날인됨`,
    USED_MORE_THAN_APPROVED: (v) => `승인된 ${v.count}회를 넘어 ${v.nth}번째로 날인됨`,
    APPROVED_NOT_USED: (v) => `승인되었으나 사용 예정일 ${v.useDate}까지 날인되지 않음`,
  },
  en: {
    APPLIED_WITHOUT_APPROVAL: (v) => (v.status ? `Applied under a request that is not approved (${v.status})` : `Applied without a usage request${v.reason ? `: ${v.reason}` : ''}`),
    USED_AFTER_DATE: (v) => `Applied on ${v.appliedDay}, after the use date ${v.useDate}`,
    USED_MORE_THAN_APPROVED: (v) => `Application no. ${v.nth}, beyond the ${v.count} approved`,
    APPROVED_NOT_USED: (v) => `Approved but not applied by the use date ${v.useDate}`,
  },
};

/** The next calendar day of `YYYY-MM-DD`. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The first instant of a KST day. */
const kstStart = (day: string) => new Date(`${day}T00:00:00+09:00`);

export async function reconcile(services: Services, ctx: RequestContext, query: { from: string; to: string }, now = new Date()): Promise<Reconciliation> {
  const caller = managerOf(ctx);
  if (query.from > query.to) throw validationError([{ field: 'query.to', reason: 'must not be before from' }]);
  const { scope } = caller;
  const db = services.db;
  const start = kstStart(query.from);
  const end = kstStart(nextDay(query.to));
  const today = localDate(now, HOME_TIME_ZONE);
  const t = DETAIL[ctx.locale];

  const histories = await db
    .select({
      id: sealUsageHistories.id, sealId: sealUsageHistories.sealId, requestId: sealUsageHistories.requestId, method: sealUsageHistories.method, referenceType: sealUsageHistories.referenceType,
      referenceId: sealUsageHistories.referenceId, contractId: sealUsageHistories.contractId, appliedAt: sealUsageHistories.appliedAt, reason: sealUsageHistories.reason,
    })
    .from(sealUsageHistories)
    .where(and(inScope(sealUsageHistories, scope), gte(sealUsageHistories.appliedAt, start), lt(sealUsageHistories.appliedAt, end)))
    .orderBy(asc(sealUsageHistories.appliedAt), asc(sealUsageHistories.id));
  const requestIds = [...new Set(histories.map((h) => h.requestId).filter((id): id is number => id !== null))];
  const requests = requestIds.length
    ? await db.select().from(sealUsageRequests).where(and(inScope(sealUsageRequests, scope), inArray(sealUsageRequests.id, requestIds)))
    : [];
  const requestOf = new Map(requests.map((r) => [r.id, r]));
  // The order of each application among its request's (all time): beyond `count` is a mismatch.
  const ordinals = requestIds.length
    ? await db
        .select({ id: sealUsageHistories.id, nth: sql<number>`row_number() over (partition by ${sealUsageHistories.requestId} order by ${sealUsageHistories.appliedAt}, ${sealUsageHistories.id})`.mapWith(Number) })
        .from(sealUsageHistories)
        .where(and(inScope(sealUsageHistories, scope), inArray(sealUsageHistories.requestId, requestIds)))
    : [];
  const nthOf = new Map(ordinals.map((o) => [o.id, o.nth]));

  const unused = await db
    .select()
    .from(sealUsageRequests)
    .where(
      and(
        inScope(sealUsageRequests, scope),
        eq(sealUsageRequests.status, 'APPROVED'),
        gte(sealUsageRequests.useDate, query.from),
        lte(sealUsageRequests.useDate, query.to),
        lt(sealUsageRequests.useDate, today),
        notExists(db.select({ one: sql`1` }).from(sealUsageHistories).where(and(inScope(sealUsageHistories, scope), eq(sealUsageHistories.requestId, sealUsageRequests.id)))),
      ),
    )
    .orderBy(asc(sealUsageRequests.useDate), asc(sealUsageRequests.id));

  const sealIds = [...new Set([...histories.map((h) => h.sealId), ...unused.map((r) => r.sealId)])];
  const sealRows = sealIds.length ? await db.select({ id: seals.id, name: seals.name }).from(seals).where(and(inScope(seals, scope), inArray(seals.id, sealIds))) : [];
  const sealOf = new Map(sealRows.map((s) => [s.id, { sealId: s.id, name: s.name }]));
  const title = await referenceTitles(db, scope, [...histories, ...unused.map((r) => ({ referenceType: r.referenceType, referenceId: r.referenceId }))]);

  const mismatches: Mismatch[] = [];
  for (const h of histories) {
    const base = { seal: sealOf.get(h.sealId)!, requestId: h.requestId, historyId: h.id, referenceType: h.referenceType, referenceId: h.referenceId, referenceTitle: title(h), date: h.appliedAt.toISOString() };
    const request = h.requestId === null ? undefined : requestOf.get(h.requestId);
    if (!request || (request.status !== 'APPROVED' && request.status !== 'APPLIED')) {
      mismatches.push({ kind: 'APPLIED_WITHOUT_APPROVAL', ...base, detail: t.APPLIED_WITHOUT_APPROVAL({ reason: h.reason, status: request?.status }) });
      continue;
    }
    const appliedDay = localDate(h.appliedAt, HOME_TIME_ZONE);
    if (appliedDay > request.useDate) mismatches.push({ kind: 'USED_AFTER_DATE', ...base, detail: t.USED_AFTER_DATE({ useDate: request.useDate, appliedDay }) });
    const nth = nthOf.get(h.id) ?? 1;
    if (nth > request.count) mismatches.push({ kind: 'USED_MORE_THAN_APPROVED', ...base, detail: t.USED_MORE_THAN_APPROVED({ count: request.count, nth }) });
  }
  for (const r of unused) {
    mismatches.push({
      kind: 'APPROVED_NOT_USED', seal: sealOf.get(r.sealId)!, requestId: r.id, historyId: null, referenceType: r.referenceType, referenceId: r.referenceId,
      referenceTitle: title(r), date: r.useDate, detail: t.APPROVED_NOT_USED({ useDate: r.useDate }),
    });
  }

  // Executed contracts carrying a seal, and those matching an approved request.
  const envelopes = await sealedEnvelopes(db, scope, { from: start, to: end });
  const sealedContractIds = new Set<number>([
    ...envelopes.map((e) => e.contractId).filter((id): id is number => id !== null),
    ...histories.filter((h) => h.method === 'PHYSICAL' && h.contractId !== null).map((h) => h.contractId!),
  ]);
  const approvedOn = sealedContractIds.size
    ? await db
        .selectDistinct({ contractId: sealUsageHistories.contractId })
        .from(sealUsageHistories)
        .innerJoin(sealUsageRequests, and(eq(sealUsageRequests.id, sealUsageHistories.requestId), inArray(sealUsageRequests.status, ['APPROVED', 'APPLIED'])))
        .where(and(inScope(sealUsageHistories, scope), isNotNull(sealUsageHistories.contractId), inArray(sealUsageHistories.contractId, [...sealedContractIds])))
    : [];

  const bySeal = [...sealOf.values()]
    .map((s) => ({ sealId: s.sealId, name: s.name, applications: histories.filter((h) => h.sealId === s.sealId).length, mismatches: mismatches.filter((m) => m.seal.sealId === s.sealId).length }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ko') || a.sealId - b.sealId);
  return {
    from: query.from,
    to: query.to,
    sealedContracts: sealedContractIds.size,
    matched: approvedOn.length,
    countsByKind: MISMATCH_KINDS.map((kind) => ({ kind, count: mismatches.filter((m) => m.kind === kind).length })),
    bySeal,
    mismatches: mismatches.sort((a, b) => a.date.localeCompare(b.date) || MISMATCH_KINDS.indexOf(a.kind) - MISMATCH_KINDS.indexOf(b.kind)),
  };
}
