import { GRANTABLE_PERMISSIONS, LOCKED_ROLE_CODE, ROLE_TEMPLATES, type GrantablePermission } from '@legal/api';

/**
 * The rules of roles, pure: built-in roles (with a code) keep their names and cannot be deleted;
 * SUPER_MANAGER always holds every workspace permission; a custom role can go once nobody holds it.
 */
export interface RoleFacts {
  code: string | null;
  memberCount: number;
  groupCount: number;
}

export const isBuiltIn = (role: { code: string | null }) => role.code !== null;
export const isLocked = (role: { code: string | null }) => role.code === LOCKED_ROLE_CODE;

export function roleAbilities(role: RoleFacts, canWrite: boolean) {
  return {
    canRename: canWrite && !isBuiltIn(role),
    canEditDescription: canWrite,
    canEditPermissions: canWrite && !isLocked(role),
    canEditMembers: canWrite,
    canDelete: canWrite && !isBuiltIn(role) && role.memberCount === 0 && role.groupCount === 0,
  };
}

/** A permission set without duplicates, in catalogue order (so stored sets compare and read alike). */
export function normalizePermissions(names: readonly string[]): GrantablePermission[] {
  const wanted = new Set(names);
  return GRANTABLE_PERMISSIONS.filter((p) => wanted.has(p));
}

/** The workspace permissions a change would take from the locked role (empty for any other role). */
export function lockedPermissionsLost(role: { code: string | null }, next: readonly string[]): GrantablePermission[] {
  if (!isLocked(role)) return [];
  const kept = new Set(next);
  return GRANTABLE_PERMISSIONS.filter((p) => !kept.has(p));
}

/** Names a custom role may not take: those of the built-in roles in either language (they would read as the real thing). */
export function isReservedRoleName(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return Object.values(ROLE_TEMPLATES).some((t) => t.name.ko === name.trim() || t.name.en.toLowerCase() === lower);
}

/** Whether two permission sets hold the same names. */
export function samePermissions(a: readonly string[], b: readonly string[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((p) => right.has(p));
}
