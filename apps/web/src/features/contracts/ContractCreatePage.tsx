import { AmountCurrencyBodySchema, type ContractFileRole, CreateContractWithFilesBodySchema, StartEndDateBodySchema } from '@legal/api';
import { ActionIcon, Alert, Anchor, Button, Card, Container, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ForbiddenState } from '../../components/ForbiddenState';
import { OwnForm } from '../../components/OwnForm';
import { isApiError, newIdempotencyKey } from '../../lib/api';
import { useHasAnyPermission } from '../../lib/session';
import { FILE_PERMISSIONS } from '../files/file-permissions';
import { UploadList } from '../files/FileUploadPanel';
import { FileSize } from '../files/FileSize';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { useAnalyzeContract } from './clause-queries';
import { type ContractCreateDraft, createBodyOf, emptyCreateDraft, titleFromFileName } from './contract-create-draft';
import { fillEmptyFields, useFilledSummary } from './contract-create-fill';
import { errorAt, type FormErrors, schemaErrors, serverErrors, useErrorText } from './contract-form-errors';
import { IconX } from './contract-icons';
import { useCreateContract } from './contract-mutations';
import { CREATE_PERMISSIONS } from './contract-permissions';
import { useVocabulary } from './contract-vocabulary';
import { ContractCreateFields } from './ContractCreateForm';
import { contractPath, contractsPath } from './contracts-path';
import { FileDropZone } from './FileDropZone';
import { useContractUploads } from './use-contract-uploads';
import './contracts-i18n';

/** The contract an earlier attempt with the same key made (the 422's `data.contractId`). */
function registeredId(data: unknown): number | undefined {
  const id = (data as { contractId?: unknown } | undefined)?.contractId;
  return typeof id === 'number' ? id : undefined;
}

