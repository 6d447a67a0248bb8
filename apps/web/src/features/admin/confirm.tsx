import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  /** Red confirm button for destructive actions (delete, deactivate, cancel). */
  isDestructive?: boolean;
  onConfirm: () => void;
}

/** Asks before a destructive or hard-to-undo action. */
export function confirmAction(options: ConfirmOptions) {
  modals.openConfirmModal({
    title: options.title,
    centered: true,
    children: <Text size="sm">{options.message}</Text>,
    labels: { confirm: options.confirmLabel, cancel: options.cancelLabel },
    confirmProps: { color: options.isDestructive ? 'red' : undefined },
    onConfirm: options.onConfirm,
  });
}
