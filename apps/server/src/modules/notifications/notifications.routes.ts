import { countMyUnreadNotifications, listMyNotifications, markAllMyNotificationsRead, markMyNotificationRead } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as service from './notifications.service';

/** The caller's in-app notifications in the workspace of the request. */
export function registerNotificationRoutes(app: FastifyInstance, services: AppServices) {
  route(app, listMyNotifications, ({ ctx, query }) => service.listMyNotifications(services, ctx, query));
  route(app, countMyUnreadNotifications, ({ ctx }) => service.countMyUnreadNotifications(services, ctx));
  route(app, markMyNotificationRead, ({ ctx, params }) => service.markMyNotificationRead(services, ctx, params.notificationId));
  route(app, markAllMyNotificationsRead, ({ ctx }) => service.markAllMyNotificationsRead(services, ctx));
}
