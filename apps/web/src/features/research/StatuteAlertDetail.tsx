import { type StatuteChangeAlertDetail } from '@legal/api';
import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiffSegments } from '../../components/DiffSegments';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { ClauseHistoryView } from './ClauseHistoryView';
import { itemKey, StatuteAlertItemRow } from './StatuteAlertItemRow';
import { useAlertAction, useStatuteAlert } from './statute-alert-queries';
import './research-i18n';

export const CHANGE_COLORS = { CHANGED: 'blue', DELETED: 'red', REMOVED: 'orange' } as const;

function DetailBody({ alert, workspaceName, directory }: { alert: StatuteChangeAlertDetail; workspaceName: string; directory: string }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const action = useAlertAction();
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const { mutate } = action;
  // Opening an unread alert reads it, for the whole workspace (the server keeps the first reader).
  useEffect(() => {
    if (!alert.isRead) mutate({ alertId: alert.alertId, action: 'read' });
  }, [alert.alertId, alert.isRead, mutate]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {alert.statuteTitle} {alert.article}
            {alert.articleTitle ? ` ${alert.articleTitle}` : ''}
          </Title>
          <Group gap={6}>
            <Badge variant="light" color={CHANGE_COLORS[alert.changeKind]} tt="none">{t(`alerts.kind.${alert.changeKind}`)}</Badge>
            {alert.movedTo ? <Text size="sm">{t('alerts.movedTo', { article: alert.movedTo })}</Text> : null}
          </Group>
        </Stack>
        <Button
          variant="light"
          color={alert.isDismissed ? 'blue' : 'gray'}
          loading={action.isPending && action.variables?.action !== 'read'}
          onClick={() => action.mutate({ alertId: alert.alertId, action: alert.isDismissed ? 'restore' : 'dismiss' })}
        >
          {alert.isDismissed ? t('alerts.restore') : t('alerts.dismiss')}
        </Button>
      </Group>
      {action.isError && action.variables?.action !== 'read' ? <ErrorState error={action.error} title={t('alerts.actionFailed')} /> : null}
      <Stack gap={2}>
        <Text size="sm">{t('alerts.oldVersion', { date: format.isoDate(alert.oldVersion.effectiveDate), mst: alert.oldVersion.lawSerialNumber })}</Text>
        <Text size="sm">
          {t('alerts.newVersion', { date: format.isoDate(alert.newVersion.effectiveDate), mst: alert.newVersion.lawSerialNumber })}
          {alert.newVersion.amendmentKind ? ` (${alert.newVersion.amendmentKind})` : ''}
        </Text>
      </Stack>
      <Stack gap="xs" role="region" aria-label={t('alerts.diff')}>
        <Title order={3} size="h5">{t('alerts.diff')}</Title>
        <Text size="xs" c="dimmed">{t('history.legend')}</Text>
        <DiffSegments segments={alert.segments} />
        {alert.changeKind === 'REMOVED' && !alert.movedTo ? <Alert variant="light" color="orange">{t('alerts.removedText')}</Alert> : null}
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">{t('alerts.items')}</Title>
        <Stack gap={6} component="ul" aria-label={t('alerts.items')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {alert.items.map((item) => (
            <StatuteAlertItemRow key={itemKey(item)} item={item} workspaceName={workspaceName} directory={directory} />
          ))}
        </Stack>
      </Stack>
      <Group>
        <Button variant="subtle" size="compact-sm" aria-expanded={isHistoryOpen} onClick={() => setHistoryOpen((open) => !open)}>
          {isHistoryOpen ? t('alerts.hideHistory') : t('alerts.showHistory')}
        </Button>
      </Group>
      {isHistoryOpen ? (
        <Stack gap="xs" role="region" aria-label={t('history.title')}>
          <ClauseHistoryView statuteId={alert.statuteId} article={alert.article} initial={{ from: alert.oldVersion, to: alert.newVersion }} />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The open alert: what changed (the word diff between the two versions), the records citing it, dismiss or restore. */
export function StatuteAlertDetail({ alertId, workspaceName, directory }: { alertId: number; workspaceName: string; directory: string }) {
  const { t } = useTranslation('research');
  const detail = useStatuteAlert(alertId);
  if (detail.isPending) return <LoadingState label={t('alerts.detailLoading')} />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  return <DetailBody alert={detail.data} workspaceName={workspaceName} directory={directory} />;
}
