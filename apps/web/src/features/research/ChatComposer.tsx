import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CollectionPicker } from './CollectionPicker';
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
 * filter) the statutes to search. With chat disabled by the theme it says so instead of asking.
 */
export function ChatComposer({ isStreaming, isDisabled, hidesFilter, onAsk, onStop }: {
  isStreaming: boolean;
  isDisabled: boolean;
  hidesFilter: boolean;
  onAsk: (question: Question) => boolean;
  onStop: () => void;
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
        <Group justify="flex-end" gap="xs">
          {isStreaming ? (
            <Button variant="default" onClick={onStop}>
              {t('composer.stop')}
            </Button>
          ) : null}
          <Button type="submit" loading={isStreaming} disabled={isDisabled || question.trim() === ''}>
            {t('composer.ask')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
