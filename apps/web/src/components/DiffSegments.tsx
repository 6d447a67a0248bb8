import { type TextDiffSegment } from '@legal/api';
import { Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const INSERT_STYLE = { background: 'var(--mantine-color-green-light)', textDecoration: 'underline' } as const;
const DELETE_STYLE = { background: 'var(--mantine-color-red-light)', textDecoration: 'line-through' } as const;

/**
 * A word diff as <ins>/<del>: underlined and struck through besides their colours, and each
 * announced ("added", "deleted") for screen readers, so that no meaning rests on colour alone.
 * Shared by the statute history (research) and the template redline (standard forms).
 */
export function DiffSegments({ segments, testId = 'clause-diff' }: { segments: TextDiffSegment[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }} data-testid={testId}>
      {segments.map((segment, i) => {
        if (segment.op === 'INSERT') {
          return (
            <ins key={i} style={INSERT_STYLE}>
              <VisuallyHidden>{t('diff.inserted')} </VisuallyHidden>
              {segment.text}
            </ins>
          );
        }
        if (segment.op === 'DELETE') {
          return (
            <del key={i} style={DELETE_STYLE}>
              <VisuallyHidden>{t('diff.deleted')} </VisuallyHidden>
              {segment.text}
            </del>
          );
        }
        return <span key={i}>{segment.text}</span>;
      })}
    </Text>
  );
}
