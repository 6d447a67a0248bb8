import {
  acknowledgeAlert, changePassword, launcher, permissionsV1, permissionsV2, permissionsV3, postponePasswordExpiry, profile, theme, userLoginTracks,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as account from './account.service';

/** The signed-in user: profile, launcher, permissions, theme, password and alerts, sign-in history. */
export function registerAccountRoutes(app: FastifyInstance, services: AppServices) {
  const { db } = services;

  route(app, profile, async ({ ctx }) => account.getProfile(db, ctx));
  route(app, launcher, async ({ ctx }) => account.getLauncher(db, ctx));
  route(app, permissionsV1, async ({ ctx }) => account.getPermissionNames(db, ctx));
  for (const descriptor of [permissionsV2, permissionsV3]) {
    route(app, descriptor, async ({ ctx }) => (await account.getPermissionNames(db, ctx)).map((name) => ({ name })));
  }
  route(app, theme, async ({ ctx }) => ({ theme: await account.getThemeJson(db, ctx) }));
  route(app, userLoginTracks, async ({ ctx, query }) => account.pageOwnLoginTracks(db, ctx, query));

  route(app, changePassword, async ({ ctx, body }) => account.changePassword(db, ctx, body), { rateLimit: { max: 10, timeWindow: '1 minute' } });
  route(app, postponePasswordExpiry, async ({ ctx }) => account.postponePasswordExpiry(db, ctx));
  route(app, acknowledgeAlert, async ({ ctx }) => account.acknowledgeAlert(db, ctx));
}
