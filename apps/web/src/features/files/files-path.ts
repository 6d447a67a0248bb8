/** `/:workspaceName/files` */
export function filesPath(workspaceName: string): string {
  return `/${encodeURIComponent(workspaceName)}/files`;
}
