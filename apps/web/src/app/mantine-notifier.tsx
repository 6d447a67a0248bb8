import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { type ApiNotifier } from '../lib/api/api-notifier';
import { i18n } from '../lib/i18n';

/** The API client's toasts and dialogs, drawn with Mantine notifications and modals. */
export const mantineNotifier: ApiNotifier = {
  toast({ tone, title, message, onClose }) {
    notifications.show({
      color: tone === 'error' ? 'red' : 'yellow',
      title,
      message,
      withBorder: true,
      autoClose: tone === 'error' ? 6_000 : 8_000,
      closeButtonProps: { 'aria-label': i18n.t('actions.close') },
      onClose: onClose ? () => onClose() : undefined,
    });
  },
  confirm({ title, message, confirmLabel, cancelLabel, onConfirm, onClose }) {
    modals.openConfirmModal({
      title,
      centered: true,
      closeButtonProps: { 'aria-label': i18n.t('actions.close') },
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      onConfirm,
      onClose,
    });
  },
};
