import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconArrowRight } from '../../components/icons';
import { type LauncherEntry } from '../../lib/session';
import { ProductBadges, SubscriptionBadge, membershipLine } from './WorkspaceBadges';
import './workspaces-i18n';

export interface WorkspaceCardProps {
  entry: LauncherEntry;
  isCurrent: boolean;
  onOpen: (entry: LauncherEntry) => void;
}

/** One reachable workspace in the launcher. */
export function WorkspaceCard({ entry, isCurrent, onOpen }: WorkspaceCardProps) {
  const { t } = useTranslation('workspaces');
  const membership = membershipLine(entry);
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-labelledby={`workspace-${entry.tenantId}-${entry.workspaceId}`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" id={`workspace-${entry.tenantId}-${entry.workspaceId}`} style={{ wordBreak: 'break-all' }}>
            {entry.workspaceName}
          </Title>
          <SubscriptionBadge status={entry.subscriptionStatus} />
        </Group>
        {entry.workspaceMemo ? (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {entry.workspaceMemo}
          </Text>
        ) : null}
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {entry.displayName}
          </Text>
          {membership ? (
            <Text size="xs" c="dimmed">
              {membership}
            </Text>
          ) : null}
        </Stack>
        <ProductBadges products={entry.products} />
        <Group justify="space-between" mt="auto" pt="xs">
          {isCurrent ? (
            <Badge variant="dot" color="primary">
              {t('launcher.current')}
            </Badge>
          ) : (
            <span />
          )}
          <Button
            variant={isCurrent ? 'filled' : 'light'}
            rightSection={<IconArrowRight size={16} aria-hidden="true" />}
            onClick={() => onOpen(entry)}
          >
            {t('launcher.open', { name: entry.workspaceName })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
