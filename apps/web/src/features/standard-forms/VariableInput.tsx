import { type VariableConfig } from '@legal/api';
import { Checkbox, Fieldset, Group, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../components/DateInput';
import { type DraftInput, type PartyInput } from './draft-values';
import './standard-forms-i18n';

const CURRENCIES = ['KRW', 'USD', 'EUR', 'JPY', 'CNY'];

/** One input of the drafting form, by the variable's type, labelled in the interface language. */
export function VariableInput({ config, value, error, onChange, locale }: {
  config: VariableConfig;
  value: DraftInput | undefined;
  error?: string;
  onChange: (next: DraftInput) => void;
  locale: 'ko' | 'en';
}) {
  const { t } = useTranslation('standardForms');
  const label = config.label[locale];
  const description = config.help?.[locale] || undefined;
  const common = { label, description, error, required: config.required };
  const text = typeof value === 'string' ? value : '';
  switch (config.type) {
    case 'OPTIONAL_CLAUSE':
      return <Checkbox label={label} description={description} error={error} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />;
    case 'LONG_TEXT':
      return <Textarea {...common} autosize minRows={3} value={text} onChange={(e) => onChange(e.currentTarget.value)} maxLength={config.maxLength ?? undefined} />;
    case 'DATE':
      return <DateInput {...common} value={text} onChange={onChange} />;
    case 'NUMBER':
      return <NumberInput {...common} value={text} onChange={(next) => onChange(String(next))} />;
    case 'CHOICE':
      return <Select {...common} data={config.options} value={text || null} onChange={(next) => onChange(next ?? '')} clearable={!config.required} />;
    case 'AMOUNT': {
      const amount = typeof value === 'object' && 'amount' in value ? value : { amount: '', currency: 'KRW' };
      return (
        <Group align="flex-start" gap="xs" grow preventGrowOverflow={false}>
          <TextInput {...common} inputMode="decimal" value={amount.amount} onChange={(e) => onChange({ ...amount, amount: e.currentTarget.value })} style={{ flex: 3 }} />
          <Select label={t('draft.currency')} data={[...new Set([amount.currency, ...CURRENCIES])]} value={amount.currency} allowDeselect={false} searchable onChange={(next) => onChange({ ...amount, currency: next ?? 'KRW' })} style={{ flex: 1 }} aria-label={t('draft.currencyOf', { label })} />
        </Group>
      );
    }
    case 'PARTY': {
      const party: PartyInput = typeof value === 'object' && 'name' in value ? value : { name: '', representative: '', address: '', registrationNumber: '' };
      const set = (patch: Partial<PartyInput>) => onChange({ ...party, ...patch });
      return (
        <Fieldset legend={label}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('draft.partyName')} aria-label={`${label} ${t('draft.partyName')}`} description={description} required={config.required} error={error} value={party.name} onChange={(e) => set({ name: e.currentTarget.value })} />
            <TextInput label={t('draft.partyRepresentative')} value={party.representative} onChange={(e) => set({ representative: e.currentTarget.value })} />
            <TextInput label={t('draft.partyAddress')} value={party.address} onChange={(e) => set({ address: e.currentTarget.value })} />
            <TextInput label={t('draft.partyRegistration')} value={party.registrationNumber} onChange={(e) => set({ registrationNumber: e.currentTarget.value })} />
          </SimpleGrid>
        </Fieldset>
      );
    }
    default:
      return <TextInput {...common} value={text} onChange={(e) => onChange(e.currentTarget.value)} maxLength={config.maxLength ?? undefined} />;
  }
}
