import { type ChatMessage, type ResearchCitation } from '@legal/api';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { AnswerTranslation } from './AnswerTranslation';
import { CitationChips, CorrectedBadge } from './CitationChips';
import { sourceCitationLabel } from './citation-text';
import { FeedbackButtons } from './FeedbackButtons';
import './research-i18n';

/** One stored answer: its text, the declined or corrected state, the citation chips and the feedback. */
export function AnswerCard({ chatKey, message, onOpenCitation }: { chatKey: string; message: ChatMessage; onOpenCitation: (c: ResearchCitation) => void }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      role="article"
      aria-label={message.declined ? t('answer.declinedLabel') : t('answer.label')}
      data-declined={message.declined || undefined}
      bg={message.declined ? 'var(--mantine-color-gray-light)' : undefined}
    >
      <Stack gap="xs">
        {message.declined || message.correctedReferences > 0 || message.asOf ? (
          <Group gap={6}>
            {message.declined ? (
              <Badge color="gray" variant="outline" tt="none">
                {t('answer.declined')}
              </Badge>
            ) : null}
            <CorrectedBadge count={message.correctedReferences} />
            {message.asOf && !message.declined ? (
              <Text size="xs" c="dimmed">
                {t('answer.asOf', { date: format.isoDate(message.asOf) })}
              </Text>
            ) : null}
          </Group>
        ) : null}
        {message.declined ? (
          <Alert variant="light" color="gray" p="xs">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {message.text}
            </Text>
          </Alert>
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {message.text}
          </Text>
        )}
        <AnswerTranslation chatKey={chatKey} message={message} />
        <CitationChips citations={message.citations} onOpen={onOpenCitation} />
        {(message.documentCitations ?? []).length > 0 ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('answer.documentCitations')}
            </Text>
            <Group gap={6}>
              {(message.documentCitations ?? []).map((c) => (
                <Badge key={`${c.documentId}:${c.pageNumber}:${c.start}`} variant="light" color="teal" tt="none" title={c.quote}>
                  {t('collections.citation', { title: c.documentTitle, page: c.pageNumber })}
                </Badge>
              ))}
            </Group>
          </Stack>
        ) : null}
        {(message.sourceCitations ?? []).length > 0 ? (
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('answer.sourceCitations')}
            </Text>
            <Group gap={6}>
              {(message.sourceCitations ?? []).map((c) => (
                <Button
                  key={`${c.kind}:${c.sourceId}:${c.section}:${c.start}`}
                  component="a"
                  href={c.sourceUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="compact-sm"
                  variant="light"
                  color="grape"
                  tt="none"
                  title={c.quote}
                >
                  {sourceCitationLabel(c, (section) => t(`answer.section${section}`))}
                </Button>
              ))}
            </Group>
          </Stack>
        ) : null}
        <FeedbackButtons chatKey={chatKey} message={message} />
      </Stack>
    </Paper>
  );
}
