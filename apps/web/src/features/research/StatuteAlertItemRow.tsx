import { type StatuteAlertItem } from '@legal/api';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { aiReviewDetailPath } from '../ai-review/ai-review-path';
import { advisoryPath, collectionsPath, researchChatPath } from './research-path';
import './research-i18n';

/** Per kind of record: its badge, the page it opens and the link's words. */
const KINDS = {
  REVIEW_FINDING: { color: 'grape', label: 'alerts.finding', open: 'alerts.openReview' },
  CHAT_ANSWER: { color: 'teal', label: 'alerts.chat', open: 'alerts.openChat' },
  ADVISORY_DRAFT: { color: 'indigo', label: 'alerts.draft', open: 'alerts.openInquiry' },
  COLLECTION_DOCUMENT: { color: 'cyan', label: 'alerts.document', open: 'alerts.openCollection' },
} as const satisfies Record<StatuteAlertItem['type'], { color: string; label: string; open: string }>;

function linkOf(item: StatuteAlertItem, workspaceName: string, directory: string): string {
  switch (item.type) {
    case 'REVIEW_FINDING':
      return aiReviewDetailPath(workspaceName, item.reviewId);
    case 'CHAT_ANSWER':
      return researchChatPath(workspaceName, directory, item.chatKey);
    case 'ADVISORY_DRAFT':
      return advisoryPath(workspaceName, directory, item.inquiryId);
    case 'COLLECTION_DOCUMENT':
      return collectionsPath(workspaceName, directory, item.collectionId);
  }
}

/** A stable key for a list of items. */
export function itemKey(item: StatuteAlertItem): string {
  switch (item.type) {
    case 'REVIEW_FINDING':
      return `f${item.findingId}`;
    case 'CHAT_ANSWER':
      return `c${item.chatMessageKey}`;
    case 'ADVISORY_DRAFT':
      return `d${item.draftId}`;
    case 'COLLECTION_DOCUMENT':
      return `k${item.documentId}`;
  }
}

/** A record that rests on the article (or on a decree or rule article implementing it: `via`), with a link to it. */
export function StatuteAlertItemRow({ item, workspaceName, directory }: { item: StatuteAlertItem; workspaceName: string; directory: string }) {
  const { t, i18n } = useTranslation('research');
  const format = useLocaleFormat();
  const kind = KINDS[item.type];
  return (
    <Paper withBorder radius="sm" p="xs" component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Badge size="sm" variant="light" color={kind.color} tt="none">{t(kind.label)}</Badge>
            <Text size="sm" fw={500} truncate>{item.title}</Text>
          </Group>
          {item.type === 'REVIEW_FINDING' ? <Text size="xs">{item.question[i18n.language === 'en' ? 'en' : 'ko'] || item.question.ko}</Text> : null}
          {item.type === 'COLLECTION_DOCUMENT' ? <Text size="xs">{t('alerts.inCollection', { name: item.collectionName })}</Text> : null}
          {item.via ? (
            <Text size="xs">
              {item.via.through
                ? t('alerts.viaThrough', {
                    statute: item.via.statuteTitle, article: item.via.article, date: format.isoDate(item.via.effectiveDate),
                    throughStatute: item.via.through.statuteTitle, throughArticle: item.via.through.article,
                  })
                : t('alerts.via', { statute: item.via.statuteTitle, article: item.via.article, date: format.isoDate(item.via.effectiveDate) })}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">{t('alerts.cited', { date: format.isoDate(item.cited.effectiveDate) })}</Text>
          )}
        </Stack>
        <Anchor component={Link} to={linkOf(item, workspaceName, directory)} size="sm" style={{ flexShrink: 0 }}>
          {t(kind.open)}
        </Anchor>
      </Group>
    </Paper>
  );
}
