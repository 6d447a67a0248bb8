import { type StandardFormDetail, type TemplateVersion } from '@legal/api';
import { Alert, Badge, Button, Group, Select, Stack, Text, Timeline } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { conflictReason } from '../../lib/forms/form-errors';
import { confirmAction } from '../admin/confirm';
import { IconArrowBackUp, IconGitCompare, IconUpload } from './standard-form-icons';
import { useRollback, useTemplateDiff, useTemplateVersions } from './standard-form-queries';
import { TemplateRedline } from './TemplateRedline';
import { UploadVersionModal } from './UploadVersionModal';
import './standard-forms-i18n';

function Compare({ standardFormId, versions }: { standardFormId: number; versions: TemplateVersion[] }) {
  const { t } = useTranslation('standardForms');
  const [latest, previous] = versions;
  const [from, setFrom] = useState<number | null>(previous?.version ?? null);
  const [to, setTo] = useState<number | null>(latest?.version ?? null);
  const range = from !== null && to !== null ? { from, to } : null;
  const diff = useTemplateDiff(standardFormId, range);
  const options = versions.map((v) => ({ value: String(v.version), label: t('versions.versionLabel', { version: v.version }) }));
  let body = null;
  if (range && range.from === range.to) body = <Alert color="gray">{t('versions.sameVersion')}</Alert>;
  else if (diff.error) body = <ErrorState error={diff.error} onRetry={() => void diff.refetch()} />;
  else if (diff.isFetching && !diff.data) body = <LoadingState label={t('versions.comparing')} />;
  else if (diff.data) body = <TemplateRedline diff={diff.data} />;
  return (
    <Stack gap="sm" component="section" aria-label={t('versions.compare')}>
      <Group align="flex-end" gap="sm">
        <IconGitCompare size={20} aria-hidden="true" />
        <Select label={t('versions.from')} data={options} value={from === null ? null : String(from)} onChange={(v) => setFrom(v ? Number(v) : null)} allowDeselect={false} w={160} />
        <Select label={t('versions.to')} data={options} value={to === null ? null : String(to)} onChange={(v) => setTo(v ? Number(v) : null)} allowDeselect={false} w={160} />
      </Group>
      {body}
    </Stack>
  );
}

/** The versions timeline (who, when, source, comment), the redline between any two, roll back and a new upload. */
export function VersionsPanel({ form }: { form: StandardFormDetail }) {
  const { t } = useTranslation('standardForms');
  const format = useLocaleFormat();
  const versions = useTemplateVersions(form.standardFormId);
  const rollback = useRollback(form.standardFormId);
  const [isUploading, setIsUploading] = useState(false);
  const canEdit = form.abilities.edit;
  if (versions.error) return <ErrorState error={versions.error} onRetry={() => void versions.refetch()} />;
  if (!versions.data) return <LoadingState />;
  const askRollback = (target: number) =>
    confirmAction({
      title: t('versions.rollbackTitle'),
      message: t('versions.rollbackMessage', { version: target, next: form.latestVersion + 1 }),
      confirmLabel: t('versions.rollback'),
      cancelLabel: t('actions.cancel'),
      onConfirm: () => rollback.mutate({ targetVersion: target, version: form.version }),
    });
  return (
    <Stack gap="lg">
      {canEdit ? (
        <Group justify="flex-end">
          <Button leftSection={<IconUpload size={16} aria-hidden="true" />} onClick={() => setIsUploading(true)}>{t('versions.upload')}</Button>
        </Group>
      ) : null}
      {rollback.error ? (
        <Alert color="red" role="alert">{conflictReason(rollback.error) ? t('errors.stale') : rollback.error.message}</Alert>
      ) : null}
      <Timeline active={0} bulletSize={22} lineWidth={2} aria-label={t('versions.timeline')}>
        {versions.data.map((version) => (
          <Timeline.Item key={version.version} title={<Group gap="xs"><Text fw={600}>{t('versions.versionLabel', { version: version.version })}</Text><Badge size="sm" variant="light">{t(`source.${version.source}`)}</Badge>{version.version === form.latestVersion ? <Badge size="sm" color="green">{t('versions.latest')}</Badge> : null}</Group>}>
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t('versions.byWhen', { who: version.createdBy?.displayName ?? t('versions.system'), when: format.dateTime(version.createdAt) })}
              </Text>
              {version.rolledBackFrom !== null ? <Text size="sm">{t('versions.rolledBackFrom', { version: version.rolledBackFrom })}</Text> : null}
              <Text size="sm">{version.comment ?? t('versions.noComment')}</Text>
              <Text size="xs" c="dimmed">{t('versions.file', { name: version.fileName, variables: version.variableCount })}</Text>
              {canEdit && version.version !== form.latestVersion ? (
                <Group>
                  <Button size="xs" variant="subtle" leftSection={<IconArrowBackUp size={14} aria-hidden="true" />} onClick={() => askRollback(version.version)} loading={rollback.isPending && rollback.variables?.targetVersion === version.version}>
                    {t('versions.rollbackTo', { version: version.version })}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Timeline.Item>
        ))}
      </Timeline>
      {versions.data.length > 1 ? <Compare standardFormId={form.standardFormId} versions={versions.data} /> : <Text size="sm" c="dimmed">{t('versions.onlyOne')}</Text>}
      {canEdit ? <UploadVersionModal form={form} isOpen={isUploading} onClose={() => setIsUploading(false)} /> : null}
    </Stack>
  );
}
