import { type PermissionName } from '@legal/api';

/** The permissions of the contract screens (PERMISSION_CATALOGUE of packages/api). */
export const CONTRACT_PERMISSIONS = {
  read: 'contract.contract.read',
  groupRead: 'contract.group_contract.read',
  allRead: 'contract.all_contract.read',
  write: 'contract.contract.write',
  admin: 'contract.contract.admin',
} as const satisfies Record<string, PermissionName>;

/** Any of these opens the repository (the server's `contract.use`); each contract still answers 404 when unreadable. */
export const REPOSITORY_PERMISSIONS = [CONTRACT_PERMISSIONS.read, CONTRACT_PERMISSIONS.groupRead, CONTRACT_PERMISSIONS.allRead, CONTRACT_PERMISSIONS.admin];

/** Registering a contract (the server's `contract.create`). */
export const CREATE_PERMISSIONS = [CONTRACT_PERMISSIONS.write, CONTRACT_PERMISSIONS.admin];

/** Seeing every contract of the workspace (the server's read rule): without one, a user sees only some. */
export const ALL_CONTRACTS_PERMISSIONS = [CONTRACT_PERMISSIONS.allRead, CONTRACT_PERMISSIONS.admin];
