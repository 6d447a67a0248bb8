import {
  addGlobalFormAttachment, addStandardFormAttachment, addStandardFormBookmark, copyStandardForm, createContractByStandardForm, createStandardFormByMaker,
  createStandardFormV1, deleteGlobalFormAttachment, deleteStandardForm, deleteStandardFormAttachment, diffTemplateVersions, type DraftFromFormBody, getLatestTemplate,
  getStandardFormMeta, getStandardFormV2, getTemplateConfigsV3, getTemplateVersion, listStandardFormsV3, listTemplateVersions,
  removeStandardFormBookmark, rollbackTemplate, setStandardFormActiveStatus, type StandardFormDetail, type FormActiveStatus,
  updateStandardFormV2, type UpdateStandardFormBody, updateTemplateConfigs, uploadTemplateVersion, type VariableConfig, workspaceKey,
} from '@legal/api';
import { type z } from 'zod';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type SessionState, useSession } from '../../lib/session';
import { type LibraryFilters, libraryQuery } from './library-search-params';
import { type CreateFormByMakerBodySchema } from '@legal/api';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

export type FormsKey = readonly ['standardForms', string];

/** Every standard-form query of the selected workspace lives under this key: switching workspace refetches. */
export function useFormsKey(): FormsKey {
  return ['standardForms', useSession(selectWorkspaceKey)] as const;
}

const listKey = (base: FormsKey) => [...base, 'list'] as const;
const formKey = (base: FormsKey, standardFormId: number) => [...base, 'form', standardFormId] as const;

/** Everything of one form (detail, versions, texts, configs) and the lists it appears in. */
function refreshForm(client: QueryClient, base: FormsKey, standardFormId: number) {
  return Promise.all([
    client.invalidateQueries({ queryKey: formKey(base, standardFormId) }),
    client.invalidateQueries({ queryKey: listKey(base) }),
  ]);
}

// Library ----------------------------------------------------------------------------------------

export function useStandardForms(filters: LibraryFilters, canWrite: boolean) {
  const base = useFormsKey();
  const query = libraryQuery(filters, canWrite);
  return useQuery({
    queryKey: [...listKey(base), query],
    queryFn: ({ signal }) => api.call(listStandardFormsV3, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useFormMeta() {
  const base = useFormsKey();
  return useQuery({
    queryKey: [...base, 'meta'],
    queryFn: ({ signal }) => api.call(getStandardFormMeta, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useBookmarkToggle() {
  const base = useFormsKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ standardFormId, isBookmarked }: { standardFormId: number; isBookmarked: boolean }) =>
      api.call(isBookmarked ? addStandardFormBookmark : removeStandardFormBookmark, { params: { standardFormId } }),
    onSuccess: (_, { standardFormId }) => refreshForm(client, base, standardFormId),
  });
}

/** Fields of a new form, sent as multipart text parts before the file. */
export interface NewFormFields {
  title: string;
  contractType: string;
  language: string;
  categoryType?: string | null;
  description?: string;
}

export function useCreateForm() {
  const base = useFormsKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, file, onProgress, signal }: { fields: NewFormFields; file: File; onProgress: (percent: number | null) => void; signal?: AbortSignal }) => {
      const body = new FormData();
      body.append('title', fields.title);
      body.append('contractType', fields.contractType);
      body.append('language', fields.language);
      if (fields.categoryType) body.append('categoryType', fields.categoryType);
      if (fields.description) body.append('description', fields.description);
      body.append('file', file, file.name);
      return api.upload(createStandardFormV1, { body, signal, suppressErrorToast: true, showsStorageAlert: true, onProgress: ({ percent }) => onProgress(percent) });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: listKey(base) }),
  });
}

export type CreateByMakerBody = z.input<typeof CreateFormByMakerBodySchema>;

export function useCreateByMaker() {
  const base = useFormsKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateByMakerBody) => api.call(createStandardFormByMaker, { body, suppressErrorToast: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey(base) }),
  });
}

// One form ---------------------------------------------------------------------------------------

export function useStandardForm(standardFormId: number) {
  const base = useFormsKey();
  return useQuery({
    queryKey: formKey(base, standardFormId),
    queryFn: ({ signal }) => api.call(getStandardFormV2, { signal, params: { standardFormId }, suppressErrorToast: true }),
  });
}

export function useTemplateVersions(standardFormId: number) {
  const base = useFormsKey();
  return useQuery({
    queryKey: [...formKey(base, standardFormId), 'versions'],
    queryFn: ({ signal }) => api.call(listTemplateVersions, { signal, params: { standardFormId } }),
  });
}

/** A version's text and variables; without `version`, the latest. */
export function useTemplate(standardFormId: number, version?: number) {
  const base = useFormsKey();
  return useQuery({
    queryKey: [...formKey(base, standardFormId), 'template', version ?? 'latest'],
    queryFn: ({ signal }) =>
      version === undefined
        ? api.call(getLatestTemplate, { signal, params: { standardFormId } })
        : api.call(getTemplateVersion, { signal, params: { standardFormId, version } }),
  });
}

