import { type ContractSummary, pageSearchContractsV3, workspaceKey } from '@legal/api';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../components/icons';
import { api } from '../../lib/api';
import { type SessionState, useHasAnyPermission, useHasProduct, useSession } from '../../lib/session';
import { REPOSITORY_PERMISSIONS } from '../contracts/contract-permissions';
import { useContractDetail } from '../contracts/contract-queries';
import { ReviewFileUpload } from './ReviewFileUpload';
import { StandaloneSource } from './StandaloneSource';
import './ai-review-i18n';

/** What is reviewed: a contract of the repository (its current document), a standalone contract of the caller, or an uploaded file. */
export type ReviewSource =
  | { kind: 'contract'; contractId: number; /** null: chosen by address; the title is looked up */ title: string | null }
  | { kind: 'standalone'; standaloneContractId: number; title: string; fileKey: string }
  | { kind: 'file'; fileKey: string; fileName: string };

type SourceTab = ReviewSource['kind'];

function ContractTitle({ contractId }: { contractId: number }) {
  const detail = useContractDetail(contractId);
  return <>{detail.data?.title ?? `#${contractId}`}</>;
}

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

function ContractSearch({ selected, onSelect }: { selected: number | null; onSelect: (contract: ContractSummary) => void }) {
  const { t } = useTranslation('aiReview');
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const workspace = useSession(selectWorkspaceKey);
  const search = useQuery({
    queryKey: ['contracts', workspace, 'list', 'aiReviewPicker', debounced],
    queryFn: ({ signal }) => api.call(pageSearchContractsV3, { signal, body: debounced ? { keyword: debounced } : {}, query: { page: 0, size: 10 } }),
    placeholderData: keepPreviousData,
  });
  const rows = search.data?.content ?? [];
  return (
    <Stack gap="xs">
      <TextInput
        label={t('start.searchLabel')}
        placeholder={t('start.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        value={keyword}
        onChange={(event) => setKeyword(event.currentTarget.value)}
      />
      {search.isError ? (
        <Alert color="red" variant="light" role="alert">
          {search.error.message}
        </Alert>
      ) : search.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('start.noContracts')}
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label={t('start.contractResults')}>
          {rows.map((contract) => {
            const isSelected = contract.id === selected;
            return (
              <div role="listitem" key={contract.id}>
              <UnstyledButton
                aria-pressed={isSelected}
                w="100%"
                onClick={() => onSelect(contract)}
                p="xs"
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  border: `1px solid var(--mantine-color-${isSelected ? 'primary-filled' : 'default-border'})`,
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={isSelected ? 600 : 400} truncate>
                    {contract.title}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {contract.counterpartyNames.join(', ')}
                  </Text>
                </Group>
              </UnstyledButton>
              </div>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Picks the document to review: a repository contract (only in a workspace with the contract
 * repository), one of the caller's standalone contracts (or a new one from an upload), or a file.
 */
export function ReviewSourcePicker({ value, onChange }: { value: ReviewSource | null; onChange: (source: ReviewSource | null) => void }) {
  const { t } = useTranslation('aiReview');
  const hasClm = useHasProduct('CLM');
  const canReadContracts = useHasAnyPermission(REPOSITORY_PERMISSIONS);
  const hasRepository = hasClm && canReadContracts;
  const [tab, setTab] = useState<SourceTab>(hasRepository ? 'contract' : 'file');
  const tabs: Array<{ value: SourceTab; label: string }> = [
    ...(hasRepository ? [{ value: 'contract' as const, label: t('start.fromRepository') }] : []),
    { value: 'standalone', label: t('start.fromStandalone') },
    { value: 'file', label: t('start.fromUpload') },
  ];
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={tab}
        onChange={(next) => {
          setTab(next as SourceTab);
          onChange(null);
        }}
        data={tabs}
        aria-label={t('start.sourceLabel')}
      />
      {tab === 'contract' && hasRepository ? (
        <ContractSearch
          selected={value?.kind === 'contract' ? value.contractId : null}
          onSelect={(contract) => onChange({ kind: 'contract', contractId: contract.id, title: contract.title })}
        />
      ) : tab === 'standalone' ? (
        <StandaloneSource
          selected={value?.kind === 'standalone' ? value.standaloneContractId : null}
          onSelect={(contract) => onChange({ kind: 'standalone', standaloneContractId: contract.standaloneContractId, title: contract.title, fileKey: contract.fileKey })}
        />
      ) : (
        <ReviewFileUpload onUploaded={(fileKey, fileName) => onChange({ kind: 'file', fileKey, fileName })} />
      )}
      {value ? (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('start.selected')}
          </Text>
          <Text size="sm" fw={600}>
            {value.kind === 'file' ? value.fileName : value.kind === 'standalone' ? value.title : (value.title ?? <ContractTitle contractId={value.contractId} />)}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => onChange(null)}>
            {t('start.clear')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
