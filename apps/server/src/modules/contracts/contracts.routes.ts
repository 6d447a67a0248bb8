import {
  createContractV6, createContractV7, deleteContract, getConhubContractBasic, getConhubContractV2, getConhubContractV3, getContractV5, getContractV6,
  replaceConhubContract, replaceContract, updateConhubContractTitle, updateContractAmountCurrency, updateContractCounterparties,
  updateContractDesiredReviewDeadline, updateContractDisputeResolution, updateContractFiles, updateContractGoverningLaw, updateContractGroup,
  updateContractHashtags, updateContractMemo, updateContractOurPosition, updateContractOwner, updateContractPeriod, updateContractReferenceGroups,
  updateContractRelatedReferences, updateContractSignedDate, updateContractSigningType, updateContractSimple, updateContractTitle, updateContractUsers,
  updateContractVenue, updateContractWatchers,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import type { RequestContext } from '../../platform/http/context';
import { idempotencyKeyOf } from '../../platform/http/idempotency-key';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import { type ContractEdit, fieldEdits, replaceEdit } from './contract-edits';
import * as service from './contracts.service';

/** The contract itself (7.3 alex, 7.6 conhub detail): create, read, edit field by field or whole, delete. */
export function registerContractRoutes(app: FastifyInstance, services: AppServices) {
  route(app, createContractV6, ({ ctx, body, request }) => service.createContract(services, ctx, body, { idempotencyKey: idempotencyKeyOf(request) }));
  route(app, createContractV7, ({ ctx, body, request }) => service.createContract(services, ctx, body, { idempotencyKey: idempotencyKeyOf(request) }));

  for (const descriptor of [getContractV5, getContractV6, getConhubContractV2, getConhubContractV3]) {
    route(app, descriptor, ({ ctx, params }) => service.getContract(services, ctx, params.contractId));
  }
  route(app, getConhubContractBasic, ({ ctx, params }) => service.getContractBasic(services, ctx, params.contractId));

  for (const descriptor of [replaceContract, replaceConhubContract]) {
    route(app, descriptor, ({ ctx, params, body }) => service.editContract(services, ctx, params.contractId, replaceEdit(body)));
  }

  // Each per-field PUT maps its body to an edit; editContract applies the rules they share.
  const edit = (ctx: RequestContext, contractId: number, e: ContractEdit) => service.editContract(services, ctx, contractId, e);
  route(app, updateContractVenue, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.venue(body)));
  route(app, updateContractUsers, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.users(body)));
  route(app, updateContractTitle, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.title(body)));
  route(app, updateConhubContractTitle, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.title(body)));
  route(app, updateContractPeriod, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.period(body)));
  route(app, updateContractSimple, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.simple(body)));
  route(app, updateContractSigningType, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.signingType(body)));
  route(app, updateContractSignedDate, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.signedDate(body)));
  route(app, updateContractReferenceGroups, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.referenceGroups(body)));
  route(app, updateContractOurPosition, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.ourPosition(body)));
  route(app, updateContractMemo, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.memo(body)));
  route(app, updateContractHashtags, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.hashtags(body)));
  route(app, updateContractGoverningLaw, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.governingLaw(body)));
  route(app, updateContractFiles, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.files(body)));
  route(app, updateContractDisputeResolution, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.disputeResolution(body)));
  route(app, updateContractCounterparties, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.counterparties(body)));
  route(app, updateContractAmountCurrency, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.amountCurrency(body)));
  route(app, updateContractOwner, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.owner(body)));
  route(app, updateContractGroup, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.group(body)));
  route(app, updateContractDesiredReviewDeadline, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.desiredReviewDeadline(body)));
  route(app, updateContractRelatedReferences, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.relatedReferences(body)));
  route(app, updateContractWatchers, ({ ctx, params, body }) => edit(ctx, params.contractId, fieldEdits.watchers(body)));

  route(app, deleteContract, ({ ctx, params }) => service.deleteContract(services, ctx, params.contractId));
}
