import { aistudioHello, aireviewHello, type Health, health, listClientErrors, reportClientError, sendMailCheck } from '@legal/api';
import { mailCheckTemplate } from '../../platform/mail/templates';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/errors';
import { route } from '../../platform/http/route';
import { type AppServices, VERSION } from '../../platform/services';
import { listClientErrorReports, storeClientErrorReport } from './client-errors.service';

const HEALTH_CACHE_MS = 1000;

/** Health, client error collection and the service greetings of the catalogue. */
export function registerDiagnostics(app: FastifyInstance, services: AppServices) {
  let cached: { at: number; value: Health } | null = null;

  async function checkHealth(): Promise<Health> {
    if (cached && Date.now() - cached.at < HEALTH_CACHE_MS) return cached.value;
    const started = performance.now();
    let databaseOk = true;
    try {
      await services.db.execute(sql`SELECT 1`);
    } catch {
      databaseOk = false;
    }
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    const jobs = await services.jobs.health();
    const value: Health = {
      status: databaseOk && jobs.ok ? 'ok' : 'degraded',
      version: VERSION,
      uptimeSeconds: Math.round((Date.now() - services.startedAt) / 1000),
      checks: {
        database: { ok: databaseOk, driver: services.database.driver === 'pglite' ? 'pglite' : 'postgres', latencyMs },
        jobs,
      },
    };
    cached = { at: Date.now(), value };
    return value;
  }

  route(app, health, async () => {
    const value = await checkHealth();
    if (value.status !== 'ok') throw new AppError('ERROR_SERVICE_UNAVAILABLE', { data: { health: value } });
    return value;
  }, { rateLimit: false });

  route(app, reportClientError, async ({ body, ctx }) => storeClientErrorReport(services.db, ctx, body), {
    rateLimit: { max: 60, timeWindow: '1 minute' },
  });

  route(app, listClientErrors, async ({ query }) => listClientErrorReports(services.db, query));

  route(app, aireviewHello, async ({ ctx }) => ({
    service: 'aireview',
    message: ctx.locale === 'ko' ? 'AI 계약 검토 서비스가 응답합니다.' : 'The AI contract review service is up.',
  }));

  route(app, aistudioHello, async ({ ctx }) => ({
    service: 'aistudio',
    message: ctx.locale === 'ko' ? '법률 리서치 서비스가 응답합니다.' : 'The legal research service is up.',
  }));
}

export function registerMailCheck(app: FastifyInstance, services: AppServices) {
  route(app, sendMailCheck, async ({ body, ctx }) => {
    const requestedBy = ctx.principal?.kind === 'user' ? `user #${ctx.principal.userId}` : 'operator';
    const { id } = await services.mailer.send(mailCheckTemplate, { to: body.to, locale: body.locale, data: { requestedBy } });
    return { outboxId: id, delivery: services.mailer.deliversBySmtp ? ('smtp' as const) : ('outbox' as const) };
  });
}
