import { type AdvisoryDraft, type ResearchCitation } from '@legal/api';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import { CitationChips, CorrectedBadge } from '../CitationChips';
import { IconDownload } from '../research-icons';
import { saveDraftDocx } from './advisory-queries';
import { SimilarInquiries } from './SimilarInquiries';
import '../research-i18n';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * One draft reply. With a model: the reply's text and its cited articles as chips. With the
 * built-in engine an outline: the question restated, each cited article with the words it quotes,
 * and the similar inquiries with answers the reply can follow. The DOCX holds the same.
 */
export function AdvisoryDraftCard({ inquiryId, inquiryTitle, draft, linkTo, onOpenCitation }: {
  inquiryId: number;
  inquiryTitle: string;
  draft: AdvisoryDraft;
  linkTo: (inquiryId: number) => string;
  onOpenCitation: (c: ResearchCitation) => void;
}) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const [isSaving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const isModel = draft.engine === 'MODEL';
  const label = t('advisory.draft.label', { date: format.dateTime(draft.createdAt) });
  const download = () => {
    setSaving(true);
    setSaveError(null);
    void saveDraftDocx(inquiryId, draft.draftId, t('advisory.draft.fileName', { title: inquiryTitle }))
      .catch((error: unknown) => setSaveError(error))
      .finally(() => setSaving(false));
  };
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={label}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {label}
            </Text>
            <Group gap={6}>
              <Badge variant="light" color={isModel ? 'violet' : 'gray'} tt="none">
                {t(isModel ? 'advisory.draft.engineMODEL' : 'advisory.draft.engineBUILT_IN')}
              </Badge>
              <CorrectedBadge count={draft.correctedReferences} />
              <Text size="xs" c="dimmed">
                {t('answer.asOf', { date: format.isoDate(draft.asOf) })}
              </Text>
              {draft.creditsCharged > 0 ? (
                <Text size="xs" c="dimmed">
                  {t('advisory.draft.credits', { count: draft.creditsCharged })}
                </Text>
              ) : null}
            </Group>
          </Stack>
          <Button variant="default" size="xs" leftSection={<IconDownload size={16} aria-hidden="true" />} loading={isSaving} onClick={download}>
            {t('advisory.draft.download')}
          </Button>
        </Group>
        {saveError ? (
          <Alert color="red" variant="light" role="alert" title={t('advisory.draft.downloadFailed')} withCloseButton onClose={() => setSaveError(null)} closeButtonLabel={t('advisory.draft.dismiss')}>
            {isApiError(saveError) ? saveError.message : t('advisory.draft.downloadFailedHint')}
          </Alert>
        ) : null}
        {isModel && draft.text ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.7 }}>
            {draft.text}
          </Text>
        ) : (
          <Section title={t('advisory.draft.restated')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {draft.question}
            </Text>
          </Section>
        )}
        {draft.citations.length > 0 ? (
          <CitationChips citations={draft.citations} onOpen={onOpenCitation} withQuotes={!isModel} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('advisory.draft.noCitations')}
          </Text>
        )}
        {draft.similar.length > 0 ? (
          <Section title={t('advisory.draft.similar', { count: draft.similar.length })}>
            <SimilarInquiries inquiries={draft.similar} linkTo={linkTo} label={t('advisory.draft.similar', { count: draft.similar.length })} />
          </Section>
        ) : null}
      </Stack>
    </Paper>
  );
}
