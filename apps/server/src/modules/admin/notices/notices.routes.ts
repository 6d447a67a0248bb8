import {
  countMyUnreadNotices, createNotice, deleteNotice, getMyNotice, getNotice, listMyNotices, listNoticeCreators, listNotices,
  markAllMyNoticesRead, updateNotice,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../../platform/http/access';
import type { RequestContext } from '../../../platform/http/context';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as service from './notices.service';

const canWrite = (ctx: RequestContext) => requirePermission(ctx, 'workspace.notice.write');

/** Notices (catalogue 7.10): admins publish under /notices, members read under /my-notices. */
export function registerNoticesRoutes(app: FastifyInstance, services: AppServices) {
  route(app, listNotices, ({ ctx, query }) => {
    canWrite(ctx);
    return service.listNotices(services, ctx, query);
  });
  route(app, listNoticeCreators, ({ ctx }) => {
    canWrite(ctx);
    return service.listNoticeCreators(services, ctx);
  });
  route(app, createNotice, ({ ctx, body }) => {
    canWrite(ctx);
    return service.createNotice(services, ctx, body);
  });
  route(app, getNotice, ({ ctx, params }) => {
    canWrite(ctx);
    return service.getNotice(services, ctx, params.noticeId);
  });
  route(app, updateNotice, ({ ctx, params, body }) => {
    canWrite(ctx);
    return service.updateNotice(services, ctx, params.noticeId, body);
  });
  route(app, deleteNotice, ({ ctx, params }) => {
    canWrite(ctx);
    return service.deleteNotice(services, ctx, params.noticeId);
  });

  route(app, listMyNotices, ({ ctx, query }) => service.listMyNotices(services, ctx, query));
  route(app, countMyUnreadNotices, ({ ctx }) => service.countMyUnreadNotices(services, ctx));
  route(app, getMyNotice, ({ ctx, params }) => service.getMyNotice(services, ctx, params.noticeId));
  route(app, markAllMyNoticesRead, ({ ctx }) => service.markAllMyNoticesRead(services, ctx));
}
