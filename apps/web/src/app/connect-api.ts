import { type QueryClient } from '@tanstack/react-query';
import { refreshSession } from '../features/auth/session-refresh';
import { setApiNotifier, setUnauthorizedHandler } from '../lib/api';
import { analytics } from '../lib/analytics';
import { mantineNotifier } from './mantine-notifier';
import { type AppRouter } from './router';
import { createUnauthorizedHandler } from './session-routines';

/** Gives the API client its UI (toasts, dialogs) and the app's lost-session routine (refresh, else sign out). */
export function connectApiToApp({ router, queryClient }: { router: Pick<AppRouter, 'navigate'>; queryClient: QueryClient }): void {
  setApiNotifier(mantineNotifier);
  setUnauthorizedHandler(
    createUnauthorizedHandler({
      navigate: (to, options) => router.navigate(to, options),
      analytics,
      queryClient,
      refreshSession,
    }),
  );
}
