import { CLAUSE_LABEL_CATALOGUE, type ContractDetail, type StoredClauseLabel } from '@legal/api';
import { Alert, Badge, Button, Card, Collapse, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { isApiError } from '../../lib/api';
import { useFormatDateTime } from '../../lib/i18n';
import { confirmAction } from '../admin/confirm';
import { useAnalyzeContract, useClauseLabels, useDeleteClauseLabels } from './clause-queries';
import { IconTrash } from './contract-icons';
import { useVocabulary } from './contract-vocabulary';
import { usePersonName } from './PeoplePicker';
import './contracts-i18n';

/** The document analysis reads: the contract document (MAIN), else the first file. */
export function mainDocumentOf(contract: ContractDetail) {
  return contract.files.find((f) => f.role === 'MAIN') ?? contract.files[0] ?? null;
}

function ClauseItem({ clause }: { clause: StoredClauseLabel }) {
  const { t } = useTranslation('contracts');
  const [isOpen, setOpen] = useState(false);
  const heading = clause.heading ?? t('analysis.untitled');
  return (
    <Stack gap={2} component="li">
      <Group gap="xs" justify="space-between" wrap="nowrap">
        <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={isOpen} aria-label={t('analysis.showText', { heading })}>
          <Text size="sm">{heading}</Text>
        </UnstyledButton>
        <Text size="xs" c="dimmed">{t('analysis.confidence', { value: Math.round(clause.confidence * 100) })}</Text>
      </Group>
      <Collapse expanded={isOpen}>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>{clause.text}</Text>
      </Collapse>
    </Stack>
  );
}

/**
 * "Clauses": the contract document split into clauses, each labelled (purpose, term, payment,
 * ...) by the analysis engine and grouped by label. Writers analyse (again) and delete the result.
 */
export function ClausesPanel({ contract, canManage }: { contract: ContractDetail; canManage: boolean }) {
  const { t } = useTranslation('contracts');
  const { locale } = useVocabulary();
  const formatDateTime = useFormatDateTime();
  const nameOf = usePersonName();
  const labels = useClauseLabels(contract.id);
  const analyze = useAnalyzeContract();
  const remove = useDeleteClauseLabels(contract.id);
  const [failure, setFailure] = useState<string | null>(null);
  const document = mainDocumentOf(contract);

  const run = () => {
    if (!document) return;
    setFailure(null);
    analyze.mutate(
      { fileKey: document.fileKey, contractId: contract.id },
      {
        onSuccess: (answer) =>
          notifications.show(answer.clauses.length > 0 ? { color: 'green', message: t('analysis.done', { count: answer.clauses.length }) } : { color: 'yellow', message: t('analysis.doneNone') }),
        onError: (error) => setFailure(isApiError(error) ? error.message : t('analysis.failed')),
      },
    );
  };
  const confirmDelete = () =>
    confirmAction({
      title: t('analysis.deleteTitle'),
      message: t('analysis.deleteMessage'),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
      isDestructive: true,
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', message: t('analysis.deleted') }),
          onError: (error) => notifications.show({ color: 'red', message: isApiError(error) ? error.message : t('analysis.failed') }),
        }),
    });

  let body;
  if (labels.isPending) body = <LoadingState />;
  else if (labels.isError) body = <ErrorState error={labels.error} onRetry={() => void labels.refetch()} />;
  else if (labels.data.fileKey === null) body = <Text size="sm" c="dimmed">{t('analysis.none')}</Text>;
  else {
    const stored = labels.data;
    const fileName = contract.files.find((f) => f.fileKey === stored.fileKey)?.displayName ?? stored.fileKey;
    body = (
      <Stack gap="sm">
        <Text size="xs" c="dimmed">
          {t('analysis.analyzedBy', {
            name: stored.analyzedBy ? nameOf(stored.analyzedBy) : t('detail.unknownPerson'),
            at: stored.analyzedAt ? formatDateTime(stored.analyzedAt) : '',
            file: fileName,
            engine: t(`analysis.engine.${stored.engine ?? 'BUILT_IN'}`),
          })}
        </Text>
        {/* Analysed, and nothing found: say so (the run is stored), not "not analysed". */}
        {stored.labels.length === 0 ? <Text size="sm">{t('analysis.noClauses')}</Text> : null}
        {CLAUSE_LABEL_CATALOGUE.map((entry) => {
          const clauses = stored.labels.filter((l) => l.label === entry.code);
          if (clauses.length === 0) return null;
          return (
            <Stack key={entry.code} gap={4} component="section" aria-label={entry.name[locale]}>
              <Group gap="xs">
                <Badge variant="light" tt="none">{entry.name[locale]}</Badge>
                <Text size="xs" c="dimmed">{t('analysis.count', { count: clauses.length })}</Text>
              </Group>
              <Stack gap={6} component="ul" p={0} m={0} pl="sm" style={{ listStyle: 'none' }}>
                {clauses.map((c) => <ClauseItem key={c.id} clause={c} />)}
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="contract-clauses">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5" id="contract-clauses">
          {t('analysis.title')}
        </Title>
        {canManage && document ? (
          <Group gap={4} wrap="nowrap">
            {labels.data?.fileKey ? (
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden="true" />} onClick={confirmDelete} loading={remove.isPending}>
                {t('analysis.delete')}
              </Button>
            ) : null}
            <Button size="xs" onClick={run} loading={analyze.isPending} disabled={document.extractionStatus === 'FAILED'}>
              {labels.data?.fileKey ? t('analysis.reanalyze') : t('analysis.analyze')}
            </Button>
          </Group>
        ) : null}
      </Group>
      <Stack gap="sm">
        {!document ? <Text size="sm" c="dimmed">{t('analysis.noDocument')}</Text> : null}
        {document?.extractionStatus === 'PENDING' ? <Text size="xs" c="dimmed">{t('analysis.extracting')}</Text> : null}
        {document?.extractionStatus === 'FAILED' ? <Text size="xs" c="orange">{t('analysis.extractionFailed')}</Text> : null}
        {analyze.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{t('analysis.running')}</Text>
          </Group>
        ) : null}
        {failure ? (
          <Alert color="orange" variant="light" role="alert" withCloseButton onClose={() => setFailure(null)}>
            {failure}
          </Alert>
        ) : null}
        {body}
      </Stack>
    </Card>
  );
}
