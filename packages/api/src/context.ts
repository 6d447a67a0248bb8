// No zod here: this module is on the web app's first screen (LocaleSchema is in context-schemas.ts).
export const LOCALES = ['ko', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ko';

export const HEADER = {
  tenant: 'x-tenant',
  workspace: 'x-workspace',
  locale: 'x-locale',
  requestId: 'x-request-id',
  twoFactorToken: 'x-two-factor-token',
  apiKey: 'x-api-key',
  /** A client-generated key that makes a create call safe to repeat (docs/api-conventions.md). */
  idempotencyKey: 'idempotency-key',
} as const;

/** What an Idempotency-Key may be: a UUID fits; the server answers 400 `headers.idempotency-key` otherwise. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Product constants of spec section 9. */
export const REQUEST_TIMEOUT_MS = 10_000;
export const API_BASE_PATH = '/api';

/** The combined workspace key of spec section 2: `tenantId-workspaceId`, a missing part is 0. */
export function workspaceKey(tenantId: number, workspaceId: number): string {
  return `${tenantId}-${workspaceId}`;
}

export function parseWorkspaceKey(key: string | null | undefined): { tenantId: number; workspaceId: number } {
  const [t, w] = (key ?? '').split('-');
  const num = (part: string | undefined) => {
    const n = Number(part);
    return part && Number.isSafeInteger(n) && n >= 0 ? n : 0;
  };
  return { tenantId: num(t), workspaceId: num(w) };
}
