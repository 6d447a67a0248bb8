import { type PermissionName } from '@legal/api';

/** Using the library (the server's `standard_form.form.read`): lists, forms, drafting. */
export const FORM_READ_PERMISSIONS = ['standard_form.form.read', 'standard_form.form.write'] as const satisfies readonly PermissionName[];
/** Managing the library: new forms, versions, configs, status (`standard_form.form.write`). */
export const FORM_WRITE_PERMISSIONS = ['standard_form.form.write'] as const satisfies readonly PermissionName[];
/** Drafting a contract from a form also needs the contract write permission on the server. */
export const DRAFT_PERMISSIONS = ['contract.contract.write'] as const satisfies readonly PermissionName[];
