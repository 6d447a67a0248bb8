import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import { presetMetaOptions } from './workflow.presets';
import * as presets from './workflow-presets.service';

/** Catalogue 7.6: super-admin workflow presets (publish, edit, withdraw, meta options) and the workspace admin's adaptation. */
export function registerWorkflowPresetRoutes(app: FastifyInstance, services: AppServices) {
  route(app, api.listPublishedPresets, () => presets.listPublished(services));
  route(app, api.publishPreset, ({ ctx, body }) => presets.publish(services, ctx, body));
  route(app, api.editPreset, ({ ctx, params, body }) => presets.edit(services, ctx, params.presetType, body));
  route(app, api.withdrawPreset, ({ ctx, params, body }) => presets.withdraw(services, ctx, params.presetType, body));
  route(app, api.getPresetMetaOptions, () => Promise.resolve(presetMetaOptions()));
  route(app, api.getWorkspacePresets, ({ ctx }) => presets.getWorkspaceSettings(services, ctx));
  route(app, api.putWorkspacePresets, ({ ctx, body }) => presets.putWorkspaceSettings(services, ctx, body));
}
