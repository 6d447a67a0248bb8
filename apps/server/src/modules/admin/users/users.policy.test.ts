import { PERMISSION_CATALOGUE, ROLE_CODES, ROLE_TEMPLATES, USER_ROLE_KINDS } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { abilitiesOf, type MemberProfile, profileChanges, USER_ROLE_KIND_GRANTS } from './users.policy';

describe('the role-filtered user lists', () => {
  it('map every kind to a catalogued permission or a role code', () => {
    expect(Object.keys(USER_ROLE_KIND_GRANTS).sort()).toEqual([...USER_ROLE_KINDS].sort());
    for (const grant of Object.values(USER_ROLE_KIND_GRANTS)) {
      if (grant.kind === 'permission') expect(Object.keys(PERMISSION_CATALOGUE)).toContain(grant.permission);
      else expect(ROLE_CODES).toContain(grant.code);
    }
  });

  it('name the permissions of catalogue 6', () => {
    const names = Object.fromEntries(Object.entries(USER_ROLE_KIND_GRANTS).map(([kind, g]) => [kind, g.kind === 'permission' ? g.permission : `role:${g.code}`]));
    expect(names).toEqual({
      legalReviewers: 'legal.review.review',
      legalAssigners: 'legal.review.assign',
      legalApprovers: 'legal.review.approve',
      litigationReaders: 'litigation.litigation.read',
      litigationOwners: 'litigation.litigation.own',
      externalLawyers: 'role:EXTERNAL_LAWYER',
      contractReaders: 'contract.contract.read',
      groupContractReaders: 'contract.group_contract.read',
      assignedContractReaders: 'approval.approval.read',
      approvalReaders: 'approval.approval.read',
      consultingReaders: 'consulting.consulting.read',
      reviewApprovers: 'consulting.consulting.approve',
      sealReaders: 'seal.seal.read',
      sealApprovers: 'seal.usage.approve',
    });
  });

  it('find the persona roles where people expect them', () => {
    const holds = (code: keyof typeof ROLE_TEMPLATES, kind: keyof typeof USER_ROLE_KIND_GRANTS) => {
      const grant = USER_ROLE_KIND_GRANTS[kind];
      return grant.kind === 'permission' ? (ROLE_TEMPLATES[code].permissions as string[]).includes(grant.permission) : grant.code === code;
    };
    expect(holds('LEGAL_REVIEWER', 'legalReviewers')).toBe(true);
    expect(holds('LEGAL_ASSIGNER', 'legalAssigners')).toBe(true);
    expect(holds('LEGAL_APPROVER', 'legalApprovers')).toBe(true);
    expect(holds('LEGAL_APPROVER', 'reviewApprovers')).toBe(true);
    expect(holds('LEGAL_MANAGER', 'litigationOwners')).toBe(true);
    expect(holds('READER', 'groupContractReaders')).toBe(true);
    expect(holds('GENERAL_MEMBER', 'legalReviewers')).toBe(false);
    expect(holds('GENERAL_MEMBER', 'externalLawyers')).toBe(false);
  });
});

describe('abilitiesOf', () => {
  const base = { permissions: new Set(['workspace.user.read', 'workspace.user.write']), isSelf: false, isImpersonating: false, status: 'ACTIVE' as const, isLocked: false, isLastSuperManager: false };

  it('offers the actions the state allows', () => {
    expect(abilitiesOf(base)).toEqual({ canUpdate: true, canChangeRoles: true, canDeactivate: true, canReactivate: false, canUnlock: false, canForcePasswordReset: true });
    expect(abilitiesOf({ ...base, status: 'DEACTIVATED', isLocked: true })).toEqual({
      canUpdate: false, canChangeRoles: false, canDeactivate: false, canReactivate: true, canUnlock: true, canForcePasswordReset: false,
    });
  });

  it('never lets you deactivate or reset yourself, nor deactivate the last super manager', () => {
    expect(abilitiesOf({ ...base, isSelf: true })).toMatchObject({ canDeactivate: false, canForcePasswordReset: false, canUpdate: true });
    expect(abilitiesOf({ ...base, isLastSuperManager: true })).toMatchObject({ canDeactivate: false, canChangeRoles: true });
    expect(abilitiesOf({ ...base, isImpersonating: true })).toMatchObject({ canForcePasswordReset: false });
  });

  it('offers nothing without workspace.user.write', () => {
    expect(Object.values(abilitiesOf({ ...base, permissions: new Set(['workspace.user.read']), isLocked: true })).some(Boolean)).toBe(false);
  });
});

describe('profileChanges', () => {
  const current: MemberProfile = { displayName: '홍길동', phone: null, employeeNumber: 'E-1', divisionId: 3, jobTitleId: null, jobPositionIds: [1, 2] };

  it('keeps only the fields whose value changes', () => {
    expect(profileChanges(current, { displayName: '홍길동', phone: '010', divisionId: null, jobPositionIds: [1, 2] })).toEqual({ phone: '010', divisionId: null });
    expect(profileChanges(current, { jobPositionIds: [2, 1] })).toEqual({ jobPositionIds: [2, 1] });
    expect(profileChanges(current, {})).toEqual({});
  });
});
