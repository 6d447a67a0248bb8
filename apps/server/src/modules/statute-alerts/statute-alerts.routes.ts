import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as alerts from './statute-alerts.service';

/** Statute-change alerts (not in the catalogue; named under /api/aistudio/statute-change-alerts, docs/legal-research.md). */
export function registerStatuteAlertRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.listStatuteChangeAlerts, ({ ctx, query }) => alerts.listAlerts(services, ctx, query));
  route(app, api.getStatuteChangeAlert, ({ ctx, params }) => alerts.getAlert(services, ctx, params.alertId));
  route(app, api.markStatuteChangeAlertRead, ({ ctx, params }) => alerts.markAlertRead(services, ctx, params.alertId));
  route(app, api.dismissStatuteChangeAlert, ({ ctx, params }) => alerts.setAlertDismissed(services, ctx, params.alertId, true));
  route(app, api.restoreStatuteChangeAlert, ({ ctx, params }) => alerts.setAlertDismissed(services, ctx, params.alertId, false));
}
