import { AmountSchema, CurrencySchema, type VariableConfig, type VariableValue, type VariableValues } from '@legal/api';

/** What an input of the drafting form holds, by variable type. */
export interface PartyInput {
  name: string;
  representative: string;
  address: string;
  registrationNumber: string;
}
export type DraftInput = string | boolean | { amount: string; currency: string } | PartyInput;
export type DraftInputs = Record<string, DraftInput>;

export type DraftErrorKey = 'required' | 'tooShort' | 'tooLong' | 'pattern' | 'date' | 'amount' | 'currency' | 'number' | 'choice';
export type DraftErrors = Partial<Record<string, { key: DraftErrorKey } | { text: string }>>;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const DEFAULT_CURRENCY = 'KRW';

/** The starting value of each input: the config's default (as the value would be sent) or empty. */
export function initialInputs(configs: readonly VariableConfig[]): DraftInputs {
  const inputs: DraftInputs = {};
  for (const config of configs) {
    const fallback = config.defaultValue ?? '';
    switch (config.type) {
      case 'OPTIONAL_CLAUSE':
        inputs[config.key] = fallback === 'true';
        break;
      case 'AMOUNT':
        inputs[config.key] = { amount: fallback, currency: DEFAULT_CURRENCY };
        break;
      case 'PARTY':
        inputs[config.key] = { name: fallback, representative: '', address: '', registrationNumber: '' };
        break;
      default:
        inputs[config.key] = fallback;
    }
  }
  return inputs;
}

/** The value sent for an input, or undefined when left empty (an unchecked clause is `false`). */
export function valueOf(config: VariableConfig, input: DraftInput | undefined): VariableValue | undefined {
  if (config.type === 'OPTIONAL_CLAUSE') return input === true;
  if (input === undefined || typeof input === 'boolean') return undefined;
  if (typeof input === 'string') return input.trim() === '' ? undefined : config.type === 'LONG_TEXT' ? input : input.trim();
  if ('amount' in input) return input.amount.trim() === '' ? undefined : { amount: input.amount.trim().replace(/,/g, ''), currency: input.currency.trim().toUpperCase() };
  if (input.name.trim() === '') return undefined;
  const party: Extract<VariableValue, { name: string }> = { name: input.name.trim() };
  if (input.representative.trim()) party.representative = input.representative.trim();
  if (input.address.trim()) party.address = input.address.trim();
  if (input.registrationNumber.trim()) party.registrationNumber = input.registrationNumber.trim();
  return party;
}

/** The `values` of the draft request: every filled variable by key. */
export function draftValues(configs: readonly VariableConfig[], inputs: DraftInputs): VariableValues {
  const values: VariableValues = {};
  for (const config of configs) {
    const value = valueOf(config, inputs[config.key]);
    if (value !== undefined) values[config.key] = value;
  }
  return values;
}

function checkText(config: VariableConfig, text: string): DraftErrorKey | null {
  if (config.minLength !== null && text.length < config.minLength) return 'tooShort';
  if (config.maxLength !== null && text.length > config.maxLength) return 'tooLong';
  if (config.type === 'TEXT' && config.pattern) {
    try {
      if (!new RegExp(config.pattern, 'u').test(text)) return 'pattern';
    } catch {
      // A pattern this browser cannot compile is left to the server.
    }
  }
  return null;
}

/** The same checks as the server's, before sending: required, lengths, pattern, dates, amounts, choices. */
export function validateInputs(configs: readonly VariableConfig[], inputs: DraftInputs): DraftErrors {
  const errors: DraftErrors = {};
  for (const config of configs) {
    const value = valueOf(config, inputs[config.key]);
    if (config.type === 'OPTIONAL_CLAUSE') continue;
    if (value === undefined) {
      if (config.required) errors[config.key] = { key: 'required' };
      continue;
    }
    let problem: DraftErrorKey | null = null;
    if (typeof value === 'string') {
      if (config.type === 'DATE') problem = ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? null : 'date';
      else if (config.type === 'NUMBER') problem = NUMBER.test(value) ? null : 'number';
      else if (config.type === 'CHOICE') problem = config.options.includes(value) ? null : 'choice';
      else problem = checkText(config, value);
    } else if (typeof value === 'object' && 'amount' in value) {
      problem = !AmountSchema.safeParse(value.amount).success ? 'amount' : !CurrencySchema.safeParse(value.currency).success ? 'currency' : null;
    } else if (typeof value === 'object') {
      problem = value.name.length > 200 ? 'tooLong' : null;
    }
    if (problem) errors[config.key] = { key: problem };
  }
  return errors;
}
