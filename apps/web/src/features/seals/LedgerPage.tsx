import { Alert, Anchor, Badge, Container, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { ListFooter } from '../../components/ListFooter';
import { isApiError } from '../../lib/api';
import { useLocaleFormat } from '../../lib/i18n';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { SealReference } from './SealReference';
import { usePersonLabel, useSealLabels } from './seal-labels';
import { LIST_PAGE_SIZE, useSealList, useUsageHistories } from './seal-queries';
import { usageRequestPath } from './seals-path';
import './seals-i18n';

function readParams(params: URLSearchParams): { sealId: number | null; page: number } {
  const sealId = Number(params.get('seal') ?? '');
  const page = Number(params.get('page') ?? '0');
  return { sealId: Number.isInteger(sealId) && sealId > 0 ? sealId : null, page: Number.isInteger(page) && page > 0 ? page : 0 };
}

function LedgerScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('seals');
  const labels = useSealLabels();
  const nameOf = usePersonLabel();
  const format = useLocaleFormat();
  const [params, setParams] = useSearchParams();
  const { sealId, page } = readParams(params);
  const seals = useSealList({ page: 0, size: 100 });
  const list = useUsageHistories({ page, size: LIST_PAGE_SIZE, ...(sealId !== null ? { sealId } : {}) });
  useDocumentTitle(`${t('ledger.title')} · ${workspaceName}`);
  const go = (next: { sealId: number | null; page: number }) => {
    const search = new URLSearchParams();
    if (next.sealId !== null) search.set('seal', String(next.sealId));
    if (next.page > 0) search.set('page', String(next.page));
    setParams(search);
  };

  let content;
  if (list.isPending) content = <LoadingState />;
  else if (list.isError)
    content =
      isApiError(list.error) && list.error.code === 'ERROR_FORBIDDEN' ? (
        <Alert color="gray" role="alert">
          {t('ledger.forbidden')}
        </Alert>
      ) : (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      );
  else if (list.data.content.length === 0) content = <EmptyState title={t('ledger.emptyTitle')} description={t('ledger.emptyDescription')} />;
  else
    content = (
      <>
        <Table.ScrollContainer minWidth={820}>
          <Table striped aria-label={t('ledger.listLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('ledger.columns.appliedAt')}</Table.Th>
                <Table.Th>{t('ledger.columns.seal')}</Table.Th>
                <Table.Th>{t('ledger.columns.method')}</Table.Th>
                <Table.Th>{t('ledger.columns.reference')}</Table.Th>
                <Table.Th>{t('ledger.columns.appliedBy')}</Table.Th>
                <Table.Th>{t('ledger.columns.request')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.content.map((row) => (
                <Table.Tr key={row.historyId}>
                  <Table.Td>{format.dateTime(row.appliedAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.seal.name}</Text>
                    <Text size="xs" c="dimmed">
                      {labels.type(row.seal.type)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{labels.method(row.method)}</Table.Td>
                  <Table.Td>
                    <SealReference workspaceName={workspaceName} type={row.referenceType} id={row.referenceId} title={row.referenceTitle} />
                  </Table.Td>
                  <Table.Td>{nameOf(row.appliedBy)}</Table.Td>
                  <Table.Td>
                    {row.requestId !== null ? (
                      <Anchor component={Link} to={usageRequestPath(workspaceName, row.requestId, 'processed')} size="sm">
                        {t('ledger.request', { id: row.requestId })}
                      </Anchor>
                    ) : (
                      <Badge color="orange" variant="light">
                        {t('ledger.withoutRequest')}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListFooter total={t('ledger.total', { count: list.data.totalElements })} totalPages={list.data.totalPages} page={page} onPage={(next) => go({ sealId, page: next })} pagesLabel={t('ledger.pages')} />
      </>
    );

  const sealOptions = (seals.data?.content ?? []).map((s) => ({ value: String(s.sealId), label: s.name }));
  if (sealId !== null && !sealOptions.some((o) => o.value === String(sealId))) sealOptions.push({ value: String(sealId), label: `#${sealId}` });
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('ledger.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('ledger.description')}
          </Text>
        </Stack>
        <Select
          label={t('ledger.seal')}
          placeholder={t('ledger.allSeals')}
          data={sealOptions}
          value={sealId !== null ? String(sealId) : null}
          onChange={(v) => go({ sealId: v ? Number(v) : null, page: 0 })}
          clearable
          searchable
          maw={320}
          comboboxProps={{ withinPortal: true }}
        />
        {content}
      </Stack>
    </Container>
  );
}

/** `/:workspaceName/seals/ledger?seal=<id>`: every application of a seal, newest first (managers; custodians for their seal). */
export function LedgerPage() {
  return <WorkspaceGate product="SEAL">{(entry) => <LedgerScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
