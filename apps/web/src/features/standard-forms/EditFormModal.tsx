import { type ContractLanguage, type ContractType, type StandardFormDetail } from '@legal/api';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { formErrorText, serverErrors } from '../../lib/forms/form-errors';
import { useVocabulary } from '../contracts/contract-vocabulary';
import { useFormMeta, useFormsKey, useUpdateForm } from './standard-form-queries';
import './standard-forms-i18n';

interface Fields {
  title: string;
  description: string;
  contractType: ContractType;
  language: ContractLanguage;
  categoryType: string | null;
}

const fieldsOf = (form: StandardFormDetail): Fields => ({
  title: form.title, description: form.description ?? '', contractType: form.contractType, language: form.language, categoryType: form.categoryType,
});

/**
 * Edits the form's own fields at the version the page read: someone else's change in between
 * answers 409, shown with a reload instead of overwriting theirs. The template is not touched.
 */
export function EditFormModal({ form, isOpen, onClose }: { form: StandardFormDetail; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('standardForms');
  const vocabulary = useVocabulary();
  const meta = useFormMeta();
  const update = useUpdateForm(form.standardFormId);
  const client = useQueryClient();
  const base = useFormsKey();
  const [fields, setFields] = useState<Fields>(() => fieldsOf(form));
  const [isTitleMissing, setTitleMissing] = useState(false);
  const isStale = isApiError(update.error) && update.error.code === 'ERROR_CONFLICT';
  const fieldErrors = update.error && !isStale ? serverErrors(update.error) : null;
  const close = () => {
    if (update.isPending) return;
    update.reset();
    setTitleMissing(false);
    onClose();
  };
  const submit = () => {
    const title = fields.title.trim();
    setTitleMissing(!title);
    if (!title) return;
    update.mutate(
      { title, description: fields.description.trim() || null, contractType: fields.contractType, language: fields.language, categoryType: fields.categoryType, version: form.version },
      { onSuccess: close },
    );
  };
  const reload = () => {
    update.reset();
    void client.invalidateQueries({ queryKey: [...base, 'form', form.standardFormId] });
    onClose();
  };
  const error = (field: keyof Fields) => formErrorText(fieldErrors?.[field], () => t('errors.invalid'));
  const typeOptions = meta.data ? meta.data.contractTypes.map((type) => ({ value: type.code, label: type.name[vocabulary.locale] })) : vocabulary.options('contractType');
  // A category the workspace no longer lists stays choosable on the form that has it.
  const categories = [...new Set([...(meta.data?.categoryTypes ?? []), ...(form.categoryType ? [form.categoryType] : [])])];
  return (
    <Modal opened={isOpen} onClose={close} title={t('edit.title')} size="lg">
      <Stack gap="sm">
        <TextInput label={t('create.formTitle')} required value={fields.title} onChange={(e) => setFields({ ...fields, title: e.currentTarget.value })} error={isTitleMissing ? t('errors.required') : error('title')} maxLength={200} />
        <Textarea label={t('edit.description')} value={fields.description} onChange={(e) => setFields({ ...fields, description: e.currentTarget.value })} error={error('description')} autosize minRows={2} maxLength={2000} />
        <Group grow>
          <Select label={t('create.contractType')} required data={typeOptions} value={fields.contractType} allowDeselect={false} onChange={(value) => value && setFields({ ...fields, contractType: value as ContractType })} error={error('contractType')} searchable />
          <Select label={t('create.language')} data={vocabulary.options('language')} value={fields.language} allowDeselect={false} onChange={(value) => value && setFields({ ...fields, language: value as ContractLanguage })} />
        </Group>
        <Select label={t('create.category')} data={categories} value={fields.categoryType} clearable onChange={(value) => setFields({ ...fields, categoryType: value })} error={error('categoryType')} />
        {isStale ? (
          <Alert color="orange" role="alert" title={t('errors.staleTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('errors.stale')}</Text>
              <Button size="xs" variant="light" onClick={reload}>{t('actions.reload')}</Button>
            </Stack>
          </Alert>
        ) : update.error && !fieldErrors ? (
          <Alert color="red" role="alert">{t('edit.failed')}</Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={update.isPending}>{t('actions.cancel')}</Button>
          <Button onClick={submit} loading={update.isPending}>{t('edit.submit')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
