import {
  launcher as launcherRoute,
  countMyUnreadNotices,
  countMyUnreadNotifications,
  listMyPendingTerms,
  permissionsV3,
  profile as profileRoute,
  refreshAfter,
  theme as themeRoute,
  type LauncherEntry,
  type Profile,
} from '@legal/api';
import { setUnauthorizedHandler } from '../lib/api';
import { clearSession, selectWorkspace, sessionStatusStore, setLauncher, setPermissions, setUserInfo, themeMarkerStore } from '../lib/session';
import { type FakeApi, ok } from './fake-api';

export const hanbit: LauncherEntry = {
  workspaceId: 10,
  workspaceName: 'hanbit',
  workspaceMemo: '한빛 법무법인 법무팀 워크스페이스',
  tenantId: 1,
  organizationName: '한빛 법무법인',
  organizationNameEn: 'Hanbit Law',
  subscriptionStatus: 'ACTIVE',
  userId: 41,
  displayName: '김민준',
  jobPositionName: '사원',
  divisionName: '기업자문팀',
  jobTitleName: '매니저',
  products: [{ type: 'AI_REVIEW' }, { type: 'CLM' }],
};

export const saesol: LauncherEntry = {
  workspaceId: 20,
  workspaceName: 'saesol',
  workspaceMemo: '새솔 주식회사 법무지원팀',
  tenantId: 2,
  organizationName: '새솔 주식회사',
  organizationNameEn: null,
  subscriptionStatus: 'TRIAL',
  userId: 77,
  displayName: '김민준',
  jobPositionName: null,
  divisionName: '영업팀',
  jobTitleName: null,
  products: [{ type: 'E_CONTRACT' }],
};

export function profileOf(over: Partial<Profile> = {}): Profile {
  return {
    id: 41,
    loginId: 'member@hanbit.example',
    locale: 'ko',
    name: '김민준',
    alertLevel: 'NONE',
    passwordAlertLevel: 'NONE',
    passwordExpiresAt: null,
    isSuperAdmin: false,
    impersonatedBy: null,
    ...over,
  };
}

export const NO_ALERT = { alertLevel: 'NONE', passwordAlertLevel: 'NONE', twoFactorAuth: null } as const;

/**
 * The calls that load a signed-in session (profile, launcher, permissions, theme, refresh-after),
 * the workspace's consent gate with nothing pending, no unread notices nor notifications (a test registering its
 * own answer wins).
 */
export function serveSession(
  fake: FakeApi,
  { profile = profileOf(), launcher = [hanbit], permissions = ['contract.contract.read', 'ai.review.use'] }: { profile?: Profile; launcher?: LauncherEntry[]; permissions?: string[] } = {},
): FakeApi {
  return fake
    .on(profileRoute, ok(profile))
    .on(launcherRoute, ok(launcher))
    .on(permissionsV3, ok(permissions.map((name) => ({ name }))))
    .on(themeRoute, ok({ theme: JSON.stringify({ name: 'workspace' }) }))
    .on(refreshAfter, ok({ refreshAfterSeconds: 840 }))
    .on(listMyPendingTerms, ok([]))
    .on(countMyUnreadNotices, ok({ unreadCount: 0 }))
    .on(countMyUnreadNotifications, ok({ unreadCount: 0 }));
}

/** Signed out, nothing loading, no lost-session routine, no theme marker. */
export function resetSession(): void {
  clearSession();
  themeMarkerStore.clear();
  sessionStatusStore.set('idle');
  setUnauthorizedHandler(undefined);
}

/** Signed in (in the session store) as user 41 of hanbit holding `permissions`; `serveSession` answers the calls the app then makes. */
export function signInToHanbit(permissions: readonly string[], loginId = 'admin@hanbit.example'): void {
  resetSession();
  setUserInfo({ id: 41, loginId });
  setLauncher([hanbit]);
  selectWorkspace(hanbit.tenantId, hanbit.workspaceId);
  setPermissions(permissions.map((name) => ({ name })));
}
