import { type DemoAccount } from '@legal/api';
import { Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const KNOWN_ROLES = [
  'SUPER_ADMIN', 'SUPER_MANAGER', 'LEGAL_MANAGER', 'GENERAL_MEMBER',
  'LEGAL_REVIEWER', 'LEGAL_ASSIGNER', 'LEGAL_APPROVER', 'EXTERNAL_LAWYER', 'READER', 'WORKSPACE_ADMIN',
] as const;
type KnownRole = (typeof KNOWN_ROLES)[number];
const isKnownRole = (role: string): role is KnownRole => (KNOWN_ROLES as readonly string[]).includes(role);

export interface DemoAccountsPanelProps {
  accounts: readonly DemoAccount[];
  onPick: (account: DemoAccount) => void;
}

/** The demo accounts: login id, name, role, workspace and a badge for two-step sign-in; picking one fills the form. */
export function DemoAccountsPanel({ accounts, onPick }: DemoAccountsPanelProps) {
  const { t } = useTranslation('auth');
  return (
    <Paper component="section" withBorder p="md" radius="md" mt="lg" aria-labelledby="demo-accounts-title">
      <Title id="demo-accounts-title" order={2} size="h5">
        {t('demo.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('demo.description')}
      </Text>
      <Stack gap={4}>
        {accounts.map((account) => (
          <UnstyledButton
            key={account.loginId}
            onClick={() => onPick(account)}
            p="xs"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            // The visible login id and role are the button's name (what a speech user says); the action is its description.
            title={t('demo.pick', { loginId: account.loginId })}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {account.loginId}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {account.displayName} · {isKnownRole(account.role) ? t(`demo.roles.${account.role}`) : account.role}
                  {account.workspace ? ` · ${account.workspace}` : ''}
                </Text>
              </Stack>
              {account.twoFactor ? (
                <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                  {t('demo.twoFactor')}
                </Badge>
              ) : null}
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Paper>
  );
}
