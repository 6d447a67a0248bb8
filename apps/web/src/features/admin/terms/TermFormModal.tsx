import { CreateTermBodySchema, isPrivacyPolicyTitle, type Term, TERM_LIMITS, TERM_TYPES, type TermType, UpdateTermBodySchema } from '@legal/api';
import { Alert, Button, Group, Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type FormError, type FormErrors, formErrorText, schemaErrors, serverErrors } from '../../../lib/forms/form-errors';
import { useTermMutations } from './term-queries';
import '../admin-i18n';
import './terms-i18n';

interface Values {
  termType: TermType;
  title: string;
  isActive: boolean;
}

export interface TermFormModalProps {
  /** The term being edited; null to add one. */
  term: Term | null;
  opened: boolean;
  onClose: () => void;
}

export function TermFormModal({ term, opened, onClose }: TermFormModalProps) {
  const { t } = useTranslation('terms');
  const { t: ta } = useTranslation('admin');
  return (
    <Modal opened={opened} onClose={onClose} title={term ? t('admin.edit') : t('admin.create')} closeButtonProps={{ 'aria-label': ta('actions.close') }}>
      {opened ? <TermForm key={term?.id ?? 'new'} term={term} onDone={onClose} /> : null}
    </Modal>
  );
}

/** Type, title and active state; a privacy-policy title shows that the server will store it as the privacy policy. */
function TermForm({ term, onDone }: { term: Term | null; onDone: () => void }) {
  const { t } = useTranslation('terms');
  const { t: ta } = useTranslation('admin');
  const { create, update } = useTermMutations();
  const [values, setValues] = useState<Values>(term ? { termType: term.termType, title: term.title, isActive: term.isActive } : { termType: 'SERVICE', title: '', isActive: true });
  const [errors, setErrors] = useState<FormErrors>({});
  const mutation = term ? update : create;
  const isPrivacyTitle = isPrivacyPolicyTitle(values.title);

  const change = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const message = (error: FormError | undefined) => formErrorText(error, (key) => t(`form.errors.${key}`, { max: TERM_LIMITS.titleMaxLength }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = schemaErrors((term ? UpdateTermBodySchema : CreateTermBodySchema).safeParse(values));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const handlers = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: term ? t('admin.updated') : t('admin.created') });
        onDone();
      },
      onError: (error: unknown) => setErrors(serverErrors(error) ?? {}),
    };
    if (term) update.mutate({ termId: term.id, body: values }, handlers);
    else create.mutate(values, handlers);
  };
  const otherError = mutation.isError && !serverErrors(mutation.error) ? mutation.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('form.title')}
          value={values.title}
          onChange={(event) => change('title', event.currentTarget.value)}
          maxLength={TERM_LIMITS.titleMaxLength}
          error={message(errors.title)}
          withAsterisk
          data-autofocus
        />
        <Select
          label={t('form.type')}
          description={t('form.typeHint')}
          data={TERM_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          value={isPrivacyTitle ? 'PRIVACY_POLICY' : values.termType}
          onChange={(value) => value && change('termType', value as TermType)}
          disabled={isPrivacyTitle}
          allowDeselect={false}
          error={message(errors.termType)}
        />
        <Switch label={t('form.isActive')} checked={values.isActive} onChange={(event) => change('isActive', event.currentTarget.checked)} />
        {otherError ? (
          <Alert color="red" variant="light" role="alert">
            {otherError.message}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone}>
            {ta('actions.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {ta('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
