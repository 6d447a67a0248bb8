import { AUDIT_LOG_LIMITS } from '@legal/api';
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../lib/i18n';
import { ProgressBar } from '../../../components/ProgressBar';
import { saveBlob } from '../../../lib/save-blob';
import { localDay } from './audit-days';
import { fetchAuditWorkbook } from './audit-queries';
import { type AuditFilters } from './audit-search-params';
import './audit-log-i18n';

/**
 * Exports the filtered log to Excel. The server builds the workbook while it streams; until the
 * whole file has arrived an indeterminate progress bar shows, with a way to cancel.
 */
export function AuditExportButton({ filters }: { filters: AuditFilters }) {
  const { t } = useTranslation('auditLog');
  const format = useLocaleFormat();
  const [controller, setController] = useState<AbortController | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const start = async () => {
    const next = new AbortController();
    setController(next);
    try {
      const blob = await fetchAuditWorkbook(filters, next.signal);
      saveBlob(blob, t('export.fileName', { date: localDay(new Date()).replaceAll('-', '') }));
      notifications.show({ color: 'green', message: t('export.done') });
    } catch {
      // The API client has shown the failure (a cancel shows nothing).
    } finally {
      if (mounted.current) setController(null);
    }
  };

  const max = format.number(AUDIT_LOG_LIMITS.exportMaxRows);
  return (
    <Stack gap={6} miw={260}>
      <Group gap="xs" justify="flex-end">
        <Button variant="light" onClick={() => void start()} loading={controller !== null} title={t('export.note', { max })}>
          {t('export.button')}
        </Button>
        {controller ? (
          <Button variant="subtle" color="gray" onClick={() => controller.abort()}>
            {t('export.cancel')}
          </Button>
        ) : null}
      </Group>
      {controller ? (
        <div role="status">
          <ProgressBar label={t('export.progress')} />
        </div>
      ) : (
        <Text size="xs" c="dimmed" ta="right">
          {t('export.note', { max })}
        </Text>
      )}
    </Stack>
  );
}
