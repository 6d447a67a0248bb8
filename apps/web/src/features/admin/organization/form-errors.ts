import { type FormError, type FormErrors, type SchemaErrorKey, serverErrors } from '../../../lib/forms/form-errors';

/** The organization forms have words for one more problem: a name another item of the list uses. */
export type OrganizationErrorKey = SchemaErrorKey | 'nameTaken';
export type OrganizationFormError = FormError<OrganizationErrorKey>;
export type OrganizationFormErrors = FormErrors<OrganizationErrorKey>;

/** The errors of a failed save by field (a 409 naming the field is a name in use), or null for a general failure. */
export const saveErrors = (error: unknown): OrganizationFormErrors | null => serverErrors<OrganizationErrorKey>(error, { conflictKey: 'nameTaken' });
