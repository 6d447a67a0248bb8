import { PERMISSION } from '@legal/api';
import { createStore } from '../create-store';
import { clearLastRefreshTime } from './last-refresh';
import { themeMarkerStore } from './theme-marker';
import {
  type AlertLevel,
  type CurrentWorkspace,
  type LauncherEntry,
  type Permission,
  type Product,
  type SessionState,
  type UserInfo,
  type WorkspaceUserInfo,
} from './session-types';

export const INITIAL_SESSION: SessionState = Object.freeze({
  userInfo: null,
  launcher: [],
  workspaceId: 0,
  tenantId: 0,
  permissions: [],
}) as SessionState;

const store = createStore<SessionState>(INITIAL_SESSION);

export const sessionStore = { getState: store.getState, subscribe: store.subscribe };

// ---------- actions ----------

export function setUserInfo(userInfo: UserInfo | null): void {
  store.setState((s) => ({ ...s, userInfo }));
}

/** Merges the profile answer into the user info; ignored while signed out. */
export function mergeUserInfo(fields: Partial<UserInfo>): void {
  store.setState((s) => (s.userInfo ? { ...s, userInfo: { ...s.userInfo, ...fields } } : s));
}

export function setAlertLevel(alertLevel: AlertLevel): void {
  mergeUserInfo({ alertLevel });
}

export function setLauncher(launcher: LauncherEntry[]): void {
  store.setState((s) => ({ ...s, launcher }));
}

/**
 * Takes a product out of the selected workspace's launcher entry: the server answered that the
 * workspace no longer has it, so the screens of that product show the "not available" state.
 */
export function withdrawProduct(type: string): void {
  store.setState((s) => ({
    ...s,
    launcher: s.launcher.map((entry) =>
      entry.tenantId === s.tenantId && entry.workspaceId === s.workspaceId
        ? { ...entry, products: entry.products.filter((p) => p.type !== type) }
        : entry,
    ),
  }));
}

/**
 * Selects a workspace. The permissions held belong to the previous workspace, so they are
 * dropped when the selection changes.
 */
export function selectWorkspace(tenantId: number, workspaceId: number): void {
  store.setState((s) =>
    s.tenantId === tenantId && s.workspaceId === workspaceId
      ? s
      : { ...s, tenantId, workspaceId, permissions: [] },
  );
}

/**
 * Stores the permission list only if a workspace is selected or the list grants
 * super_admin.workspace.read (spec section 5). Answers whether the list was stored.
 */
export function setPermissions(permissions: Permission[]): boolean {
  const state = store.getState();
  const isStorable =
    state.workspaceId !== 0 || permissions.some((p) => p.name === PERMISSION.superAdminWorkspaceRead);
  if (!isStorable) return false;
  store.setState({ ...state, permissions });
  return true;
}

/** Sign-out: clears user info, session state, the theme marker and the last-refresh time. */
export function clearSession(): void {
  store.setState(INITIAL_SESSION);
  themeMarkerStore.clear();
  clearLastRefreshTime();
}

// ---------- derived values (pure; memoised per snapshot so hooks get stable objects) ----------

function memoizeBySnapshot<R>(derive: (state: SessionState) => R): (state: SessionState) => R {
  const cache = new WeakMap<SessionState, { value: R }>();
  return (state) => {
    const hit = cache.get(state);
    if (hit) return hit.value;
    const value = derive(state);
    cache.set(state, { value });
    return value;
  };
}

export function selectIsSignedIn(state: SessionState): boolean {
  return typeof state.userInfo?.id === 'number';
}

export const selectLauncherEntry = memoizeBySnapshot((state): LauncherEntry | null =>
  state.workspaceId === 0
    ? null
    : (state.launcher.find((e) => e.workspaceId === state.workspaceId && e.tenantId === state.tenantId) ?? null),
);

export const selectCurrentWorkspace = memoizeBySnapshot((state): CurrentWorkspace | null => {
  const entry = selectLauncherEntry(state);
  if (!entry) return null;
  return {
    id: entry.workspaceId,
    memo: entry.workspaceMemo,
    name: entry.workspaceName,
    tenantId: entry.tenantId,
    subscriptionStatus: entry.subscriptionStatus,
  };
});

export const selectWorkspaceUserInfo = memoizeBySnapshot((state): WorkspaceUserInfo | null => {
  const entry = selectLauncherEntry(state);
  const user = state.userInfo;
  if (!entry || !user) return null;
  return {
    name: user.name ?? entry.displayName,
    id: entry.userId,
    loginId: user.loginId,
    workspaceName: entry.workspaceName,
    displayName: entry.displayName,
    jobPositionName: entry.jobPositionName,
    divisionName: entry.divisionName,
    jobTitleName: entry.jobTitleName,
  };
});

const NO_PRODUCTS: readonly Product[] = Object.freeze([]);

export function selectProducts(state: SessionState): readonly Product[] {
  return selectLauncherEntry(state)?.products ?? NO_PRODUCTS;
}

// ---------- checks (spec section 6); default to the live session ----------

export function hasPermission(name: string, state: SessionState = store.getState()): boolean {
  return state.permissions.some((p) => p.name === name);
}

export function hasAnyPermission(names: readonly string[], state: SessionState = store.getState()): boolean {
  return names.some((name) => hasPermission(name, state));
}

export function hasProduct(type: Product['type'], state: SessionState = store.getState()): boolean {
  return selectProducts(state).some((p) => p.type === type);
}
