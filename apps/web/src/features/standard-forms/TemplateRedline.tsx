import { type TemplateDiff } from '@legal/api';
import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DiffSegments } from '../../components/DiffSegments';
import './standard-forms-i18n';

/**
 * The redline between two template versions, paragraph by paragraph: an inserted or deleted
 * paragraph is wholly underlined or struck through, a changed one shows its word changes.
 */
export function TemplateRedline({ diff }: { diff: TemplateDiff }) {
  const { t } = useTranslation('standardForms');
  const hasChanges = diff.paragraphs.some((p) => p.op !== 'EQUAL');
  return (
    <Stack gap="xs" role="region" aria-label={t('versions.redline', { from: diff.from, to: diff.to })}>
      <Group gap="xs">
        <Badge variant="light" color="green">{t('versions.insertedWords', { count: diff.stats.insertedWords })}</Badge>
        <Badge variant="light" color="red">{t('versions.deletedWords', { count: diff.stats.deletedWords })}</Badge>
        <Badge variant="light" color="gray">{t('versions.changedParagraphs', { count: diff.stats.changedParagraphs })}</Badge>
      </Group>
      <Text size="xs" c="dimmed">{t('versions.legend')}</Text>
      {hasChanges ? null : <Alert color="gray">{t('versions.identical')}</Alert>}
      <Stack gap={4} data-testid="template-redline">
        {diff.paragraphs.map((paragraph, i) => {
          const segments = paragraph.op === 'INSERT' || paragraph.op === 'DELETE' ? paragraph.segments.map((s) => ({ ...s, op: paragraph.op as 'INSERT' | 'DELETE' })) : paragraph.segments;
          return (
            <div key={i} data-op={paragraph.op}>
              <DiffSegments segments={segments} testId={`redline-paragraph-${i}`} />
            </div>
          );
        })}
      </Stack>
    </Stack>
  );
}
