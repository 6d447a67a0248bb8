import { isApiError } from '../../lib/api';
import { fieldIssues, type SafeParseLike } from '../../lib/forms/field-issues';

/**
 * Field errors of the organization forms: from the shared zod schema before sending, or from the
 * server (a 400 naming `body.<field>`, or a 409 whose data names the field, e.g. a name in use).
 * Keys are shown in the form's words; a server reason without words here is shown as it came.
 */
export type FormErrorKey = 'required' | 'tooLong' | 'invalid' | 'nameTaken';
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

/** The errors of a failed save by field, or null when the failure is not about a field (shown as a general message). */
export function serverErrors(error: unknown): FormErrors | null {
  if (!isApiError(error)) return null;
  const data = (error.data ?? {}) as { fieldErrors?: unknown; field?: unknown };
  if (error.code === 'ERROR_CONFLICT' && typeof data.field === 'string') return { [data.field]: { key: 'nameTaken' } };
  if (error.code !== 'ERROR_VALIDATION' || !Array.isArray(data.fieldErrors)) return null;
  const errors: FormErrors = {};
  for (const item of data.fieldErrors as Array<{ field?: unknown; reason?: unknown }>) {
    const [location, field] = typeof item.field === 'string' ? item.field.split('.') : [];
    if (location !== 'body' || !field) continue;
    errors[field] ??= { text: typeof item.reason === 'string' ? item.reason : '' };
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
