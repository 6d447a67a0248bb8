import {
  acceptInvitation, bulkCreateInvitations, cancelInvitation, createInvitation, getInvitationFormOptions, listInvitations, previewInvitation, resendInvitation,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import { setSessionCookies } from '../../auth';
import * as accept from './invitation-accept.service';
import * as service from './invitations.service';

/**
 * Invitations (catalogue 7.10): admins invite, resend and cancel; the invited person previews
 * and accepts the link without a workspace header (public, rate-limited per client IP like the
 * sign-in routes: a token is a secret worth guessing).
 */
export function registerInvitationsRoutes(app: FastifyInstance, services: AppServices) {
  const publicRate = { rateLimit: { max: Math.max(20, Math.floor(services.config.rateLimitPerMinute / 6)), timeWindow: '1 minute' } };

  route(app, createInvitation, ({ ctx, body }) => service.createInvitation(services, ctx, body));
  route(app, bulkCreateInvitations, ({ ctx, body }) => service.bulkCreateInvitations(services, ctx, body));
  route(app, listInvitations, ({ ctx, query }) => service.listInvitations(services, ctx, query));
  route(app, getInvitationFormOptions, ({ ctx }) => service.getFormOptions(services, ctx));
  route(app, resendInvitation, ({ ctx, params }) => service.resendInvitation(services, ctx, params.invitationId));
  route(app, cancelInvitation, ({ ctx, params }) => service.cancelInvitation(services, ctx, params.invitationId));

  route(app, previewInvitation, ({ ctx, body }) => accept.previewInvitation(services, ctx, body.token), publicRate);
  route(
    app,
    acceptInvitation,
    async ({ ctx, body, reply }) => {
      const { data, session } = await accept.acceptInvitation(services, ctx, body);
      if (session) setSessionCookies(reply, services.config, session);
      return data;
    },
    publicRate,
  );
}
