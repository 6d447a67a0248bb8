import type { RoleMatrix } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, isChanged, isGranted, matrixChanges, toggleGrant } from './permission-matrix';

const matrix: RoleMatrix = {
  permissions: ['contract.contract.read', 'contract.contract.write', 'workspace.admin.access'],
  roles: [
    { id: 1, code: 'SUPER_MANAGER', name: '최고 관리자', isBuiltIn: true, isLocked: true, permissions: ['contract.contract.read', 'contract.contract.write', 'workspace.admin.access'] },
    { id: 2, code: 'GENERAL_MEMBER', name: '일반 구성원', isBuiltIn: true, isLocked: false, permissions: ['contract.contract.read'] },
    { id: 3, code: null, name: '검토 보조', isBuiltIn: false, isLocked: false, permissions: [] },
  ],
};
const [superManager, member, custom] = matrix.roles as [RoleMatrix['roles'][number], RoleMatrix['roles'][number], RoleMatrix['roles'][number]];

describe('the permission matrix draft', () => {
  it("starts as the server's answer with nothing to save", () => {
    expect(isGranted(EMPTY_DRAFT, member, 'contract.contract.read')).toBe(true);
    expect(isGranted(EMPTY_DRAFT, member, 'contract.contract.write')).toBe(false);
    expect(matrixChanges(matrix, EMPTY_DRAFT)).toEqual({ roles: [], cellCount: 0 });
  });

  it('counts changed cells and sends each changed role with its whole set in row order', () => {
    let draft = toggleGrant(EMPTY_DRAFT, member, 'workspace.admin.access');
    draft = toggleGrant(draft, member, 'contract.contract.read');
    draft = toggleGrant(draft, custom, 'contract.contract.write');
    expect(isChanged(draft, member, 'contract.contract.read')).toBe(true);
    expect(isChanged(draft, member, 'contract.contract.write')).toBe(false);
    expect(matrixChanges(matrix, draft)).toEqual({
      roles: [
        { roleId: 2, permissions: ['workspace.admin.access'] },
        { roleId: 3, permissions: ['contract.contract.write'] },
      ],
      cellCount: 3,
    });
  });

  it('forgets a change that is toggled back', () => {
    const twice = toggleGrant(toggleGrant(EMPTY_DRAFT, custom, 'contract.contract.read'), custom, 'contract.contract.read');
    expect(matrixChanges(matrix, twice)).toEqual({ roles: [], cellCount: 0 });
  });

  it('never changes the locked SUPER_MANAGER column', () => {
    const draft = toggleGrant(EMPTY_DRAFT, superManager, 'contract.contract.read');
    expect(draft).toBe(EMPTY_DRAFT);
    expect(isGranted(draft, superManager, 'contract.contract.read')).toBe(true);
    expect(matrixChanges(matrix, draft).cellCount).toBe(0);
  });

  it('treats a role that appears in a newer answer as unedited, not emptied', () => {
    const draft = toggleGrant(EMPTY_DRAFT, custom, 'contract.contract.read');
    const newer: RoleMatrix = { ...matrix, roles: [...matrix.roles, { id: 4, code: null, name: '새 역할', isBuiltIn: false, isLocked: false, permissions: ['contract.contract.read'] }] };
    expect(matrixChanges(newer, draft)).toEqual({ roles: [{ roleId: 3, permissions: ['contract.contract.read'] }], cellCount: 1 });
  });
});
