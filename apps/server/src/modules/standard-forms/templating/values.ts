import { AmountSchema, type ContractLanguage, CurrencySchema, type VariableConfig, type VariableValue, type VariableValues } from '@legal/api';
import { BLANK } from './inspect';

// The values a requester fills in: checked against the template's configs, defaults applied, and
// written the way a Korean (or English) contract writes them. Pure.

export interface ValueProblem {
  /** `values.<key>` */
  path: string;
  message: string;
}

export interface ValidateOptions {
  /** Drafting: every required variable must have a value (or a default). Preview: blanks are fine. */
  requireAll: boolean;
  /** The language of the messages (Korean for ko, English otherwise). */
  language: ContractLanguage | string;
}

type Messages = Record<'unknown' | 'required' | 'text' | 'amount' | 'amountNumber' | 'currency' | 'party' | 'clause' | 'date' | 'number' | 'choice' | 'minLength' | 'maxLength' | 'pattern', (arg: string) => string>;

const KO: Messages = {
  unknown: () => '이 서식에 없는 변수입니다.',
  required: () => '필수 항목입니다.',
  text: () => '문자열이어야 합니다.',
  amount: () => '금액은 {"amount": "1500000", "currency": "KRW"} 형식이어야 합니다.',
  amountNumber: () => '금액은 "1500000.50"과 같은 숫자 문자열이어야 합니다.',
  currency: () => 'KRW와 같은 ISO 4217 통화 코드여야 합니다.',
  party: () => '당사자는 이름(name)이 있는 객체여야 합니다.',
  clause: () => '선택 조항은 true 또는 false여야 합니다.',
  date: () => '2026-11-27 형식의 날짜여야 합니다.',
  number: () => '"1234.5"와 같은 숫자여야 합니다.',
  choice: (options) => `다음 중 하나여야 합니다: ${options}`,
  minLength: (n) => `${n}자 이상이어야 합니다.`,
  maxLength: (n) => `${n}자 이하여야 합니다.`,
  pattern: () => '형식이 올바르지 않습니다.',
};
const EN: Messages = {
  unknown: () => 'Not a variable of this form.',
  required: () => 'Required.',
  text: () => 'Must be text.',
  amount: () => 'An amount is {"amount": "1500000", "currency": "KRW"}.',
  amountNumber: () => 'The amount must be a decimal string such as "1500000.50".',
  currency: () => 'Must be an ISO 4217 currency code such as KRW.',
  party: () => 'A party is an object with a name.',
  clause: () => 'An optional clause is true or false.',
  date: () => 'Must be a date written 2026-11-27.',
  number: () => 'Must be a number such as "1234.5".',
  choice: (options) => `Must be one of: ${options}`,
  minLength: (n) => `At least ${n} characters.`,
  maxLength: (n) => `At most ${n} characters.`,
  pattern: () => 'Does not have the expected format.',
};

const STRING_TYPES = new Set<VariableConfig['type']>(['TEXT', 'LONG_TEXT', 'DATE', 'NUMBER', 'CHOICE']);
const NUMBER = /^-?\d{1,30}(\.\d{1,10})?$/;

/** Whether a value counts as not filled in (absent, null, or a blank string). */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Checks the values against the configs: keys the template does not declare, each type's shape,
 * CHOICE options, length and pattern limits, and (with requireAll) required variables without a value
 * or a default. One problem per variable, in config order, then the unknown keys.
 */
export function validateValues(configs: readonly VariableConfig[], values: Readonly<Record<string, unknown>>, options: ValidateOptions): ValueProblem[] {
  const m = options.language === 'ko' ? KO : EN;
  const problems: ValueProblem[] = [];
  const known = new Set(configs.map((c) => c.key));
  for (const config of [...configs].sort((a, b) => a.order - b.order)) {
    const value = values[config.key];
    const message = isMissing(value)
      ? options.requireAll && config.required && isMissing(config.defaultValue)
        ? m.required('')
        : null
      : checkValue(config, value, m);
    if (message) problems.push({ path: `values.${config.key}`, message });
  }
  for (const key of Object.keys(values)) if (!known.has(key)) problems.push({ path: `values.${key}`, message: m.unknown('') });
  return problems;
}

function checkValue(config: VariableConfig, value: unknown, m: Messages): string | null {
  if (STRING_TYPES.has(config.type) && typeof value !== 'string') return config.type === 'NUMBER' ? m.number('') : config.type === 'DATE' ? m.date('') : m.text('');
  switch (config.type) {
    case 'OPTIONAL_CLAUSE':
      return typeof value === 'boolean' ? null : m.clause('');
    case 'AMOUNT': {
      if (!isRecord(value) || typeof value.amount !== 'string' || typeof value.currency !== 'string') return m.amount('');
      if (!AmountSchema.safeParse(value.amount).success) return m.amountNumber('');
      return CurrencySchema.safeParse(value.currency).success ? null : m.currency('');
    }
    case 'PARTY':
      return isRecord(value) && typeof value.name === 'string' && value.name.trim() !== '' ? null : m.party('');
    case 'DATE':
      return parseIsoDate(value as string) ? null : m.date('');
    case 'NUMBER':
      return NUMBER.test((value as string).trim()) ? null : m.number('');
    case 'CHOICE':
      return config.options.includes(value as string) ? null : m.choice(config.options.join(', '));
    case 'TEXT':
    case 'LONG_TEXT':
      return checkText(config, value as string, m);
  }
}

