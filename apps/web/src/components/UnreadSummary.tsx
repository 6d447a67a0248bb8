import { Button, Group, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconChecks } from './icons';

interface UnreadSummaryProps {
  /** The catalogue namespace with `unreadCount`, `allRead`, `markAllRead` and `markedAllRead`. */
  namespace: 'notices' | 'notifications';
  unread: UseQueryResult<{ unreadCount: number }>;
  markAll: UseMutationResult<{ markedCount: number }, Error, void>;
}

/**
 * A page header's "N unread · mark all read" (notices, notifications). Shows nothing until the
 * count has loaded: a count that cannot load is not worth an error in a header.
 */
export function UnreadSummary({ namespace, unread, markAll }: UnreadSummaryProps) {
  const { t } = useTranslation(namespace);
  const count = unread.data?.unreadCount;
  if (count === undefined) return null;
  return (
    <Group gap="sm" aria-live="polite">
      <Text size="sm" c={count > 0 ? undefined : 'dimmed'}>
        {count > 0 ? t('unreadCount', { count }) : t('allRead')}
      </Text>
      {count > 0 ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconChecks size={14} aria-hidden="true" />}
          loading={markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onSuccess: (data) => toasts.show({ color: 'green', message: t('markedAllRead', { count: data.markedCount }) }) })}
        >
          {t('markAllRead')}
        </Button>
      ) : null}
    </Group>
  );
}
