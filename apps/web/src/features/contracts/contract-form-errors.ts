import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { type FieldIssue, type SafeParseLike } from '../../lib/forms/field-issues';
import {
  type FormError as SharedFormError, type FormErrors as SharedFormErrors, formErrorText, type SchemaErrorKey, schemaErrorKey, serverErrors as serverErrorsOf,
} from '../../lib/forms/form-errors';
import './contracts-i18n';

/**
 * Field errors of the contract forms, keyed by the dotted path of the field (`title`,
 * `counterparties.0.name`): from the shared zod schema before sending, or from the server's 400
 * (`body.<path>`). A key is shown in the form's own words (`form.errors.<key>` of the catalogue);
 * a server reason we have no words for is shown as it came (lib/forms/form-errors).
 */
export type FormErrorKey =
  | SchemaErrorKey | 'currencyNeeded' | 'amountNeeded' | 'rangeOrder' | 'companyOnly' | 'contactNeeded' | 'fileNeeded' | 'duplicate' | 'duplicateCounterparty';
export type FormError = SharedFormError<FormErrorKey>;
export type FormErrors = SharedFormErrors<FormErrorKey>;

/** The cross-field rules of the shared schemas, by the field they are reported on. */
const CUSTOM_RULES: Record<string, FormErrorKey> = {
  currency: 'currencyNeeded',
  amount: 'amountNeeded',
  endDate: 'rangeOrder',
  end: 'rangeOrder',
  amountMax: 'rangeOrder',
  businessRegistrationNumber: 'companyOnly',
  contacts: 'contactNeeded',
  files: 'fileNeeded',
};

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

function keyOf(issue: FieldIssue): FormErrorKey {
  if (issue.code !== 'custom') return schemaErrorKey(issue);
  if (issue.message === 'each entry once') return 'duplicate';
  const named = [...issue.path].reverse().find((part) => typeof part === 'string' && part in CUSTOM_RULES);
  return named ? CUSTOM_RULES[String(named)]! : 'invalid';
}

/** The first issue of each field path of a `safeParse` result, in the contract forms' words. */
export function schemaErrors(result: SafeParseLike): FormErrors {
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) errors[pathOf(issue.path)] ??= { key: keyOf(issue) };
  return errors;
}

/** The `body.<path>` errors of a 400 ERROR_VALIDATION answer by path, or null for any other failure. */
export function serverErrors(error: unknown): FormErrors | null {
  return serverErrorsOf<FormErrorKey>(error, { byPath: true });
}

/** The errors under one prefix (`counterparties.0.`), re-keyed without it. */
export function errorsUnder(errors: FormErrors, prefix: string): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => key.startsWith(prefix)).map(([key, value]) => [key.slice(prefix.length), value]));
}

/** The first error of a field or of anything below it (`files` also shows `files.0.fileKey`). */
export function errorAt(errors: FormErrors, field: string): FormError | undefined {
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}

/** The text of a field error in the interface language (`max` for "at most N characters"). */
export function useErrorText(): (error: FormError | undefined, max?: number) => string | undefined {
  const { t } = useTranslation('contracts');
  return (error, max) => formErrorText(error, (key) => t(`form.errors.${key}`, { max }));
}

/**
 * The save of a contract form: `submit(found, save)` shows the errors found before sending and
 * stops there; otherwise it runs `save`, and a rejection shows the server's field errors (400) or
 * its message. Resolves true when saved.
 */
export function useCheckedSave() {
  const { t } = useTranslation('contracts');
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const submit = async (found: FormErrors, save: () => Promise<unknown>): Promise<boolean> => {
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return false;
    setIsSaving(true);
    try {
      await save();
      return true;
    } catch (error) {
      const fields = serverErrors(error);
      if (fields) setErrors(fields);
      else setFailure(isApiError(error) ? error.message : t('errors.saveFailed'));
      return false;
    } finally {
      setIsSaving(false);
    }
  };
  return { errors, failure, isSaving, submit };
}
