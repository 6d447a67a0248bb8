import { selectCurrentWorkspace, hasPermission, sessionStore, setAlertLevel, withdrawProduct } from '../session';
import { currentLocale, i18n } from '../i18n';
import { createApiClient, type ApiContext } from './api-client';

export * from './api-client';
export * from './api-error';
export * from './idempotency';
export * from './event-stream';
export { readSseEvents, type SseEvent } from './sse-reader';
export * from './api-notifier';
export { AUTH_PATHS, classifyFailure, readErrorEnvelope } from './error-policy';
export { buildUrl, serviceBase, type QueryInput } from './request-url';

function sessionContext(): ApiContext {
  const state = sessionStore.getState();
  return {
    tenantId: state.tenantId,
    workspaceId: state.workspaceId,
    locale: currentLocale(),
    userId: state.userInfo?.id,
    workspaceName: selectCurrentWorkspace(state)?.name,
    route: typeof window === 'undefined' ? '' : window.location.pathname,
    hasPermission: (name) => hasPermission(name, state),
  };
}

/** The app's client: headers from the session, messages in the interface language. */
export const api = createApiClient({
  getContext: sessionContext,
  translate: (key) => i18n.t(key),
  // RequireSignedIn then leads every screen to the profile page's password change.
  onPasswordExpired: () => setAlertLevel('EXPIRED'),
  // RequireProduct then shows the "not available in this workspace" state.
  onProductUnavailable: withdrawProduct,
});

/** The app registers its toast/dialog implementation here once Mantine is mounted. */
export const setApiNotifier = api.setNotifier;
/** The app's sign-out-or-refresh routine, run on a lost session (spec section 8). */
export const setUnauthorizedHandler = api.setUnauthorizedHandler;
