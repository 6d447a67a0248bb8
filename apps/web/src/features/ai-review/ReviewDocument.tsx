import { type Finding, type Review } from '@legal/api';
import { Box, Button, Group, Paper, ScrollArea, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutText, RISK_COLORS } from './review-text';
import './ai-review-i18n';

export const blockDomId = (start: number) => `review-block-${start}`;

type Clause = Review['clauses'][number];

/**
 * The reviewed text, one block per clause, evidence of open findings marked by risk. `flashAt`
 * (a block's start) briefly highlights that block after a jump from a finding. A clause selected
 * (click, or Enter on it) offers "Rewrite with AI".
 */
export function ReviewDocument({ review, findings, flashAt, onRewrite }: {
  review: Review;
  findings: readonly Finding[];
  flashAt: number | null;
  onRewrite: (clause: Clause) => void;
}) {
  const { t } = useTranslation('aiReview');
  const [selectedAt, setSelectedAt] = useState<number | null>(null);
  const text = review.text ?? '';
  const blocks = useMemo(() => layoutText(text, review.clauses, findings), [text, review.clauses, findings]);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="review-document-title">
      <Title order={2} size="h5" id="review-document-title" mb="sm">
        {review.source.fileName}
      </Title>
      <ScrollArea.Autosize mah="75vh" type="auto" offsetScrollbars>
        {blocks.map((block) => {
          const isFlashing = flashAt !== null && flashAt >= block.start && flashAt < block.end;
          const clause = block.clause;
          const isSelected = clause !== null && selectedAt === block.start;
          const select = () => {
            if (clause) setSelectedAt(block.start);
          };
          return (
            <Box
              key={block.start}
              id={blockDomId(block.start)}
              data-clause={block.clause ? block.clause.label : undefined}
              data-flash={isFlashing || undefined}
              data-selected={isSelected || undefined}
              tabIndex={clause ? 0 : undefined}
              onClick={select}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && event.target === event.currentTarget) select();
              }}
              aria-label={block.clause?.heading ?? undefined}
              role={block.clause?.heading ? 'region' : undefined}
              p={4}
              mb={6}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                transition: 'background-color 600ms ease',
                backgroundColor: isFlashing ? 'var(--mantine-color-yellow-light)' : undefined,
                outline: isSelected ? '2px solid var(--mantine-color-blue-outline)' : undefined,
                cursor: clause ? 'pointer' : undefined,
              }}
            >
              {isSelected && clause ? (
                <Group justify="flex-end" mb={4}>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={(event) => {
                      event.stopPropagation();
                      onRewrite(clause);
                    }}
                  >
                    {t('rewrite.open')}
                  </Button>
                </Group>
              ) : null}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.7 }}>
                {block.pieces.map((piece) =>
                  piece.risk ? (
                    <mark
                      key={piece.start}
                      title={t(`risk.${piece.risk}`)}
                      data-risk={piece.risk}
                      style={{
                        backgroundColor: `var(--mantine-color-${RISK_COLORS[piece.risk]}-light)`,
                        borderBottom: `2px solid var(--mantine-color-${RISK_COLORS[piece.risk]}-filled)`,
                        color: 'inherit',
                      }}
                    >
                      {text.slice(piece.start, piece.end)}
                    </mark>
                  ) : (
                    <span key={piece.start}>{text.slice(piece.start, piece.end)}</span>
                  ),
                )}
              </Text>
            </Box>
          );
        })}
      </ScrollArea.Autosize>
    </Paper>
  );
}
