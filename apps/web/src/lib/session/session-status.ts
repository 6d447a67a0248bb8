import { useSyncExternalStore } from 'react';
import { createStore } from '../create-store';

/**
 * Whether the app knows yet who is signed in. `idle`: nothing asked (tests, or before start);
 * `loading`: the start-up check and the session load are running; `ready`: settled either way;
 * `error`: the session could not be loaded (the screen offers a retry).
 */
export type SessionStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SessionStatusState {
  status: SessionStatus;
  error: unknown;
}

const store = createStore<SessionStatusState>({ status: 'idle', error: null });

export const sessionStatusStore = {
  getState: store.getState,
  subscribe: store.subscribe,
  set(status: SessionStatus, error: unknown = null): void {
    store.setState({ status, error });
  },
};

export function useSessionStatus(): SessionStatusState {
  return useSyncExternalStore(sessionStatusStore.subscribe, sessionStatusStore.getState, sessionStatusStore.getState);
}
