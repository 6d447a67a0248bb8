import {
  createGlobalForm, type ContractLanguage, type ContractType, getGlobalForm, getWorkspaceGlobalFormsV2, listGlobalForms, putWorkspaceGlobalFormsV1, setGlobalFormActiveStatus,
  type StandardFormSummary, uploadGlobalTemplateVersion,
} from '@legal/api';
import { Alert, Button, Card, Container, Group, Modal, Pagination, Select, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { FileDropZone } from '../../../components/FileDropZone';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { ProgressBar } from '../../../components/ProgressBar';
import { api } from '../../../lib/api';
import { useWorkspaceTarget, WorkspaceTargetPicker } from '../../ai-platform/WorkspaceTargetPicker';
import { useVocabulary } from '../../contracts/contract-vocabulary';
import { AttachmentsPanel } from '../AttachmentsPanel';
import { FormStatusBadge } from '../FormStatusBadge';
import { GLOBAL_FORMS_KEY } from '../standard-form-queries';
import { uploadFailureText } from '../upload-failure';
import { TEMPLATE_ACCEPT } from '../template-downloads';
import '../standard-forms-i18n';

const KEY = GLOBAL_FORMS_KEY;

/** A global form's attachments (guides, annexes), which the workspaces that offer it download. */
function GlobalAttachmentsModal({ form, onClose }: { form: StandardFormSummary | null; onClose: () => void }) {
  const { t } = useTranslation('standardForms');
  const detail = useQuery({
    queryKey: [...KEY, 'detail', form?.standardFormId],
    queryFn: ({ signal }) => api.call(getGlobalForm, { signal, params: { standardFormId: form!.standardFormId } }),
    enabled: form !== null,
  });
  let body;
  if (detail.error) body = <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (!detail.data) body = <LoadingState />;
  else body = <AttachmentsPanel form={detail.data} routes="global" />;
  return (
    <Modal opened={form !== null} onClose={onClose} size="lg" title={form ? t('global.attachmentsOf', { title: form.title }) : ''}>
      {body}
    </Modal>
  );
}

/** A new global form, or a new version of one (`form`), uploaded with progress. */
function GlobalUploadModal({ form, isOpen, onClose }: { form: StandardFormSummary | null; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('standardForms');
  const vocabulary = useVocabulary();
  const client = useQueryClient();
  const [title, setTitle] = useState('');
  const [contractType, setContractType] = useState<ContractType | null>(null);
  const [language, setLanguage] = useState<ContractLanguage>('ko');
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const upload = useMutation({
    mutationFn: () => {
      const body = new FormData();
      if (form) body.append('version', String(form.version));
      else {
        body.append('title', title.trim());
        body.append('contractType', contractType ?? '');
        body.append('language', language);
      }
      body.append('file', file!, file!.name);
      const options = { body, suppressErrorToast: true, onProgress: ({ percent: p }: { percent: number | null }) => setPercent(p) };
      return form ? api.upload(uploadGlobalTemplateVersion, { ...options, params: { standardFormId: form.standardFormId } }) : api.upload(createGlobalForm, options);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: KEY });
      close();
    },
  });
  function close() {
    setTitle('');
    setFile(null);
    upload.reset();
    onClose();
  }
  const canSubmit = file !== null && (form !== null || (title.trim() !== '' && contractType !== null));
  return (
    <Modal opened={isOpen} onClose={() => !upload.isPending && close()} title={form ? t('global.uploadVersionOf', { title: form.title }) : t('global.create')}>
      <Stack gap="sm">
        {form ? null : (
          <>
            <TextInput label={t('create.formTitle')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
            <Select label={t('create.contractType')} required data={vocabulary.options('contractType')} value={contractType} onChange={(v) => setContractType(v as ContractType | null)} searchable />
            <Select label={t('create.language')} data={vocabulary.options('language')} value={language} allowDeselect={false} onChange={(v) => setLanguage((v ?? 'ko') as ContractLanguage)} />
          </>
        )}
        <FileDropZone isMultiple={false} disabled={upload.isPending} onFiles={([chosen]) => setFile(chosen ?? null)} accept={TEMPLATE_ACCEPT} texts={{ drop: t('upload.drop'), choose: t('upload.choose'), hint: t('upload.hint'), input: t('upload.input') }} />
        {file ? <Text size="sm">{t('upload.chosen', { name: file.name })}</Text> : null}
        {upload.isPending ? <ProgressBar value={percent ?? undefined} label={t('upload.progress', { name: file?.name ?? '' })} /> : null}
        {upload.error ? <Alert color="red" role="alert">{uploadFailureText(upload.error, t)}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={upload.isPending}>{t('actions.cancel')}</Button>
          <Button onClick={() => { setPercent(0); upload.mutate(); }} disabled={!canSubmit} loading={upload.isPending}>{t('global.upload')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function GlobalFormsList() {
  const { t } = useTranslation('standardForms');
  const vocabulary = useVocabulary();
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [target, setTarget] = useState<StandardFormSummary | null>(null);
  const [attachmentsOf, setAttachmentsOf] = useState<StandardFormSummary | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const query = useQuery({
    queryKey: [...KEY, 'list', page],
    queryFn: ({ signal }) => api.call(listGlobalForms, { signal, query: { page, size: 30 } }),
    placeholderData: keepPreviousData,
  });
  const publish = useMutation({
    mutationFn: (form: StandardFormSummary) =>
      api.call(setGlobalFormActiveStatus, { params: { standardFormId: form.standardFormId }, body: { activeStatus: form.activeStatus === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE', version: form.version } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
  let body;
  if (query.error && !query.data) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <LoadingState />;
  else if (query.data.content.length === 0) body = <EmptyState title={t('global.emptyTitle')} description={t('global.emptyDescription')} />;
  else {
    body = (
      <Stack gap="sm">
        <Table aria-label={t('global.caption')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('settings.formTitle')}</Table.Th>
              <Table.Th>{t('create.contractType')}</Table.Th>
              <Table.Th>{t('create.language')}</Table.Th>
              <Table.Th>{t('global.status')}</Table.Th>
              <Table.Th aria-label={t('attachments.actions')} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.content.map((form) => (
              <Table.Tr key={form.standardFormId}>
                <Table.Td>{form.title} <Text span size="xs" c="dimmed">{t('versions.versionLabel', { version: form.latestVersion })}</Text></Table.Td>
                <Table.Td>{vocabulary.label('contractType', form.contractType)}</Table.Td>
                <Table.Td>{vocabulary.label('language', form.language)}</Table.Td>
                <Table.Td><FormStatusBadge status={form.activeStatus} /></Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button size="xs" variant="light" onClick={() => setTarget(form)}>{t('global.uploadVersion')}</Button>
                    <Button size="xs" variant="default" onClick={() => setAttachmentsOf(form)}>{t('global.attachments')}</Button>
                    <Button size="xs" variant="default" loading={publish.isPending && publish.variables?.standardFormId === form.standardFormId} onClick={() => publish.mutate(form)}>
                      {form.activeStatus === 'ACTIVE' ? t('global.withdraw') : t('global.publish')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {query.data.totalPages > 1 ? <Group justify="center"><Pagination total={query.data.totalPages} value={page + 1} onChange={(p) => setPage(p - 1)} /></Group> : null}
      </Stack>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('global.caption')}>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">{t('global.caption')}</Title>
          <Button onClick={() => setIsCreating(true)}>{t('global.create')}</Button>
        </Group>
        {publish.error ? <Alert color="red" role="alert">{publish.error.message}</Alert> : null}
        {body}
      </Stack>
      <GlobalUploadModal form={null} isOpen={isCreating} onClose={() => setIsCreating(false)} />
      <GlobalUploadModal form={target} isOpen={target !== null} onClose={() => setTarget(null)} />
      <GlobalAttachmentsModal form={attachmentsOf} onClose={() => setAttachmentsOf(null)} />
    </Card>
  );
}

function WorkspaceAvailability({ workspaceId }: { workspaceId: number }) {
  const { t } = useTranslation('standardForms');
  const client = useQueryClient();
  const key = [...KEY, 'workspace', workspaceId];
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => api.call(getWorkspaceGlobalFormsV2, { signal, params: { workspaceId } }) });
  const toggle = useMutation({
    mutationFn: (body: { standardFormId: number; available: boolean }) => api.call(putWorkspaceGlobalFormsV1, { params: { workspaceId }, body }),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  if (query.error) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingState />;
  if (query.data.length === 0) return <EmptyState title={t('global.emptyTitle')} description={t('global.emptyDescription')} />;
  return (
    <Stack gap="xs">
      {query.data.map((form) => (
        <Switch key={form.standardFormId} label={form.title} checked={form.available} disabled={toggle.isPending} onChange={(e) => toggle.mutate({ standardFormId: form.standardFormId, available: e.currentTarget.checked })} />
      ))}
    </Stack>
  );
}

/** `/super-admin/standard-forms`: global forms (create, new versions, publish) and which workspaces offer them. */
export function GlobalFormsPage() {
  const { t } = useTranslation('standardForms');
  useDocumentTitle(t('global.title'));
  const target = useWorkspaceTarget();
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('global.title')}</Title>
        <GlobalFormsList />
        <Card withBorder radius="md" padding="lg" component="section" aria-label={t('global.availability')}>
          <Stack gap="md">
            <Title order={2} size="h4">{t('global.availability')}</Title>
            <WorkspaceTargetPicker />
            {target ? <WorkspaceAvailability key={target.workspaceId} workspaceId={target.workspaceId} /> : <Text c="dimmed">{t('global.chooseWorkspace')}</Text>}
          </Stack>
        </Card>
      </Stack>
    </Container>
  );
}
