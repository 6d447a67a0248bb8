import { ESIGN_HEADER } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../platform/services';
import { sessionOf } from './esign.signer';

/**
 * After the identity module's hook: a live signer token in `x-signer-token` makes the caller that
 * signer (`ctx.principal = {kind: 'signer', signerId: partyId, ...}`), in the envelope's workspace.
 * Unknown or expired tokens leave the request anonymous (the signer routes then answer 401).
 */
export function installSignerAuthentication(app: FastifyInstance, services: AppServices) {
  app.addHook('onRequest', async (request) => {
    const ctx = request.ctx;
    if (!ctx || ctx.principal || request.headers[ESIGN_HEADER.signerToken] === undefined) return;
    const session = await sessionOf(services.db, request);
    if (!session) return;
    ctx.principal = { kind: 'signer', signerId: session.partyId, ...session.scope };
    ctx.tenantId = session.scope.tenantId;
    ctx.workspaceId = session.scope.workspaceId;
  });
}
