import { CreateDeletionRequestBodySchema, DELETION_REQUEST_LIMITS, type DeletionRequest } from '@legal/api';
import { Alert, Button, Card, Checkbox, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { DataTableColumn } from 'mantine-datatable';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { SectionCard } from '../../../components/SectionCard';
import { type BoundedErrorKey, conflictReason, type FormErrors, formErrorText, schemaErrorsByPath, serverErrors } from '../../../lib/forms/form-errors';
import { useFormatDateTime } from '../../../lib/i18n';
import { AdminDataTable, NEWEST_FIRST } from '../AdminDataTable';
import { useAdminWorkspace } from '../AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { confirmAction } from '../confirm';
import { readDeletionListParams, writeDeletionListParams } from './deletion-search-params';
import { DeletionStatusBadge } from './DeletionStatusBadge';
import { saveWorkspaceExport, useCurrentDeletionRequest, useDeletionHistory, useDeletionMutations } from './workspace-settings-queries';
import '../admin-i18n';
import './workspace-settings-i18n';

/**
 * `/:workspaceName/admin/deletion`: download the workspace's data, ask a super admin to delete
 * the workspace (one open request at a time), follow or withdraw the request, and see the history.
 */
export function DeletionRequestPage() {
  const { t } = useTranslation('workspaceSettings');
  useDocumentTitle(t('deletion.documentTitle'));
  const current = useCurrentDeletionRequest();
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('deletion.title')} description={t('deletion.description')} />
      <ExportCard />
      {current.isPending ? (
        <LoadingState />
      ) : current.isError ? (
        <ErrorState error={current.error} onRetry={() => void current.refetch()} />
      ) : current.data ? (
        <CurrentRequestCard request={current.data} />
      ) : (
        <RequestForm />
      )}
      <HistoryTable />
    </Stack>
  );
}

