import { useCallback, useSyncExternalStore } from 'react';
import { hasAnyPermission, hasPermission, hasProduct, sessionStore } from './session-store';
import { type Product, type SessionState } from './session-types';

/** Subscribes to one slice of the session. The selector must return a stable value per snapshot. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  const getSnapshot = useCallback(() => selector(sessionStore.getState()), [selector]);
  return useSyncExternalStore(sessionStore.subscribe, getSnapshot, getSnapshot);
}

export function useHasPermission(name: string): boolean {
  return useSession(useCallback((s: SessionState) => hasPermission(name, s), [name]));
}

export function useHasAnyPermission(names: readonly string[]): boolean {
  // Keyed by content, so callers may pass a fresh array on every render.
  const key = names.join('\n');
  const selector = useCallback((s: SessionState) => hasAnyPermission(key ? key.split('\n') : [], s), [key]);
  return useSession(selector);
}

export function useHasProduct(type: Product['type']): boolean {
  return useSession(useCallback((s: SessionState) => hasProduct(type, s), [type]));
}
