import type { RoleMatrix } from '@legal/api';

/**
 * The permission matrix being edited, pure: the edited roles' new permission sets on top of
 * what the server answered. A role without an entry is unedited (so roles that appear in a
 * later answer are never taken for emptied ones); locked roles (SUPER_MANAGER) never change.
 */
export type MatrixDraft = ReadonlyMap<number, ReadonlySet<string>>;
export type MatrixRole = RoleMatrix['roles'][number];

export const EMPTY_DRAFT: MatrixDraft = new Map();

function grantsOf(draft: MatrixDraft, role: MatrixRole): ReadonlySet<string> {
  return (!role.isLocked && draft.get(role.id)) || new Set(role.permissions);
}

export function isGranted(draft: MatrixDraft, role: MatrixRole, permission: string): boolean {
  return grantsOf(draft, role).has(permission);
}

/** The draft with one cell flipped (the same draft for a locked role). */
export function toggleGrant(draft: MatrixDraft, role: MatrixRole, permission: string): MatrixDraft {
  if (role.isLocked) return draft;
  const next = new Set(grantsOf(draft, role));
  if (next.has(permission)) next.delete(permission);
  else next.add(permission);
  return new Map(draft).set(role.id, next);
}

/** Whether a cell differs from the server's answer. */
export function isChanged(draft: MatrixDraft, role: MatrixRole, permission: string): boolean {
  return role.permissions.includes(permission) !== isGranted(draft, role, permission);
}

export interface MatrixChanges {
  /** The bulk update body: each changed role with its whole new set, permissions in the matrix's row order. */
  roles: Array<{ roleId: number; permissions: string[] }>;
  /** How many cells differ (what the save button counts). */
  cellCount: number;
}

export function matrixChanges(matrix: RoleMatrix, draft: MatrixDraft): MatrixChanges {
  const roles: MatrixChanges['roles'] = [];
  let cellCount = 0;
  for (const role of matrix.roles) {
    const differing = matrix.permissions.filter((p) => isChanged(draft, role, p)).length;
    if (differing === 0) continue;
    cellCount += differing;
    roles.push({ roleId: role.id, permissions: matrix.permissions.filter((p) => isGranted(draft, role, p)) });
  }
  return { roles, cellCount };
}
