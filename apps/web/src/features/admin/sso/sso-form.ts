import { SSO_DEFAULT_SCOPES, type SsoConfig, type SsoConfigBody, SsoConfigBodySchema } from '@legal/api';
import { bodyFieldErrors, topField } from '../../../lib/forms/form-errors';

/** The settings form: what the admin types (the secret is write-only: empty keeps the stored one). */
export interface SsoFormValues {
  issuer: string;
  clientId: string;
  clientSecret: string;
  removeSecret: boolean;
  scopes: string;
  allowedDomains: string[];
  isEnabled: boolean;
}

export type SsoField = 'issuer' | 'clientId' | 'clientSecret' | 'scopes' | 'allowedDomains';
/** The `validation` text that explains a field's problem. */
export type SsoMessageKey = SsoField | 'issuerHttps';
export type SsoFormErrors = Partial<Record<SsoField, SsoMessageKey>>;

const FIELDS: readonly SsoField[] = ['issuer', 'clientId', 'clientSecret', 'scopes', 'allowedDomains'];
const isField = (value: string): value is SsoField => (FIELDS as readonly string[]).includes(value);

export function formValuesOf(config: SsoConfig | null): SsoFormValues {
  return {
    issuer: config?.issuer ?? '',
    clientId: config?.clientId ?? '',
    clientSecret: '',
    removeSecret: false,
    scopes: config?.scopes ?? SSO_DEFAULT_SCOPES,
    allowedDomains: config?.allowedDomains ?? [],
    isEnabled: config?.isEnabled ?? true,
  };
}

/** The request body: an empty secret field keeps the stored secret; the checkbox removes it. */
export function bodyOf(values: SsoFormValues): SsoConfigBody {
  const clientSecret = values.removeSecret ? null : values.clientSecret === '' ? undefined : values.clientSecret;
  return {
    issuer: values.issuer.trim(),
    clientId: values.clientId.trim(),
    ...(clientSecret === undefined ? {} : { clientSecret }),
    scopes: values.scopes.trim(),
    allowedDomains: values.allowedDomains,
    isEnabled: values.isEnabled,
  };
}

/** Checks the body with the server's own schema: one message per field. */
export function validateSsoForm(values: SsoFormValues): SsoFormErrors {
  const result = SsoConfigBodySchema.safeParse(bodyOf(values));
  if (result.success) return {};
  const errors: SsoFormErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (isField(field)) errors[field] ??= field;
  }
  return errors;
}

/** The `body.*` field errors of a 400 answer (the https rule is production's), or null for any other failure. */
export function serverSsoErrors(error: unknown): SsoFormErrors | null {
  const list = bodyFieldErrors(error);
  if (!list) return null;
  const errors: SsoFormErrors = {};
  for (const { path, reason } of list) {
    const field = topField(path);
    if (!isField(field)) continue;
    errors[field] ??= field === 'issuer' && reason === 'must use https' ? 'issuerHttps' : field;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
