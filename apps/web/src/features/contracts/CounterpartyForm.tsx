import { CONTRACT_LIMITS, type CounterpartyInput, CounterpartyInputSchema } from '@legal/api';
import { ActionIcon, Button, Fieldset, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/FormFooter';
import { OwnForm } from '../../components/OwnForm';
import { errorsUnder, type FormErrors, schemaErrors, useCheckedSave, useErrorText } from './contract-form-errors';
import { IconPlus, IconX } from './contract-icons';
import { useVocabulary } from './contract-vocabulary';
import { type ContactDraft, type CounterpartyDraft, emptyContact, inputOf } from './counterparty-draft';
import './contracts-i18n';

export interface CounterpartyFormModalProps {
  opened: boolean;
  title: string;
  /** The starting values; the form restarts from them each time it opens. */
  initial: CounterpartyDraft;
  /** Sends the checked body; a rejection with a 400 shows its field errors, any other its message. */
  onSubmit: (input: CounterpartyInput) => Promise<unknown>;
  onClose: () => void;
  /** True when the list the form adds to already holds this counterparty: refused on the name field. */
  isDuplicate?: (input: CounterpartyInput) => boolean;
}

/** Adds or edits a counterparty (of a contract, or a bookmark): company or person, with contacts. */
export function CounterpartyFormModal({ opened, title, initial, onSubmit, onClose, isDuplicate }: CounterpartyFormModalProps) {
  const { t } = useTranslation('contracts');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('actions.close') }}>
      {opened ? <CounterpartyForm initial={initial} onSubmit={onSubmit} onDone={onClose} isDuplicate={isDuplicate} /> : null}
    </Modal>
  );
}

function CounterpartyForm({ initial, onSubmit, onDone, isDuplicate }: Pick<CounterpartyFormModalProps, 'initial' | 'onSubmit' | 'isDuplicate'> & { onDone: () => void }) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const errorText = useErrorText();
  const [draft, setDraft] = useState(initial);
  const { errors, failure, isSaving, submit: save } = useCheckedSave();
  const L = CONTRACT_LIMITS;

  const change = (patch: Partial<CounterpartyDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const changeContact = (index: number, patch: Partial<ContactDraft>) =>
    change({ contacts: draft.contacts.map((c, i) => (i === index ? { ...c, ...patch } : c)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(draft);
    const found: FormErrors = { ...(input.name && isDuplicate?.(input) ? { name: { key: 'duplicateCounterparty' } } : {}), ...schemaErrors(CounterpartyInputSchema.safeParse(input)) };
    if (await save(found, () => onSubmit(input))) onDone();
  };

  return (
    // Opened from the create form: its own submit must not register the contract (OwnForm).
    <OwnForm onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('counterparties.type')}
          data={vocabulary.options('counterpartyType')}
          value={draft.counterpartyType}
          onChange={(value) => change({ counterpartyType: value as CounterpartyDraft['counterpartyType'] })}
        />
        <TextInput
          label={t('counterparties.name')}
          value={draft.name}
          onChange={(e) => change({ name: e.currentTarget.value })}
          maxLength={L.shortTextMaxLength}
          error={errorText(errors.name, L.shortTextMaxLength)}
          withAsterisk
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {draft.counterpartyType === 'COMPANY' ? (
            <TextInput
              label={t('counterparties.businessRegistrationNumber')}
              placeholder="123-45-67890"
              value={draft.businessRegistrationNumber}
              onChange={(e) => change({ businessRegistrationNumber: e.currentTarget.value })}
              error={errorText(errors.businessRegistrationNumber)}
            />
          ) : null}
          <TextInput
            label={t('counterparties.representative')}
            value={draft.representative}
            onChange={(e) => change({ representative: e.currentTarget.value })}
            maxLength={100}
            error={errorText(errors.representative, 100)}
          />
        </SimpleGrid>
        <TextInput
          label={t('counterparties.address')}
          value={draft.address}
          onChange={(e) => change({ address: e.currentTarget.value })}
          maxLength={L.addressMaxLength}
          error={errorText(errors.address, L.addressMaxLength)}
        />
        <Fieldset legend={t('counterparties.contacts')} variant="unstyled">
          <Stack gap="xs">
            {draft.contacts.map((contact, index) => (
              <ContactRow
                key={index}
                index={index}
                contact={contact}
                errors={errorsUnder(errors, `contacts.${index}`)}
                onChange={(patch) => changeContact(index, patch)}
                onRemove={() => change({ contacts: draft.contacts.filter((_, i) => i !== index) })}
              />
            ))}
            {draft.contacts.length < L.contactsMax ? (
              <Group>
                <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => change({ contacts: [...draft.contacts, emptyContact()] })}>
                  {t('counterparties.addContact')}
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Fieldset>
        <FormFooter failure={failure} onCancel={onDone} cancelLabel={t('actions.cancel')} submitLabel={t('actions.save')} isPending={isSaving} />
      </Stack>
    </OwnForm>
  );
}

function ContactRow({ index, contact, errors, onChange, onRemove }: {
  index: number;
  contact: ContactDraft;
  errors: FormErrors;
  onChange: (patch: Partial<ContactDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('contracts');
  const errorText = useErrorText();
  const n = index + 1;
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <SimpleGrid cols={{ base: 1, sm: 4 }} style={{ flex: 1 }} spacing="xs">
          <TextInput aria-label={t('counterparties.contactName', { n })} placeholder={t('counterparties.contactNamePlaceholder')} value={contact.name} onChange={(e) => onChange({ name: e.currentTarget.value })} error={errorText(errors['.name'])} />
          <TextInput aria-label={t('counterparties.contactEmail', { n })} placeholder={t('counterparties.contactEmailPlaceholder')} type="email" value={contact.email} onChange={(e) => onChange({ email: e.currentTarget.value })} error={errorText(errors['.email'])} />
          <TextInput aria-label={t('counterparties.contactPhone', { n })} placeholder={t('counterparties.contactPhonePlaceholder')} value={contact.phone} onChange={(e) => onChange({ phone: e.currentTarget.value })} error={errorText(errors['.phone'])} />
          <TextInput aria-label={t('counterparties.contactDepartment', { n })} placeholder={t('counterparties.contactDepartmentPlaceholder')} value={contact.department} onChange={(e) => onChange({ department: e.currentTarget.value })} error={errorText(errors['.department'])} />
        </SimpleGrid>
        <ActionIcon variant="subtle" color="gray" mt={6} aria-label={t('counterparties.removeContact', { n })} onClick={onRemove}>
          <IconX size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>
      {errors[''] ? (
        <Text size="xs" c="red">
          {errorText(errors[''])}
        </Text>
      ) : null}
    </Stack>
  );
}
