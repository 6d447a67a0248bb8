import { checkLoggedIn, launcher, profile, type Profile } from '@legal/api';
import { analytics } from '../../lib/analytics';
import { api, isApiError } from '../../lib/api';
import {
  readLastRefreshTime,
  readLastWorkspace,
  selectWorkspace,
  sessionStatusStore,
  sessionStore,
  setLauncher,
  setUserInfo,
  mergeUserInfo,
  writeLastRefreshTime,
} from '../../lib/session';
import { chooseWorkspace, loadPermissions, selectWorkspaceEntry } from '../workspaces/workspace-selection';
import { refreshSession } from './session-refresh';

const quiet = { suppressErrorToast: true, skipErrorReport: true } as const;

function applyProfile(data: Profile): void {
  const current = sessionStore.getState().userInfo;
  if (current?.id === data.id) mergeUserInfo(data);
  else setUserInfo({ ...data });
}

/**
 * Loads the session of a signed-in user: profile (user info), analytics identity with the
 * company group, launcher, then the workspace: the remembered one if still reachable, else the
 * only one. Selecting it loads its permissions; without a workspace only a super-admin session
 * loads them (its list carries super_admin.workspace.read, which the store keeps).
 */
export async function loadSession(): Promise<void> {
  const user = await api.call(profile, { suppressErrorToast: true });
  applyProfile(user);
  void analytics.identify({ id: user.id, email: user.loginId });

  const entries = await api.call(launcher, { suppressErrorToast: true });
  setLauncher(entries);
  const entry = chooseWorkspace(entries, readLastWorkspace());
  if (entry) {
    await selectWorkspaceEntry(entry, { reload: true });
    return;
  }
  selectWorkspace(0, 0);
  if (user.isSuperAdmin) await loadPermissions();
}

/** After a sign-in answer that established the session: its tokens are fresh as of now. */
export async function completeSignIn(): Promise<void> {
  writeLastRefreshTime();
  await loadSession();
}

let running: Promise<void> | null = null;

/**
 * App start: asks whether the browser carries a live session (quietly) and, if so, loads it.
 * An access token that ran out while the tab was closed is renewed first when this browser
 * refreshed a session before (the last-refresh time is kept until sign-out). The session
 * status is `loading` until this settles, so screens wait instead of redirecting.
 */
export function bootstrapSession(): Promise<void> {
  running ??= (async () => {
    sessionStatusStore.set('loading');
    try {
      let isLoggedIn = await api.call(checkLoggedIn, quiet).then(
        (data) => data.loggedIn,
        () => false,
      );
      if (!isLoggedIn && readLastRefreshTime() !== null) isLoggedIn = await refreshSession();
      if (isLoggedIn) await loadSession();
      sessionStatusStore.set('ready');
    } catch (error) {
      // A 401 runs the sign-out-or-refresh routine, which already decided; anything else is shown with a retry.
      if (isApiError(error) && error.status === 401) sessionStatusStore.set('ready');
      else sessionStatusStore.set('error', error);
    } finally {
      running = null;
    }
  })();
  return running;
}
