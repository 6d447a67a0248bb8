import { type QueryClient } from '@tanstack/react-query';
import { type UnauthorizedHandler } from '../lib/api/api-client';
import { isTokenRefreshPath } from '../lib/api/error-policy';
import { type Analytics } from '../lib/analytics';
import { clearSession } from '../lib/session';
import { PATHS } from './paths';

export interface SignOutDeps {
  navigate: (to: string, options: { replace: boolean }) => unknown;
  analytics: Pick<Analytics, 'reset'>;
  queryClient?: Pick<QueryClient, 'clear'> & Partial<Pick<QueryClient, 'invalidateQueries'>>;
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
 * The sign-out-or-refresh routine run on a lost session (spec sections 4 and 8): try one
 * session refresh; if it succeeds keep the session and let the screens fetch again, otherwise
 * sign out. A lost session on the refresh call itself signs out at once (no refresh loop), and
 * losses reported while a routine runs join it rather than starting another.
 */
export function createUnauthorizedHandler(
  deps: SignOutDeps & { refreshSession?: () => Promise<boolean> },
): UnauthorizedHandler {
  let running: Promise<void> | null = null;

  async function routine(path: string): Promise<void> {
    if (deps.refreshSession && !isTokenRefreshPath(path)) {
      try {
        if (await deps.refreshSession()) {
          void deps.queryClient?.invalidateQueries?.();
          return;
        }
      } catch {
        // A failed refresh clears the session (spec section 4).
      }
    }
    signOutLocally(deps);
  }

  return (event) => {
    running ??= routine(event.path).finally(() => {
      running = null;
    });
    return running;
  };
}
