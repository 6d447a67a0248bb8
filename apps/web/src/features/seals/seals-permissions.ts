import { type PermissionName } from '@legal/api';

/** Seeing the registry and asking to use a seal. */
export const SEAL_READ_PERMISSIONS = ['seal.seal.read', 'seal.seal.manage'] as const satisfies readonly PermissionName[];
/** The usage requests: requesters, approvers and managers. */
export const SEAL_REQUEST_PERMISSIONS = ['seal.seal.read', 'seal.usage.approve', 'seal.seal.manage'] as const satisfies readonly PermissionName[];
/** The ledger and the reconciliation (the server answers 403 without it; custodians reach their seal's ledger from its card). */
export const SEAL_MANAGE_PERMISSIONS = ['seal.seal.manage'] as const satisfies readonly PermissionName[];
