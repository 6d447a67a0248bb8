import { listSuperAdminChatMessages } from '@legal/api';
import { Alert, Badge, Button, Container, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListFooter } from '../../../components/ListFooter';
import { LoadingState } from '../../../components/LoadingState';
import { api } from '../../../lib/api';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import { useWorkspaceTarget, WorkspaceTargetPicker } from '../../ai-platform/WorkspaceTargetPicker';
import '../research-i18n';

const PAGE_SIZE = 20;

/** Today and 6 days before, in Korea (the server's days are Asia/Seoul). */
function lastWeek(): { from: string; to: string } {
  const day = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Asia/Seoul' });
  const now = new Date();
  return { from: day(new Date(now.getTime() - 6 * 86_400_000)), to: day(now) };
}

/**
 * `/super-admin/research-chats?tenantId=&workspaceId=&from=&to=&page=`: a workspace's research chat
 * messages over a date range, newest first. Reading them is recorded in that workspace's audit log
 * (the page says so before anything is read: the list loads only once the range is applied).
 */
export function ResearchChatsSuperAdminPage() {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  useDocumentTitle(t('admin.chats.title'));
  const target = useWorkspaceTarget();
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const page = Math.max(0, Number(params.get('page') ?? '0') || 0);
  const [draft, setDraft] = useState(() => (from && to ? { from, to } : lastWeek()));

  const messages = useQuery({
    queryKey: ['super-admin', 'research-chats', target, from, to, page],
    queryFn: ({ signal }) => api.call(listSuperAdminChatMessages, { signal, query: { ...target!, dateStart: from!, dateEnd: to!, page, size: PAGE_SIZE } }),
    enabled: target !== null && from !== null && to !== null,
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    update({ from: draft.from, to: draft.to, page: null });
  };

  let body;
  if (!target) body = <Text c="dimmed">{t('admin.chooseWorkspace')}</Text>;
  else if (!from || !to) body = <Text c="dimmed">{t('admin.chats.chooseRange')}</Text>;
  else if (messages.isPending) body = <LoadingState />;
  else if (messages.isError) body = <ErrorState error={messages.error} onRetry={() => void messages.refetch()} />;
  else if (messages.data.content.length === 0) body = <EmptyState title={t('admin.chats.empty')} />;
  else {
    body = (
      <Stack gap="sm">
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.chats.when')}</Table.Th>
              <Table.Th>{t('admin.chats.user')}</Table.Th>
              <Table.Th>{t('admin.chats.chat')}</Table.Th>
              <Table.Th>{t('admin.chats.role')}</Table.Th>
              <Table.Th>{t('admin.chats.text')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.data.content.map((m) => (
              <Table.Tr key={m.chatMessageKey}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(m.createdAt)}</Table.Td>
                <Table.Td>{m.user.name ?? `#${m.user.userId}`}</Table.Td>
                <Table.Td>{m.chatTitle}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={m.role === 'USER' ? 'blue' : m.declined ? 'gray' : 'teal'} tt="none">
                    {t(`admin.chats.role${m.role}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={3} title={m.text}>{m.text}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <ListFooter
          total={t('admin.chats.total', { count: messages.data.totalElements })}
          totalPages={messages.data.totalPages}
          page={page}
          onPage={(next) => update({ page: next > 0 ? String(next) : null })}
          pagesLabel={t('admin.chats.pages')}
        />
      </Stack>
    );
  }

  return (
    <Container size="xl" py="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('admin.chats.title')}</Title>
          <Text c="dimmed">{t('admin.chats.description')}</Text>
        </Stack>
        <Alert color="yellow" variant="light" role="note">{t('admin.chats.audited')}</Alert>
        <WorkspaceTargetPicker />
        {target ? (
          <form onSubmit={apply} aria-label={t('admin.chats.range')}>
            <Group align="end">
              <TextInput type="date" label={t('admin.chats.from')} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} w={180} />
              <TextInput type="date" label={t('admin.chats.to')} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })} w={180} />
              <Button type="submit" variant="light" disabled={!draft.from || !draft.to}>{t('admin.chats.show')}</Button>
            </Group>
          </form>
        ) : null}
        {body}
      </Stack>
    </Container>
  );
}
