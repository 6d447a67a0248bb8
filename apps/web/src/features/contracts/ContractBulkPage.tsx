import { Alert, Anchor, Button, Card, Container, Group, List, Progress, Stack, Stepper, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ForbiddenState } from '../../components/ForbiddenState';
import { isApiError } from '../../lib/api';
import { useHasAnyPermission } from '../../lib/session';
import { UploadRow } from '../files/FileUploadPanel';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { BulkValidationStep } from './BulkValidationStep';
import {
  saveBulkResult, saveBulkTemplate, useAssignBulkGroup, useAssignBulkOwner, useBulkRequest, useConfirmBulk, useCreateBulkRequest, useRegisterBulk, useRetryBulk, useUpdateBulkRow,
} from './contract-bulk-queries';
import { CONTRACT_PERMISSIONS } from './contract-permissions';
import { contractPath, contractsPath } from './contracts-path';
import { FileDropZone } from './FileDropZone';
import { useContractUploads } from './use-contract-uploads';
import './contracts-i18n';

/** Which step of the wizard a request is at. */
function stepOf(status: string | undefined): number {
  if (!status) return 1;
  if (status === 'REGISTERING' || status === 'CONFIRMED') return 3;
  if (status === 'DONE' || status === 'PARTIALLY_FAILED') return 4;
  return 2;
}

function UploadStep({ onCreated }: { onCreated: (requestId: number) => void }) {
  const { t } = useTranslation('contracts');
  const sheet = useContractUploads();
  const files = useContractUploads();
  const create = useCreateBulkRequest();
  const [failure, setFailure] = useState<string | null>(null);
  const sheetKey = sheet.done.at(-1)?.file.fileKey;
  const submit = () => {
    if (!sheetKey) return setFailure(t('bulk.upload.needSheet'));
    setFailure(null);
    create.mutate(
      { sheetFileKey: sheetKey, fileKeys: files.done.map((f) => f.file.fileKey) },
      {
        onSuccess: (detail) => onCreated(detail.requestId),
        onError: (error) => setFailure(isApiError(error) ? error.message : t('bulk.upload.failed')),
      },
    );
  };
  return (
    <Stack gap="md">
      <Text fw={500}>{t('bulk.upload.sheet')}</Text>
      <FileDropZone kind="sheet" isMultiple={false} onFiles={(chosen) => void sheet.upload(chosen)} />
      {sheet.items.map((item) => (
        <UploadRow key={item.id} item={item} />
      ))}
      <Text fw={500}>{t('bulk.upload.files')}</Text>
      <FileDropZone onFiles={(chosen) => void files.upload(chosen)} />
      {files.items.map((item) => (
        <UploadRow key={item.id} item={item} />
      ))}
      {failure && (
        <Alert color="red" variant="light">
          {failure}
        </Alert>
      )}
      <Group>
        {/* Nothing to check before a sheet is uploaded: the button says so by being off, the line beside it why. */}
        <Button onClick={submit} loading={create.isPending} disabled={!sheetKey || sheet.isUploading || files.isUploading}>
          {t('bulk.upload.submit')}
        </Button>
        {sheet.isUploading || files.isUploading ? (
          <Text c="dimmed">{t('bulk.upload.waiting')}</Text>
        ) : !sheetKey ? (
          <Text c="dimmed">{t('bulk.upload.needSheet')}</Text>
        ) : null}
      </Group>
    </Stack>
  );
}

