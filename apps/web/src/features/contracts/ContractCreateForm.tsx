import { CONTRACT_LIMITS, REGISTRABLE_CONTRACT_STATUSES } from '@legal/api';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { useHasAnyPermission } from '../../lib/session';
import { AmountInputs } from './ContractCompoundFields';
import { type ContractCreateDraft } from './contract-create-draft';
import { errorAt, type FormErrors, useErrorText } from './contract-form-errors';
import { CONTRACT_PERMISSIONS } from './contract-permissions';
import { useContractTypeOptions } from './contract-type-options';
import { useVocabulary, type Vocabulary } from './contract-vocabulary';
import { GroupPicker } from './ContractPeopleFields';
import { CounterpartyDraftList } from './CounterpartyDraftList';
import { HashtagInput } from './HashtagInput';
import { PersonPicker } from './PeoplePicker';
import './contracts-i18n';

export interface ContractCreateFieldsProps {
  draft: ContractCreateDraft;
  onChange: (patch: Partial<ContractCreateDraft>) => void;
  errors: FormErrors;
}

const L = CONTRACT_LIMITS;

type ChoiceField = 'contractType' | 'language' | 'ourPosition' | 'signingType' | 'disputeResolutionMethod';

/** The fields of a contract being registered; the page owns the draft, its check and the request. */
export function ContractCreateFields({ draft, onChange, errors }: ContractCreateFieldsProps) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const contractTypes = useContractTypeOptions(draft.contractType ? [draft.contractType] : []);
  const errorText = useErrorText();
  // Registering a contract for someone else hands it over: an admin's decision (the server checks).
  const canChooseOwner = useHasAnyPermission([CONTRACT_PERMISSIONS.admin]);

  const choice = (field: ChoiceField, vocab: Vocabulary, isRequired = false) => (
    <Select
      label={t(`fields.${field}`)}
      data={vocab === 'contractType' ? contractTypes : vocabulary.options(vocab)}
      value={draft[field] || null}
      // The options are the vocabulary's codes, so the value fits the field.
      onChange={(value) => onChange({ [field]: value ?? '' } as Partial<ContractCreateDraft>)}
      clearable={!isRequired}
      allowDeselect={!isRequired}
      withAsterisk={isRequired}
      error={errorText(errors[field])}
    />
  );
  const date = (field: 'startDate' | 'endDate' | 'signedDate') => (
    <DateInput label={t(`fields.${field}`)} value={draft[field]} onChange={(day) => onChange({ [field]: day })} error={errorText(errors[field])} />
  );

  return (
    <Stack gap="md">
      <TextInput
        label={t('fields.title')}
        description={t('create.titleHint')}
        value={draft.title}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
        maxLength={L.titleMaxLength}
        error={errorText(errors.title, L.titleMaxLength)}
        withAsterisk
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {choice('contractType', 'contractType', true)}
        <Select
          label={t('fields.status')}
          description={t('create.statusHint')}
          data={vocabulary.options('status').filter((o) => (REGISTRABLE_CONTRACT_STATUSES as readonly string[]).includes(o.value))}
          value={draft.status}
          onChange={(value) => value && onChange({ status: value as ContractCreateDraft['status'] })}
          allowDeselect={false}
          error={errorText(errors.status)}
        />
        {choice('language', 'language', true)}
      </SimpleGrid>
      <CounterpartyDraftList value={draft.counterparties} onChange={(counterparties) => onChange({ counterparties })} error={errorText(errorAt(errors, 'counterparties'))} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {date('startDate')}
        {date('endDate')}
        {date('signedDate')}
      </SimpleGrid>
      <AmountInputs
        value={{ amount: draft.amount, currency: draft.currency }}
        onChange={(v) => onChange(v)}
        amountError={errorText(errors.amount)}
        currencyError={errorText(errors.currency)}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {choice('ourPosition', 'ourPosition')}
        {choice('signingType', 'signingType')}
        {choice('disputeResolutionMethod', 'disputeResolution')}
      </SimpleGrid>
      <TextInput
        label={t('fields.governingLaw')}
        value={draft.governingLaw}
        onChange={(e) => onChange({ governingLaw: e.currentTarget.value })}
        maxLength={L.shortTextMaxLength}
        error={errorText(errors.governingLaw, L.shortTextMaxLength)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {canChooseOwner ? (
          <PersonPicker label={t('fields.owner')} value={draft.owner} onChange={(owner) => onChange({ owner })} error={errorText(errors.ownerUserId)} />
        ) : null}
        <GroupPicker value={draft.group} onChange={(group) => onChange({ group })} error={errorText(errors.groupId)} />
      </SimpleGrid>
      <HashtagInput label={t('fields.hashtags')} value={draft.hashtags} onChange={(hashtags) => onChange({ hashtags })} error={errorText(errorAt(errors, 'hashtags'))} />
      <Textarea
        label={t('fields.memo')}
        value={draft.memo}
        onChange={(e) => onChange({ memo: e.currentTarget.value })}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={L.memoMaxLength}
        error={errorText(errors.memo, L.memoMaxLength)}
      />
    </Stack>
  );
}
