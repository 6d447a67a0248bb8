import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle } from '../../components/icons';
import { useSession, type SessionState } from '../../lib/session';
import { LoginHistoryPanel } from './LoginHistoryPanel';
import { PasswordChangeForm } from './PasswordChangeForm';
import { ProfileSummary } from './ProfileSummary';
import { SessionsPanel } from './SessionsPanel';
import './account-i18n';

const selectAlertLevel = (s: SessionState) => s.userInfo?.alertLevel;

/** `/profile`: the account, the password, the signed-in devices and the sign-in history. */
export function ProfilePage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('documentTitle'));
  const alertLevel = useSession(selectAlertLevel);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('description')}</Text>
        </Stack>
        {alertLevel === 'EXPIRED' || alertLevel === 'WARN' ? (
          <Alert color={alertLevel === 'EXPIRED' ? 'red' : 'yellow'} icon={<IconAlertTriangle size={18} aria-hidden="true" />} role="alert">
            {alertLevel === 'EXPIRED' ? t('expiredNotice') : t('warnNotice')}
          </Alert>
        ) : null}
        <ProfileSummary />
        <PasswordChangeForm />
        <SessionsPanel />
        <LoginHistoryPanel />
      </Stack>
    </Container>
  );
}
