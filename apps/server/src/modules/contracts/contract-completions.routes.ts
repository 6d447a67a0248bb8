import { completeContract, copyContract } from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as completions from './contract-completions.service';

/** Marking a contract signed outside the system as executed, and copying a contract (7.6 completions). */
export function registerContractCompletionRoutes(app: FastifyInstance, services: AppServices) {
  route(app, completeContract, ({ ctx, params, body }) => completions.completeContract(services, ctx, params.contractId, body));
  route(app, copyContract, ({ ctx, params, body }) => completions.copyContract(services, ctx, params.contractId, body));
}
