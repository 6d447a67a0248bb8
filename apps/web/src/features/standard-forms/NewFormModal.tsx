import { type ContractLanguage, type ContractType } from '@legal/api';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FileDropZone } from '../../components/FileDropZone';
import { ProgressBar } from '../../components/ProgressBar';
import { serverErrors, formErrorText } from '../../lib/forms/form-errors';
import { useVocabulary } from '../contracts/contract-vocabulary';
import { useCreateForm, useFormMeta } from './standard-form-queries';
import { standardFormPath } from './standard-forms-path';
import { uploadFailureText } from './upload-failure';
import { TEMPLATE_ACCEPT } from './template-downloads';
import './standard-forms-i18n';

interface Draft {
  title: string;
  contractType: ContractType | null;
  language: ContractLanguage;
  categoryType: string | null;
  file: File | null;
}

const EMPTY: Draft = { title: '', contractType: null, language: 'ko', categoryType: null, file: null };

/** "New form": title, type, language, category and the template file, uploaded with progress; opens the new form. */
export function NewFormModal({ workspaceName, isOpen, onClose }: { workspaceName: string; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('standardForms');
  const vocabulary = useVocabulary();
  const meta = useFormMeta();
  const create = useCreateForm();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [percent, setPercent] = useState<number | null>(null);
  const [missing, setMissing] = useState<Set<keyof Draft>>(new Set());
  const fieldErrors = create.error ? serverErrors(create.error) : null;
  const close = () => {
    if (create.isPending) return;
    setDraft(EMPTY);
    setMissing(new Set());
    create.reset();
    onClose();
  };
  const submit = () => {
    const lacking = new Set<keyof Draft>();
    if (!draft.title.trim()) lacking.add('title');
    if (!draft.contractType) lacking.add('contractType');
    if (!draft.file) lacking.add('file');
    setMissing(lacking);
    if (lacking.size > 0 || !draft.contractType || !draft.file) return;
    setPercent(0);
    create.mutate(
      { fields: { title: draft.title.trim(), contractType: draft.contractType, language: draft.language, categoryType: draft.categoryType }, file: draft.file, onProgress: setPercent },
      { onSuccess: (form) => navigate(standardFormPath(workspaceName, form.standardFormId)) },
    );
  };
  const fieldError = (field: keyof Draft) =>
    missing.has(field) ? t('errors.required') : formErrorText(fieldErrors?.[field], () => t('errors.invalid'));
  const typeOptions = meta.data ? meta.data.contractTypes.map((type) => ({ value: type.code, label: type.name[vocabulary.locale] })) : vocabulary.options('contractType');
  return (
    <Modal opened={isOpen} onClose={close} title={t('create.title')} size="lg">
      <Stack gap="sm">
        <TextInput label={t('create.formTitle')} required value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.currentTarget.value })} error={fieldError('title')} />
        <Group grow>
          <Select label={t('create.contractType')} required data={typeOptions} value={draft.contractType} onChange={(value) => setDraft({ ...draft, contractType: value as ContractType | null })} error={fieldError('contractType')} searchable />
          <Select label={t('create.language')} data={vocabulary.options('language')} value={draft.language} allowDeselect={false} onChange={(value) => setDraft({ ...draft, language: (value ?? 'ko') as ContractLanguage })} />
        </Group>
        <Select label={t('create.category')} data={meta.data?.categoryTypes ?? []} value={draft.categoryType} clearable onChange={(value) => setDraft({ ...draft, categoryType: value })} />
        <FileDropZone
          isMultiple={false}
          disabled={create.isPending}
          onFiles={([file]) => setDraft({ ...draft, file: file ?? null })}
          accept={TEMPLATE_ACCEPT}
          texts={{ drop: t('upload.drop'), choose: t('upload.choose'), hint: t('upload.hint'), input: t('upload.input') }}
        />
        {draft.file ? <Text size="sm">{t('upload.chosen', { name: draft.file.name })}</Text> : null}
        {missing.has('file') ? <Text size="sm" c="red">{t('upload.fileRequired')}</Text> : null}
        {create.isPending ? <ProgressBar value={percent ?? undefined} label={t('upload.progress', { name: draft.file?.name ?? '' })} /> : null}
        {create.error && !fieldErrors ? <Alert color="red" role="alert">{uploadFailureText(create.error, t)}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={create.isPending}>{t('actions.cancel')}</Button>
          <Button onClick={submit} loading={create.isPending}>{t('create.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
