import { type QueryClient } from '@tanstack/react-query';
import { type UnauthorizedHandler } from '../lib/api/api-client';
import { type Analytics } from '../lib/analytics';
import { clearSession } from '../lib/session';
import { PATHS } from './paths';

export interface SignOutDeps {
  navigate: (to: string, options: { replace: boolean }) => unknown;
  analytics: Pick<Analytics, 'reset'>;
  queryClient?: Pick<QueryClient, 'clear'>;
}

/**
 * Local sign-out (spec section 4): clear user info, session state, theme marker and last-refresh
 * time, forget the analytics identity and cached server data, and go to the sign-in page
 * replacing the history entry.
 */
export function signOutLocally({ navigate, analytics, queryClient }: SignOutDeps): void {
  clearSession();
  analytics.reset();
  queryClient?.clear();
  void navigate(PATHS.signIn, { replace: true });
}

/**
 * The sign-out-or-refresh routine run on a lost session. The session-refresh call arrives with
 * the sign-in issue (refreshSession below); without it the routine signs out.
 */
export function createUnauthorizedHandler(
  deps: SignOutDeps & { refreshSession?: () => Promise<boolean> },
): UnauthorizedHandler {
  return async () => {
    if (deps.refreshSession) {
      try {
        if (await deps.refreshSession()) return;
      } catch {
        // A failed refresh clears the session (spec section 4).
      }
    }
    signOutLocally(deps);
  };
}
