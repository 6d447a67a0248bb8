import {
  approveDeletionRequest, cancelDeletionRequest, createDeletionRequest, downloadWorkspaceExport, getCurrentDeletionRequest, getWorkspaceSettings,
  getWorkspaceStorage, getWorkspaceTheme, listDeletionRequests, rejectDeletionRequest, resetWorkspaceTheme, searchWorkspacesSimple, setWorkspaceStorageQuota,
  superAdminListDeletionRequests, updateWorkspaceSettings, updateWorkspaceTheme,
} from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../platform/http/route';
import type { AppServices } from '../../../platform/services';
import * as deletion from './deletion-requests.service';
import * as settings from './settings.service';
import * as storage from './storage.service';
import * as theme from './theme.service';
import { openWorkspaceExport } from './workspace-export';
import { searchWorkspaces } from './workspace-search.service';

/**
 * Workspace configuration, theme, deletion requests (with the data export) and storage
 * (catalogue 7.10 under /api/workspace/...), and their super-admin counterparts.
 */
export function registerWorkspaceSettingsRoutes(app: FastifyInstance, services: AppServices) {
  route(app, getWorkspaceSettings, ({ ctx }) => settings.getSettings(services, ctx));
  route(app, updateWorkspaceSettings, ({ ctx, body }) => settings.updateSettings(services, ctx, body));

  route(app, getWorkspaceTheme, ({ ctx }) => theme.getTheme(services, ctx));
  route(app, updateWorkspaceTheme, ({ ctx, body }) => theme.updateTheme(services, ctx, body));
  route(app, resetWorkspaceTheme, ({ ctx }) => theme.resetTheme(services, ctx));

  route(app, listDeletionRequests, ({ ctx, query }) => deletion.listRequests(services, ctx, query));
  route(app, getCurrentDeletionRequest, ({ ctx }) => deletion.getCurrentRequest(services, ctx));
  route(app, createDeletionRequest, ({ ctx, body }) => deletion.createRequest(services, ctx, body));
  route(app, cancelDeletionRequest, ({ ctx, params }) => deletion.cancelRequest(services, ctx, params.requestId));
  route(app, downloadWorkspaceExport, async ({ ctx, reply }) => {
    const { filename, stream } = await openWorkspaceExport(services, ctx);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });

  route(app, superAdminListDeletionRequests, ({ query }) => deletion.superAdminListRequests(services, query));
  route(app, approveDeletionRequest, ({ ctx, params, body }) => deletion.approveRequest(services, ctx, params.requestId, body));
  route(app, rejectDeletionRequest, ({ ctx, params, body }) => deletion.rejectRequest(services, ctx, params.requestId, body));

  route(app, getWorkspaceStorage, ({ ctx }) => storage.getStorage(services, ctx));
  route(app, setWorkspaceStorageQuota, ({ ctx, params, body }) => storage.setStorageQuota(services, ctx, params.workspaceId, body));
  route(app, searchWorkspacesSimple, ({ query }) => searchWorkspaces(services, query));
}
