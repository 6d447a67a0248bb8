import { USER_PROMPT_LIMITS, type UserPrompt } from '@legal/api';
import { Button, Group, Menu, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { IconMessageBolt } from './research-icons';
import { useSaveUserPrompt, useUserPrompts } from './user-queries';
import './research-i18n';

type Editing = { prompt: UserPrompt | null; text: string };

function PromptForm({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('research');
  const [title, setTitle] = useState(editing.prompt?.title ?? '');
  const [text, setText] = useState(editing.prompt?.text ?? editing.text);
  const save = useSaveUserPrompt();
  // Not a <form>: the menu sits inside the composer's form, and a portal's submit would bubble to it (asking the question).
  const submit = () => {
    save.mutate({ promptId: editing.prompt?.promptId ?? null, body: { title: title.trim(), text: text.trim() } }, { onSuccess: onClose });
  };
  return (
    <Stack gap="sm">
      {save.isError ? <ErrorState error={save.error} title={t('prompts.saveFailed')} /> : null}
      <TextInput label={t('prompts.titleLabel')} value={title} required maxLength={USER_PROMPT_LIMITS.titleMaxLength} onChange={(e) => setTitle(e.currentTarget.value)} data-autofocus />
      <Textarea label={t('prompts.text')} value={text} required maxLength={USER_PROMPT_LIMITS.textMaxLength} autosize minRows={3} maxRows={10} onChange={(e) => setText(e.currentTarget.value)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>{t('prompts.cancel')}</Button>
        <Button onClick={submit} loading={save.isPending} disabled={title.trim() === '' || text.trim() === ''}>{t('prompts.save')}</Button>
      </Group>
    </Stack>
  );
}

/**
 * "My prompts" in the composer: the caller's saved prompts (choosing one inserts its text into the
 * question), saving the current question as a prompt, and editing a saved one.
 */
export function MyPromptsMenu({ question, onInsert, disabled }: { question: string; onInsert: (text: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('research');
  const [isOpen, setIsOpen] = useState(false);
  const prompts = useUserPrompts(isOpen);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [isManaging, setIsManaging] = useState(false);
  const list = prompts.data ?? [];
  return (
    <>
      <Menu opened={isOpen} onChange={setIsOpen} position="top-start" width={320} withinPortal>
        <Menu.Target>
          <Button variant="default" size="xs" leftSection={<IconMessageBolt size={14} />} disabled={disabled}>
            {t('prompts.menu')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('prompts.menu')}</Menu.Label>
          {prompts.isLoading ? <Menu.Item disabled>{t('prompts.loading')}</Menu.Item> : null}
          {prompts.isError ? <Menu.Item disabled color="red">{t('prompts.loadFailed')}</Menu.Item> : null}
          {prompts.isSuccess && list.length === 0 ? <Menu.Item disabled>{t('prompts.empty')}</Menu.Item> : null}
          {list.map((p) => (
            <Menu.Item key={p.promptId} onClick={() => onInsert(p.text)} title={p.text}>
              {p.title}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setEditing({ prompt: null, text: question })}>{t('prompts.saveCurrent')}</Menu.Item>
          {list.length > 0 ? <Menu.Item onClick={() => setIsManaging(true)}>{t('prompts.manage')}</Menu.Item> : null}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={isManaging && editing === null} onClose={() => setIsManaging(false)} title={t('prompts.manage')}>
        <Stack gap="xs">
          {list.map((p) => (
            <Group key={p.promptId} justify="space-between" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>{p.title}</Text>
                <Text size="xs" c="dimmed" truncate>{p.text}</Text>
              </Stack>
              <Button size="xs" variant="light" onClick={() => setEditing({ prompt: p, text: p.text })} aria-label={t('prompts.editNamed', { title: p.title })}>
                {t('prompts.edit')}
              </Button>
            </Group>
          ))}
        </Stack>
      </Modal>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.prompt ? t('prompts.edit') : t('prompts.saveCurrent')}>
        {editing ? <PromptForm editing={editing} onClose={() => setEditing(null)} /> : null}
      </Modal>
    </>
  );
}
