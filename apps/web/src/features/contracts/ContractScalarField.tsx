import {
  CONTRACT_LIMITS, type ContractDetail, type ContractField, DesiredReviewDeadlineBodySchema, DisputeResolutionBodySchema, GoverningLawBodySchema,
  MemoBodySchema, OurPositionBodySchema, SignedDateBodySchema, SigningTypeBodySchema, SimpleUpdateBodySchema, TitleBodySchema, VenueBodySchema,
  updateConhubContractTitle, updateContractDesiredReviewDeadline,
  updateContractDisputeResolution, updateContractGoverningLaw, updateContractMemo, updateContractOurPosition, updateContractSignedDate,
  updateContractSigningType, updateContractSimple, updateContractVenue,
} from '@legal/api';
import { Select, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { type FieldAccessOf } from './contract-field-access';
import { formatIsoDate } from '../../lib/i18n';
import { useErrorText } from './contract-form-errors';
import { useContractTypeOptions } from './contract-type-options';
import { useVocabulary, type Vocabulary } from './contract-vocabulary';
import { EditableField } from './EditableField';
import { type FieldRoute, useFieldSave } from './use-field-save';
import './contracts-i18n';

type ScalarKey = 'title' | 'contractType' | 'language' | 'signingType' | 'signedDate' | 'governingLaw' | 'disputeResolutionMethod' | 'ourPosition' | 'venue' | 'memo' | 'desiredReviewDeadline';

/** A one-value field of the contract: its PUT (whose body is `{[field]: value}`) and how it is typed in. */
export interface ScalarSpec {
  field: ScalarKey & ContractField;
  route: FieldRoute;
  /** The route's body schema, by name (descriptors carry no schemas in the web build). */
  body: FieldRoute['schemas']['body'];
  input: 'text' | 'textarea' | 'date' | { vocabulary: Vocabulary };
  /** Cannot be cleared (the schema needs a value). */
  isRequired?: boolean;
  max?: number;
}

const L = CONTRACT_LIMITS;

/** The scalar fields of the detail, in screen order, each with its own per-field PUT (7.3, 7.6). */
export const SCALAR_SPECS = {
  title: { field: 'title', route: updateConhubContractTitle, body: TitleBodySchema, input: 'text', isRequired: true, max: L.titleMaxLength },
  contractType: { field: 'contractType', route: updateContractSimple, body: SimpleUpdateBodySchema, input: { vocabulary: 'contractType' }, isRequired: true },
  language: { field: 'language', route: updateContractSimple, body: SimpleUpdateBodySchema, input: { vocabulary: 'language' }, isRequired: true },
  ourPosition: { field: 'ourPosition', route: updateContractOurPosition, body: OurPositionBodySchema, input: { vocabulary: 'ourPosition' } },
  signingType: { field: 'signingType', route: updateContractSigningType, body: SigningTypeBodySchema, input: { vocabulary: 'signingType' } },
  signedDate: { field: 'signedDate', route: updateContractSignedDate, body: SignedDateBodySchema, input: 'date' },
  governingLaw: { field: 'governingLaw', route: updateContractGoverningLaw, body: GoverningLawBodySchema, input: 'text', max: L.shortTextMaxLength },
  disputeResolutionMethod: { field: 'disputeResolutionMethod', route: updateContractDisputeResolution, body: DisputeResolutionBodySchema, input: { vocabulary: 'disputeResolution' } },
  venue: { field: 'venue', route: updateContractVenue, body: VenueBodySchema, input: 'text', max: L.shortTextMaxLength },
  desiredReviewDeadline: { field: 'desiredReviewDeadline', route: updateContractDesiredReviewDeadline, body: DesiredReviewDeadlineBodySchema, input: 'date' },
  memo: { field: 'memo', route: updateContractMemo, body: MemoBodySchema, input: 'textarea', max: L.memoMaxLength },
} as const satisfies Record<string, ScalarSpec>;

export interface ScalarFieldProps {
  contract: ContractDetail;
  spec: ScalarSpec;
  access: FieldAccessOf;
}

/** Shows and edits one scalar field through its own PUT; an emptied optional field is cleared (null). */
export function ScalarField({ contract, spec, access }: ScalarFieldProps) {
  const { t } = useTranslation('contracts');
  const vocabulary = useVocabulary();
  const errorText = useErrorText();
  const { save, errors, isSaving, clearErrors } = useFieldSave(contract.id, spec.route, spec.body);
  const value = contract[spec.field];
  // The workspace's types in its order, the contract's own type kept when the workspace dropped it.
  const contractTypes = useContractTypeOptions(spec.field === 'contractType' && value ? [value] : []);
  const { canEdit, isFrozen } = access(spec.field);
  const label = t(`fields.${spec.field}`);
  const error = errorText(errors[spec.field], spec.max);

  let display: ReactNode = value;
  if (typeof spec.input === 'object') display = vocabulary.label(spec.input.vocabulary, value);
  else if (spec.input === 'date') display = formatIsoDate(value, vocabulary.locale);
  else if (spec.input === 'textarea' && value) display = <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{value}</Text>;

  return (
    <EditableField<string>
      label={label}
      display={display}
      canEdit={canEdit}
      lockedReason={isFrozen ? t('detail.frozen') : undefined}
      initialDraft={() => value ?? ''}
      isSaving={isSaving}
      onCancel={clearErrors}
      onSave={(draft, done) => {
        const trimmed = draft.trim();
        // The body of every scalar route is `{[field]: value}`; the route's schema checks it.
        save({ [spec.field]: trimmed === '' && !spec.isRequired ? null : trimmed } as never, done);
      }}
      renderEditor={(draft, setDraft) => {
        const common = { 'aria-label': label, error, 'data-autofocus': true, autoFocus: true };
        if (typeof spec.input === 'object') {
          return (
            <Select
              {...common}
              data={spec.input.vocabulary === 'contractType' ? contractTypes : vocabulary.options(spec.input.vocabulary)}
              value={draft || null}
              onChange={(next) => setDraft(next ?? '')}
              clearable={!spec.isRequired}
              allowDeselect={!spec.isRequired}
            />
          );
        }
        if (spec.input === 'textarea') {
          return <Textarea {...common} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} autosize minRows={3} maxRows={12} maxLength={spec.max} />;
        }
        if (spec.input === 'date') return <DateInput {...common} value={draft} onChange={setDraft} />;
        return <TextInput {...common} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} maxLength={spec.max} />;
      }}
    />
  );
}
