import type { InAppNotification } from '@legal/api';
import { Box, Group, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDateTime, useLocaleFormat } from '../../lib/i18n';
import { recordPath } from './notification-links';
import './notifications-i18n';

/** The lines under the headline: the record's title, then what the kind carries (deadline, 시행일, comment, party, purpose). */
function useDetails(n: InAppNotification): string[] {
  const { t } = useTranslation('notifications');
  const { isoDate } = useLocaleFormat();
  const lines: string[] = [n.title];
  if (n.data.deadline) lines.push(t('deadline', { date: isoDate(n.data.deadline) }));
  if (n.data.effectiveDate) lines.push(t('effectiveDate', { date: isoDate(n.data.effectiveDate) }));
  if (n.data.purpose) lines.push(t('purpose', { text: n.data.purpose }));
  if (n.data.partyName) lines.push(t('party', { name: n.data.partyName }));
  if (n.data.comment) lines.push(n.kind === 'esign.DECLINED' ? t('reason', { text: n.data.comment }) : t('comment', { text: n.data.comment }));
  return lines;
}

/**
 * One notification as a link to its record: the headline in the reader's language, the record and
 * what was said, who acted and when; an unread one is bold with a dot. Following it marks it read.
 */
export function NotificationItem({ notification: n, workspaceName, onOpen }: { notification: InAppNotification; workspaceName: string; onOpen: (n: InAppNotification) => void }) {
  const { t } = useTranslation('notifications');
  const formatDateTime = useFormatDateTime();
  const headline = t(`kinds.${n.kind}`);
  const [title, ...rest] = useDetails(n);
  return (
    <UnstyledButton
      component={Link}
      to={recordPath(workspaceName, n.record)}
      onClick={() => onOpen(n)}
      p="sm"
      display="block"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      data-unread={n.isRead ? undefined : 'true'}
    >
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Box
          w={8}
          h={8}
          mt={7}
          style={{ borderRadius: '50%', flexShrink: 0, background: n.isRead ? 'transparent' : 'var(--mantine-color-red-6)' }}
          aria-hidden="true"
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={n.isRead ? 400 : 700}>
            {headline}
            {n.isRead ? null : <VisuallyHidden>{` (${t('unread')})`}</VisuallyHidden>}
          </Text>
          <Text size="sm" truncate>
            {title}
          </Text>
          {rest.map((line) => (
            <Text key={line} size="xs" c="dimmed" lineClamp={2}>
              {line}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {t('byline', { name: n.actor?.displayName ?? t('system'), date: formatDateTime(n.createdAt) })}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
