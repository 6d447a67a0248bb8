import { endOtherSessions, endSession, listSessions, type SessionInfo } from '@legal/api';
import { Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { api } from '../../lib/api';
import { useFormatDateTime } from '../../lib/i18n';
import { describeUserAgent } from './describe-user-agent';
import './account-i18n';

export const SESSIONS_QUERY_KEY = ['auth', 'sessions'] as const;

/** The user's live sessions: end one, or every one but this device's (after a confirmation). */
export function SessionsPanel() {
  const { t } = useTranslation('account');
  const formatDateTime = useFormatDateTime();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SESSIONS_QUERY_KEY, queryFn: () => api.call(listSessions) });
  const refetch = () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });

  const endOne = useMutation({
    mutationFn: (sessionId: string) => api.call(endSession, { params: { sessionId } }),
    onSuccess: () => {
      notifications.show({ color: 'green', message: t('sessions.ended') });
      void refetch();
    },
  });
  const endOthers = useMutation({
    mutationFn: () => api.call(endOtherSessions),
    onSuccess: (data) => {
      notifications.show({ color: 'green', message: t('sessions.endedOthers', { count: data.revokedCount }) });
      void refetch();
    },
  });

  const confirmEndOthers = () =>
    modals.openConfirmModal({
      title: t('sessions.endOthersTitle'),
      centered: true,
      children: <Text size="sm">{t('sessions.endOthersMessage')}</Text>,
      labels: { confirm: t('sessions.endOthersConfirm'), cancel: t('sessions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => endOthers.mutate(),
    });

  const device = (session: SessionInfo) => describeUserAgent(session.userAgent) ?? t('sessions.unknownDevice');
  const sessions = query.data ?? [];
  const hasOthers = sessions.some((s) => !s.isCurrent);

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (sessions.length === 0) body = <EmptyState title={t('sessions.emptyTitle')} />;
  else {
    body = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('sessions.device')}</Table.Th>
              <Table.Th>{t('sessions.ip')}</Table.Th>
              <Table.Th>{t('sessions.createdAt')}</Table.Th>
              <Table.Th>{t('sessions.lastSeenAt')}</Table.Th>
              <Table.Th>{t('sessions.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((session) => (
              <Table.Tr key={session.id} data-current={session.isCurrent || undefined}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" title={session.userAgent ?? undefined}>
                      {device(session)}
                    </Text>
                    {session.isSuperAdmin ? (
                      <Badge size="xs" color="grape" variant="light">
                        {t('sessions.superAdmin')}
                      </Badge>
                    ) : null}
                  </Group>
                </Table.Td>
                <Table.Td>{session.ip ?? '-'}</Table.Td>
                <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
                <Table.Td>{formatDateTime(session.lastSeenAt)}</Table.Td>
                <Table.Td>
                  {session.isCurrent ? (
                    <Badge variant="light">{t('sessions.current')}</Badge>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      aria-label={t('sessions.endLabel', { device: device(session) })}
                      loading={endOne.isPending && endOne.variables === session.id}
                      onClick={() => endOne.mutate(session.id)}
                    >
                      {t('sessions.end')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sessions-title">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4" id="sessions-title">
            {t('sessions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('sessions.description')}
          </Text>
        </div>
        <Button variant="light" color="red" onClick={confirmEndOthers} disabled={!hasOthers} loading={endOthers.isPending}>
          {t('sessions.endOthers')}
        </Button>
      </Group>
      {body}
    </Card>
  );
}
