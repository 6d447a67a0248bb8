import {
  getClauseHistory, getLegalHierarchy, getStatuteImportStatus, getStatuteVersion, listStatuteHistories, listStatuteHistoriesV2, searchStatutes,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import { localDate } from '../../platform/time';
import type { AppServices } from '../../platform/services';
import * as history from './law.history';
import { importStatus } from './law.import';

/** Statutes (7.2): search, versions by date, histories, clause histories, the legal hierarchy and the import's progress. */
export function registerLawRoutes(app: FastifyInstance, services: AppServices) {
  const { db } = services;
  route(app, searchStatutes, ({ query }) => history.searchStatutes(db, query.keyword, query.inForceOn));
  // Statutes take effect on Korean calendar days: "today" is today in Seoul.
  route(app, getStatuteVersion, ({ query }) => history.getVersion(db, query, localDate(new Date(), 'Asia/Seoul')));
  route(app, listStatuteHistories, ({ params }) => history.statuteHistories(db, params.statuteId));
  route(app, listStatuteHistoriesV2, ({ params }) => history.statuteHistoriesV2(db, params.statuteId));
  route(app, getClauseHistory, ({ params, query }) => history.clauseHistory(db, params.statuteId, params.clauseKey, query));
  route(app, getLegalHierarchy, ({ params }) => history.legalHierarchy(db, params.statuteId));
  route(app, getStatuteImportStatus, () => importStatus(db, services.config.lawDataDir));
}
