import {
  approveDeletionRequest, cancelDeletionRequest, createDeletionRequest, type DeletionRequestStatus, downloadWorkspaceExport, rejectDeletionRequest, superAdminListDeletionRequests, getCurrentDeletionRequest, getWorkspaceSettings, getWorkspaceStorage,
  getWorkspaceTheme, launcher, listDeletionRequests, resetWorkspaceTheme, type RouteBody, type Theme, updateWorkspaceSettings, updateWorkspaceTheme,
  workspaceKey, type WorkspaceTheme,
} from '@legal/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-blob';
import { type SessionState, themeMarkerStore, useSession } from '../../../lib/session';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

/** Every query of this area lives under the selected workspace's key (switching workspace refetches). */
export function useWorkspaceSettingsKey(): readonly ['workspace-settings', string] {
  return ['workspace-settings', useSession(selectWorkspaceKey)] as const;
}

// Configuration and storage ----------------------------------------------------------------------

export function useWorkspaceSettings() {
  const base = useWorkspaceSettingsKey();
  return useQuery({ queryKey: [...base, 'settings'], queryFn: ({ signal }) => api.call(getWorkspaceSettings, { signal }) });
}

export function useWorkspaceStorage() {
  const base = useWorkspaceSettingsKey();
  return useQuery({ queryKey: [...base, 'storage'], queryFn: ({ signal }) => api.call(getWorkspaceStorage, { signal }) });
}

/** Saves the settings; the launcher is reloaded so a new name or memo shows everywhere at once. */
export function useUpdateWorkspaceSettings() {
  const queryClient = useQueryClient();
  const base = useWorkspaceSettingsKey();
  return useMutation({
    mutationFn: async (body: RouteBody<typeof updateWorkspaceSettings>) => {
      const saved = await api.call(updateWorkspaceSettings, { body, suppressErrorToast: true });
      const entries = await api.call(launcher, { suppressErrorToast: true }).catch(() => null);
      return { saved, entries };
    },
    onSuccess: ({ saved }) => queryClient.setQueryData([...base, 'settings'], saved),
  });
}

// Theme ------------------------------------------------------------------------------------------

export function useWorkspaceThemeQuery() {
  const base = useWorkspaceSettingsKey();
  return useQuery({ queryKey: [...base, 'theme'], queryFn: ({ signal }) => api.call(getWorkspaceTheme, { signal }) });
}

/** Save and reset: the app takes the new theme at once (the theme marker), without a reload. */
export function useThemeMutations() {
  const queryClient = useQueryClient();
  const base = useWorkspaceSettingsKey();
  const key = useSession(selectWorkspaceKey);
  const onSuccess = (data: WorkspaceTheme) => {
    queryClient.setQueryData([...base, 'theme'], data);
    themeMarkerStore.mark(key, data.theme);
  };
  const save = useMutation({
    mutationFn: (body: { theme: Theme; expectedUpdatedAt?: string }) => api.call(updateWorkspaceTheme, { body, suppressErrorToast: true }),
    onSuccess,
  });
  const reset = useMutation({ mutationFn: () => api.call(resetWorkspaceTheme), onSuccess });
  return { save, reset };
}

// Deletion requests ------------------------------------------------------------------------------

export const DELETION_HISTORY_PAGE_SIZE = 10;

export function useCurrentDeletionRequest() {
  const base = useWorkspaceSettingsKey();
  return useQuery({ queryKey: [...base, 'deletion', 'current'], queryFn: ({ signal }) => api.call(getCurrentDeletionRequest, { signal }) });
}

export function useDeletionHistory(page: number, sort: string | undefined) {
  const base = useWorkspaceSettingsKey();
  return useQuery({
    queryKey: [...base, 'deletion', 'history', { page, sort }],
    queryFn: ({ signal }) => api.call(listDeletionRequests, { signal, query: { page: page - 1, size: DELETION_HISTORY_PAGE_SIZE, sort } }),
    placeholderData: keepPreviousData,
  });
}

/** Ask and withdraw: both refresh the current request and the history. */
export function useDeletionMutations() {
  const queryClient = useQueryClient();
  const base = useWorkspaceSettingsKey();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [...base, 'deletion'] });
  const create = useMutation({
    mutationFn: (body: RouteBody<typeof createDeletionRequest>) => api.call(createDeletionRequest, { body, suppressErrorToast: true }),
    onSuccess,
  });
  const cancel = useMutation({ mutationFn: (requestId: number) => api.call(cancelDeletionRequest, { params: { requestId } }), onSuccess });
  return { create, cancel };
}

/** Downloads the workspace's data export (a ZIP) through the API client (headers, error toasts) and saves it. */
export async function saveWorkspaceExport(fileName: string): Promise<void> {
  const blob = (await api.call(downloadWorkspaceExport, { timeoutMs: 30 * 60_000 })) as Blob;
  saveBlob(blob, fileName);
}

// Super admin ------------------------------------------------------------------------------------

export const SUPER_ADMIN_DELETION_PAGE_SIZE = 10;

export interface SuperAdminDeletionFilters {
  page: number;
  status: DeletionRequestStatus | undefined;
  sort: string | undefined;
}

export function useSuperAdminDeletionRequests(filters: SuperAdminDeletionFilters) {
  return useQuery({
    queryKey: ['super-admin', 'deletion-requests', filters],
    queryFn: ({ signal }) =>
      api.call(superAdminListDeletionRequests, { signal, query: { page: filters.page - 1, size: SUPER_ADMIN_DELETION_PAGE_SIZE, status: filters.status, sort: filters.sort } }),
    placeholderData: keepPreviousData,
  });
}

/** Approve or reject; both refresh the list. */
export function useDeletionDecisions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['super-admin', 'deletion-requests'] });
  const approve = useMutation({
    mutationFn: ({ requestId, comment }: { requestId: number; comment?: string }) =>
      api.call(approveDeletionRequest, { params: { requestId }, body: { comment }, suppressErrorToast: true }),
    onSuccess,
  });
  const reject = useMutation({
    mutationFn: ({ requestId, comment }: { requestId: number; comment: string }) =>
      api.call(rejectDeletionRequest, { params: { requestId }, body: { comment }, suppressErrorToast: true }),
    onSuccess,
  });
  return { approve, reject };
}
