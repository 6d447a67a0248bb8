import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatAttachments } from './ChatAttachments';
import { CollectionPicker } from './CollectionPicker';
import { MyPromptsMenu } from './MyPromptsMenu';
import { RecentFiltersMenu } from './RecentFiltersMenu';
import { type PickedStatute, StatuteFilter } from './StatuteFilter';
import './research-i18n';

export interface Question {
  question: string;
  asOf?: string;
  statuteIds?: string[];
  categoryIds?: number[];
}

/**
 * The question box: the question, an optional "as of" date and (unless the theme hides the
 * filter) the statutes to search and the recent filters; the chat's attachments (unless the theme
 * disables upload) and the caller's saved prompts. With chat disabled by the theme it says so
 * instead of asking.
 */
export function ChatComposer({ chatKey, isStreaming, isDisabled, hidesFilter, hidesUpload, onAsk, onStop, onChatStarted }: {
  chatKey: string | null;
  isStreaming: boolean;
  isDisabled: boolean;
  hidesFilter: boolean;
  hidesUpload: boolean;
  onAsk: (question: Question) => boolean;
  onStop: () => void;
  onChatStarted: (chatKey: string) => void;
}) {
  const { t } = useTranslation('research');
  const [question, setQuestion] = useState('');
  const [asOf, setAsOf] = useState('');
  const [statutes, setStatutes] = useState<PickedStatute[]>([]);
  const [categoryIds, setCategoryIds] = useState<number[]>([]);

  const submit = () => {
    const text = question.trim();
    if (!text || isStreaming || isDisabled) return;
    const isAsked = onAsk({
      question: text,
      asOf: asOf || undefined,
      statuteIds: !hidesFilter && statutes.length > 0 ? statutes.map((s) => s.statuteId) : undefined,
      categoryIds: categoryIds.length > 0 ? categoryIds : undefined,
    });
    if (isAsked) setQuestion('');
  };

  return (
    <form
      aria-label={t('composer.title')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        {isDisabled ? (
          <Alert color="gray" variant="light" role="note" title={t('composer.disabledTitle')}>
            {t('composer.disabled')}
          </Alert>
        ) : null}
        <Textarea
          label={t('composer.question')}
          placeholder={t('composer.placeholder')}
          value={question}
          maxLength={2000}
          autosize
          minRows={2}
          maxRows={8}
          disabled={isDisabled}
          onChange={(event) => setQuestion(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter asks, Shift+Enter starts a new line; a Korean IME still composing keeps its Enter.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
        />
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            type="date"
            label={t('composer.asOf')}
            description={t('composer.asOfHint')}
            value={asOf}
            disabled={isDisabled}
            onChange={(event) => setAsOf(event.currentTarget.value)}
            w={220}
          />
          {hidesFilter ? null : (
            <div style={{ flex: 1, minWidth: 0 }}>
              <StatuteFilter value={statutes} onChange={setStatutes} disabled={isDisabled} />
            </div>
          )}
        </Group>
        <CollectionPicker value={categoryIds} onChange={setCategoryIds} disabled={isDisabled} />
        <ChatAttachments chatKey={chatKey} isUploadHidden={hidesUpload} isDisabled={isDisabled || isStreaming} onChatStarted={onChatStarted} />
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <MyPromptsMenu question={question} disabled={isDisabled} onInsert={(text) => setQuestion((current) => (current.trim() ? `${current.trimEnd()}\n${text}` : text))} />
            {hidesFilter ? null : (
              <RecentFiltersMenu
                disabled={isDisabled}
                onApply={(filter) => {
                  setStatutes(filter.statutes);
                  setCategoryIds(filter.categories.map((c) => c.categoryId));
                  setAsOf(filter.asOf ?? '');
                }}
              />
            )}
          </Group>
          <Group gap="xs">
            {isStreaming ? (
              <Button variant="default" onClick={onStop}>
                {t('composer.stop')}
              </Button>
            ) : null}
            <Button type="submit" loading={isStreaming} disabled={isDisabled || question.trim() === ''}>
              {t('composer.ask')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
