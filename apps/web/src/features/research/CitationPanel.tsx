import { type ResearchCitation } from '@legal/api';
import { Anchor, Badge, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { citationLabel, quotedParts } from './citation-text';
import { ClauseHistoryView } from './ClauseHistoryView';
import { useStatuteVersion } from './research-queries';
import './research-i18n';

/**
 * The cited article in the version the answer rests on, with the quoted span marked, that
 * version's dates and number, and its history across versions on demand.
 */
export function CitationPanel({ citation, onClose, browserPath }: { citation: ResearchCitation | null; onClose: () => void; browserPath: (c: ResearchCitation) => string }) {
  const { t } = useTranslation('research');
  return (
    <Drawer
      opened={citation !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={citation ? citationLabel(citation) : ''}
      closeButtonProps={{ 'aria-label': t('citation.close') }}
    >
      {citation ? <CitationBody key={`${citation.lawSerialNumber}-${citation.article}-${citation.start}`} citation={citation} browserPath={browserPath(citation)} /> : null}
    </Drawer>
  );
}

function CitationBody({ citation, browserPath }: { citation: ResearchCitation; browserPath: string }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const version = useStatuteVersion(citation.lawSerialNumber, citation.article);
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const article = version.data?.articles[0];

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light" tt="none">{citation.kind}</Badge>
        <Text size="sm">{t('citation.effective', { date: format.isoDate(citation.effectiveDate) })}</Text>
        <Text size="sm" c="dimmed">{t('citation.mst', { mst: citation.lawSerialNumber })}</Text>
      </Group>
      {version.isPending ? (
        <LoadingState label={t('citation.loading')} />
      ) : version.isError ? (
        <ErrorState error={version.error} onRetry={() => void version.refetch()} />
      ) : !article ? (
        <Text size="sm" c="dimmed">{t('citation.missing')}</Text>
      ) : (
        <Stack gap={6} role="region" aria-label={t('citation.articleText')}>
          <Title order={3} size="h5">
            {article.article}
            {article.title ? ` ${article.title}` : ''}
          </Title>
          {version.data.statute.promulgationDate ? (
            <Text size="xs" c="dimmed">
              {t('citation.promulgated', { date: format.isoDate(version.data.statute.promulgationDate), number: version.data.statute.promulgationNumber })}
            </Text>
          ) : null}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>
            {quotedParts(article.text, citation).map((part, i) =>
              part.isQuoted ? (
                <mark key={i} data-quoted="true" aria-label={t('citation.quoted')}>
                  {part.text}
                </mark>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </Text>
        </Stack>
      )}
      <Group gap="sm">
        <Button variant="light" size="compact-sm" aria-expanded={isHistoryOpen} onClick={() => setHistoryOpen((open) => !open)}>
          {isHistoryOpen ? t('citation.hideHistory') : t('citation.showHistory')}
        </Button>
        <Anchor component={Link} to={browserPath} size="sm">
          {t('citation.openInBrowser')}
        </Anchor>
      </Group>
      {isHistoryOpen ? (
        <Stack gap="xs" role="region" aria-label={t('history.title')}>
          <Title order={3} size="h5">{t('history.title')}</Title>
          <ClauseHistoryView statuteId={citation.statuteId} article={citation.article} />
        </Stack>
      ) : null}
    </Stack>
  );
}
