/** `/:workspaceName/esign`: the envelopes list (an envelope itself is shown on its contract's page). */
export function envelopesPath(workspaceName: string, query?: URLSearchParams): string {
  const base = `/${encodeURIComponent(workspaceName)}/esign`;
  const search = query?.toString();
  return search ? `${base}?${search}` : base;
}
