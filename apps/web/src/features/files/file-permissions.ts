import { type PermissionName } from '@legal/api';

/** The permissions of the files screen (PERMISSION_CATALOGUE of packages/api). */
export const FILE_PERMISSIONS = {
  read: 'file.file.read',
  write: 'file.file.write',
} as const satisfies Record<string, PermissionName>;
