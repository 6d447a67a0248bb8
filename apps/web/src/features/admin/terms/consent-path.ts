/** `/consent?next=<path>`: the consent step, then back to the page the member was opening. */
export const CONSENT_PATH = '/consent';

export function consentPath(next: string): string {
  return `${CONSENT_PATH}?${new URLSearchParams({ next }).toString()}`;
}

/**
 * The `next` of the consent step if it is a path of this app (never another origin, never the
 * consent step itself); null otherwise.
 */
export function safeNext(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === CONSENT_PATH || value.startsWith(`${CONSENT_PATH}?`) || value.startsWith(`${CONSENT_PATH}/`)) return null;
  return value;
}

/** The workspace name a `/:workspaceName/...` path starts with. */
export function workspaceNameOf(path: string): string | null {
  const segment = path.split(/[/?#]/)[1];
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
