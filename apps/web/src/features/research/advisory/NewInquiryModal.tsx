import { type CreateInquiryBody, CreateInquiryBodySchema, type InquirySummary } from '@legal/api';
import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/DateInput';
import { FormFooter } from '../../../components/FormFooter';
import { type FormError, formErrorText, type FormErrors, schemaErrors, serverErrors } from '../../../lib/forms/form-errors';
import { useCreateInquiry } from './advisory-queries';
import '../research-i18n';

/** The server schema's limits, for the fields' maxLength and the "too long" message. */
const MAX = {
  title: CreateInquiryBodySchema.shape.title.maxLength ?? undefined,
  question: CreateInquiryBodySchema.shape.question.maxLength ?? undefined,
  answer: CreateInquiryBodySchema.shape.answer.unwrap().maxLength ?? undefined,
};

interface Values {
  title: string;
  question: string;
  answer: string;
  asOf: string;
}

const EMPTY: Values = { title: '', question: '', answer: '', asOf: '' };

/** The body the server takes: the optional answer and date left out when empty. */
function bodyOf(values: Values): CreateInquiryBody {
  return {
    title: values.title.trim(),
    question: values.question.trim(),
    ...(values.answer.trim() ? { answer: values.answer.trim() } : {}),
    ...(values.asOf ? { asOf: values.asOf } : {}),
  };
}

/**
 * "New inquiry": the title and question the business asked, the team's answer when it already
 * has one, and the date the question is about. Checked with the server's own schema first; a 400
 * the server still answers is shown under the fields it names.
 */
export function NewInquiryModal({ isOpen, onClose, onCreated }: { isOpen: boolean; onClose: () => void; onCreated: (inquiry: InquirySummary) => void }) {
  const { t } = useTranslation('research');
  return (
    <Modal opened={isOpen} onClose={onClose} title={t('advisory.create.title')} size="lg">
      {isOpen ? <InquiryForm onCancel={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

function InquiryForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (inquiry: InquirySummary) => void }) {
  const { t } = useTranslation('research');
  const create = useCreateInquiry();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>({});
  const change = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    if (errors[field]) setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const message = (field: keyof Values, error: FormError | undefined) =>
    formErrorText(error, (key) => t(`advisory.create.errors.${key}`, { max: field === 'asOf' ? 0 : MAX[field] }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    const found = schemaErrors(CreateInquiryBodySchema.safeParse(body));
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(body, { onSuccess: onCreated, onError: (error) => setErrors(serverErrors(error) ?? {}) });
  };
  const otherError = create.isError && !serverErrors(create.error) ? create.error.message : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('advisory.create.inquiryTitle')}
          description={t('advisory.create.inquiryTitleHint')}
          value={values.title}
          onChange={(e) => change('title', e.currentTarget.value)}
          maxLength={MAX.title}
          error={message('title', errors.title)}
          withAsterisk
          data-autofocus
        />
        <Textarea
          label={t('advisory.create.question')}
          value={values.question}
          onChange={(e) => change('question', e.currentTarget.value)}
          maxLength={MAX.question}
          autosize
          minRows={4}
          maxRows={12}
          error={message('question', errors.question)}
          withAsterisk
        />
        <Textarea
          label={t('advisory.create.answer')}
          description={t('advisory.create.answerHint')}
          value={values.answer}
          onChange={(e) => change('answer', e.currentTarget.value)}
          maxLength={MAX.answer}
          autosize
          minRows={3}
          maxRows={10}
          error={message('answer', errors.answer)}
        />
        <DateInput
          label={t('advisory.create.asOf')}
          description={t('advisory.create.asOfHint')}
          value={values.asOf}
          onChange={(asOf) => change('asOf', asOf)}
          error={message('asOf', errors.asOf)}
          maw={360}
        />
        <FormFooter
          failure={otherError}
          onCancel={onCancel}
          cancelLabel={t('advisory.create.cancel')}
          submitLabel={t('advisory.create.submit')}
          isPending={create.isPending}
        />
      </Stack>
    </form>
  );
}
