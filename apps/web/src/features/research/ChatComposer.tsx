import { type GeneralCategoryKind } from '@legal/api';
import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatAttachments } from './ChatAttachments';
import { CollectionPicker } from './CollectionPicker';
import { GeneralCategoryFilter, useOfferedKinds } from './GeneralCategoryFilter';
import { MyPromptsMenu } from './MyPromptsMenu';
import { RecentFiltersMenu } from './RecentFiltersMenu';
import { useResearchConfigs } from './research-queries';
import { type PickedStatute, StatuteFilter } from './StatuteFilter';
import './research-i18n';

export interface Question {
  question: string;
  asOf?: string;
  statuteIds?: string[];
  categoryIds?: number[];
  generalCategories?: GeneralCategoryKind[];
}

/**
 * The question box: the question, an optional "as of" date and (unless the theme hides the
 * filter) the kinds of sources to search, the statutes and the recent filters; the collections
 * (unless the workspace's configs keep them out of chats), the chat's attachments (unless the theme
 * disables upload) and the caller's saved prompts. A general category the workspace does not search
 * is not offered. With chat disabled by the theme it says so instead of asking.
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
  // null: every kind offered (follows the workspace's); else the kinds the user kept.
  const [kinds, setKinds] = useState<GeneralCategoryKind[] | null>(null);
  const offered = useOfferedKinds();
  const configs = useResearchConfigs();
  const chosen = kinds ?? offered.kinds;
  const searchesStatutes = !offered.isLoaded || chosen.includes('STATUTE');
  const offersCollections = configs.data?.collectionsInChat ?? true;

  const submit = () => {
    const text = question.trim();
    if (!text || isStreaming || isDisabled) return;
    const isAsked = onAsk({
      question: text,
      asOf: asOf || undefined,
      statuteIds: !hidesFilter && searchesStatutes && statutes.length > 0 ? statutes.map((s) => s.statuteId) : undefined,
      categoryIds: offersCollections && categoryIds.length > 0 ? categoryIds : undefined,
      generalCategories: !hidesFilter && kinds !== null && chosen.length < offered.kinds.length ? chosen : undefined,
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
          {hidesFilter || !searchesStatutes ? null : (
            <div style={{ flex: 1, minWidth: 0 }}>
              <StatuteFilter value={statutes} onChange={setStatutes} disabled={isDisabled} />
            </div>
          )}
        </Group>
        {!hidesFilter && offered.kinds.length > 1 ? <GeneralCategoryFilter offered={offered.kinds} value={chosen} onChange={setKinds} disabled={isDisabled} /> : null}
        {offersCollections ? <CollectionPicker value={categoryIds} onChange={setCategoryIds} disabled={isDisabled} /> : null}
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
