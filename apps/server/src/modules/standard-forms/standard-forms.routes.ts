import * as api from '@legal/api';
import type { FastifyInstance } from 'fastify';
import { route } from '../../platform/http/route';
import type { AppServices } from '../../platform/services';
import * as drafting from './standard-forms.drafting';
import * as forms from './standard-forms.service';
import * as settings from './standard-forms.settings';
import * as templates from './standard-forms.templates';

/** Catalogue 7.5 (btls standard forms, super-admin mirror) and from 7.6 the conhub drafting calls. */
export function registerStandardFormRoutes(app: FastifyInstance, services: AppServices) {
  // Lists and meta (static paths before /:standardFormId).
  for (const d of [api.listStandardFormsV1, api.listStandardFormsV2, api.listStandardFormsV3]) route(app, d, ({ ctx, query }) => forms.listForms(services, ctx, query));
  route(app, api.listActiveFormsV1, ({ ctx, query }) => forms.listActiveForms(services, ctx, query, false));
  route(app, api.listActiveFormsV2, ({ ctx, query }) => forms.listActiveForms(services, ctx, query, true));
  route(app, api.listActiveFormsV3, ({ ctx, query }) => forms.listActiveForms(services, ctx, query, true));
  route(app, api.listUnavailableFormsV2, ({ ctx, query }) => forms.listUnavailableForms(services, ctx, query));
  route(app, api.listUnavailableFormsByAdmin, ({ ctx, query }) => forms.listUnavailableGlobalForms(services, ctx, query));
  route(app, api.getStandardFormMeta, ({ ctx }) => forms.getMeta(services, ctx));
  route(app, api.listStandardFormBookmarksV1, ({ ctx, query }) => forms.listBookmarks(services, ctx, query));
  route(app, api.listStandardFormBookmarksV2, ({ ctx, query }) => forms.listBookmarks(services, ctx, query));

  // Forms.
  route(app, api.createStandardFormV1, ({ ctx, request }) => forms.createForm(services, ctx, request, { global: false, withAttachments: false }));
  route(app, api.createStandardFormV2, ({ ctx, request }) => forms.createForm(services, ctx, request, { global: false, withAttachments: true }));
  route(app, api.createStandardFormByMaker, ({ ctx, body }) => templates.createFormByMaker(services, ctx, body));
  route(app, api.getStandardFormV1, ({ ctx, params }) => forms.getForm(services, ctx, params.standardFormId));
  route(app, api.getStandardFormV2, ({ ctx, params }) => forms.getForm(services, ctx, params.standardFormId));
  route(app, api.updateStandardFormV1, ({ ctx, params, body }) => forms.updateForm(services, ctx, params.standardFormId, body, { global: false }));
  route(app, api.updateStandardFormV2, ({ ctx, params, body }) => forms.updateForm(services, ctx, params.standardFormId, body, { global: false }));
  route(app, api.deleteStandardForm, ({ ctx, params }) => forms.deleteForm(services, ctx, params.standardFormId, { global: false }));
  route(app, api.setStandardFormActiveStatus, ({ ctx, params, body }) => forms.setActiveStatus(services, ctx, params.standardFormId, body, { global: false }));
  route(app, api.copyStandardForm, ({ ctx, params, body }) => forms.copyForm(services, ctx, params.standardFormId, body));

  // Bookmarks and attachments.
  route(app, api.addStandardFormBookmark, ({ ctx, params }) => forms.addBookmark(services, ctx, params.standardFormId));
  route(app, api.removeStandardFormBookmark, ({ ctx, params }) => forms.removeBookmark(services, ctx, params.standardFormId));
  route(app, api.addStandardFormAttachment, ({ ctx, params, request }) => forms.addAttachments(services, ctx, request, params.standardFormId, { global: false }));
  route(app, api.downloadStandardFormAttachment, ({ ctx, params, reply }) => forms.downloadAttachment(services, ctx, reply, params.standardFormId, params.standardFormAttachmentId, { global: false }));
  route(app, api.deleteStandardFormAttachment, ({ ctx, params }) => forms.deleteAttachment(services, ctx, params.standardFormId, params.standardFormAttachmentId, { global: false }));

  // Templates and versions.
  route(app, api.listTemplateVersions, ({ ctx, params }) => templates.listTemplateVersions(services, ctx, params.standardFormId));
  route(app, api.uploadTemplateVersion, ({ ctx, params, request }) => templates.uploadTemplateVersion(services, ctx, request, params.standardFormId, { global: false }));
  route(app, api.getLatestTemplate, ({ ctx, params }) => templates.getTemplate(services, ctx, params.standardFormId));
  route(app, api.getTemplateVersion, ({ ctx, params }) => templates.getTemplate(services, ctx, params.standardFormId, params.version));
  route(app, api.rollbackTemplate, ({ ctx, params, body }) => templates.rollbackTemplate(services, ctx, params.standardFormId, body));
  route(app, api.diffTemplateVersions, ({ ctx, params, query }) => templates.diffVersions(services, ctx, params.standardFormId, query));
  route(app, api.renderTemplate, ({ ctx, params, body, reply }) => templates.renderByJson(services, ctx, reply, params.standardFormId, body));
  route(app, api.downloadTemplate, ({ ctx, params, query, reply }) => templates.downloadTemplate(services, ctx, reply, params.standardFormId, params.downloadType, query));
  for (const d of [api.getTemplateConfigsV1, api.getTemplateConfigsV2, api.getTemplateConfigsV3]) route(app, d, ({ ctx, params, query }) => templates.getConfigs(services, ctx, params.standardFormId, query));
  route(app, api.updateTemplateConfigs, ({ ctx, params, body }) => templates.updateConfigs(services, ctx, params.standardFormId, body));
  route(app, api.addTemplateByMaker, ({ ctx, params, body }) => templates.addTemplateByMaker(services, ctx, params.standardFormId, body));

  // Documents by file.
  route(app, api.getDocumentByFile, ({ ctx, query }) => templates.documentByFile(services, ctx, query.fileKey));
  route(app, api.parseDocumentByFileDev, ({ request }) => templates.parseDocumentUpload(services, request));
  route(app, api.getConhubDocumentByFileV1, ({ ctx, query }) => templates.conhubDocumentByFile(services, ctx, query.fileKey));
  route(app, api.getConhubDocumentByFileV2, ({ ctx, query }) => templates.conhubDocumentByFile(services, ctx, query.fileKey));

  // Workspace settings and global availability.
  route(app, api.getWorkspaceContractTypes, ({ ctx }) => settings.getContractTypes(services, ctx));
  route(app, api.putWorkspaceContractTypes, ({ ctx, body }) => settings.putContractTypes(services, ctx, body));
  route(app, api.getWorkspaceCategoryTypes, ({ ctx }) => settings.getCategoryTypes(services, ctx));
  route(app, api.putWorkspaceCategoryTypes, ({ ctx, body }) => settings.putCategoryTypes(services, ctx, body));
  route(app, api.listGlobalFormAvailabilityV1, ({ ctx }) => settings.listAvailability(services, ctx));
  route(app, api.listGlobalFormAvailabilityV2, ({ ctx }) => settings.listAvailability(services, ctx));
  route(app, api.setGlobalFormAvailabilityV1, ({ ctx, body }) => settings.setAvailability(services, ctx, body));
  route(app, api.setGlobalFormAvailabilityV2, ({ ctx, body }) => settings.setAvailabilityBulk(services, ctx, body));

  // Super admin: global forms and per-workspace availability.
  route(app, api.listGlobalForms, ({ ctx, query }) => forms.listGlobalForms(services, ctx, query));
  route(app, api.createGlobalForm, ({ ctx, request }) => forms.createForm(services, ctx, request, { global: true, withAttachments: false }));
  route(app, api.getWorkspaceGlobalFormsV1, ({ ctx, params }) => settings.superListAvailability(services, ctx, params.workspaceId));
  // conhub's super-admin mirror of the same read (catalogue 7.6), the workspace as a query parameter.
  route(app, api.superListGlobalFormAvailability, ({ ctx, query }) => settings.superListAvailability(services, ctx, query.workspaceId));
  route(app, api.getWorkspaceGlobalFormsV2, ({ ctx, params }) => settings.superListAvailability(services, ctx, params.workspaceId));
  route(app, api.putWorkspaceGlobalFormsV1, ({ ctx, params, body }) => settings.superSetAvailability(services, ctx, params.workspaceId, body));
  route(app, api.putWorkspaceGlobalFormsV2, ({ ctx, params, body }) => settings.superSetAvailabilityBulk(services, ctx, params.workspaceId, body));
  route(app, api.getGlobalForm, ({ ctx, params }) => forms.getGlobalForm(services, ctx, params.standardFormId));
  route(app, api.updateGlobalForm, ({ ctx, params, body }) => forms.updateForm(services, ctx, params.standardFormId, body, { global: true }));
  route(app, api.deleteGlobalForm, ({ ctx, params }) => forms.deleteForm(services, ctx, params.standardFormId, { global: true }));
  route(app, api.setGlobalFormActiveStatus, ({ ctx, params, body }) => forms.setActiveStatus(services, ctx, params.standardFormId, body, { global: true }));
  route(app, api.addGlobalFormAttachment, ({ ctx, params, request }) => forms.addAttachments(services, ctx, request, params.standardFormId, { global: true }));
  route(app, api.downloadGlobalFormAttachment, ({ ctx, params, reply }) => forms.downloadAttachment(services, ctx, reply, params.standardFormId, params.standardFormAttachmentId, { global: true }));
  route(app, api.deleteGlobalFormAttachment, ({ ctx, params }) => forms.deleteAttachment(services, ctx, params.standardFormId, params.standardFormAttachmentId, { global: true }));
  route(app, api.uploadGlobalTemplateVersion, ({ ctx, params, request }) => templates.uploadTemplateVersion(services, ctx, request, params.standardFormId, { global: true }));

  // Drafting (conhub).
  route(app, api.createContractByStandardForm, ({ ctx, body }) => drafting.draftFromForm(services, ctx, body));
  route(app, api.createContractByFile, ({ ctx, body }) => drafting.draftFromFile(services, ctx, body));
}
