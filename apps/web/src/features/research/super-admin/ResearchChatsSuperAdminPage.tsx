import { Alert, Button, Container, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useWorkspaceTarget, WorkspaceTargetPicker } from '../../ai-platform/WorkspaceTargetPicker';
import { ChatConversation, ChatList, type ChatRead, MessageList } from './SuperAdminChatReads';
import '../research-i18n';

/** Today and 6 days before, in Korea (the server's days are Asia/Seoul). */
function lastWeek(): { from: string; to: string } {
  const day = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Asia/Seoul' });
  const now = new Date();
  return { from: day(new Date(now.getTime() - 6 * 86_400_000)), to: day(now) };
}

type View = 'chats' | 'messages';

/**
 * `/super-admin/research-chats?tenantId=&workspaceId=&from=&to=&view=&chat=&page=`: a workspace's
 * research chats whose last activity fell in a date range (a chat opens its messages of those
 * days), or every message written in the range, newest first. Reading them is recorded in that
 * workspace's audit log (the page says so before anything is read: nothing loads until the range
 * is applied).
 */
export function ResearchChatsSuperAdminPage() {
  const { t } = useTranslation('research');
  useDocumentTitle(t('admin.chats.title'));
  const target = useWorkspaceTarget();
  const [params, setParams] = useSearchParams();
  const from = params.get('from');
  const to = params.get('to');
  const view: View = params.get('view') === 'messages' ? 'messages' : 'chats';
  const chatKey = params.get('chat');
  const page = Math.max(0, Number(params.get('page') ?? '0') || 0);
  const [draft, setDraft] = useState(() => (from && to ? { from, to } : lastWeek()));

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
  const onPage = (next: number) => update({ page: next > 0 ? String(next) : null });

  let body;
  if (!target) body = <Text c="dimmed">{t('admin.chooseWorkspace')}</Text>;
  else if (!from || !to) body = <Text c="dimmed">{t('admin.chats.chooseRange')}</Text>;
  else {
    const read: ChatRead = { ...target, dateStart: from, dateEnd: to, page };
    if (chatKey) body = <ChatConversation read={read} chatKey={chatKey} onPage={onPage} onBack={() => update({ chat: null, page: null })} />;
    else if (view === 'messages') body = <MessageList read={read} onPage={onPage} />;
    else body = <ChatList read={read} onPage={onPage} onOpen={(chat) => update({ chat: chat.chatKey, page: null })} />;
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
          <Group align="end" justify="space-between">
            <form onSubmit={apply} aria-label={t('admin.chats.range')}>
              <Group align="end">
                <TextInput type="date" label={t('admin.chats.from')} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} w={180} />
                <TextInput type="date" label={t('admin.chats.to')} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })} w={180} />
                <Button type="submit" variant="light" disabled={!draft.from || !draft.to}>{t('admin.chats.show')}</Button>
              </Group>
            </form>
            {chatKey ? null : (
              <SegmentedControl
                aria-label={t('admin.chats.view')}
                value={view}
                onChange={(value) => update({ view: value === 'messages' ? 'messages' : null, page: null })}
                data={[{ value: 'chats', label: t('admin.chats.viewChats') }, { value: 'messages', label: t('admin.chats.viewMessages') }]}
              />
            )}
          </Group>
        ) : null}
        {body}
      </Stack>
    </Container>
  );
}
