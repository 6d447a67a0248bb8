import { type SimilarInquiry } from '@legal/api';
import { Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import '../research-i18n';

/** 0.8734 -> 87 (a share for people). */
const percentOf = (score: number) => Math.round(Math.min(1, Math.max(0, score)) * 100);

function SimilarItem({ inquiry, linkTo }: { inquiry: SimilarInquiry; linkTo: (inquiryId: number) => string }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const [isOpen, setOpen] = useState(false);
  const answerId = useId();
  const percent = percentOf(inquiry.score);
  // The server lists only inquiries with something in common: a share that rounds to 0 is "under 1%", not "0%".
  const scoreText = percent === 0 ? t('advisory.similar.scoreUnderOne') : t('advisory.similar.score', { percent });
  return (
    <Stack gap={6} component="li" aria-label={inquiry.title}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Anchor component={Link} to={linkTo(inquiry.inquiryId)} fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {inquiry.title}
        </Anchor>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {format.instantDate(inquiry.createdAt)}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Progress value={percent} size="sm" w={120} aria-label={scoreText} aria-valuetext={scoreText} style={{ flexShrink: 0 }} />
        <Text size="xs" c="dimmed">
          {scoreText}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" lineClamp={isOpen ? undefined : 2} style={{ whiteSpace: 'pre-wrap' }}>
        {inquiry.question}
      </Text>
      {inquiry.answer ? (
        <>
          <Button variant="subtle" size="compact-sm" w="fit-content" px={4} aria-expanded={isOpen} aria-controls={isOpen ? answerId : undefined} onClick={() => setOpen((open) => !open)}>
            {isOpen ? t('advisory.similar.hideAnswer') : t('advisory.similar.showAnswer')}
          </Button>
          {isOpen ? (
            <Text id={answerId} size="sm" p="xs" style={{ whiteSpace: 'pre-wrap', borderLeft: '3px solid var(--mantine-color-teal-filled)', background: 'var(--mantine-color-default-hover)' }}>
              {inquiry.answer}
            </Text>
          ) : null}
        </>
      ) : (
        <Text size="xs" c="dimmed">
          {t('advisory.similar.noAnswer')}
        </Text>
      )}
    </Stack>
  );
}

/** Earlier inquiries like this one, best first: how alike (a bar), the question, and the team's answer on demand. */
export function SimilarInquiries({ inquiries, linkTo, label }: { inquiries: readonly SimilarInquiry[]; linkTo: (inquiryId: number) => string; label: string }) {
  return (
    <Stack gap="md" component="ul" aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {inquiries.map((inquiry) => (
        <SimilarItem key={inquiry.inquiryId} inquiry={inquiry} linkTo={linkTo} />
      ))}
    </Stack>
  );
}
