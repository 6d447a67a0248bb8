import { type Seal, SEAL_STATUSES, SEAL_TYPES, type SealStatus, type SealType } from '@legal/api';
import { Alert, Button, Container, Group, Modal, MultiSelect, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { ListFilterBar } from '../../components/ListFilterBar';
import { ListFooter } from '../../components/ListFooter';
import { isApiError } from '../../lib/api';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { SealCard, type SealCardAction } from './SealCard';
import { SealFormModal } from './SealFormModal';
import { useSealLabels } from './seal-labels';
import { SEALS_PAGE_SIZE, useSealAccess, useSealActions, useSealList } from './seal-queries';
import { IconPlus } from './seals-icons';
import './seals-i18n';

interface Filters {
  keyword: string;
  statuses: SealStatus[];
  types: SealType[];
  page: number;
}

const oneOf = <T extends string>(values: readonly T[]) => (value: string): value is T => (values as readonly string[]).includes(value);

/** `?q=법인&status=VALID&type=CORPORATE&page=1`: the registry's filters live in the address. */
function readFilters(params: URLSearchParams): Filters {
  const page = Number(params.get('page') ?? '0');
  return {
    keyword: (params.get('q') ?? '').trim(),
    statuses: [...new Set(params.getAll('status').filter(oneOf(SEAL_STATUSES)))],
    types: [...new Set(params.getAll('type').filter(oneOf(SEAL_TYPES)))],
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

function writeFilters(filters: Filters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('q', filters.keyword);
  for (const status of filters.statuses) params.append('status', status);
  for (const type of filters.types) params.append('type', type);
  if (filters.page > 0) params.set('page', String(filters.page));
  return params;
}

function FilterBar({ filters, onChange }: { filters: Filters; onChange: (next: Filters) => void }) {
  const { t } = useTranslation('seals');
  const labels = useSealLabels();
  const change = (over: Partial<Filters>) => onChange({ ...filters, ...over, page: 0 });
  return (
    <ListFilterBar label={t('registry.filters')} keyword={{ value: filters.keyword, label: t('registry.keyword'), submitLabel: t('registry.search'), onSubmit: (keyword) => change({ keyword }) }}>
      <MultiSelect
        label={t('registry.types')}
        data={SEAL_TYPES.map((code) => ({ value: code, label: labels.type(code) }))}
        value={filters.types}
        onChange={(v) => change({ types: v as SealType[] })}
        clearable
        miw={200}
        comboboxProps={{ withinPortal: true }}
      />
      <MultiSelect
        label={t('registry.statuses')}
        data={SEAL_STATUSES.map((code) => ({ value: code, label: labels.status(code) }))}
        value={filters.statuses}
        onChange={(v) => change({ statuses: v as SealStatus[] })}
        clearable
        miw={180}
        comboboxProps={{ withinPortal: true }}
      />
    </ListFilterBar>
  );
}

function UnavailableModal({ seal, onClose }: { seal: Seal; onClose: () => void }) {
  const { t } = useTranslation('seals');
  const { unavailable } = useSealActions();
  const [reason, setReason] = useState('');
  const [isMissing, setMissing] = useState(false);
  const submit = () => {
    setMissing(!reason.trim());
    if (!reason.trim()) return;
    unavailable.mutate({ seal, reason: reason.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={t('unavailable.title', { name: seal.name })}>
      <Stack gap="sm">
        <Text size="sm">{t('unavailable.description')}</Text>
        <Textarea label={t('unavailable.reason')} required autosize minRows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={isMissing ? t('unavailable.reasonRequired') : undefined} />
        {unavailable.error ? (
          <Alert color="red" role="alert">
            {isApiError(unavailable.error) ? unavailable.error.message : t('unavailable.failed')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button color="orange" onClick={submit} loading={unavailable.isPending}>
            {t('unavailable.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Deletes a seal never requested nor used; the server's 409 (it has history) is explained with the way out: mark it unavailable. */
function DeleteModal({ seal, onClose, onMarkUnavailable }: { seal: Seal; onClose: () => void; onMarkUnavailable: () => void }) {
  const { t } = useTranslation('seals');
  const { remove } = useSealActions();
  const isInUse = isApiError(remove.error) && remove.error.code === 'ERROR_CONFLICT';
  const submit = () =>
    remove.mutate(seal.sealId, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('registry.deleted', { name: seal.name }) });
        onClose();
      },
    });
  return (
    <Modal opened onClose={onClose} title={t('remove.title', { name: seal.name })}>
      <Stack gap="sm">
        {isInUse ? (
          <Alert color="orange" role="alert" title={t('remove.inUseTitle')}>
            {t('remove.inUse')}
          </Alert>
        ) : (
          <Text size="sm">{t('remove.confirm')}</Text>
        )}
        {remove.error && !isInUse ? (
          <Alert color="red" role="alert">
            {isApiError(remove.error) ? remove.error.message : t('remove.failed')}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          {isInUse ? (
            seal.status === 'VALID' ? (
              <Button color="orange" onClick={onMarkUnavailable}>
                {t('remove.markInstead')}
              </Button>
            ) : null
          ) : (
            <Button color="red" onClick={submit} loading={remove.isPending}>
              {t('remove.submit')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

type Dialog = { kind: 'form'; seal: Seal | null } | { kind: 'unavailable'; seal: Seal } | { kind: 'delete'; seal: Seal } | null;

function SealsScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('seals');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const access = useSealAccess();
  const list = useSealList({
    page: filters.page, size: SEALS_PAGE_SIZE,
    ...(filters.keyword ? { keyword: filters.keyword } : {}),
    ...(filters.statuses.length ? { statuses: filters.statuses } : {}),
    ...(filters.types.length ? { types: filters.types } : {}),
  });
  const { copy, available } = useSealActions();
  const [dialog, setDialog] = useState<Dialog>(null);
  useDocumentTitle(`${t('registry.title')} · ${workspaceName}`);
  const canManage = access.data?.canManageSeals ?? false;
  const isFiltered = filters.keyword !== '' || filters.statuses.length > 0 || filters.types.length > 0;

  const onAction = (action: SealCardAction, seal: Seal) => {
    if (action === 'edit') setDialog({ kind: 'form', seal });
    else if (action === 'unavailable') setDialog({ kind: 'unavailable', seal });
    else if (action === 'delete') setDialog({ kind: 'delete', seal });
    else if (action === 'copy') copy.mutate(seal.sealId, { onSuccess: () => notifications.show({ color: 'green', message: t('registry.copied', { name: seal.name }) }) });
    else available.mutate(seal, { onSuccess: () => notifications.show({ color: 'green', message: t('registry.madeAvailable', { name: seal.name }) }) });
  };

  let content;
  if (list.isPending) content = <LoadingState />;
  else if (list.isError) content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.content.length === 0)
    content = isFiltered ? (
      <EmptyState title={t('registry.emptyFiltered')} />
    ) : (
      <EmptyState
        title={t('registry.emptyTitle')}
        description={t('registry.emptyDescription')}
        action={canManage ? <Button onClick={() => setDialog({ kind: 'form', seal: null })}>{t('registry.create')}</Button> : undefined}
      />
    );
  else
    content = (
      <>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-label={t('registry.listLabel')} role="list">
          {list.data.content.map((seal) => (
            <div role="listitem" key={seal.sealId}>
              <SealCard
                seal={seal}
                workspaceName={workspaceName}
                canManage={canManage}
                canSeeLedger={canManage || (access.data?.custodianOf.includes(seal.sealId) ?? false)}
                onAction={onAction}
              />
            </div>
          ))}
        </SimpleGrid>
        <ListFooter total={t('registry.total', { count: list.data.totalElements })} totalPages={list.data.totalPages} page={filters.page} onPage={(page) => setParams(writeFilters({ ...filters, page }))} pagesLabel={t('registry.pages')} />
      </>
    );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={1}>{t('registry.title')}</Title>
            <Text c="dimmed" size="sm">
              {t('registry.description')}
            </Text>
          </Stack>
          {canManage ? (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setDialog({ kind: 'form', seal: null })}>
              {t('registry.create')}
            </Button>
          ) : null}
        </Group>
        <FilterBar key={params.toString()} filters={filters} onChange={(next) => setParams(writeFilters(next))} />
        {content}
      </Stack>
      {dialog?.kind === 'form' ? <SealFormModal seal={dialog.seal} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'unavailable' ? <UnavailableModal seal={dialog.seal} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? (
        <DeleteModal seal={dialog.seal} onClose={() => setDialog(null)} onMarkUnavailable={() => setDialog({ kind: 'unavailable', seal: dialog.seal })} />
      ) : null}
    </Container>
  );
}

/** `/:workspaceName/seals`: the seal registry (cards), filters in the address; managers register, edit, copy, retire and delete. */
export function SealsPage() {
  return <WorkspaceGate product="SEAL">{(entry) => <SealsScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
