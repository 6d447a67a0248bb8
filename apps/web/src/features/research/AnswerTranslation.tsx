import { type ChatMessage } from '@legal/api';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { isProviderMissing } from '../ai-review/ai-review-errors';
import { useTranslateAnswer } from './research-queries';
import './research-i18n';

/** An answer with Hangul in it is translated into English, any other into Korean. */
export function targetLanguageOf(text: string): 'ko' | 'en' {
  return /\p{Script=Hangul}/u.test(text) ? 'en' : 'ko';
}

/**
 * "번역 / Translate" on a stored answer: the translation under the answer once the model wrote it,
 * with a toggle back to the original (the translation is kept, not asked for again). Without a
 * configured model the server answers 503 ERROR_AI_PROVIDER_NOT_CONFIGURED: that is said plainly.
 */
export function AnswerTranslation({ chatKey, message }: { chatKey: string; message: ChatMessage }) {
  const { t } = useTranslation('research');
  const translate = useTranslateAnswer(chatKey, message.chatMessageKey);
  const [isShown, setShown] = useState(false);
  const target = targetLanguageOf(message.text);
  const run = () => translate.mutate(target, { onSuccess: () => setShown(true) });
  const translation = translate.data;

  return (
    <Stack gap={6}>
      <Group gap={6}>
        {translation ? (
          <Button size="compact-xs" variant="subtle" aria-pressed={isShown} onClick={() => setShown((shown) => !shown)}>
            {isShown ? t('translation.showOriginal') : t('translation.showTranslation')}
          </Button>
        ) : (
          <Button size="compact-xs" variant="default" loading={translate.isPending} onClick={run}>
            {t('translation.button')}
          </Button>
        )}
        {translate.isPending ? (
          <Group gap={4} role="status">
            <Loader size="xs" />
            <Text size="xs" c="dimmed">{t('translation.running', { language: t(`translation.language.${target}`) })}</Text>
          </Group>
        ) : null}
      </Group>
      {translate.isError ? (
        <Alert role="alert" variant="light" color={isProviderMissing(translate.error) ? 'yellow' : 'red'} p="xs">
          <Text size="sm">
            {isProviderMissing(translate.error) ? t('translation.needsModel') : isApiError(translate.error) ? translate.error.message : t('translation.failed')}
          </Text>
          {isProviderMissing(translate.error) ? null : (
            <Button size="compact-xs" variant="subtle" mt={4} onClick={run}>{t('translation.retry')}</Button>
          )}
        </Alert>
      ) : null}
      {translation && isShown ? (
        <Paper withBorder radius="sm" p="xs" role="region" aria-label={t('translation.region', { language: t(`translation.language.${translation.targetLanguage}`) })}>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lang={translation.targetLanguage}>{translation.text}</Text>
          <Text size="xs" c="dimmed" mt={4}>{t('translation.note', { model: translation.model, count: translation.creditsCharged })}</Text>
        </Paper>
      ) : null}
    </Stack>
  );
}