function checkText(config: VariableConfig, value: string, m: Messages): string | null {
  const length = [...value].length;
  if (config.minLength !== null && length < config.minLength) return m.minLength(String(config.minLength));
  if (config.maxLength !== null && length > config.maxLength) return m.maxLength(String(config.maxLength));
  if (config.pattern) {
    const re = compilePattern(config.pattern);
    if (re && !re.test(value)) return m.pattern('');
  }
  return null;
}

/**
 * A config's pattern, matched against the whole value (as HTML's pattern attribute does); null when
 * it is not a valid regular expression (the config screen refuses those, so none is enforced here).
 */
export function compilePattern(pattern: string): RegExp | null {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A calendar date written YYYY-MM-DD, or null (2026-02-30 is not one). */
export function parseIsoDate(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? { year, month, day } : null;
}

/** A config's defaultValue as a value of its type, or undefined when it has none. */
export function defaultValueOf(config: VariableConfig): VariableValue | undefined {
  const text = config.defaultValue;
  if (text === null || text.trim() === '') return undefined;
  switch (config.type) {
    case 'OPTIONAL_CLAUSE':
      return text.trim() === 'true';
    case 'AMOUNT': {
      const match = /^\s*(\d+(?:\.\d+)?)\s*([A-Za-z]{3})?\s*$/.exec(text);
      return match ? { amount: match[1]!, currency: (match[2] ?? 'KRW').toUpperCase() } : undefined;
    }
    case 'PARTY':
      return { name: text.trim() };
    default:
      return text;
  }
}

/** The values with each config's default filled in where the requester left a variable empty. */
export function withDefaults(configs: readonly VariableConfig[], values: VariableValues): VariableValues {
  const out: VariableValues = {};
  for (const config of configs) {
    const value = values[config.key];
    const filled = isMissing(value) ? defaultValueOf(config) : value;
    if (filled !== undefined) out[config.key] = filled;
  }
  return out;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 1234567.5 -> 1,234,567.5 (the decimals as written). */
export function groupDigits(number: string): string {
  const [whole = '', decimals] = number.trim().split('.');
  const sign = whole.startsWith('-') ? '-' : '';
  const grouped = whole.replace(/^-/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${decimals !== undefined ? `.${decimals}` : ''}`;
}

/**
 * A value as the document writes it: dates as 2026년 11월 27일 / November 27, 2026, amounts as
 * 금 1,500,000원 (Korean, KRW) or 1,500,000.50 USD, numbers grouped, a party by its name, a long text
 * with its line breaks; a blank line for a missing value. An optional clause reads 포함/제외
 * (Included/Excluded), for summaries; the renderer uses the boolean itself.
 */
export function formatValue(config: VariableConfig, value: VariableValue | undefined | null, language: ContractLanguage | string): string {
  if (isMissing(value)) return BLANK;
  const ko = language === 'ko';
  switch (config.type) {
    case 'OPTIONAL_CLAUSE':
      return value === true ? (ko ? '포함' : 'Included') : ko ? '제외' : 'Excluded';
    case 'DATE': {
      const date = typeof value === 'string' ? parseIsoDate(value) : null;
      if (!date) return String(value);
      if (ko) return `${date.year}년 ${date.month}월 ${date.day}일`;
      if (language === 'ja' || language === 'zh') return `${date.year}年${date.month}月${date.day}日`;
      return `${MONTHS[date.month - 1]} ${date.day}, ${date.year}`;
    }
    case 'AMOUNT': {
      if (!isRecord(value)) return typeof value === 'string' ? groupDigits(value) : String(value);
      const record: Record<string, unknown> = value;
      const amount = groupDigits(String(record.amount));
      const currency = String(record.currency);
      return ko && currency === 'KRW' ? `금 ${amount}원` : `${amount} ${currency}`;
    }
    case 'NUMBER':
      return typeof value === 'string' && NUMBER.test(value.trim()) ? groupDigits(value) : String(value);
    case 'PARTY':
      return isRecord(value) ? String((value as Record<string, unknown>).name) : String(value);
    case 'LONG_TEXT':
      return String(value).replace(/\r\n?/g, '\n');
    default:
      return typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : String(value);
  }
}

/**
 * What the renderer fills the markers with: each config's formatted value (defaults applied), an
 * optional clause as its boolean. Missing values stay out (the template shows a blank for them).
 */
export function templateData(configs: readonly VariableConfig[], values: VariableValues, language: ContractLanguage | string): Record<string, string | boolean> {
  const filled = withDefaults(configs, values);
  const data: Record<string, string | boolean> = {};
  for (const config of configs) {
    const value = filled[config.key];
    if (value === undefined) continue;
    data[config.key] = config.type === 'OPTIONAL_CLAUSE' ? value === true : formatValue(config, value, language);
  }
  return data;
}
