import { type Collection, type CollectionDocument, type CollectionQueryResult, COLLECTION_LIMITS, type CollectionVisibility } from '@legal/api';
import {
  Anchor, Badge, Button, Checkbox, Grid, Group, Modal, Paper, SegmentedControl, Stack, Table, Text, Textarea, TextInput, Title, UnstyledButton, VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { FileDropZone } from '../../components/FileDropZone';
import { LoadingState } from '../../components/LoadingState';
import { ProgressBar } from '../../components/ProgressBar';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { ResearchGate } from './ChatDirectoryGate';
import {
  saveCollectionDocument, saveCollectionZip, useCollectionDocuments, useCollections, useDeleteDocuments, useQueryCollection, useSaveCollection, useUploadDocument,
} from './collection-queries';
import { researchChatPath } from './research-path';
import './research-i18n';

/** 1.2 MB: a size for people. */
function sizeText(bytes: number, number: (v: number) => string): string {
  if (bytes < 1024) return `${number(bytes)} B`;
  if (bytes < 1024 * 1024) return `${number(Math.round(bytes / 102.4) / 10)} KB`;
  return `${number(Math.round(bytes / 104857.6) / 10)} MB`;
}

const STATUS_COLOR = { PENDING: 'yellow', INDEXED: 'green', FAILED: 'red' } as const;

function CollectionForm({ collection, onClose }: { collection: Collection | null; onClose: (saved?: Collection) => void }) {
  const { t } = useTranslation('research');
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [visibility, setVisibility] = useState<CollectionVisibility>(collection?.visibility ?? 'PRIVATE');
  const save = useSaveCollection();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { categoryId: collection?.categoryId ?? null, body: { name: name.trim(), description: description.trim() || (collection ? null : undefined), visibility } },
      { onSuccess: (saved) => onClose(saved) },
    );
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="sm">
        {save.isError ? <ErrorState error={save.error} title={t('collections.saveFailed')} /> : null}
        <TextInput label={t('collections.name')} value={name} required maxLength={COLLECTION_LIMITS.nameMaxLength} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
        <Textarea label={t('collections.description')} value={description} maxLength={COLLECTION_LIMITS.descriptionMaxLength} autosize minRows={2} onChange={(e) => setDescription(e.currentTarget.value)} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>{t('collections.visibility')}</Text>
          <SegmentedControl
            value={visibility}
            onChange={(v) => setVisibility(v as CollectionVisibility)}
            data={[{ value: 'PRIVATE', label: t('collections.visibilityPRIVATE') }, { value: 'WORKSPACE', label: t('collections.visibilityWORKSPACE') }]}
          />
          <Text size="xs" c="dimmed">{t(`collections.visibilityHint${visibility}`)}</Text>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose()}>{t('collections.cancel')}</Button>
          <Button type="submit" loading={save.isPending} disabled={name.trim() === ''}>{t('collections.save')}</Button>
        </Group>
      </Stack>
    </form>
  );
}

function Uploads({ collection }: { collection: Collection }) {
  const { t } = useTranslation('research');
  const upload = useUploadDocument(collection.categoryId);
  const [progress, setProgress] = useState<{ name: string; percent: number | null } | null>(null);
  const onFiles = async (files: File[]) => {
    for (const file of files) {
      setProgress({ name: file.name, percent: 0 });
      try {
        await upload.mutateAsync({ file, onProgress: (percent) => setProgress({ name: file.name, percent }) });
      } catch {
        // Shown below from the mutation's error.
      }
    }
    setProgress(null);
  };
  return (
    <Stack gap="xs">
      <FileDropZone
        onFiles={(files) => void onFiles(files)}
        disabled={progress !== null}
        texts={{ drop: t('collections.drop'), choose: t('collections.choose'), hint: t('collections.uploadHint'), input: t('collections.uploadInput') }}
      />
      {progress ? <ProgressBar value={progress.percent ?? undefined} label={t('collections.uploading', { name: progress.name })} /> : null}
      {upload.isError && !progress ? <ErrorState error={upload.error} title={t('collections.uploadFailed')} /> : null}
    </Stack>
  );
}

