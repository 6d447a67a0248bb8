import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useLayoutEffect } from 'react';
import { NOTIFICATIONS_LIMIT, NOTIFICATIONS_POSITION } from './overlay-settings';

/**
 * Mantine's toast stack and the modals manager (`modals.open...`), with Modal, ScrollArea and
 * floating-ui behind them: loaded by LazyMantineOverlays at the first toast or dialog, not with
 * the first screen. The manager sits beside the app rather than around it (nothing reads its
 * context); `onReady` runs once it listens to the `modals.*` events.
 */
export function MantineOverlays({ onReady }: { onReady: () => void }) {
  return (
    <>
      <Notifications position={NOTIFICATIONS_POSITION} limit={NOTIFICATIONS_LIMIT} />
      <ModalsProvider />
      <Ready onReady={onReady} />
    </>
  );
}

/** A later sibling: its layout effect runs after ModalsProvider's, which subscribes to the events. */
function Ready({ onReady }: { onReady: () => void }) {
  useLayoutEffect(() => onReady(), [onReady]);
  return null;
}
