import { permissionsV3, workspaceKey } from '@legal/api';
import { useSyncExternalStore } from 'react';
import { api } from '../../lib/api';
import { createStore } from '../../lib/create-store';
import { type LauncherEntry, selectWorkspace, sessionStore, setPermissions, writeLastWorkspace } from '../../lib/session';

/** The permission load of the selected workspace (`key` = `tenantId-workspaceId`). */
export interface PermissionsLoadState {
  key: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: unknown;
}

const IDLE: PermissionsLoadState = { key: null, status: 'idle', error: null };
const store = createStore<PermissionsLoadState>(IDLE);

export const permissionsLoadStore = { getState: store.getState, subscribe: store.subscribe };

export function usePermissionsLoad(): PermissionsLoadState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

const currentKey = () => {
  const { tenantId, workspaceId } = sessionStore.getState();
  return workspaceKey(tenantId, workspaceId);
};

// Sign-out clears the session: whatever was loaded belonged to it.
sessionStore.subscribe(() => {
  if (sessionStore.getState().userInfo === null && store.getState() !== IDLE) store.setState(IDLE);
});

/**
 * Loads the caller's permissions in the selected workspace into the session (setPermissions
 * keeps the rule of spec section 5). An answer that arrives after the user moved on to another
 * workspace is dropped. Never throws: the outcome is in `permissionsLoadStore`.
 */
export async function loadPermissions(): Promise<void> {
  const key = currentKey();
  store.setState({ key, status: 'loading', error: null });
  try {
    const permissions = await api.call(permissionsV3, { suppressErrorToast: true });
    if (currentKey() !== key) return;
    setPermissions(permissions);
    store.setState({ key, status: 'ready', error: null });
  } catch (error) {
    if (currentKey() === key) store.setState({ key, status: 'error', error });
  }
}

/**
 * Selects a workspace of the launcher: X-Tenant/X-Workspace follow it, the combined key is
 * remembered for the next start, and its permissions load (the theme follows on its own, once
 * per workspace). Selecting the workspace already selected does not load again unless asked.
 */
export async function selectWorkspaceEntry(entry: Pick<LauncherEntry, 'tenantId' | 'workspaceId'>, options: { reload?: boolean } = {}): Promise<void> {
  const before = sessionStore.getState();
  const isSame = before.tenantId === entry.tenantId && before.workspaceId === entry.workspaceId;
  selectWorkspace(entry.tenantId, entry.workspaceId);
  writeLastWorkspace(entry.tenantId, entry.workspaceId);
  const loaded = store.getState();
  if (isSame && !options.reload && loaded.key === currentKey() && loaded.status !== 'error' && loaded.status !== 'idle') return;
  await loadPermissions();
}

/**
 * The workspace to select after sign-in: the remembered one if the launcher still lists it,
 * else the only one if there is exactly one, else none (the launcher page lets the user choose).
 */
export function chooseWorkspace(
  entries: readonly LauncherEntry[],
  remembered: { tenantId: number; workspaceId: number },
): LauncherEntry | null {
  const hit = entries.find((e) => e.tenantId === remembered.tenantId && e.workspaceId === remembered.workspaceId);
  if (hit && remembered.workspaceId !== 0) return hit;
  return entries.length === 1 ? (entries[0] ?? null) : null;
}

/** The launcher entry a workspace URL segment names. */
export function findEntryByName(entries: readonly LauncherEntry[], workspaceName: string | undefined): LauncherEntry | null {
  if (!workspaceName) return null;
  return entries.find((e) => e.workspaceName === workspaceName) ?? null;
}
