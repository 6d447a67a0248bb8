import { getAdminRule, getLocalOrdinance, getPrecedent, searchPrecedents } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as sources from './legal-sources.service';

/** Precedents (7.4 arxive law-data), administrative rules and local ordinances (7.2 aistudio). */
export function registerLegalSourcesRoutes(app: FastifyInstance, services: AppServices) {
  route(app, searchPrecedents, ({ query }) => sources.searchPrecedents(services, query));
  route(app, getPrecedent, ({ params }) => sources.getPrecedent(services, params.courtName, params.caseNumber));
  route(app, getAdminRule, ({ query }) => sources.getAdminRule(services, query.serialNumber, query.govId));
  route(app, getLocalOrdinance, ({ query }) => sources.getLocalOrdinance(services, query.serialNumber, query.govId));
}
