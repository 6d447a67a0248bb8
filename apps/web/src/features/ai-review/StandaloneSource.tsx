import { type StandaloneContract } from '@legal/api';
import { Alert, Button, Group, Loader, Pagination, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../components/icons';
import { LoadingState } from '../../components/LoadingState';
import { useCreateStandaloneContract, useSetStandaloneDocument, useStandaloneContracts } from './ai-review-queries';
import { ReviewFileUpload } from './ReviewFileUpload';
import './ai-review-i18n';

/** A standalone contract that can be reviewed: one with a document. */
export type ReviewableStandalone = StandaloneContract & { fileKey: string };

const isReviewable = (contract: StandaloneContract): contract is ReviewableStandalone => contract.fileKey !== null;

/** The title a new standalone contract takes from its file: the name without the extension. */
export function standaloneTitleOf(fileName: string): string {
  const title = fileName.replace(/\.[^.]+$/, '').trim();
  return (title || fileName.trim() || '-').slice(0, 300);
}

/** A file up, then set as the document of a standalone contract that had none, which is then chosen. */
function AttachDocument({ contract, onAttached, onCancel }: { contract: StandaloneContract; onAttached: (contract: ReviewableStandalone) => void; onCancel: () => void }) {
  const { t } = useTranslation('aiReview');
  const attach = useSetStandaloneDocument();
  return (
    <Stack gap="xs" p="xs" role="group" aria-label={t('start.standalone.attachTitle', { title: contract.title })}>
      <ReviewFileUpload
        input={t('start.standalone.attachInput', { title: contract.title })}
        onUploaded={(fileKey) =>
          attach.mutate(
            { standaloneContractId: contract.standaloneContractId, fileKey },
            {
              onSuccess: (updated) => {
                if (isReviewable(updated)) onAttached(updated);
              },
            },
          )
        }
      />
      <PendingOrError pending={attach.isPending} label={t('start.standalone.attaching')} error={attach.error} />
      <Group justify="flex-end">
        <Button variant="subtle" size="xs" onClick={onCancel}>
          {t('start.standalone.cancelAttach')}
        </Button>
      </Group>
    </Stack>
  );
}

/** A mutation's progress line, or its failure. */
function PendingOrError({ pending, label, error }: { pending: boolean; label: string; error: Error | null }) {
  if (pending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
    );
  }
  return error ? (
    <Alert color="red" variant="light" role="alert">
      {error.message}
    </Alert>
  ) : null;
}

function StandaloneList({ selected, onSelect }: { selected: number | null; onSelect: (contract: ReviewableStandalone) => void }) {
  const { t } = useTranslation('aiReview');
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const [page, setPage] = useState(0);
  const [attachingTo, setAttachingTo] = useState<number | null>(null);
  const list = useStandaloneContracts(debounced, page);
  const rows = list.data?.content ?? [];
  const totalPages = list.data?.totalPages ?? 0;

  const content = () => {
    if (list.isPending) return <LoadingState label={t('start.standalone.loading')} />;
    if (list.isError) {
      return (
        <Alert color="red" variant="light" role="alert">
          {list.error.message}
        </Alert>
      );
    }
    if (rows.length === 0) {
      return (
        <Text size="sm" c="dimmed">
          {debounced ? t('start.standalone.noMatch') : t('start.standalone.empty')}
        </Text>
      );
    }
    return (
      <Stack gap={4} role="list" aria-label={t('start.standalone.results')}>
        {rows.map((contract) => {
          const isSelected = contract.standaloneContractId === selected;
          return (
            <div role="listitem" key={contract.standaloneContractId}>
              <Group gap="xs" wrap="nowrap">
              <UnstyledButton
                aria-pressed={isSelected}
                disabled={!isReviewable(contract)}
                w="100%"
                onClick={() => {
                  if (isReviewable(contract)) onSelect(contract);
                }}
                p="xs"
                style={{
                  borderRadius: 'var(--mantine-radius-sm)',
                  border: `1px solid var(--mantine-color-${isSelected ? 'primary-filled' : 'default-border'})`,
                  opacity: isReviewable(contract) ? 1 : 0.6,
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" fw={isSelected ? 600 : 400} truncate>
                    {contract.title}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {contract.fileKey === null ? t('start.standalone.noDocument') : (contract.fileName ?? '')}
                  </Text>
                </Group>
              </UnstyledButton>
              {isReviewable(contract) ? null : (
                <Button variant="light" size="xs" style={{ flexShrink: 0 }} onClick={() => setAttachingTo(contract.standaloneContractId)} aria-expanded={attachingTo === contract.standaloneContractId}>
                  {t('start.standalone.attach')}
                </Button>
              )}
              </Group>
              {attachingTo === contract.standaloneContractId ? (
                <AttachDocument
                  contract={contract}
                  onCancel={() => setAttachingTo(null)}
                  onAttached={(updated) => {
                    setAttachingTo(null);
                    onSelect(updated);
                  }}
                />
              ) : null}
            </div>
          );
        })}
      </Stack>
    );
  };

  return (
    <Stack gap="xs">
      <TextInput
        label={t('start.standalone.searchLabel')}
        placeholder={t('start.standalone.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        rightSection={list.isFetching && !list.isPending ? <Loader size="xs" /> : null}
        value={keyword}
        onChange={(event) => {
          setKeyword(event.currentTarget.value);
          setPage(0);
        }}
      />
      {content()}
      {totalPages > 1 ? (
        <Group justify="center">
          <Pagination size="sm" total={totalPages} value={page + 1} onChange={(next) => setPage(next - 1)} aria-label={t('start.standalone.pagination')} />
        </Group>
      ) : null}
    </Stack>
  );
}

/** A file up, then a standalone contract holding it (titled after the file), which is then chosen. */
function StandaloneUpload({ onCreated }: { onCreated: (contract: ReviewableStandalone) => void }) {
  const { t } = useTranslation('aiReview');
  const create = useCreateStandaloneContract();
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('start.standalone.newTitle')}
      </Text>
      <ReviewFileUpload
        input={t('start.standalone.input')}
        onUploaded={(fileKey, fileName) =>
          create.mutate(
            { title: standaloneTitleOf(fileName), fileKey },
            {
              onSuccess: (contract) => {
                if (isReviewable(contract)) onCreated(contract);
              },
            },
          )
        }
      />
      <PendingOrError pending={create.isPending} label={t('start.standalone.creating')} error={create.error} />
    </Stack>
  );
}

/** "My standalone contracts": the caller's own, by title and page, and a new one from an upload. */
export function StandaloneSource({ selected, onSelect }: { selected: number | null; onSelect: (contract: ReviewableStandalone) => void }) {
  return (
    <Stack gap="md">
      <StandaloneList selected={selected} onSelect={onSelect} />
      <StandaloneUpload onCreated={onSelect} />
    </Stack>
  );
}
