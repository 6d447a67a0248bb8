/** `/:workspaceName/esign`: the envelopes list (an envelope of a contract is shown on its contract's page). */
export function envelopesPath(workspaceName: string, query?: URLSearchParams): string {
  const base = `/${encodeURIComponent(workspaceName)}/esign`;
  const search = query?.toString();
  return search ? `${base}?${search}` : base;
}

/** `/:workspaceName/esign/envelopes/:envelopeId`: an envelope sent through documents/v1 (no contract page). */
export function envelopePath(workspaceName: string, envelopeId: number): string {
  return `/${encodeURIComponent(workspaceName)}/esign/envelopes/${envelopeId}`;
}