function ExportCard() {
  const { t } = useTranslation('workspaceSettings');
  const entry = useAdminWorkspace();
  const [isDownloading, setIsDownloading] = useState(false);
  const download = async () => {
    setIsDownloading(true);
    try {
      await saveWorkspaceExport(`${entry.workspaceName}-export.zip`);
    } catch {
      // The API client already showed the failure.
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <SectionCard title={t('deletion.export.title')} description={t('deletion.export.description')}>
      <Button variant="light" onClick={() => void download()} loading={isDownloading}>
        {t('deletion.export.download')}
      </Button>
    </SectionCard>
  );
}

function CurrentRequestCard({ request }: { request: DeletionRequest }) {
  const { t } = useTranslation('workspaceSettings');
  const { t: ta } = useTranslation('admin');
  const formatDateTime = useFormatDateTime();
  const { cancel } = useDeletionMutations();
  const isApproved = request.status === 'APPROVED';
  const withdraw = () =>
    confirmAction({
      title: t('deletion.cancelTitle'),
      message: t('deletion.cancelMessage'),
      confirmLabel: t('deletion.cancel'),
      cancelLabel: ta('actions.close'),
      isDestructive: true,
      onConfirm: () => cancel.mutate(request.id, { onSuccess: () => notifications.show({ color: 'green', message: t('deletion.canceled') }) }),
    });
  return (
    <Alert color={isApproved ? 'red' : 'yellow'} title={isApproved ? t('deletion.approvedTitle') : t('deletion.pendingTitle')} role="status">
      <Stack gap="xs" align="flex-start">
        <DeletionStatusBadge status={request.status} />
        {isApproved && request.purgeAfter ? <Text size="sm" fw={600}>{t('deletion.purgeAfter', { date: formatDateTime(request.purgeAfter) })}</Text> : null}
        <Text size="sm">{t('deletion.requestedBy', { name: request.requestedByName ?? '-', date: formatDateTime(request.createdAt) })}</Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {t('deletion.reasonValue', { reason: request.reason })}
        </Text>
        {request.decisionComment ? <Text size="sm">{t('deletion.commentValue', { comment: request.decisionComment })}</Text> : null}
        {request.abilities.canCancel ? (
          <Button size="xs" variant="default" onClick={withdraw} loading={cancel.isPending}>
            {t('deletion.cancel')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

function RequestForm() {
  const { t } = useTranslation('workspaceSettings');
  const { t: ta } = useTranslation('admin');
  const entry = useAdminWorkspace();
  const { create } = useDeletionMutations();
  const [reason, setReason] = useState('');
  const [isAcknowledged, setIsAcknowledged] = useState(false);
  const [errors, setErrors] = useState<FormErrors<BoundedErrorKey>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { reason };
    const found = schemaErrorsByPath(CreateDeletionRequestBodySchema.safeParse(body));
    setErrors(found);
    if (Object.keys(found).length > 0 || !isAcknowledged) return;
    confirmAction({
      title: t('deletion.confirmTitle'),
      message: t('deletion.confirmMessage', { name: entry.workspaceName }),
      confirmLabel: t('deletion.submit'),
      cancelLabel: ta('actions.cancel'),
      isDestructive: true,
      onConfirm: () =>
        create.mutate(body, {
          onSuccess: () => notifications.show({ color: 'green', message: t('deletion.requested') }),
          onError: (error) => setErrors(serverErrors(error, { byPath: true }) ?? {}),
        }),
    });
  };

  const reasonError = formErrorText(errors.reason, (key) => t(`errors.${key}`));
  const isOpenElsewhere = conflictReason(create.error) === 'REQUEST_OPEN';
  const otherError = create.isError && !serverErrors(create.error, { byPath: true }) && !isOpenElsewhere ? create.error : null;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="deletion-request-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4" id="deletion-request-title">
            {t('deletion.form.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('deletion.form.description')}
          </Text>
          {isOpenElsewhere ? <Alert color="orange">{t('deletion.form.alreadyOpen')}</Alert> : null}
          {otherError ? <ErrorState error={otherError} /> : null}
          <Textarea
            label={t('deletion.form.reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={DELETION_REQUEST_LIMITS.reasonMaxLength}
            autosize
            minRows={3}
            error={reasonError}
            withAsterisk
          />
          <Checkbox
            label={t('deletion.form.acknowledge')}
            checked={isAcknowledged}
            onChange={(event) => setIsAcknowledged(event.currentTarget.checked)}
          />
          <Group justify="flex-end">
            <Button type="submit" color="red" disabled={!isAcknowledged} loading={create.isPending}>
              {t('deletion.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function HistoryTable() {
  const { t } = useTranslation('workspaceSettings');
  const formatDateTime = useFormatDateTime();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readDeletionListParams(searchParams);
  const query = useDeletionHistory(params.page, params.sort);
  const date = (value: string | null) => (value ? formatDateTime(value) : '-');
  const columns: DataTableColumn<DeletionRequest>[] = [
    { accessor: 'status', title: t('deletion.columns.status'), sortable: true, render: (r) => <DeletionStatusBadge status={r.status} /> },
    { accessor: 'reason', title: t('deletion.columns.reason'), ellipsis: true, width: 260 },
    { accessor: 'requestedByName', title: t('deletion.columns.requestedBy'), render: (r) => r.requestedByName ?? '-' },
    { accessor: 'createdAt', title: t('deletion.columns.createdAt'), sortable: true, render: (r) => date(r.createdAt) },
    { accessor: 'decidedAt', title: t('deletion.columns.decidedAt'), sortable: true, render: (r) => date(r.decidedAt) },
    { accessor: 'decisionComment', title: t('deletion.columns.comment'), ellipsis: true, render: (r) => r.decisionComment ?? '-' },
    { accessor: 'purgeAfter', title: t('deletion.columns.purgeAfter'), sortable: true, render: (r) => date(r.purgeAfter) },
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="deletion-history-title">
      <Title order={3} size="h4" id="deletion-history-title">
        {t('deletion.history')}
      </Title>
      <AdminDataTable<DeletionRequest>
        caption={t('deletion.history')}
        query={query}
        columns={columns}
        idAccessor="id"
        list={params}
        onListChange={(next) => setSearchParams(writeDeletionListParams({ ...params, ...next }))}
        defaultSort={NEWEST_FIRST}
        emptyTitle={t('deletion.emptyTitle')}
        emptyDescription={t('deletion.emptyDescription')}
      />
    </Stack>
  );
}
