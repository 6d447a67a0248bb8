import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { useSignOut } from './sign-out';

/** `impersonatedBy` of the profile answer, when this session was opened by someone else. */
function impersonatorName(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('name' in value)) return null;
  const { name } = value as { name: unknown };
  return typeof name === 'string' ? name : null;
}

/**
 * A bar across the top of the shell while an impersonated session is in use; ending it signs
 * that session out (the impersonator signs in again as themselves).
 */
export function ImpersonationBanner() {
  const { t } = useTranslation('auth');
  const signOut = useSignOut();
  const userInfo = useSession((state) => state.userInfo);
  if (!userInfo || userInfo.impersonatedBy === undefined || userInfo.impersonatedBy === null) return null;
  const targetName = typeof userInfo.name === 'string' ? userInfo.name : userInfo.loginId;
  return (
    <Paper radius={0} px="md" py={6} bg="orange.6" c="white" role="status" data-testid="impersonation-banner">
      <Group justify="center" gap="sm" wrap="nowrap">
        <Text size="sm" fw={600} title={t('impersonation.by', { by: impersonatorName(userInfo.impersonatedBy) ?? '' })}>
          {t('impersonation.banner', { name: targetName })}
        </Text>
        <Text size="sm" aria-hidden="true">
          ·
        </Text>
        <Button size="compact-xs" variant="white" color="orange" onClick={() => void signOut()}>
          {t('impersonation.end')}
        </Button>
      </Group>
    </Paper>
  );
}