function RequestSteps({ requestId, workspaceName, active }: { requestId: number; workspaceName: string; active: number }) {
  const { t } = useTranslation('contracts');
  const query = useBulkRequest(requestId);
  const fix = useUpdateBulkRow();
  const confirm = useConfirmBulk();
  const register = useRegisterBulk();
  const retry = useRetryBulk();
  const assignOwner = useAssignBulkOwner();
  const assignGroup = useAssignBulkGroup();
  const assign = {
    onAssignOwner: (rowNumbers: number[], ownerUserId: number) => assignOwner.mutateAsync({ requestId, rowNumbers, ownerUserId }),
    onAssignGroup: (rowNumbers: number[], groupId: number) => assignGroup.mutateAsync({ requestId, rowNumbers, groupId }),
    isAssigning: assignOwner.isPending || assignGroup.isPending,
  };
  if (query.isError) return <Alert color="red">{t('bulk.loadFailed')}</Alert>;
  const detail = query.data;
  if (!detail) return <Progress value={100} animated aria-label={t('bulk.loadFailed')} />;
  const c = detail.counts;
  if (active === 2) {
    return (
      <Stack>
        <BulkValidationStep detail={detail} isSaving={fix.isPending} onFix={(rowNumber, values) => fix.mutateAsync({ requestId, rowNumber, values })} assign={assign} />
        <Group>
          <Button variant="default" onClick={() => retry.mutate(requestId)} loading={retry.isPending}>
            {t('bulk.validation.recheck')}
          </Button>
          <Button onClick={() => confirm.mutate(requestId)} loading={confirm.isPending} disabled={c.pendingRows === 0}>
            {t('bulk.validation.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (active === 3) {
    const done = c.registeredRows + c.failedRows;
    const total = done + c.pendingRows;
    return (
      <Stack>
        <Progress value={total > 0 ? (done * 100) / total : 0} aria-label={t('bulk.register.progressLabel')} />
        <Text>{t('bulk.register.progress', { done, total })}</Text>
        {detail.executionStatus === 'CONFIRMED' && (
          <Button onClick={() => register.mutate(requestId)} loading={register.isPending}>
            {t('bulk.register.start')}
          </Button>
        )}
      </Stack>
    );
  }
  const registered = detail.rows.content.filter((r) => r.contractId !== null);
  return (
    <Stack>
      <Alert color={detail.executionStatus === 'DONE' ? 'green' : 'orange'}>{t(detail.executionStatus === 'DONE' ? 'bulk.result.done' : 'bulk.result.partial')}</Alert>
      <List>
        {registered.map((r) => (
          <List.Item key={r.rowNumber}>
            <Anchor component={Link} to={contractPath(workspaceName, r.contractId!)}>
              {r.values.title ?? t('bulk.result.open', { id: r.contractId })}
            </Anchor>
          </List.Item>
        ))}
      </List>
      {detail.executionStatus === 'PARTIALLY_FAILED' && (
        <BulkValidationStep
          detail={{ ...detail, rows: { ...detail.rows, content: detail.rows.content.filter((r) => r.status !== 'REGISTERED') } }}
          isSaving={fix.isPending}
          onFix={(rowNumber, values) => fix.mutateAsync({ requestId, rowNumber, values })}
          assign={assign}
        />
      )}
      <Group>
        <Button variant="default" onClick={() => void saveBulkResult(requestId, `bulk-${requestId}.xlsx`)}>
          {t('bulk.result.download')}
        </Button>
      </Group>
    </Stack>
  );
}

function BulkScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('contracts');
  useDocumentTitle(`${t('bulk.documentTitle')} · ${workspaceName}`);
  const isAdmin = useHasAnyPermission([CONTRACT_PERMISSIONS.admin]);
  const [requestId, setRequestId] = useState<number | null>(null);
  const query = useBulkRequest(requestId);
  if (!isAdmin) return <ForbiddenState />;
  const active = requestId === null ? 0 : stepOf(query.data?.executionStatus);
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={contractsPath(workspaceName)} size="sm">
            {t('title')}
          </Anchor>
          <Title order={1}>{t('bulk.title')}</Title>
        </Stack>
        <Stepper active={active} allowNextStepsSelect={false}>
          <Stepper.Step label={t('bulk.steps.template')} />
          <Stepper.Step label={t('bulk.steps.upload')} />
          <Stepper.Step label={t('bulk.steps.validation')} />
          <Stepper.Step label={t('bulk.steps.register')} />
          <Stepper.Step label={t('bulk.steps.result')} />
        </Stepper>
        <Card withBorder padding="lg">
          {requestId === null ? (
            <Stack>
              <Text>{t('bulk.template.description')}</Text>
              <Group>
                <Button variant="default" onClick={() => void saveBulkTemplate(t('bulk.template.fileName'))}>
                  {t('bulk.template.download')}
                </Button>
              </Group>
              <UploadStep onCreated={setRequestId} />
            </Stack>
          ) : (
            <RequestSteps requestId={requestId} workspaceName={workspaceName} active={active} />
          )}
        </Card>
      </Stack>
    </Container>
  );
}

/** /:workspaceName/contracts/bulk: the bulk registration wizard (contract admins). */
export function ContractBulkPage() {
  return <WorkspaceGate product="CLM">{(entry) => <BulkScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