export function useTemplateDiff(standardFormId: number, range: { from: number; to: number } | null) {
  const base = useFormsKey();
  return useQuery({
    queryKey: [...formKey(base, standardFormId), 'diff', range?.from ?? null, range?.to ?? null],
    queryFn: ({ signal }) => api.call(diffTemplateVersions, { signal, params: { standardFormId }, query: range! }),
    enabled: range !== null && range.from !== range.to,
  });
}

/** The configs the requester fills in (DRAFTING: in order) of one version. */
export function useDraftingConfigs(standardFormId: number, version: number | undefined) {
  const base = useFormsKey();
  return useQuery({
    queryKey: [...formKey(base, standardFormId), 'configs', 'DRAFTING', version ?? null],
    queryFn: ({ signal }) => api.call(getTemplateConfigsV3, { signal, params: { standardFormId }, query: { version, type: 'DRAFTING' } }),
    enabled: version !== undefined,
  });
}

/** Writes the answer of a change into the cache, then refreshes what depends on it. */
function useFormMutation<I>(standardFormId: number, mutationFn: (input: I) => Promise<StandardFormDetail | unknown>) {
  const base = useFormsKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refreshForm(client, base, standardFormId),
  });
}

export function useSetActiveStatus(standardFormId: number) {
  return useFormMutation(standardFormId, (body: { activeStatus: FormActiveStatus; version: number }) =>
    api.call(setStandardFormActiveStatus, { params: { standardFormId }, body }),
  );
}

/** The form's own fields (title, description, type, language, category) at the version read; 409 when stale. */
export function useUpdateForm(standardFormId: number) {
  return useFormMutation(standardFormId, (body: UpdateStandardFormBody) =>
    api.call(updateStandardFormV2, { params: { standardFormId }, body, suppressErrorToast: true }),
  );
}

export function useCopyForm(standardFormId: number) {
  const base = useFormsKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(copyStandardForm, { params: { standardFormId }, body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: listKey(base) }),
  });
}

export function useDeleteForm(standardFormId: number) {
  const base = useFormsKey();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(deleteStandardForm, { params: { standardFormId } }),
    onSuccess: () => {
      client.removeQueries({ queryKey: formKey(base, standardFormId) });
      return client.invalidateQueries({ queryKey: listKey(base) });
    },
  });
}

export function useRollback(standardFormId: number) {
  return useFormMutation(standardFormId, (body: { targetVersion: number; version: number; comment?: string }) =>
    api.call(rollbackTemplate, { params: { standardFormId }, body, suppressErrorToast: true }),
  );
}

/** A new template version (multipart: the form `version` read, a comment, the file) with progress. */
export function useUploadVersion(standardFormId: number) {
  return useFormMutation(standardFormId, ({ file, version, comment, onProgress }: { file: File; version: number; comment?: string; onProgress: (percent: number | null) => void }) => {
    const body = new FormData();
    body.append('version', String(version));
    if (comment) body.append('comment', comment);
    body.append('file', file, file.name);
    return api.upload(uploadTemplateVersion, { params: { standardFormId }, body, suppressErrorToast: true, showsStorageAlert: true, onProgress: ({ percent }) => onProgress(percent) });
  });
}

export function useSaveConfigs(standardFormId: number) {
  return useFormMutation(standardFormId, (body: { version: number; variables: VariableConfig[] }) =>
    api.call(updateTemplateConfigs, { params: { standardFormId }, body, suppressErrorToast: true }),
  );
}

/** The super admin's queries of global forms (list, detail, availability). */
export const GLOBAL_FORMS_KEY = ['super-admin', 'standardForms'] as const;

/** Where a form's attachments are written: the workspace routes, or the super admin's for a global form. */
export type AttachmentRoutes = 'workspace' | 'global';

function useAttachmentMutation<I>(standardFormId: number, routes: AttachmentRoutes, mutationFn: (input: I) => Promise<unknown>) {
  const workspace = useFormMutation(standardFormId, mutationFn);
  const client = useQueryClient();
  const global = useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: GLOBAL_FORMS_KEY }) });
  return routes === 'global' ? global : workspace;
}

export function useAddAttachments(standardFormId: number, routes: AttachmentRoutes = 'workspace') {
  return useAttachmentMutation(standardFormId, routes, ({ files, onProgress }: { files: File[]; onProgress: (percent: number | null) => void }) => {
    const body = new FormData();
    for (const file of files) body.append('file', file, file.name);
    const options = { params: { standardFormId }, body, suppressErrorToast: true, showsStorageAlert: true, onProgress: ({ percent }: { percent: number | null }) => onProgress(percent) };
    return routes === 'global' ? api.upload(addGlobalFormAttachment, options) : api.upload(addStandardFormAttachment, options);
  });
}

export function useDeleteAttachment(standardFormId: number, routes: AttachmentRoutes = 'workspace') {
  return useAttachmentMutation(standardFormId, routes, (standardFormAttachmentId: number) =>
    api.call(routes === 'global' ? deleteGlobalFormAttachment : deleteStandardFormAttachment, { params: { standardFormId, standardFormAttachmentId } }),
  );
}

// Drafting ---------------------------------------------------------------------------------------

export function useDraftContract() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DraftFromFormBody) => api.call(createContractByStandardForm, { body, suppressErrorToast: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['contracts'] }),
  });
}
