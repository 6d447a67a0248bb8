import { deleteSsoConfig, getSsoConfig, putSsoConfig, type RouteBody, type SsoConfigView, testSsoDiscovery, workspaceKey } from '@legal/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { type SessionState, useSession } from '../../../lib/session';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

/** The SSO configuration of the selected workspace (switching workspace refetches). */
export function useSsoConfigKey(): readonly ['sso-config', string] {
  return ['sso-config', useSession(selectWorkspaceKey)] as const;
}

export function useSsoConfig() {
  const key = useSsoConfigKey();
  return useQuery({ queryKey: key, queryFn: ({ signal }) => api.call(getSsoConfig, { signal }) });
}

export type SsoConfigMutations = ReturnType<typeof useSsoConfigMutations>;

/**
 * Save and delete answer the new view; the cache takes it at once (after `done`, which runs
 * while the form that asked is still mounted: the new view replaces that form).
 */
export function useSsoConfigMutations(done: { onSaved: () => void; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const key = useSsoConfigKey();
  const save = useMutation({
    mutationFn: (body: RouteBody<typeof putSsoConfig>) => api.call(putSsoConfig, { body, suppressErrorToast: true }),
    onSuccess: (view: SsoConfigView) => {
      done.onSaved();
      queryClient.setQueryData(key, view);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.call(deleteSsoConfig),
    onSuccess: (view: SsoConfigView) => {
      done.onDeleted();
      queryClient.setQueryData(key, view);
    },
  });
  const test = useMutation({ mutationFn: (issuer: string | undefined) => api.call(testSsoDiscovery, { body: issuer ? { issuer } : {}, suppressErrorToast: true }) });
  return { save, remove, test };
}
