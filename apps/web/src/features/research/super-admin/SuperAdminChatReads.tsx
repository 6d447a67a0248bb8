import { listSuperAdminChatMessages, listSuperAdminChatMessagesV2, listSuperAdminChats, type SuperAdminChatMessageV2 } from '@legal/api';
import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListFooter } from '../../../components/ListFooter';
import { LoadingState } from '../../../components/LoadingState';
import { api } from '../../../lib/api';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import { citationLabel } from '../citation-text';
import '../research-i18n';

/**
 * The three audited reads of a workspace's research chats over a date range: its chats (last
 * activity in the range), every message written in the range, and one chat's messages. Each
 * read happens only once the range is applied (the page's rule), and each is one audit entry.
 */

const PAGE_SIZE = 20;
/** A chat's conversation on one page in the usual case; the server allows 200. */
const CHAT_PAGE_SIZE = 100;

export interface ChatRead {
  tenantId: number;
  workspaceId: number;
  dateStart: string;
  dateEnd: string;
  page: number;
}

/** What every read shows the same way: loading, the failure with a retry, nothing in the range, then the rows and the pages. */
function Paged<T>({ query, empty, total, pagesLabel, page, onPage, children }: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; data?: { content: T[]; totalElements: number; totalPages: number } };
  empty: string;
  total: (count: number) => string;
  pagesLabel: string;
  page: number;
  onPage: (page: number) => void;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <LoadingState />;
  if (query.isError || !query.data) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.content.length === 0) return <EmptyState title={empty} />;
  return (
    <Stack gap="sm">
      {children(query.data.content)}
      <ListFooter total={total(query.data.totalElements)} totalPages={query.data.totalPages} page={page} onPage={onPage} pagesLabel={pagesLabel} />
    </Stack>
  );
}