function CreateContractForm({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const create = useCreateContract();
  const [draft, setDraft] = useState<ContractCreateDraft>(emptyCreateDraft);
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<{ message: string; contractId?: number } | null>(null);
  // One key for this registration, kept across retries and repeated clicks: the server answers the
  // contract a cut-off earlier attempt already made rather than making a second one.
  const [idempotencyKey] = useState(newIdempotencyKey);
  // Set on the click, before React re-renders the button as busy: a double click sends once.
  const isSending = useRef(false);
  // The form as it is when an answer arrives (typing may have gone on meanwhile).
  const draftRef = useRef(draft);
  useEffect(() => {
    draftRef.current = draft;
  }, [draft]);
  const filledSummary = useFilledSummary();
  const [roles, setRoles] = useState<ReadonlyMap<string, ContractFileRole>>(new Map());
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  // The first document names the contract unless a title was already typed.
  const uploads = useContractUploads((item) => setDraft((d) => (d.title.trim() ? d : { ...d, title: titleFromFileName(item.file.displayName) })));
  const files = uploads.done.filter((item) => !removed.has(item.id));
  const pending = uploads.items.filter((item) => item.status !== 'done');
  const roleOf = (id: string, index: number): ContractFileRole => roles.get(id) ?? (index === 0 ? 'MAIN' : 'ATTACHMENT');

  const change = (patch: Partial<ContractCreateDraft>) => setDraft((d) => ({ ...d, ...patch }));

  // "Fill from document": the analysis of the contract document fills the fields still empty; the user reviews before saving.
  const analyze = useAnalyzeContract();
  const mainIndex = files.findIndex((item, index) => roleOf(item.id, index) === 'MAIN');
  const mainFile = mainIndex >= 0 ? files[mainIndex] : undefined;
  const fillFromDocument = () => {
    if (!mainFile) return;
    analyze.mutate(
      { fileKey: mainFile.file.fileKey },
      {
        onSuccess: (answer) => {
          // Applied to the form as it is now (typing may have gone on), and reported as applied.
          const result = fillEmptyFields(draftRef.current, answer.suggestions);
          setDraft(result.draft);
          notifications.show({ color: result.filled.length > 0 ? 'green' : 'gray', message: filledSummary(result) });
        },
        onError: (error) => notifications.show({ color: 'orange', message: isApiError(error) ? error.message : t('analysis.fillFailed') }),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSending.current) return;
    setFailure(null);
    const body = createBodyOf(draft, files.map((item, index) => ({ fileKey: item.file.fileKey, role: roleOf(item.id, index) })));
    // The cross-field rules run only on an otherwise valid body: check the pairs on their own too, so every error shows at once.
    const found = {
      ...schemaErrors(AmountCurrencyBodySchema.safeParse({ amount: body.amount, currency: body.currency })),
      ...schemaErrors(StartEndDateBodySchema.safeParse({ startDate: body.startDate, endDate: body.endDate })),
      ...schemaErrors(CreateContractWithFilesBodySchema.safeParse(body)),
    };
    if (!draft.contractType) found.contractType = { key: 'required' };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    isSending.current = true;
    create.mutate({ body, idempotencyKey }, {
      onSettled: () => {
        isSending.current = false;
      },
      onSuccess: (contract) => {
        notifications.show({ color: 'green', message: t('create.created', { title: contract.title }) });
        void navigate(contractPath(workspaceName, contract.id));
      },
      onError: (error) => {
        const fields = serverErrors(error);
        if (fields) setErrors(fields);
        else if (isApiError(error) && error.code === 'ERROR_IDEMPOTENCY_KEY_REUSED') setFailure({ message: t('create.alreadyRegistered'), contractId: registeredId(error.data) });
        else setFailure({ message: isApiError(error) ? error.message : t('errors.saveFailed') });
      },
    });
  };

  return (
    <OwnForm onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="create-files">
          <Title order={2} size="h5" id="create-files" mb="sm">
            {t('create.filesTitle')}
          </Title>
          <Stack gap="sm">
            <FileDropZone onFiles={(chosen) => void uploads.upload(chosen)} />
            {pending.length > 0 ? (
              <UploadList items={pending} label={t('upload.listLabel')} />
            ) : null}
            {files.length > 0 ? (
              <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('create.uploadedFiles')}>
                {files.map((item, index) => (
                  <Group component="li" key={item.id} gap="sm" wrap="nowrap">
                    <Text size="sm" truncate style={{ flex: 1 }}>
                      {item.file.displayName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <FileSize bytes={item.file.size} />
                    </Text>
                    <NativeSelect
                      size="xs"
                      aria-label={t('create.fileRole', { name: item.file.displayName })}
                      value={roleOf(item.id, index)}
                      onChange={(e) => {
                        const role = e.currentTarget.value as ContractFileRole;
                        setRoles((r) => new Map(r).set(item.id, role));
                      }}
                      data={vocabulary.options('fileRole')}
                    />
                    <ActionIcon variant="subtle" color="gray" aria-label={t('create.removeFile', { name: item.file.displayName })} onClick={() => setRemoved((r) => new Set(r).add(item.id))}>
                      <IconX size={16} aria-hidden="true" />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            ) : null}
            {mainFile ? (
              <Group gap="sm" wrap="nowrap">
                <Button variant="light" size="xs" onClick={fillFromDocument} loading={analyze.isPending} disabled={uploads.isUploading}>
                  {t('analysis.fill')}
                </Button>
                <Text size="xs" c="dimmed" role={analyze.isPending ? 'status' : undefined}>
                  {analyze.isPending ? t('analysis.filling') : t('analysis.fillHint')}
                </Text>
              </Group>
            ) : null}
            {errorAt(errors, 'files') ? (
              <Text size="sm" c="red" role="alert">
                {errorText(errorAt(errors, 'files'))}
              </Text>
            ) : null}
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="create-details">
          <Title order={2} size="h5" id="create-details" mb="sm">
            {t('create.detailsTitle')}
          </Title>
          <ContractCreateFields draft={draft} onChange={change} errors={errors} />
        </Card>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure.message}
            {failure.contractId ? (
              <>
                {' '}
                <Anchor component={Link} to={contractPath(workspaceName, failure.contractId)}>
                  {t('create.openRegistered')}
                </Anchor>
              </>
            ) : null}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to={contractsPath(workspaceName)}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={uploads.isUploading || create.isPending}>
            {t('create.submit')}
          </Button>
        </Group>
      </Stack>
    </OwnForm>
  );
}

function CreateScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('contracts');
  useDocumentTitle(`${t('create.documentTitle')} · ${workspaceName}`);
  const canCreate = useHasAnyPermission(CREATE_PERMISSIONS);
  const canUpload = useHasAnyPermission([FILE_PERMISSIONS.write]);
  if (!canCreate) return <ForbiddenState />;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Anchor component={Link} to={contractsPath(workspaceName)} size="sm">
            {t('title')}
          </Anchor>
          <Title order={1}>{t('create.title')}</Title>
          <Text c="dimmed">{t('create.description')}</Text>
        </Stack>
        {canUpload ? (
          <CreateContractForm workspaceName={workspaceName} />
        ) : (
          <Alert color="orange" variant="light">
            {t('create.noUploadPermission')}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}

/**
 * `/:workspaceName/contracts/new`: registers a contract from its documents. Files upload first
 * (arxive, with progress); the form is checked with the shared v7 schema, then the contract is
 * created with the uploaded keys and the detail opens.
 */
export function ContractCreatePage() {
  return <WorkspaceGate product="CLM">{(entry) => <CreateScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
