import { CHECKPOINT_SHEET_LABELS, CLAUSE_EXAMPLE_SHEET_LABELS, PLAYBOOK_SHEET_LIMITS } from '@legal/api';
import { Alert, Button, Card, Code, Divider, Group, List, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../components/FileDropZone';
import { ProgressBar } from '../../components/ProgressBar';
import { isApiError } from '../../lib/api';
import { type ImportOutcome, type PlaybookSheet, type RowIssue, type SheetUploadState, usePlaybookDownload, usePlaybookUpload } from './playbook-excel-queries';
import { type WorkspaceTarget } from './WorkspaceTargetPicker';
import './ai-platform-i18n';

const MAX_MB = PLAYBOOK_SHEET_LIMITS.maxBytes / (1024 * 1024);

/** The column as its header cell reads in the sheet ("위험도 [risk]"), whatever the interface language. */
function columnHeader(sheet: PlaybookSheet, column: string): string {
  const labels: Record<string, string> = sheet === 'checkpoints' ? CHECKPOINT_SHEET_LABELS : CLAUSE_EXAMPLE_SHEET_LABELS;
  return labels[column] ? `${labels[column]} [${column}]` : column;
}

/**
 * Super admin: the picked workspace's playbook as Excel (catalogue 7.1), one block per sheet.
 * A download is in the columns of the import, so it is also the template: edit it, upload it.
 */
export function PlaybookExcelSection({ target }: { target: WorkspaceTarget }) {
  const { t } = useTranslation('aiPlatform');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="playbook-excel-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id="playbook-excel-title">
            {t('playbook.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('playbook.description')}
          </Text>
        </Stack>
        <SheetBlock sheet="checkpoints" target={target} />
        <Divider />
        <SheetBlock sheet="examples" target={target} />
      </Stack>
    </Card>
  );
}

function SheetBlock({ sheet, target }: { sheet: PlaybookSheet; target: WorkspaceTarget }) {
  const { t } = useTranslation('aiPlatform');
  const titleId = useId();
  const download = usePlaybookDownload(sheet, target, t(`playbook.${sheet}.fileName`, { workspaceId: target.workspaceId }));
  const { state, upload } = usePlaybookUpload(sheet, target);
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId}>
        {t(`playbook.${sheet}.title`)}
      </Title>
      <Text size="sm">{t(`playbook.${sheet}.description`)}</Text>
      <Group gap="xs">
        <Button variant="light" onClick={download.start} loading={download.isDownloading}>
          {t(`playbook.${sheet}.download`)}
        </Button>
        {download.isDownloading ? (
          <Button variant="subtle" color="gray" onClick={download.cancel}>
            {t('playbook.cancel')}
          </Button>
        ) : null}
      </Group>
      {download.isDownloading ? (
        <div role="status">
          <ProgressBar label={t(`playbook.${sheet}.downloading`)} />
        </div>
      ) : null}
      {download.error ? (
        <Alert color="red" variant="light" role="alert" title={t('playbook.downloadFailed')}>
          <FailureText error={download.error} />
        </Alert>
      ) : null}
      <FileDropZone
        isMultiple={false}
        disabled={state.status === 'uploading'}
        onFiles={(files) => {
          if (files[0]) upload(files[0]);
        }}
        texts={{ drop: t(`playbook.${sheet}.drop`), choose: t('playbook.choose'), hint: t('playbook.hint', { max: MAX_MB }), input: t(`playbook.${sheet}.input`) }}
      />
      <UploadOutcome sheet={sheet} state={state} />
    </Stack>
  );
}

function UploadOutcome({ sheet, state }: { sheet: PlaybookSheet; state: SheetUploadState }) {
  const { t } = useTranslation('aiPlatform');
  switch (state.status) {
    case 'idle':
      return null;
    case 'uploading':
      return <ProgressBar value={state.percent ?? undefined} label={t('playbook.uploading', { name: state.name })} />;
    case 'done':
      return <ImportCounts name={state.name} outcome={state.outcome} />;
    case 'tooLarge':
      return (
        <Alert color="red" variant="light" role="alert" title={t('playbook.uploadFailed', { name: state.name })}>
          {t('playbook.tooLarge', { max: MAX_MB })}
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" variant="light" role="alert" title={t('playbook.uploadFailed', { name: state.name })}>
          <FailureText error={state.error} />
        </Alert>
      );
    case 'invalid':
      return <RowIssues sheet={sheet} name={state.name} message={state.message} issues={state.issues} />;
  }
}

/** The server's message of a failure (never a made-up one), with the error id a 5xx was reported under. */
function FailureText({ error }: { error: unknown }) {
  const { t } = useTranslation('aiPlatform');
  const { t: common } = useTranslation();
  if (!isApiError(error)) return <>{t('playbook.genericError')}</>;
  return (
    <>
      {error.message}
      {error.errorId ? (
        <Text size="xs" c="dimmed" mt={4}>
          {common('states.errorId')}: <Code>{error.errorId}</Code>
        </Text>
      ) : null}
    </>
  );
}

function ImportCounts({ name, outcome }: { name: string; outcome: ImportOutcome }) {
  const { t } = useTranslation('aiPlatform');
  const counts: Array<[string, number]> =
    outcome.sheet === 'checkpoints'
      ? (['created', 'updated', 'switched', 'unchanged'] as const).map((k): [string, number] => [t(`playbook.checkpoints.${k}`), outcome.counts[k]])
      : (['checkpoints', 'examples'] as const).map((k): [string, number] => [t(`playbook.examples.${k}`), outcome.counts[k]]);
  const isNoChange = outcome.sheet === 'checkpoints' && outcome.counts.created + outcome.counts.updated + outcome.counts.switched === 0;
  return (
    <Alert color={isNoChange ? 'gray' : 'green'} variant="light" role="status" title={t('playbook.doneTitle', { name })}>
      <Stack gap={4}>
        {isNoChange ? <Text size="sm">{t('playbook.checkpoints.noChange')}</Text> : null}
        <List size="sm" aria-label={t('playbook.counts')}>
          {counts.map(([label, value]) => (
            <List.Item key={label}>{t('playbook.count', { label, value })}</List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

/** The server's refusal: every wrong cell with its sheet row and column; nothing was written. */
function RowIssues({ sheet, name, message, issues }: { sheet: PlaybookSheet; name: string; message: string; issues: RowIssue[] }) {
  const { t } = useTranslation('aiPlatform');
  const rows = new Set(issues.map((i) => i.row)).size;
  return (
    <Stack gap="xs">
      <Alert color="red" variant="light" role="alert" title={t('playbook.invalidTitle', { name })}>
        {message} {t('playbook.invalid', { count: rows })}
      </Alert>
      <ScrollArea.Autosize mah={360} type="auto">
        <Table striped withTableBorder>
          <Table.Caption>{t('playbook.issues', { count: issues.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('playbook.row')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('playbook.column')}</Table.Th>
              <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('playbook.reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {issues.map((issue, index) => (
              <Table.Tr key={`${issue.row}.${issue.column}.${index}`}>
                <Table.Td>{issue.row}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{columnHeader(sheet, issue.column)}</Table.Td>
                <Table.Td>{issue.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}