/** chats/list/v1: the chats whose last activity fell in the days; a title opens the chat's messages. */
export function ChatList({ read, onPage, onOpen }: { read: ChatRead; onPage: (page: number) => void; onOpen: (chat: { chatKey: string; title: string }) => void }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const chats = useQuery({
    queryKey: ['super-admin', 'research-chats', 'list', read],
    queryFn: ({ signal }) => api.call(listSuperAdminChats, { signal, query: { ...read, size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  return (
    <Paged query={chats} empty={t('admin.chats.emptyChats')} total={(count) => t('admin.chats.chatTotal', { count })} pagesLabel={t('admin.chats.chatPages')} page={read.page} onPage={onPage}>
      {(rows) => (
        <Table striped verticalSpacing="xs" aria-label={t('admin.chats.viewChats')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.chats.lastActivity')}</Table.Th>
              <Table.Th>{t('admin.chats.user')}</Table.Th>
              <Table.Th>{t('admin.chats.chat')}</Table.Th>
              <Table.Th>{t('admin.chats.messageCount')}</Table.Th>
              <Table.Th>{t('admin.chats.started')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((c) => (
              <Table.Tr key={c.chatKey}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(c.updatedAt)}</Table.Td>
                <Table.Td>{c.user.name ?? `#${c.user.userId}`}</Table.Td>
                <Table.Td>
                  <Anchor component="button" type="button" size="sm" ta="left" onClick={() => onOpen(c)}>
                    {c.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>{format.number(c.messageCount)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(c.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paged>
  );
}

function RoleBadge({ role, declined }: { role: 'USER' | 'ASSISTANT'; declined: boolean }) {
  const { t } = useTranslation('research');
  return (
    <Badge variant="light" color={role === 'USER' ? 'blue' : declined ? 'gray' : 'teal'} tt="none">
      {t(`admin.chats.role${role}`)}
    </Badge>
  );
}

/** chats/messages/v1: every message written in the days, newest first. */
export function MessageList({ read, onPage }: { read: ChatRead; onPage: (page: number) => void }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const messages = useQuery({
    queryKey: ['super-admin', 'research-chats', 'messages', read],
    queryFn: ({ signal }) => api.call(listSuperAdminChatMessages, { signal, query: { ...read, size: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  return (
    <Paged query={messages} empty={t('admin.chats.empty')} total={(count) => t('admin.chats.total', { count })} pagesLabel={t('admin.chats.pages')} page={read.page} onPage={onPage}>
      {(rows) => (
        <Table striped verticalSpacing="xs" aria-label={t('admin.chats.viewMessages')}>
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
            {rows.map((m) => (
              <Table.Tr key={m.chatMessageKey}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(m.createdAt)}</Table.Td>
                <Table.Td>{m.user.name ?? `#${m.user.userId}`}</Table.Td>
                <Table.Td>{m.chatTitle}</Table.Td>
                <Table.Td>
                  <RoleBadge role={m.role} declined={m.declined} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={3} title={m.text}>
                    {m.text}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paged>
  );
}

function ChatMessage({ message }: { message: SuperAdminChatMessageV2 }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={t(`admin.chats.role${message.role}`)}>
      <Stack gap={6}>
        <Group gap="xs">
          <RoleBadge role={message.role} declined={message.declined} />
          <Text size="xs" c="dimmed">
            {format.dateTime(message.createdAt)}
          </Text>
          {message.declined ? (
            <Badge color="gray" variant="outline" tt="none">
              {t('answer.declined')}
            </Badge>
          ) : null}
          {message.feedback?.rating ? (
            <Badge color={message.feedback.rating === 'GOOD' ? 'teal' : 'red'} variant="dot" tt="none">
              {t(`admin.chats.feedback${message.feedback.rating}`)}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {message.text}
        </Text>
        {message.citations.length > 0 ? (
          <Group gap={6} aria-label={t('answer.sources')}>
            {message.citations.map((c, i) => (
              <Badge key={i} variant="light" tt="none" title={c.quote}>
                {t('answer.chip', { label: citationLabel(c), date: format.isoDate(c.effectiveDate) })}
              </Badge>
            ))}
          </Group>
        ) : null}
        {message.feedback?.comment ? (
          <Text size="xs" c="dimmed">
            {t('admin.chats.feedbackComment', { comment: message.feedback.comment })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** chats/messages/v2 with the chat's key: that chat's messages written in the days, oldest first on the page, with citations and the owner's feedback. */
export function ChatConversation({ read, chatKey, onPage, onBack }: { read: ChatRead; chatKey: string; onPage: (page: number) => void; onBack: () => void }) {
  const { t } = useTranslation('research');
  const messages = useQuery({
    queryKey: ['super-admin', 'research-chats', 'chat', chatKey, read],
    queryFn: ({ signal }) => api.call(listSuperAdminChatMessagesV2, { signal, query: { ...read, chatKey, size: CHAT_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md">
    <ChatHeading title={messages.data?.content[0]?.chatTitle ?? chatKey} onBack={onBack} />
    <Paged query={messages} empty={t('admin.chats.emptyChat')} total={(count) => t('admin.chats.total', { count })} pagesLabel={t('admin.chats.pages')} page={read.page} onPage={onPage}>
      {(rows) => (
        <Stack gap="xs" component="ol" aria-label={t('admin.chats.conversation')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {[...rows].reverse().map((m) => (
            <ChatMessage key={m.chatMessageKey} message={m} />
          ))}
        </Stack>
      )}
    </Paged>
    </Stack>
  );
}

/** The way back from a chat to the list of chats, with the chat's title. */
function ChatHeading({ title, onBack }: { title: string; onBack: () => void }) {
  const { t } = useTranslation('research');
  return (
    <Stack gap={4}>
      <UnstyledButton onClick={onBack} c="var(--mantine-color-anchor)" fz="sm" w="fit-content">
        {t('admin.chats.backToChats')}
      </UnstyledButton>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {t('admin.chats.chatRange')}
      </Text>
    </Stack>
  );
}
