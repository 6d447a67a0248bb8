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
} as const;

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
