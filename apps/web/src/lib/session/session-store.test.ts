import { DEFAULT_THEME, PERMISSION } from '@legal/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../browser-storage';
import { readLastRefreshTime, writeLastRefreshTime } from './last-refresh';
import {
  INITIAL_SESSION,
  clearSession,
  hasAnyPermission,
  hasPermission,
  hasProduct,
  mergeUserInfo,
  selectCurrentWorkspace,
  selectIsSignedIn,
  selectWorkspace,
  selectWorkspaceUserInfo,
  sessionStore,
  setAlertLevel,
  setLauncher,
  setPermissions,
  setUserInfo,
  withdrawProduct,
} from './session-store';
import { type LauncherEntry } from './session-types';
import { themeMarkerStore } from './theme-marker';

const entry = (over: Partial<LauncherEntry> = {}): LauncherEntry => ({
  workspaceId: 7,
  workspaceName: '한빛법무',
  workspaceMemo: '본사',
  tenantId: 3,
  subscriptionStatus: 'ACTIVE',
  userId: 41,
  displayName: '김민지',
  jobPositionName: '대리',
  divisionName: '법무팀',
  jobTitleName: null,
  products: [{ type: 'AI_REVIEW' }, { type: 'CLM' }],
  ...over,
});

describe('session store', () => {
  beforeEach(() => clearSession());

  it('starts signed out with tenant and workspace 0', () => {
    expect(sessionStore.getState()).toEqual(INITIAL_SESSION);
    expect(sessionStore.getState()).toMatchObject({ tenantId: 0, workspaceId: 0, permissions: [], launcher: [] });
    expect(selectIsSignedIn(sessionStore.getState())).toBe(false);
  });

  it('is signed in once user info has an id; profile fields merge in', () => {
    mergeUserInfo({ name: 'ignored while signed out' });
    expect(sessionStore.getState().userInfo).toBeNull();
    setUserInfo({ id: 41, loginId: 'minji', locale: 'ko', alertLevel: 'WARN' });
    mergeUserInfo({ name: '김민지', email: 'minji@hanbit.co.kr' });
    setAlertLevel('NONE');
    expect(selectIsSignedIn(sessionStore.getState())).toBe(true);
    expect(sessionStore.getState().userInfo).toEqual({
      id: 41, loginId: 'minji', locale: 'ko', alertLevel: 'NONE', name: '김민지', email: 'minji@hanbit.co.kr',
    });
  });

  it('stores permissions only when a workspace is selected or super_admin.workspace.read is present', () => {
    expect(setPermissions([{ name: PERMISSION.orderPay }])).toBe(false);
    expect(sessionStore.getState().permissions).toEqual([]);

    const superAdmin = [{ name: PERMISSION.superAdminWorkspaceRead }, { name: 'x.y.z' }];
    expect(setPermissions(superAdmin)).toBe(true);
    expect(sessionStore.getState().permissions).toEqual(superAdmin);

    selectWorkspace(3, 7);
    expect(sessionStore.getState().permissions).toEqual([]); // belonged to the previous selection
    expect(setPermissions([{ name: PERMISSION.orderPay }])).toBe(true);
    expect(hasPermission(PERMISSION.orderPay)).toBe(true);
  });

  it('keeps permissions when the same workspace is selected again', () => {
    selectWorkspace(3, 7);
    setPermissions([{ name: PERMISSION.orderPay }]);
    selectWorkspace(3, 7);
    expect(hasPermission(PERMISSION.orderPay)).toBe(true);
  });

  it('checks one permission, any of a list, and a product of the current workspace', () => {
    setLauncher([entry(), entry({ workspaceId: 8, products: [{ type: 'LITIGATION' }] })]);
    selectWorkspace(3, 7);
    setPermissions([{ name: PERMISSION.orderPublish }]);
    expect(hasPermission(PERMISSION.orderPublish)).toBe(true);
    expect(hasPermission(PERMISSION.orderPay)).toBe(false);
    expect(hasAnyPermission([PERMISSION.orderPay, PERMISSION.orderPublish])).toBe(true);
    expect(hasAnyPermission([PERMISSION.orderPay])).toBe(false);
    expect(hasAnyPermission([])).toBe(false);
    expect(hasProduct('CLM')).toBe(true);
    expect(hasProduct('LITIGATION')).toBe(false);
    selectWorkspace(3, 8);
    expect(hasProduct('LITIGATION')).toBe(true);
  });

  it('withdraws a product from the selected workspace only, when the server says it is gone', () => {
    setLauncher([entry(), entry({ workspaceId: 8 })]);
    selectWorkspace(3, 7);
    withdrawProduct('CLM');
    expect(hasProduct('CLM')).toBe(false);
    selectWorkspace(3, 8);
    expect(hasProduct('CLM')).toBe(true);
  });

  it('derives the current workspace and workspace user info from the launcher entry', () => {
    setUserInfo({ id: 41, loginId: 'minji' });
    setLauncher([entry(), entry({ tenantId: 4 })]);
    expect(selectCurrentWorkspace(sessionStore.getState())).toBeNull();

    selectWorkspace(3, 7);
    const state = sessionStore.getState();
    expect(selectCurrentWorkspace(state)).toEqual({
      id: 7, memo: '본사', name: '한빛법무', tenantId: 3, subscriptionStatus: 'ACTIVE',
    });
    expect(selectWorkspaceUserInfo(state)).toEqual({
      name: '김민지', id: 41, loginId: 'minji', workspaceName: '한빛법무', displayName: '김민지',
      jobPositionName: '대리', divisionName: '법무팀', jobTitleName: null,
    });
    // Memoised per snapshot: hooks get the same object back.
    expect(selectCurrentWorkspace(state)).toBe(selectCurrentWorkspace(state));
  });

  it('does not match a launcher entry of another tenant with the same workspace id', () => {
    setLauncher([entry({ tenantId: 4 })]);
    selectWorkspace(3, 7);
    expect(selectCurrentWorkspace(sessionStore.getState())).toBeNull();
    expect(hasProduct('CLM')).toBe(false);
  });

  it('keeps the last-refresh time in local storage', () => {
    expect(readLastRefreshTime()).toBeNull();
    writeLastRefreshTime(1_700_000_000_000);
    expect(localStorage.getItem(STORAGE_KEYS.lastRefreshAt)).toBe('1700000000000');
    expect(readLastRefreshTime()).toBe(1_700_000_000_000);
    localStorage.setItem(STORAGE_KEYS.lastRefreshAt, 'garbage');
    expect(readLastRefreshTime()).toBeNull();
  });

  it('clearSession clears user info, session state, the theme marker and the last-refresh time', () => {
    setUserInfo({ id: 41, loginId: 'minji' });
    setLauncher([entry()]);
    selectWorkspace(3, 7);
    setPermissions([{ name: PERMISSION.orderPay }]);
    writeLastRefreshTime(1_700_000_000_000);
    themeMarkerStore.mark('3-7', { ...DEFAULT_THEME, name: 'hanbit' });
    expect(localStorage.getItem(STORAGE_KEYS.themeMarker)).toBe('3-7');

    clearSession();

    expect(sessionStore.getState()).toEqual(INITIAL_SESSION);
    expect(readLastRefreshTime()).toBeNull();
    expect(themeMarkerStore.getState()).toEqual({ key: null, theme: DEFAULT_THEME });
    expect(localStorage.getItem(STORAGE_KEYS.themeMarker)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.themeCache)).toBeNull();
  });
});
