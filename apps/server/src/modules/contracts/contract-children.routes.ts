import {
  addContractFile, addCounterpartiesFromBookmarks, addCounterparty, bookmarkContract, CONTRACT_META, createCounterpartyBookmark,
  createHashtag, deleteCounterparty, deleteCounterpartyBookmark, getContractMetaV2, getContractMetaV3, getContractPermissions, listContractBookmarks,
  listContractTypes, listCounterparties, listWorkspaceContractTypes, listWorkspaceContractTypesById, listWorkspaceContractTypesV2, listCounterpartyBookmarks, listHashtags, removeContractFile, unbookmarkContract, updateCounterparty,
  updateCounterpartyBookmark,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as bookmarks from './contract-bookmarks.service';
import * as contractFiles from './contract-files.service';
import * as contractTypes from './contract-types.service';
import { contractContext, getContractPermissions as permissionsOf } from './contracts.service';
import * as parties from './counterparties.service';
import * as partyBookmarks from './counterparty-bookmarks.service';
import * as tags from './hashtags.service';

/** Children of a contract and the workspace lists around contracts (7.3, 7.6). */
export function registerContractChildRoutes(app: FastifyInstance, services: AppServices) {
  route(app, listCounterparties, ({ ctx, params }) => parties.listCounterparties(services, ctx, params.contractId));
  route(app, addCounterparty, ({ ctx, params, body }) => parties.addCounterparty(services, ctx, params.contractId, body));
  route(app, updateCounterparty, ({ ctx, params, body }) => parties.updateCounterparty(services, ctx, params.contractId, params.counterpartyId, body));
  route(app, deleteCounterparty, ({ ctx, params }) => parties.deleteCounterparty(services, ctx, params.contractId, params.counterpartyId));
  route(app, addCounterpartiesFromBookmarks, ({ ctx, params, body }) => parties.addCounterpartiesFromBookmarks(services, ctx, params.contractId, body.bookmarkIds));

  route(app, listCounterpartyBookmarks, ({ ctx, query }) => partyBookmarks.listCounterpartyBookmarks(services, ctx, query));
  route(app, createCounterpartyBookmark, ({ ctx, body }) => partyBookmarks.createCounterpartyBookmark(services, ctx, body));
  route(app, updateCounterpartyBookmark, ({ ctx, params, body }) => partyBookmarks.updateCounterpartyBookmark(services, ctx, params.bookmarkId, body));
  route(app, deleteCounterpartyBookmark, ({ ctx, params }) => partyBookmarks.deleteCounterpartyBookmark(services, ctx, params.bookmarkId));

  route(app, listHashtags, ({ ctx, query }) => tags.listHashtags(services, ctx, query));
  route(app, createHashtag, ({ ctx, body }) => tags.createHashtag(services, ctx, body.name));

  route(app, addContractFile, ({ ctx, params, body }) => contractFiles.addContractFile(services, ctx, params.contractId, body));
  route(app, removeContractFile, ({ ctx, params }) => contractFiles.removeContractFile(services, ctx, params.contractId, params.fileKey));

  route(app, bookmarkContract, ({ ctx, params }) => bookmarks.setContractBookmark(services, ctx, params.contractId, true));
  route(app, unbookmarkContract, ({ ctx, params }) => bookmarks.setContractBookmark(services, ctx, params.contractId, false));
  route(app, listContractBookmarks, ({ ctx, query }) => bookmarks.listContractBookmarks(services, ctx, query));

  route(app, getContractPermissions, ({ ctx, params }) => permissionsOf(services, ctx, params.contractId));

  for (const descriptor of [listContractTypes, listWorkspaceContractTypes]) route(app, descriptor, ({ ctx }) => contractTypes.listContractTypes(services, ctx));
  route(app, listWorkspaceContractTypesById, ({ ctx, params }) => contractTypes.listContractTypes(services, ctx, params.workspaceId));
  route(app, listWorkspaceContractTypesV2, ({ ctx }) => contractTypes.listContractTypeUsage(services, ctx));
  for (const descriptor of [getContractMetaV2, getContractMetaV3]) {
    route(app, descriptor, async ({ ctx }) => {
      await contractContext(services, ctx);
      return CONTRACT_META;
    });
  }
}
