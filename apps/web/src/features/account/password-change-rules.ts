import { AUTH_LIMITS, ChangePasswordBodySchema, NewPasswordSchema, passwordLength } from '@legal/api';
import { isApiError } from '../../lib/api';
import { fieldIssues } from '../../lib/forms/field-issues';

export interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeField = keyof PasswordChangeValues;

/** Keys under `password.errors` of the account catalogue. */
export type PasswordErrorKey =
  | 'currentRequired'
  | 'currentIncorrect'
  | 'tooShort'
  | 'tooLong'
  | 'sameAsCurrent'
  | 'sameAsLoginId'
  | 'tooCommon'
  | 'tooGuessable'
  | 'containsProductName'
  | 'containsPersonalInfo'
  | 'mismatch';

/** A field's problem: a catalogue key, or a server reason the catalogue does not know (shown as sent). */
export type PasswordProblem = { key: PasswordErrorKey } | { text: string };

export type PasswordErrors = Partial<Record<PasswordChangeField, PasswordProblem>>;

/**
 * The live checklist under the new password (NewPasswordSchema's rules plus the two the form
 * adds): true met, false unmet, null not judged yet. Nothing is judged before a new password is
 * typed: "at most 128 characters (unmet)" under an empty box would be untrue.
 */
export function passwordHints(values: PasswordChangeValues): Record<'minLength' | 'maxLength' | 'differs' | 'matches', boolean | null> {
  if (values.newPassword === '') return { minLength: null, maxLength: null, differs: null, matches: null };
  const length = passwordLength(values.newPassword);
  return {
    minLength: length >= AUTH_LIMITS.passwordMinLength,
    maxLength: length <= AUTH_LIMITS.passwordMaxLength,
    differs: values.newPassword !== values.currentPassword,
    matches: values.newPassword === values.confirmPassword,
  };
}

/** Checks the form with the shared schemas before sending; empty when it may be sent. */
export function validatePasswordChange(values: PasswordChangeValues): PasswordErrors {
  const errors: PasswordErrors = {};
  if (fieldIssues(ChangePasswordBodySchema.shape.currentPassword.safeParse(values.currentPassword))['']) {
    errors.currentPassword = { key: 'currentRequired' };
  }
  if (fieldIssues(NewPasswordSchema.safeParse(values.newPassword))['']) {
    errors.newPassword = { key: passwordLength(values.newPassword) < AUTH_LIMITS.passwordMinLength ? 'tooShort' : 'tooLong' };
  } else if (values.newPassword === values.currentPassword) {
    errors.newPassword = { key: 'sameAsCurrent' };
  }
  if (values.confirmPassword !== values.newPassword) errors.confirmPassword = { key: 'mismatch' };
  return errors;
}

/** The reasons the server's password rules give (apps/server passwords.ts), by catalogue key. */
const SERVER_REASONS: Record<string, PasswordErrorKey> = {
  incorrect: 'currentIncorrect',
  [`at least ${AUTH_LIMITS.passwordMinLength} characters`]: 'tooShort',
  [`at most ${AUTH_LIMITS.passwordMaxLength} characters`]: 'tooLong',
  'too common; choose a less guessable password': 'tooCommon',
  'must differ from the login id': 'sameAsLoginId',
  'too easy to guess; use a longer mix of unrelated words': 'tooGuessable',
  'must not contain the product name': 'containsProductName',
  'must not contain your login id or name': 'containsPersonalInfo',
  'must differ from the current password': 'sameAsCurrent',
};

/** The field errors of an ERROR_VALIDATION answer (`data.fieldErrors: [{field: 'body.x', reason}]`). */
export function serverPasswordErrors(error: unknown): PasswordErrors | null {
  if (!isApiError(error) || error.code !== 'ERROR_VALIDATION') return null;
  const list = (error.data as { fieldErrors?: unknown } | undefined)?.fieldErrors;
  if (!Array.isArray(list)) return null;
  const errors: PasswordErrors = {};
  for (const item of list as Array<{ field?: unknown; reason?: unknown }>) {
    const field = typeof item.field === 'string' ? item.field.replace(/^body\./, '') : '';
    if (field !== 'currentPassword' && field !== 'newPassword') continue;
    const reason = typeof item.reason === 'string' ? item.reason : '';
    const key = SERVER_REASONS[reason];
    errors[field] ??= key ? { key } : { text: reason };
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
