import { logout } from '@legal/api';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOutLocally, type SignOutDeps } from '../../app/session-routines';
import { analytics } from '../../lib/analytics';
import { api } from '../../lib/api';

/** Sign-out: ends the session on the server (errors ignored: the local sign-out happens anyway), then locally. */
export async function signOut(deps: SignOutDeps): Promise<void> {
  try {
    await api.call(logout, { suppressErrorToast: true, skipErrorReport: true });
  } catch {
    // An ended or unreachable session is signed out all the same.
  }
  signOutLocally(deps);
}

export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => signOut({ navigate: (to, options) => navigate(to, options), analytics, queryClient }), [navigate, queryClient]);
}
