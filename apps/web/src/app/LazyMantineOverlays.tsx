import { notificationsStore } from '@mantine/notifications';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { NOTIFICATIONS_LIMIT, NOTIFICATIONS_POSITION } from './overlay-settings';

const MantineOverlays = lazy(async () => ({ default: (await import('./MantineOverlays')).MantineOverlays }));

/** The window events of `modals.*` (@mantine/modals dispatches them; ModalsProvider listens). */
const MODAL_EVENTS = [
  'openModal', 'openConfirmModal', 'openContextModal', 'closeModal', 'closeContextModal', 'closeAllModals', 'updateModal', 'updateContextModal',
].map((name) => `mantine-modals:${name}`);

const hasToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length > 0 || queue.length > 0;
};

/**
 * Mounts Mantine's toasts and modals manager on first use, so that the first screen ships
 * neither (docs/performance.md, "First screen"). Call sites stay as they are:
 * - `notifications.show` writes into Mantine's store, which keeps the toast until the stack
 *   mounts and draws it;
 * - `modals.open...` dispatches a window event that only a mounted ModalsProvider hears: until it
 *   is ready the events are held here, in order, and dispatched again once it listens.
 */
export function LazyMantineOverlays() {
  const isToastShown = useSyncExternalStore(notificationsStore.subscribe, hasToasts, hasToasts);
  const [isDialogAsked, setDialogAsked] = useState(false);
  /** Once loaded the overlays stay, whatever is shown. */
  const [isReady, setReady] = useState(false);
  const held = useRef<Array<{ type: string; detail: unknown }>>([]);
  const stopHolding = useRef<(() => void) | null>(null);

  useEffect(() => {
    // The stack's own settings, so toasts shown before it mounts are queued the same way.
    notificationsStore.updateState((state) => ({ ...state, limit: NOTIFICATIONS_LIMIT, defaultPosition: NOTIFICATIONS_POSITION }));
    const hold = (event: Event) => {
      const isOpen = event.type.startsWith('mantine-modals:open');
      // Closing or updating before anything was opened acts on nothing.
      if (!isOpen && held.current.length === 0) return;
      held.current.push({ type: event.type, detail: (event as CustomEvent).detail });
      setDialogAsked(true);
    };
    for (const type of MODAL_EVENTS) window.addEventListener(type, hold);
    const stop = () => {
      for (const type of MODAL_EVENTS) window.removeEventListener(type, hold);
      stopHolding.current = null;
    };
    stopHolding.current = stop;
    return stop;
  }, []);

  const onReady = useCallback(() => {
    stopHolding.current?.();
    const events = held.current;
    held.current = [];
    for (const { type, detail } of events) window.dispatchEvent(new CustomEvent(type, { detail }));
    setReady(true);
  }, []);

  if (!isReady && !isToastShown && !isDialogAsked) return null;
  return (
    <Suspense fallback={null}>
      <MantineOverlays onReady={onReady} />
    </Suspense>
  );
}
