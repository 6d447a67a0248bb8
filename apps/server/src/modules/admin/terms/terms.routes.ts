import {
  addTermRevision, createTerm, deleteTerm, getCurrentPrivacyPolicy, getTerm, listMyPendingTerms, listMyTermConsents, listTermConsents,
  listTermRevisions, listTerms, submitMyTermConsents, updateTerm,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { requirePermission } from '../../../platform/http/access';
import type { RequestContext } from '../../../platform/http/context';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as consents from './consents.service';
import * as service from './terms.service';

const canWrite = (ctx: RequestContext) => requirePermission(ctx, 'workspace.term.write');

/** Terms and consent (catalogue 7.10): admins manage /terms and read /term-consents; members answer under /my-terms. */
export function registerTermsRoutes(app: FastifyInstance, services: AppServices) {
  route(app, listTerms, ({ ctx, query }) => {
    canWrite(ctx);
    return service.listTerms(services, ctx, query);
  });
  route(app, createTerm, ({ ctx, body }) => {
    canWrite(ctx);
    return service.createTerm(services, ctx, body);
  });
  route(app, getTerm, ({ ctx, params }) => {
    canWrite(ctx);
    return service.getTerm(services, ctx, params.termId);
  });
  route(app, updateTerm, ({ ctx, params, body }) => {
    canWrite(ctx);
    return service.updateTerm(services, ctx, params.termId, body);
  });
  route(app, deleteTerm, ({ ctx, params }) => {
    canWrite(ctx);
    return service.deleteTerm(services, ctx, params.termId);
  });
  route(app, listTermRevisions, ({ ctx, params, query }) => {
    canWrite(ctx);
    return service.listTermRevisions(services, ctx, params.termId, query);
  });
  route(app, addTermRevision, ({ ctx, params, body }) => {
    canWrite(ctx);
    return service.addTermRevision(services, ctx, params.termId, body);
  });
  route(app, listTermConsents, ({ ctx, query }) => {
    canWrite(ctx);
    return consents.listTermConsents(services, ctx, query);
  });

  route(app, listMyPendingTerms, ({ ctx }) => consents.listMyPendingTerms(services, ctx));
  route(app, submitMyTermConsents, ({ ctx, body }) => consents.submitMyTermConsents(services, ctx, body));
  route(app, listMyTermConsents, ({ ctx, query }) => consents.listMyTermConsents(services, ctx, query));
  route(app, getCurrentPrivacyPolicy, ({ ctx }) => consents.getCurrentPrivacyPolicy(services, ctx));
}
