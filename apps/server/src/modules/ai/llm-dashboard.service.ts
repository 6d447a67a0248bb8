import type { LlmDashboard } from '@legal/api';
import { and, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { workspaces } from '../auth';
import { aiCalls } from './ai-calls.table';

const ZONE = 'Asia/Seoul';

/** Days in Asia/Seoul: the instant range [dateStart 00:00, dateEnd+1 00:00) KST. */
function rangeOf(dateStart: string, dateEnd: string) {
  const from = new Date(`${dateStart}T00:00:00+09:00`);
  const to = new Date(new Date(`${dateEnd}T00:00:00+09:00`).getTime() + 24 * 3600 * 1000);
  return { from, to };
}

const stats = {
  calls: count(),
  failures: sql<number>`count(*) filter (where ${aiCalls.outcome} <> 'SUCCESS')`.mapWith(Number),
  inputTokens: sql<number>`coalesce(sum(${aiCalls.inputTokens}), 0)`.mapWith(Number),
  outputTokens: sql<number>`coalesce(sum(${aiCalls.outputTokens}), 0)`.mapWith(Number),
  credits: sql<number>`coalesce(sum(${aiCalls.credits}), 0)`.mapWith(Number),
  latencyP50Ms: sql<number | null>`round(percentile_cont(0.5) within group (order by ${aiCalls.latencyMs}))`.mapWith((v) => (v === null ? null : Number(v))),
  latencyP95Ms: sql<number | null>`round(percentile_cont(0.95) within group (order by ${aiCalls.latencyMs}))`.mapWith((v) => (v === null ? null : Number(v))),
};

const EMPTY = { calls: 0, failures: 0, inputTokens: 0, outputTokens: 0, credits: 0, latencyP50Ms: null, latencyP95Ms: null };

export async function llmDashboard(db: Db, query: { dateStart: string; dateEnd: string; tenantId?: number; workspaceId?: number }): Promise<LlmDashboard> {
  const { from, to } = rangeOf(query.dateStart, query.dateEnd);
  const where: SQL | undefined = and(
    gte(aiCalls.createdAt, from),
    lt(aiCalls.createdAt, to),
    query.tenantId ? eq(aiCalls.tenantId, query.tenantId) : undefined,
    query.workspaceId ? eq(aiCalls.workspaceId, query.workspaceId) : undefined,
  );
  // The zone inline (not a parameter): the select and the group by must be the same expression.
  const day = sql<string>`to_char(${aiCalls.createdAt} at time zone '${sql.raw(ZONE)}', 'YYYY-MM-DD')`;
  const [totals, byDay, byWorkspace, byModel, failures] = await Promise.all([
    db.select(stats).from(aiCalls).where(where),
    db.select({ date: day, ...stats }).from(aiCalls).where(where).groupBy(day),
    db
      .select({ tenantId: aiCalls.tenantId, workspaceId: aiCalls.workspaceId, workspaceName: workspaces.name, ...stats })
      .from(aiCalls)
      .leftJoin(workspaces, eq(workspaces.id, aiCalls.workspaceId))
      .where(where)
      .groupBy(aiCalls.tenantId, aiCalls.workspaceId, workspaces.name)
      .orderBy(desc(count()))
      .limit(100),
    db.select({ driver: aiCalls.driver, model: aiCalls.model, ...stats }).from(aiCalls).where(where).groupBy(aiCalls.driver, aiCalls.model).orderBy(desc(count())).limit(100),
    db
      .select({ failure: aiCalls.failureCode, count: count() })
      .from(aiCalls)
      .where(and(where, sql`${aiCalls.outcome} <> 'SUCCESS'`))
      .groupBy(aiCalls.failureCode)
      .orderBy(desc(count())),
  ]);
  const dayRows = new Map(byDay.map((r) => [r.date, r]));
  const days: LlmDashboard['byDay'] = [];
  for (let t = Date.parse(`${query.dateStart}T00:00:00Z`); t <= Date.parse(`${query.dateEnd}T00:00:00Z`); t += 24 * 3600 * 1000) {
    const date = new Date(t).toISOString().slice(0, 10);
    const row = dayRows.get(date);
    days.push(row ? { ...row, date } : { ...EMPTY, date });
  }
  return {
    totals: totals[0] ?? EMPTY,
    byDay: days,
    byWorkspace,
    byModel,
    failuresByCode: failures.map((f) => ({ failure: f.failure ?? 'UNKNOWN', count: f.count })),
  };
}
