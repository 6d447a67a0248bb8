/** `/:workspaceName/seals/<page>`: the seal registry (no page), usage requests, the ledger and the reconciliation. */
export type SealsPage = 'requests' | 'ledger' | 'reconciliation';

export function sealsPath(workspaceName: string, page?: SealsPage, query?: URLSearchParams): string {
  const base = `/${encodeURIComponent(workspaceName)}/seals${page ? `/${page}` : ''}`;
  const search = query?.toString();
  return search ? `${base}?${search}` : base;
}

/** A usage request opened in its drawer on the requests page (`?tab=...&request=<id>`). */
export function usageRequestPath(workspaceName: string, requestId: number, tab: 'mine' | 'approve' | 'processed' = 'mine'): string {
  return sealsPath(workspaceName, 'requests', new URLSearchParams({ tab, request: String(requestId) }));
}
