import { ActionIcon, Anchor, Button, Group, Loader, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { DateInput } from '../../components/DateInput';
import { IconTrash } from './research-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { confirmAction } from '../admin/confirm';
import { type ChatListFilter, useChatList, useDeleteChat } from './research-queries';
import { ThemeHtml } from './ThemeHtml';
import './research-i18n';

/**
 * The caller's chats (newest activity first, more on demand), the day filter unless the theme
 * hides it, a new chat, deleting one after a confirmation, the statute browser, the statute-change
 * alerts, and the theme's own footer.
 */
export function ChatSidebar({ activeChatKey, filter, onFilter, hidesFilter, footerHtml, statutesPath, alertsPath, onOpen, onNew, onDeleted }: {
  activeChatKey: string | null;
  filter: ChatListFilter;
  onFilter: (next: ChatListFilter) => void;
  hidesFilter: boolean;
  footerHtml: string | null;
  statutesPath: string;
  alertsPath: string;
  onOpen: (chatKey: string) => void;
  onNew: () => void;
  onDeleted: (chatKey: string) => void;
}) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const chats = useChatList(hidesFilter ? {} : filter);
  const remove = useDeleteChat();
  const items = chats.data?.pages.flatMap((page) => page.content) ?? [];

  const askDelete = (chatKey: string, title: string) =>
    confirmAction({
      title: t('sidebar.deleteTitle'),
      message: t('sidebar.deleteMessage', { title }),
      confirmLabel: t('sidebar.delete'),
      cancelLabel: t('sidebar.cancel'),
      isDestructive: true,
      onConfirm: () => remove.mutate(chatKey, { onSuccess: () => onDeleted(chatKey) }),
    });

  return (
    <Paper withBorder radius="md" p="sm" component="nav" aria-label={t('sidebar.title')} h="100%" style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Button onClick={onNew} fullWidth>
        {t('sidebar.newChat')}
      </Button>
      {hidesFilter ? null : (
        <Group gap={6} grow wrap="nowrap" role="group" aria-label={t('sidebar.filter')}>
          <DateInput size="xs" label={t('sidebar.from')} value={filter.updatedDateStart ?? ''} onChange={(day) => onFilter({ ...filter, updatedDateStart: day || undefined })} />
          <DateInput size="xs" label={t('sidebar.to')} value={filter.updatedDateEnd ?? ''} onChange={(day) => onFilter({ ...filter, updatedDateEnd: day || undefined })} />
        </Group>
      )}
      <ScrollArea style={{ flex: 1, minHeight: 0 }} type="auto" offsetScrollbars>
        {chats.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={t('sidebar.loading')} />
          </Group>
        ) : chats.isError ? (
          <ErrorState error={chats.error} onRetry={() => void chats.refetch()} />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            {t('sidebar.empty')}
          </Text>
        ) : (
          <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('sidebar.list')}>
            {items.map((chat) => (
              <Group key={chat.chatKey} component="li" gap={4} wrap="nowrap" justify="space-between">
                <UnstyledButton
                  onClick={() => onOpen(chat.chatKey)}
                  aria-current={chat.chatKey === activeChatKey ? 'page' : undefined}
                  p={6}
                  style={{ flex: 1, minWidth: 0, borderRadius: 6, background: chat.chatKey === activeChatKey ? 'var(--mantine-primary-color-light)' : undefined }}
                >
                  <Text size="sm" truncate>
                    {chat.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {format.dateTime(chat.updatedAt)}
                  </Text>
                </UnstyledButton>
                <ActionIcon variant="subtle" color="gray" aria-label={t('sidebar.deleteOne', { title: chat.title })} onClick={() => askDelete(chat.chatKey, chat.title)}>
                  <IconTrash size={16} aria-hidden="true" />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        {chats.hasNextPage ? (
          <Button variant="subtle" size="compact-sm" fullWidth mt="xs" loading={chats.isFetchingNextPage} onClick={() => void chats.fetchNextPage()}>
            {t('sidebar.more')}
          </Button>
        ) : null}
      </ScrollArea>
      <Anchor component={Link} to={statutesPath} size="sm">
        {t('sidebar.statutes')}
      </Anchor>
      <Anchor component={Link} to={alertsPath} size="sm">
        {t('sidebar.alerts')}
      </Anchor>
      {footerHtml ? <ThemeHtml html={footerHtml} label={t('sidebar.footer')} /> : null}
    </Paper>
  );
}
