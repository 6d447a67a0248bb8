import { type AuditFilterQuerySchema, countAuditEventsPerDay, exportAuditEvents, listAuditEvents } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import { sendWorkbook } from '../../../platform/export/xlsx';
import * as service from './audit.service';

const asArray = <T>(v: T | T[] | undefined): T[] | undefined => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);

/** The shared filters of the query, parsed (instants as dates, repeatable types as a list). */
function filtersOf(query: z.output<typeof AuditFilterQuerySchema>): service.AuditFilterInput {
  return {
    types: asArray(query.types),
    actorUserId: query.actorUserId,
    subjectUserId: query.subjectUserId,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
    keyword: query.keyword,
  };
}

/** The audit log viewer of a workspace under /api/workspace/audit-events. */
export function registerAuditLogRoutes(app: FastifyInstance, services: AppServices) {
  route(app, listAuditEvents, ({ ctx, query }) => service.listAuditEvents(services, ctx, { ...filtersOf(query), page: query.page, size: query.size, sort: query.sort }));
  route(app, countAuditEventsPerDay, ({ ctx, query }) => service.countAuditEventsPerDay(services, ctx, { ...filtersOf(query), timeZone: query.timeZone }));

  route(
    app,
    exportAuditEvents,
    async ({ ctx, query, reply }) => {
      const prepared = await service.prepareAuditExport(services, ctx, { ...filtersOf(query), timeZone: query.timeZone });
      return sendWorkbook(reply, prepared, { logger: services.logger, requestId: ctx.requestId, what: 'audit log export' });
    },
    { rateLimit: { max: 10, timeWindow: '1 minute' } },
  );
}
