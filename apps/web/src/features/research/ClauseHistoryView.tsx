import { type ClauseHistory } from '@legal/api';
import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { DiffSegments } from '../../components/DiffSegments';
import { useClauseHistory } from './research-queries';
import './research-i18n';

type Revision = ClauseHistory['revisions'][number];

/** The revisions oldest first: a "from" earlier than a "to" reads as the change that happened. */
const chronological = (revisions: Revision[]) => [...revisions].sort((a, b) => a.version.effectiveDate.localeCompare(b.version.effectiveDate));

/** A version to start from: its revision is the last change at or before its 시행일 (the text it had). */
export interface HistoryVersion {
  lawSerialNumber: string;
  effectiveDate: string;
}

const revisionAt = (ordered: Revision[], version: HistoryVersion | undefined) =>
  version ? (ordered.find((r) => r.version.lawSerialNumber === version.lawSerialNumber) ?? ordered.filter((r) => r.version.effectiveDate <= version.effectiveDate).at(-1)) : undefined;

/**
 * How one article read across the versions of its statute, and the word diff between two of
 * them: by default the newest change (the last revision against the one before it), or from the
 * version a citation rests on to a newer one (`initial`).
 */
export function ClauseHistoryView({ statuteId, article, initial }: { statuteId: string; article: string; initial?: { from: HistoryVersion; to: HistoryVersion } }) {
  const { t } = useTranslation('research');
  const format = useLocaleFormat();
  const revisions = useClauseHistory(statuteId, article, {});
  const ordered = useMemo(() => chronological(revisions.data?.revisions ?? []), [revisions.data]);
  const [picked, setPicked] = useState<{ from: string | null; to: string | null }>({ from: null, to: null });
  const to = picked.to ?? (revisionAt(ordered, initial?.to) ?? ordered.at(-1))?.version.lawSerialNumber ?? null;
  const from = picked.from ?? (revisionAt(ordered, initial?.from) ?? ordered.at(-2))?.version.lawSerialNumber ?? null;
  const canCompare = from !== null && to !== null && from !== to;
  const diff = useClauseHistory(statuteId, article, { from: from ?? undefined, to: to ?? undefined }, canCompare);

  if (revisions.isPending) return <LoadingState label={t('history.loading')} />;
  if (revisions.isError) return <ErrorState error={revisions.error} onRetry={() => void revisions.refetch()} />;
  if (ordered.length < 2) return <Text size="sm" c="dimmed">{t('history.noChanges')}</Text>;

  const options = ordered.map((r) => ({
    value: r.version.lawSerialNumber,
    label: t('history.versionOption', { date: format.isoDate(r.version.effectiveDate), kind: r.version.amendmentKind ?? '' }).trim(),
  }));
  return (
    <Stack gap="sm">
      <Group grow gap="xs">
        <Select label={t('history.from')} data={options} value={from} allowDeselect={false} onChange={(v) => setPicked({ from: v, to })} />
        <Select label={t('history.to')} data={options} value={to} allowDeselect={false} onChange={(v) => setPicked({ from, to: v })} />
      </Group>
      <Text size="xs" c="dimmed">
        {t('history.legend')}
      </Text>
      {!canCompare ? (
        <Text size="sm" c="dimmed">{t('history.sameVersion')}</Text>
      ) : diff.isError ? (
        <ErrorState error={diff.error} onRetry={() => void diff.refetch()} />
      ) : !diff.data?.diff ? (
        <LoadingState label={t('history.loading')} />
      ) : diff.data.diff.segments.every((s) => s.op === 'EQUAL') ? (
        <Alert variant="light" color="gray">{t('history.identical')}</Alert>
      ) : (
        <DiffSegments segments={diff.data.diff.segments} />
      )}
    </Stack>
  );
}