function DocumentTable({ collection, documents }: { collection: Collection; documents: CollectionDocument[] }) {
  const { t } = useTranslation('research');
  const { dateTime, number } = useLocaleFormat();
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteDocuments(collection.categoryId);
  const canDelete = collection.abilities.canDeleteDocuments;
  if (documents.length === 0) return <EmptyState title={t('collections.noDocuments')} description={collection.abilities.canUpload ? t('collections.noDocumentsHint') : undefined} />;
  return (
    <Stack gap="xs">
      {canDelete ? (
        <Group justify="flex-end">
          <Button color="red" variant="light" size="xs" disabled={selected.length === 0} onClick={() => setConfirming(true)}>
            {t('collections.deleteSelected', { count: selected.length })}
          </Button>
        </Group>
      ) : null}
      <Table striped highlightOnHover aria-label={t('collections.documents')}>
        <Table.Thead>
          <Table.Tr>
            {canDelete ? <Table.Th w={40}><VisuallyHidden>{t('collections.select')}</VisuallyHidden></Table.Th> : null}
            <Table.Th>{t('collections.docTitle')}</Table.Th>
            <Table.Th>{t('collections.status')}</Table.Th>
            <Table.Th>{t('collections.pages')}</Table.Th>
            <Table.Th>{t('collections.size')}</Table.Th>
            <Table.Th>{t('collections.uploaded')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((d) => (
            <Table.Tr key={d.documentId}>
              {canDelete ? (
                <Table.Td>
                  <Checkbox
                    aria-label={t('collections.selectOne', { title: d.title })}
                    checked={selected.includes(d.documentId)}
                    onChange={(e) => { const checked = e.currentTarget.checked; setSelected((s) => (checked ? [...s, d.documentId] : s.filter((x) => x !== d.documentId))); }}
                  />
                </Table.Td>
              ) : null}
              <Table.Td>{d.title}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[d.status]} variant="light" title={d.error ?? undefined}>{t(`collections.status${d.status}`)}</Badge>
                {d.status === 'FAILED' && d.error ? <Text size="xs" c="red">{d.error}</Text> : null}
              </Table.Td>
              <Table.Td>{d.pageCount ?? '-'}</Table.Td>
              <Table.Td>{sizeText(d.size, number)}</Table.Td>
              <Table.Td>{dateTime(d.createdAt)}</Table.Td>
              <Table.Td>
                <Anchor component="button" size="sm" onClick={() => void saveCollectionDocument(collection.categoryId, d)}>{t('collections.download')}</Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('collections.deleteTitle')}>
        <Stack>
          <Text size="sm">{t('collections.deleteMessage', { count: selected.length })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>{t('collections.cancel')}</Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(selected, { onSuccess: () => { setSelected([]); setConfirming(false); } })}>
              {t('collections.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function CollectionSearch({ collection }: { collection: Collection }) {
  const { t } = useTranslation('research');
  const [query, setQuery] = useState('');
  const ask = useQueryCollection(collection.categoryId);
  const result: CollectionQueryResult | undefined = ask.data;
  return (
    <Stack gap="xs">
      <form onSubmit={(e) => { e.preventDefault(); if (query.trim()) ask.mutate(query.trim()); }}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput style={{ flex: 1 }} label={t('collections.searchLabel')} placeholder={t('collections.searchPlaceholder')} value={query} onChange={(e) => setQuery(e.currentTarget.value)} />
          <Button type="submit" loading={ask.isPending} disabled={query.trim() === ''}>{t('collections.search')}</Button>
        </Group>
      </form>
      {ask.isError ? <ErrorState error={ask.error} /> : null}
      {result ? (
        <Paper withBorder p="sm" radius="md" aria-label={t('collections.answer')}>
          {result.answer.declined ? (
            <Text size="sm">{result.answer.text}</Text>
          ) : (
            <Stack gap="xs">
              {result.answer.citations.map((c) => (
                <Stack key={`${c.documentId}:${c.pageNumber}:${c.start}`} gap={2}>
                  <Badge variant="light">{t('collections.citation', { title: c.documentTitle, page: c.pageNumber })}</Badge>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{c.quote}</Text>
                </Stack>
              ))}
            </Stack>
          )}
        </Paper>
      ) : null}
    </Stack>
  );
}

function CollectionDetail({ collection, onEdit }: { collection: Collection; onEdit: () => void }) {
  const { t } = useTranslation('research');
  const documents = useCollectionDocuments(collection.categoryId);
  const { number } = useLocaleFormat();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Group gap="xs">
            <Title order={2} size="h3">{collection.name}</Title>
            <Badge variant="outline">{t(`collections.visibility${collection.visibility}`)}</Badge>
          </Group>
          {collection.description ? <Text size="sm" c="dimmed">{collection.description}</Text> : null}
          <Text size="xs" c="dimmed">
            {t('collections.summary', { documents: collection.documentCount, max: COLLECTION_LIMITS.documentsPerCollection, indexed: collection.indexedDocumentCount, bytes: sizeText(collection.totalBytes, number) })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => void saveCollectionZip(collection.categoryId, collection.name)} disabled={collection.documentCount === 0}>
            {t('collections.downloadAll')}
          </Button>
          {collection.abilities.canEdit ? <Button variant="default" size="xs" onClick={onEdit}>{t('collections.edit')}</Button> : null}
        </Group>
      </Group>
      {collection.pendingDocumentCount > 0 ? (
        <ProgressBar value={collection.documentCount > 0 ? ((collection.documentCount - collection.pendingDocumentCount) / collection.documentCount) * 100 : undefined} label={t('collections.indexing', { count: collection.pendingDocumentCount })} />
      ) : null}
      {collection.abilities.canUpload ? <Uploads collection={collection} /> : null}
      <CollectionSearch collection={collection} />
      {documents.isPending ? <LoadingState label={t('collections.loadingDocuments')} /> : documents.isError ? <ErrorState error={documents.error} onRetry={() => void documents.refetch()} /> : <DocumentTable collection={collection} documents={documents.data.content} />}
    </Stack>
  );
}

function CollectionsScreen({ workspaceName, directory }: { workspaceName: string; directory: string }) {
  const { t } = useTranslation('research');
  useDocumentTitle(t('collections.title'));
  const [params, setParams] = useSearchParams();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Collection | 'new' | null>(null);
  const collections = useCollections(keyword);
  const openId = Number(params.get('collection')) || null;
  const list = collections.data?.content ?? [];
  const open = list.find((c) => c.categoryId === openId) ?? null;
  const select = (id: number) => setParams({ collection: String(id) });
  return (
    <Stack gap="md" p="md">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={1} size="h2">{t('collections.title')}</Title>
          <Text size="sm" c="dimmed">{t('collections.intro')}</Text>
        </Stack>
        <Group gap="xs">
          <Anchor component={Link} to={researchChatPath(workspaceName, directory)} size="sm">{t('collections.backToChat')}</Anchor>
          <Button onClick={() => setEditing('new')}>{t('collections.create')}</Button>
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <TextInput aria-label={t('collections.filter')} placeholder={t('collections.filter')} value={keyword} onChange={(e) => setKeyword(e.currentTarget.value)} />
              {collections.isPending ? (
                <LoadingState label={t('collections.loading')} />
              ) : collections.isError ? (
                <ErrorState error={collections.error} onRetry={() => void collections.refetch()} />
              ) : list.length === 0 ? (
                <EmptyState title={t('collections.empty')} description={t('collections.emptyHint')} />
              ) : (
                <Stack gap={4} role="list" aria-label={t('collections.list')}>
                  {list.map((c) => (
                    <UnstyledButton key={c.categoryId} role="listitem" onClick={() => select(c.categoryId)} aria-current={c.categoryId === openId ? 'true' : undefined}
                      p="xs" style={{ borderRadius: 6, background: c.categoryId === openId ? 'var(--mantine-color-blue-light)' : undefined }}>
                      <Group justify="space-between" wrap="nowrap">
                        <Text size="sm" fw={500} truncate>{c.name}</Text>
                        <Badge size="sm" variant="light" color={c.pendingDocumentCount > 0 ? 'yellow' : 'gray'}>{t('collections.count', { count: c.documentCount })}</Badge>
                      </Group>
                      <Text size="xs" c="dimmed">{t(`collections.visibility${c.visibility}`)} · {c.ownerName ?? ''}</Text>
                    </UnstyledButton>
                  ))}
                </Stack>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="md" radius="md">
            {open ? <CollectionDetail key={open.categoryId} collection={open} onEdit={() => setEditing(open)} /> : <EmptyState title={t('collections.pick')} description={t('collections.pickHint')} />}
          </Paper>
        </Grid.Col>
      </Grid>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? t('collections.create') : t('collections.edit')}>
        {editing !== null ? (
          <CollectionForm collection={editing === 'new' ? null : editing} onClose={(saved) => { setEditing(null); if (saved) select(saved.categoryId); }} />
        ) : null}
      </Modal>
    </Stack>
  );
}

export function CollectionsPage() {
  return <ResearchGate>{(entry, directory) => <CollectionsScreen workspaceName={entry.workspaceName} directory={directory} />}</ResearchGate>;
}

