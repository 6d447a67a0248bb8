import { isApiError } from '../api';
import { type FieldIssue, fieldIssues, type SafeParseLike } from './field-issues';

/**
 * Field errors of a form, from the shared zod schema before sending or from the server's answer
 * after. A key is shown in the form's own words (its i18n namespace); a server reason we have
 * no words for is shown as it came.
 */
export type SchemaErrorKey = 'required' | 'tooLong' | 'invalid';
export type FormError<K extends string = SchemaErrorKey> = { key: K } | { text: string };
export type FormErrors<K extends string = SchemaErrorKey> = Partial<Record<string, FormError<K>>>;

/** The form's word for a zod issue: too short (an empty required text) or too long, else invalid. */
export function schemaErrorKey(issue: Pick<FieldIssue, 'code'>): SchemaErrorKey {
  return issue.code === 'too_small' ? 'required' : issue.code === 'too_big' ? 'tooLong' : 'invalid';
}

/** The first issue of each top-level field of a `safeParse` result. */
export function schemaErrors(result: SafeParseLike): FormErrors {
  const errors: FormErrors = {};
  for (const [field, issue] of Object.entries(fieldIssues(result))) {
    if (issue) errors[field] = { key: schemaErrorKey(issue) };
  }
  return errors;
}

export type BoundedErrorKey = SchemaErrorKey | 'outOfRange';
type IssueWithOrigin = FieldIssue & { origin?: string };

/**
 * The first issue of each dotted path (`theme.logo.light`) of a `safeParse` result; a number
 * outside its bounds is `outOfRange` rather than required or too long.
 */
export function schemaErrorsByPath(result: { success: true } | { success: false; error: { issues: readonly IssueWithOrigin[] } }): FormErrors<BoundedErrorKey> {
  if (result.success) return {};
  const errors: FormErrors<BoundedErrorKey> = {};
  for (const issue of result.error.issues) {
    const isNumberBound = issue.origin === 'number' && (issue.code === 'too_small' || issue.code === 'too_big');
    errors[issue.path.map(String).join('.')] ??= { key: isNumberBound ? 'outOfRange' : schemaErrorKey(issue) };
  }
  return errors;
}

/** One entry of a 400 ERROR_VALIDATION answer about the body: `path` without its `body.` prefix. */
export interface BodyFieldError {
  path: string;
  reason: string;
}

/** The `body.*` entries of a 400 ERROR_VALIDATION answer, or null for any other failure. */
export function bodyFieldErrors(error: unknown): BodyFieldError[] | null {
  if (!isApiError(error) || error.code !== 'ERROR_VALIDATION') return null;
  const list = (error.data as { fieldErrors?: unknown } | undefined)?.fieldErrors;
  if (!Array.isArray(list)) return null;
  return (list as Array<{ field?: unknown; reason?: unknown }>).flatMap((item) =>
    typeof item.field === 'string' && item.field.startsWith('body.')
      ? [{ path: item.field.slice('body.'.length), reason: typeof item.reason === 'string' ? item.reason : '' }]
      : [],
  );
}

/** The top-level field of a body path (`jobPositionIds.2` -> `jobPositionIds`). */
export const topField = (path: string) => path.split('.')[0] ?? '';

export interface ServerErrorsOptions<K extends string> {
  /** Key the errors by their whole dotted path instead of the top-level field. */
  byPath?: boolean;
  /** A 409 whose `data.field` names a field (a name in use) is shown under that field with this key. */
  conflictKey?: K;
}

/**
 * The errors of a failed save by field (the server's reasons as they came), or null when the
 * failure is not about a field (the form shows it as a general message).
 */
export function serverErrors<K extends string = SchemaErrorKey>(error: unknown, options: ServerErrorsOptions<K> = {}): FormErrors<K> | null {
  if (options.conflictKey && isApiError(error) && error.code === 'ERROR_CONFLICT') {
    const field = (error.data as { field?: unknown } | undefined)?.field;
    if (typeof field === 'string') return { [field]: { key: options.conflictKey } } as FormErrors<K>;
  }
  const list = bodyFieldErrors(error);
  if (!list) return null;
  const errors: FormErrors<K> = {};
  for (const { path, reason } of list) {
    const key = options.byPath ? path : topField(path);
    if (key) errors[key] ??= { text: reason };
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The top-level body fields a 400 ERROR_VALIDATION answer named, for forms that mark them in their own words. */
export function serverFieldNames(error: unknown): Set<string> {
  return new Set((bodyFieldErrors(error) ?? []).map(({ path }) => topField(path)).filter(Boolean));
}

/** `data.reason` of an error answer (409 reasons, 401/403 sign-in reasons). */
export function errorReason(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const reason = (error.data as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** The reason of a 409 answer (`NAME_TAKEN`, `STALE`, `REQUEST_OPEN`...; `CONFLICT` without one), or null for any other failure. */
export function conflictReason(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'ERROR_CONFLICT') return null;
  return errorReason(error) ?? 'CONFLICT';
}

/** The text of a field error: its key in the form's words, or the server's reason. */
export function formErrorText<K extends string>(error: FormError<K> | undefined, words: (key: K) => string): string | undefined {
  if (!error) return undefined;
  return 'key' in error ? words(error.key) : error.text;
}
