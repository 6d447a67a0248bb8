import {
  AmountCurrencyBodySchema, COMMON_CURRENCIES, type ContractDetail, StartEndDateBodySchema, updateContractAmountCurrency, updateContractPeriod,
} from '@legal/api';
import { Autocomplete, Group, TextInput } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { groupedAmount, positionAfter, significantBefore, typedAmount } from './amount-input';
import { amountWithCurrency, DEFAULT_CURRENCY } from './contract-create-draft';
import { type FieldAccessOf } from './contract-field-access';
import { formatAmount } from '../../lib/i18n';
import { formatPeriod } from './contract-format';
import { useErrorText } from './contract-form-errors';
import { useVocabulary } from './contract-vocabulary';
import { EditableField } from './EditableField';
import { useFieldSave } from './use-field-save';
import './contracts-i18n';

interface FieldProps {
  contract: ContractDetail;
  access: FieldAccessOf;
}

const orNull = (value: string) => value.trim() || null;


/** Start and end dates, saved together (end on or after start). */
export function PeriodField({ contract, access }: FieldProps) {
  const { t } = useTranslation('contracts');
  const { locale } = useVocabulary();
  const errorText = useErrorText();
  const { save, errors, isSaving, clearErrors } = useFieldSave(contract.id, updateContractPeriod, StartEndDateBodySchema);
  const { canEdit, isFrozen } = access(['startDate', 'endDate']);
  return (
    <EditableField<{ startDate: string; endDate: string }>
      label={t('fields.period')}
      display={formatPeriod(contract.startDate, contract.endDate, locale)}
      canEdit={canEdit}
      lockedReason={isFrozen ? t('detail.frozen') : undefined}
      initialDraft={() => ({ startDate: contract.startDate ?? '', endDate: contract.endDate ?? '' })}
      isSaving={isSaving}
      onCancel={clearErrors}
      onSave={(draft, done) => save({ startDate: orNull(draft.startDate), endDate: orNull(draft.endDate) }, done)}
      renderEditor={(draft, setDraft) => (
        <Group grow align="flex-start">
          <DateInput label={t('fields.startDate')} value={draft.startDate} onChange={(startDate) => setDraft({ ...draft, startDate })} error={errorText(errors.startDate)} data-autofocus />
          <DateInput label={t('fields.endDate')} value={draft.endDate} onChange={(endDate) => setDraft({ ...draft, endDate })} error={errorText(errors.endDate)} />
        </Group>
      )}
    />
  );
}

/** The amount (a decimal string) and its ISO 4217 currency: both or neither. */
export function AmountField({ contract, access }: FieldProps) {
  const { t } = useTranslation('contracts');
  const { locale } = useVocabulary();
  const errorText = useErrorText();
  const { save, errors, isSaving, clearErrors } = useFieldSave(contract.id, updateContractAmountCurrency, AmountCurrencyBodySchema);
  const { canEdit, isFrozen } = access(['amount', 'currency']);
  return (
    <EditableField<{ amount: string; currency: string }>
      label={t('fields.amount')}
      display={formatAmount(contract.amount, contract.currency, locale)}
      canEdit={canEdit}
      lockedReason={isFrozen ? t('detail.frozen') : undefined}
      initialDraft={() => ({ amount: contract.amount ?? '', currency: contract.currency ?? DEFAULT_CURRENCY })}
      isSaving={isSaving}
      onCancel={clearErrors}
      onSave={(draft, done) => save(amountWithCurrency(draft), done)}
      renderEditor={(draft, setDraft) => <AmountInputs value={draft} onChange={setDraft} amountError={errorText(errors.amount)} currencyError={errorText(errors.currency)} />}
    />
  );
}

export interface AmountInputsProps {
  value: { amount: string; currency: string };
  onChange: (next: { amount: string; currency: string }) => void;
  amountError?: string;
  currencyError?: string;
  /** The amount box's label (the filter calls it "at most"). */
  amountLabel?: string;
}

/**
 * An amount box that groups thousands as the interface language writes them while it is typed
 * (the value stays a plain decimal string), and a currency box offering the common codes (any ISO
 * 4217 code may be typed). The currency has no grey hint that could pass for a value: a form that
 * wants a preset (KRW on the create form) starts with it as the value.
 */
export function AmountInputs({ value, onChange, amountError, currencyError, amountLabel }: AmountInputsProps) {
  const { t } = useTranslation('contracts');
  const { locale } = useVocabulary();
  const ref = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);
  const shown = groupedAmount(value.amount, locale);
  // After a regrouping the caret goes back after the digit it followed, not to the end.
  useLayoutEffect(() => {
    if (caret.current === null || !ref.current || document.activeElement !== ref.current) return;
    const position = positionAfter(shown, caret.current, locale);
    ref.current.setSelectionRange(position, position);
    caret.current = null;
  });
  return (
    <Group grow align="flex-start">
      <TextInput
        ref={ref}
        label={amountLabel ?? t('fields.amountValue')}
        inputMode="decimal"
        value={shown}
        onChange={(e) => {
          const typed = e.currentTarget.value;
          caret.current = significantBefore(typed, e.currentTarget.selectionStart ?? typed.length, locale);
          onChange({ ...value, amount: typedAmount(typed, locale) });
        }}
        error={amountError}
        data-autofocus
      />
      <Autocomplete
        label={t('fields.currency')}
        data={[...COMMON_CURRENCIES]}
        value={value.currency}
        onChange={(currency) => onChange({ ...value, currency: currency.toUpperCase() })}
        maxLength={3}
        error={currencyError}
      />
    </Group>
  );
}
