/** Addresses of the contract repository, under the workspace's name. */
export function contractsPath(workspaceName: string): string {
  return `/${encodeURIComponent(workspaceName)}/contracts`;
}

export function newContractPath(workspaceName: string): string {
  return `${contractsPath(workspaceName)}/new`;
}

export function contractPath(workspaceName: string, contractId: number): string {
  return `${contractsPath(workspaceName)}/${contractId}`;
}

export function bulkContractsPath(workspaceName: string): string {
  return `${contractsPath(workspaceName)}/bulk`;
}
