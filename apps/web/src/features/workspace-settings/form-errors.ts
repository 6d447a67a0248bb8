import { isApiError } from '../../lib/api';

/**
 * Field errors of this area's forms, keyed by the dotted path inside the body (`name`,
 * `theme.logo.light`, `theme.palette.primary-500`): from the shared zod schema before sending,
 * or from the server's 400 answer (`body.<path>`). A zod issue becomes one of the words the
 * forms know; a server reason we have no words for is shown as it came.
 */
export type FormErrorKey = 'required' | 'tooLong' | 'outOfRange' | 'invalid';
export type FormError = { key: FormErrorKey } | { text: string };
export type FormErrors = Partial<Record<string, FormError>>;

interface Issue {
  code: string;
  path: readonly PropertyKey[];
  origin?: string;
}

function keyOf(issue: Issue): FormErrorKey {
  const isNumber = issue.origin === 'number';
  if (issue.code === 'too_small') return isNumber ? 'outOfRange' : 'required';
  if (issue.code === 'too_big') return isNumber ? 'outOfRange' : 'tooLong';
  return 'invalid';
}

/** The first issue of each path of a `safeParse` result. */
export function schemaErrors(result: { success: true } | { success: false; error: { issues: readonly Issue[] } }): FormErrors {
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join('.')] ??= { key: keyOf(issue) };
  return errors;
}

/** The `body.*` errors of a 400 ERROR_VALIDATION answer, or null for any other failure. */
export function serverErrors(error: unknown): FormErrors | null {
  if (!isApiError(error) || error.code !== 'ERROR_VALIDATION') return null;
  const list = (error.data as { fieldErrors?: unknown } | undefined)?.fieldErrors;
  if (!Array.isArray(list)) return null;
  const errors: FormErrors = {};
  for (const item of list as Array<{ field?: unknown; reason?: unknown }>) {
    if (typeof item.field !== 'string' || !item.field.startsWith('body.')) continue;
    errors[item.field.slice('body.'.length)] ??= { text: typeof item.reason === 'string' ? item.reason : '' };
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The conflict reason of a 409 answer (`NAME_TAKEN`, `STALE`, `REQUEST_OPEN`...), or null. */
export function conflictReason(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'ERROR_CONFLICT') return null;
  const reason = (error.data as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : 'CONFLICT';
}
