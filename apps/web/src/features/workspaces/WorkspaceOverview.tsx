import { DetailsTable } from '../../components/DetailsTable';
import { Card, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { useSession, type LauncherEntry, type SessionState } from '../../lib/session';
import { ProductBadges, SubscriptionBadge } from './WorkspaceBadges';
import { WorkspaceLinks } from './WorkspaceLinks';
import { loadPermissions, usePermissionsLoad } from './workspace-selection';
import './workspaces-i18n';

const selectPermissionCount = (s: SessionState) => s.permissions.length;

function PermissionsSummary() {
  const { t } = useTranslation('workspaces');
  const load = usePermissionsLoad();
  const count = useSession(selectPermissionCount);
  if (load.status === 'loading') {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {t('home.permissionsLoading')}
        </Text>
      </Group>
    );
  }
  if (load.status === 'error') {
    return <ErrorState error={load.error} title={t('home.permissionsFailed')} onRetry={() => void loadPermissions()} />;
  }
  return (
    <Text size="xl" fw={700} data-testid="permission-count">
      {t('home.permissionsCount', { count })}
    </Text>
  );
}

/** What the selected workspace holds for the user: its name and memo, the membership, products and permissions. */
export function WorkspaceOverview({ entry }: { entry: LauncherEntry }) {
  const { t } = useTranslation('workspaces');
  useDocumentTitle(entry.workspaceName);
  const none = t('member.none');
  const rows: Array<[string, string]> = [
    [t('member.displayName'), entry.displayName],
    [t('member.division'), entry.divisionName ?? none],
    [t('member.position'), entry.jobPositionName ?? none],
    [t('member.jobTitle'), entry.jobTitleName ?? none],
  ];

  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap={6}>
          <Group gap="sm" align="center">
            <Title order={1}>{entry.workspaceName}</Title>
            <SubscriptionBadge status={entry.subscriptionStatus} />
          </Group>
          <Text c="dimmed">{entry.workspaceMemo || t('home.noMemo')}</Text>
          <WorkspaceLinks workspaceName={entry.workspaceName} />
        </Stack>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="membership-title">
            <Title order={2} size="h5" id="membership-title" mb="sm">
              {t('home.membershipTitle')}
            </Title>
            <DetailsTable rows={rows} labelWidth={96} />
          </Card>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="products-title">
            <Title order={2} size="h5" id="products-title" mb="sm">
              {t('home.productsTitle')}
            </Title>
            {entry.products.length > 0 ? <ProductBadges products={entry.products} /> : <Text c="dimmed">{t('home.noProducts')}</Text>}
          </Card>
          <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="permissions-title">
            <Title order={2} size="h5" id="permissions-title" mb="sm">
              {t('home.permissionsTitle')}
            </Title>
            <PermissionsSummary />
          </Card>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
