import { type StatuteChangeAlert } from '@legal/api';
import { Anchor, Badge, Box, Grid, Group, Paper, SegmentedControl, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { ListFooter } from '../../components/ListFooter';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { ResearchGate } from './ChatDirectoryGate';
import { researchChatPath } from './research-path';
import { CHANGE_COLORS, StatuteAlertDetail } from './StatuteAlertDetail';
import { ALERT_FILTERS, type AlertFilter, useStatuteAlerts } from './statute-alert-queries';
import './research-i18n';

/** The list's state in the URL: `filter` (open by default), `page` (1-based), `alert` (the open one). */
function readParams(params: URLSearchParams): { filter: AlertFilter; page: number; alertId: number | null } {
  const filter = params.get('filter');
  const page = Number(params.get('page'));
  const alertId = Number(params.get('alert'));
  return {
    filter: (ALERT_FILTERS as readonly string[]).includes(filter ?? '') ? (filter as AlertFilter) : 'open',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    alertId: Number.isSafeInteger(alertId) && alertId > 0 ? alertId : null,
  };
}

function AlertRow({ alert, isOpen, onOpen }: { alert: StatuteChangeAlert; isOpen: boolean; onOpen: () => void }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  return (
    <li>
      <UnstyledButton
        onClick={onOpen}
        aria-current={isOpen ? 'true' : undefined}
        p="xs"
        w="100%"
        style={{ borderRadius: 6, background: isOpen ? 'var(--mantine-primary-color-light)' : undefined }}
      >
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="sm" fw={alert.isRead ? 400 : 700} truncate>
            {alert.statuteTitle} {alert.article}
            {alert.isRead ? null : <VisuallyHidden>{` (${t('alerts.unread')})`}</VisuallyHidden>}
          </Text>
          <Badge size="sm" variant="light" color={CHANGE_COLORS[alert.changeKind]} tt="none" style={{ flexShrink: 0 }}>{t(`alerts.kind.${alert.changeKind}`)}</Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {t('alerts.dates', { from: format.isoDate(alert.oldVersion.effectiveDate), to: format.isoDate(alert.newVersion.effectiveDate) })} · {t('alerts.itemCount', { count: alert.items.length })}
        </Text>
      </UnstyledButton>
    </li>
  );
}

function AlertsScreen({ workspaceName, directory }: { workspaceName: string; directory: string }) {
  const { t } = useTranslation('research');
  useDocumentTitle(t('alerts.title'));
  const [params, setParams] = useSearchParams();
  const { filter, page, alertId } = readParams(params);
  const alerts = useStatuteAlerts(filter, page - 1);
  const update = (next: Partial<{ filter: AlertFilter; page: number; alertId: number | null }>) =>
    setParams((current) => {
      const out = new URLSearchParams(current);
      const merged = { filter, page, alertId, ...next };
      for (const [key, value, isDefault] of [['filter', merged.filter, merged.filter === 'open'], ['page', merged.page, merged.page === 1], ['alert', merged.alertId, merged.alertId === null]] as const) {
        if (isDefault) out.delete(key);
        else out.set(key, String(value));
      }
      return out;
    });

  let list;
  if (alerts.isPending) list = <LoadingState label={t('alerts.loading')} />;
  else if (alerts.isError) list = <ErrorState error={alerts.error} onRetry={() => void alerts.refetch()} />;
  else if (alerts.data.content.length === 0) list = <EmptyState title={t(`alerts.empty.${filter}`)} description={t('alerts.emptyHint')} />;
  else {
    list = (
      <Stack gap="xs">
        <Stack gap={2} component="ul" aria-label={t('alerts.list')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {alerts.data.content.map((a) => (
            <AlertRow key={a.alertId} alert={a} isOpen={a.alertId === alertId} onOpen={() => update({ alertId: a.alertId })} />
          ))}
        </Stack>
        <ListFooter
          total={t('alerts.total', { count: alerts.data.totalElements })}
          totalPages={alerts.data.totalPages}
          page={page - 1}
          onPage={(p) => update({ page: p + 1 })}
          pagesLabel={t('alerts.pagination')}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="md" p="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={0}>
          <Title order={1} size="h2">{t('alerts.title')}</Title>
          <Text size="sm" c="dimmed">{t('alerts.intro')}</Text>
        </Stack>
        <Anchor component={Link} to={researchChatPath(workspaceName, directory)} size="sm">{t('alerts.backToChat')}</Anchor>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <SegmentedControl
                aria-label={t('alerts.filters.label')}
                value={filter}
                onChange={(value) => update({ filter: value as AlertFilter, page: 1 })}
                data={ALERT_FILTERS.map((value) => ({ value, label: t(`alerts.filters.${value}`) }))}
                fullWidth
              />
              {list}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md">
            {alertId !== null ? (
              <Box key={alertId}>
                <StatuteAlertDetail alertId={alertId} workspaceName={workspaceName} directory={directory} />
              </Box>
            ) : (
              <EmptyState title={t('alerts.pick')} description={t('alerts.pickHint')} />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * `/:workspaceName/:chatDirectory/statute-alerts`: the statute-change alerts of the workspace the
 * caller can see (each with the records of theirs it names), the open one's diff and records.
 */
export function StatuteAlertsPage() {
  return <ResearchGate>{(entry, directory) => <AlertsScreen workspaceName={entry.workspaceName} directory={directory} />}</ResearchGate>;
}
