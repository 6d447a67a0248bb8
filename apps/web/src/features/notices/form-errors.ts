import { isApiError } from '../../lib/api';
import { fieldIssues, type SafeParseLike } from '../../lib/forms/field-issues';

/**
 * Field errors of the admin forms (notices, terms): from the shared zod schema before sending,
 * or from the server's 400 answer. A key is shown in the form's own words; a server reason we
 * have no words for is shown as it came.
 */
export type FormErrorKey = 'required' | 'tooLong' | 'invalid';
export type FormError = { key: FormErrorKey } | { text: string };
export type FormErrors = Partial<Record<string, FormError>>;

/** The first issue of each field of a `safeParse` result. */
export function schemaErrors(result: SafeParseLike): FormErrors {
  const errors: FormErrors = {};
  for (const [field, issue] of Object.entries(fieldIssues(result))) {
    if (!issue) continue;
    errors[field] = { key: issue.code === 'too_small' ? 'required' : issue.code === 'too_big' ? 'tooLong' : 'invalid' };
  }
  return errors;
}

/** The `body.<field>` errors of a 400 ERROR_VALIDATION answer by top-level field, or null for any other failure. */
export function serverErrors(error: unknown): FormErrors | null {
  if (!isApiError(error) || error.code !== 'ERROR_VALIDATION') return null;
  const list = (error.data as { fieldErrors?: unknown } | undefined)?.fieldErrors;
  if (!Array.isArray(list)) return null;
  const errors: FormErrors = {};
  for (const item of list as Array<{ field?: unknown; reason?: unknown }>) {
    const [location, field] = typeof item.field === 'string' ? item.field.split('.') : [];
    if (location !== 'body' || !field) continue;
    errors[field] ??= { text: typeof item.reason === 'string' ? item.reason : '' };
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
