import { estimateCredits, type Review } from '@legal/api';
import { Button, CopyButton, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { AiCallAlert } from './AiCallAlert';
import { useTranslateReview } from './ai-review-queries';
import './ai-review-i18n';

/** The other language of the contract: a Korean contract goes to English and back. */
export const translationTarget = (review: Pick<Review, 'language'>): 'ko' | 'en' => (review.language === 'ko' ? 'en' : 'ko');

function TranslationBody({ review, translate }: { review: Review; translate: ReturnType<typeof useTranslateReview> }) {
  const { t } = useTranslation('aiReview');
  const format = useLocaleFormat();
  const text = review.text ?? '';
  const target = translationTarget(review);
  // The server prices a translation by the whole text and its clauses (one when unsegmented), at the model rate.
  const credits = estimateCredits('TRANSLATION', { driver: 'OPENAI_COMPATIBLE', textLength: text.length, items: Math.max(1, review.clauses.length) });
  const start = () => translate.mutate(target);

  if (translate.isPending) {
    return (
      <Group gap="xs" py="md" role="status">
        <Loader size="sm" />
        <Text size="sm" aria-live="polite">
          {t('translate.pending', { language: t(`translate.language.${target}`) })}
        </Text>
      </Group>
    );
  }
  if (translate.isSuccess) {
    const result = translate.data;
    if (result.clauses.length === 0) return <EmptyState title={t('translate.emptyTitle')} description={t('translate.emptyDescription')} />;
    const all = result.clauses.map((c) => c.text).join('\n\n');
    return (
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {t('translate.charged', { value: format.number(result.creditsCharged), model: result.model })}
          </Text>
          <CopyButton value={all}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="default" onClick={copy}>
                {copied ? t('finding.copied') : t('translate.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <ScrollArea.Autosize mah="65vh" type="auto">
          <Table verticalSpacing="xs" withColumnBorders aria-label={t('translate.table')} layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('translate.original', { language: t(`translate.language.${review.language}`) })}</Table.Th>
                <Table.Th>{t('translate.translated', { language: t(`translate.language.${target}`) })}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.clauses.map((c) => (
                <Table.Tr key={c.startOffset} data-clause-start={c.startOffset}>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', verticalAlign: 'top' }} lang={review.language}>
                    {text.slice(c.startOffset, c.endOffset).trim()}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap', verticalAlign: 'top' }} lang={target}>
                    {c.text}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">{t('translate.description', { from: t(`translate.language.${review.language}`), to: t(`translate.language.${target}`) })}</Text>
      <Text size="sm">
        {t('rewrite.price')} <strong>{t('start.credits', { count: credits, value: format.number(credits) })}</strong>
      </Text>
      {translate.isError ? <AiCallAlert error={translate.error} /> : null}
      <Group justify="flex-end">
        <Button onClick={start}>{translate.isError ? t('translate.retry') : t('translate.start')}</Button>
      </Group>
    </Stack>
  );
}

/**
 * Translation of the reviewed contract into its other language, clause by clause beside the
 * originals. The answer is kept while the page is open: closing and reopening does not pay twice.
 * The server offers no translated DOCX/TXT, so the translation is copied, not downloaded.
 */
export function ReviewTranslationModal({ review, opened, onClose }: { review: Review; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('aiReview');
  const translate = useTranslateReview(review.reviewId);
  return (
    <Modal opened={opened} onClose={onClose} size="90%" title={t('translate.title', { language: t(`translate.language.${translationTarget(review)}`) })}>
      <TranslationBody review={review} translate={translate} />
    </Modal>
  );
}
