import { AUTH_LIMITS, acknowledgeAlert, postponePasswordExpiry } from '@legal/api';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useFormatDateTime } from '../../lib/i18n';
import { setAlertLevel } from '../../lib/session';

export interface PasswordAlertDialogProps {
  level: 'WARN' | 'EXPIRED' | null;
  /** `changePassword`: to the profile page; `continue`: on to where the sign-in leads. */
  onResolve: (outcome: 'changePassword' | 'continue') => void;
}

/**
 * The password alert after sign-in. EXPIRED: the password must be changed (no way around it).
 * WARN: change it now, postpone the expiry, or acknowledge the warning (the alert level becomes
 * NONE once the server answers SUCCESS).
 */
export function PasswordAlertDialog({ level, onResolve }: PasswordAlertDialogProps) {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [busy, setBusy] = useState<'postpone' | 'acknowledge' | null>(null);
  const isExpired = level === 'EXPIRED';

  const postpone = async () => {
    setBusy('postpone');
    try {
      const data = await api.call(postponePasswordExpiry);
      setAlertLevel('NONE');
      notifications.show({
        color: 'green',
        message: t('alert.postponed', { date: formatDateTime(data.passwordExpiresAt) }),
      });
      onResolve('continue');
    } catch {
      // The client already showed why; the dialog stays so the user can choose again.
    } finally {
      setBusy(null);
    }
  };

  const acknowledge = async () => {
    setBusy('acknowledge');
    try {
      await api.call(acknowledgeAlert);
      setAlertLevel('NONE');
      onResolve('continue');
    } catch {
      // As above: the toast explains, the dialog stays.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      opened={level !== null}
      onClose={() => onResolve('continue')}
      title={isExpired ? t('alert.expiredTitle') : t('alert.warnTitle')}
      centered
      withCloseButton={!isExpired}
      closeOnEscape={!isExpired}
      closeOnClickOutside={!isExpired}
      closeButtonProps={{ 'aria-label': tCommon('actions.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{isExpired ? t('alert.expiredMessage') : t('alert.warnMessage', { days: AUTH_LIMITS.passwordWarnDays })}</Text>
        <Button onClick={() => onResolve('changePassword')} disabled={busy !== null}>
          {t('alert.changeNow')}
        </Button>
        {isExpired ? null : (
          <>
            <Button variant="light" onClick={() => void postpone()} loading={busy === 'postpone'} disabled={busy === 'acknowledge'}>
              {t('alert.postpone', { days: AUTH_LIMITS.passwordPostponeDays })}
            </Button>
            <Button variant="subtle" onClick={() => void acknowledge()} loading={busy === 'acknowledge'} disabled={busy === 'postpone'}>
              {t('alert.acknowledge')}
            </Button>
          </>
        )}
      </Stack>
    </Modal>
  );
}
