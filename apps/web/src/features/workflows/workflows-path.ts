/** `/:workspaceName/workflows/<page>`: the workflow hub's own pages (the panel lives on the contract page). */
export type WorkflowPage = 'todo' | 'assignments' | 'approvals' | 'my-requests' | 'search' | 'dashboard';

export function workflowsPath(workspaceName: string, page: WorkflowPage, query?: URLSearchParams): string {
  const base = `/${encodeURIComponent(workspaceName)}/workflows/${page}`;
  const search = query?.toString();
  return search ? `${base}?${search}` : base;
}

/** The contract page, where the workflow panel is. */
export function contractPath(workspaceName: string, contractId: number): string {
  return `/${encodeURIComponent(workspaceName)}/contracts/${contractId}`;
}
