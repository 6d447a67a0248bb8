import { launcher } from '@legal/api';
import { Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { api } from '../../lib/api';
import { selectCurrentWorkspace, setLauncher, useSession, type SessionState } from '../../lib/session';
import { useOpenWorkspace } from './use-open-workspace';
import { WorkspaceCard } from './WorkspaceCard';
import './workspaces-i18n';

const selectLauncher = (s: SessionState) => s.launcher;

/** `/workspaces`: one card per workspace the user can reach; opening one selects it. */
export function LauncherPage() {
  const { t } = useTranslation('workspaces');
  useDocumentTitle(t('launcher.documentTitle'));
  const entries = useSession(selectLauncher);
  const current = useSession(selectCurrentWorkspace);
  const openWorkspace = useOpenWorkspace();
  // The session load brought the list; it is fetched again here so new invitations show up.
  const query = useQuery({
    queryKey: ['auth', 'launcher'],
    queryFn: async () => {
      const data = await api.call(launcher);
      setLauncher(data);
      return data;
    },
  });

  let content;
  if (entries.length === 0 && query.isPending) content = <LoadingState />;
  else if (entries.length === 0 && query.isError) content = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (entries.length === 0) content = <EmptyState title={t('launcher.emptyTitle')} description={t('launcher.emptyDescription')} />;
  else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {entries.map((entry) => (
          <WorkspaceCard
            key={`${entry.tenantId}-${entry.workspaceId}`}
            entry={entry}
            isCurrent={current?.id === entry.workspaceId && current.tenantId === entry.tenantId}
            onOpen={openWorkspace}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap={4} mb="xl">
        <Title order={1}>{t('launcher.title')}</Title>
        <Text c="dimmed">{t('launcher.description')}</Text>
      </Stack>
      {content}
    </Container>
  );
}
