import { type ResearchCitation } from '@legal/api';
import { Badge, Blockquote, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { citationLabel } from './citation-text';
import './research-i18n';

/** One cited article as a chip ("… 제13조 · 2025. 1. 21. 시행") that opens the citation panel. */
export function CitationChip({ citation, onOpen }: { citation: ResearchCitation; onOpen: (c: ResearchCitation) => void }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  return (
    <Button size="compact-sm" variant="light" tt="none" onClick={() => onOpen(citation)} title={citation.quote} style={{ maxWidth: '100%' }}>
      {t('answer.chip', { label: citationLabel(citation), date: format.isoDate(citation.effectiveDate) })}
    </Button>
  );
}

/**
 * The cited articles of an answer or a draft under "근거 조문": chips in a row, or with `withQuotes`
 * each chip above the words it quotes (a draft's outline).
 */
export function CitationChips({ citations, onOpen, withQuotes = false }: { citations: readonly ResearchCitation[]; onOpen: (c: ResearchCitation) => void; withQuotes?: boolean }) {
  const { t } = useTranslation('research');
  if (citations.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {t('answer.sources')}
      </Text>
      {withQuotes ? (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('answer.sources')}>
          {citations.map((c, i) => (
            <Stack key={i} gap={4} component="li" align="flex-start">
              <CitationChip citation={c} onOpen={onOpen} />
              <Blockquote p="xs" ml={4} fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {c.quote}
              </Blockquote>
            </Stack>
          ))}
        </Stack>
      ) : (
        <Group gap={6}>
          {citations.map((c, i) => (
            <CitationChip key={i} citation={c} onOpen={onOpen} />
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** How many article references the citation gate removed, with what that means on hover and focus. */
export function CorrectedBadge({ count }: { count: number }) {
  const { t } = useTranslation('research');
  if (count <= 0) return null;
  const hint = t('answer.correctedHint', { count });
  return (
    <Tooltip label={hint} multiline w={280} withArrow>
      <Badge color="yellow" variant="light" tt="none" tabIndex={0} aria-description={hint}>
        {t('answer.corrected', { count })}
      </Badge>
    </Tooltip>
  );
}
