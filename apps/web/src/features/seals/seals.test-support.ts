import { type LauncherEntry, type RouteData, type Seal, type UsageRequest, getEsignAccess, getSealMeta, downloadSealImage } from '@legal/api';

type EsignAccess = RouteData<typeof getEsignAccess>;
import { vi } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { selectWorkspace, setLauncher, setPermissions, setUserInfo } from '../../lib/session';
import { type FakeApi, installFakeApi, ok } from '../../test/fake-api';
import { hanbit, resetSession, serveSession } from '../../test/session-fixtures';

/** For the seal screens' tests (not a test file itself): fixtures and a signed-in member of hanbit, which has seals. */

export const MEMBER = { userId: 41, displayName: '김민준' };
export const CUSTODIAN = { userId: 45, displayName: '정하은' };
export const APPROVER = { userId: 44, displayName: '최유나' };
export const MANAGER_PERMISSIONS = ['seal.seal.read', 'seal.seal.manage', 'seal.usage.approve', 'contract.contract.read'];
export const MEMBER_PERMISSIONS = ['seal.seal.read', 'contract.contract.read'];
export const SEAL_KEY = 'SSSSSSSSSSSSSSSSSSSSSS';

export const hanbitWithSeals: LauncherEntry = { ...hanbit, products: [...hanbit.products, { type: 'SEAL' }] };

export function accessOf(over: Partial<EsignAccess> = {}): EsignAccess {
  return { canSend: false, canRequestSeal: true, canApproveSeal: false, custodianOf: [], canManageSeals: false, ...over };
}

/** Signed in as user 41 of hanbit (with the SEAL product) holding `permissions`; seal meta and images answered. */
export function signInWithSeals(permissions: string[], access: Partial<EsignAccess> = {}): FakeApi {
  resetSession();
  setUserInfo({ id: MEMBER.userId, loginId: 'member@hanbit.example' });
  setLauncher([hanbitWithSeals]);
  selectWorkspace(hanbit.tenantId, hanbit.workspaceId);
  setPermissions(permissions.map((name) => ({ name })));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:seal');
  URL.revokeObjectURL = vi.fn();
  return serveSession(installFakeApi(), { permissions, launcher: [hanbitWithSeals] })
    .on(getEsignAccess, ok(accessOf(access)))
    .on(getSealMeta, ok({ types: [{ code: 'CORPORATE', label: { ko: '법인인감', en: 'Corporate seal' } }, { code: 'USAGE', label: { ko: '사용인감', en: 'Usage seal' } }], statuses: [], requestStatuses: [], applyMethods: [] }))
    .on(downloadSealImage, () => new Response(new Blob(['png'], { type: 'image/png' }), { status: 200, headers: { 'content-type': 'image/png' } }));
}

export function sealOf(sealId: number, over: Partial<Seal> = {}): Seal {
  return {
    sealId, name: `법인인감 ${sealId}`, type: 'CORPORATE', description: null, status: 'VALID', unavailableReason: null, imageFileKey: SEAL_KEY,
    custodian: CUSTODIAN, allowedGroups: [], usageCount: 0, version: 3, createdAt: '2026-11-01T01:00:00.000Z', updatedAt: '2026-11-01T01:00:00.000Z', ...over,
  };
}

export function requestOf(requestId: number, over: Partial<UsageRequest> = {}): UsageRequest {
  return {
    requestId,
    seal: { sealId: 1, name: '법인인감 1', type: 'CORPORATE', status: 'VALID' },
    requester: MEMBER,
    purpose: '용역계약 날인',
    useDate: '2026-11-30',
    count: 2,
    status: 'IN_APPROVAL',
    referenceType: 'CONTRACT',
    referenceId: 7,
    documents: [{ documentId: 1, fileKey: 'DDDDDDDDDDDDDDDDDDDDDD', fileName: '용역계약.pdf', contractId: 7 }],
    approvals: [{ order: 1, approver: APPROVER, decision: 'PENDING', comment: null, decidedAt: null }],
    currentApproverId: APPROVER.userId,
    appliedMethod: null,
    appliedAt: null,
    stampedFileKey: null,
    envelopeId: null,
    version: 5,
    createdAt: '2026-11-25T01:00:00.000Z',
    updatedAt: '2026-11-25T01:00:00.000Z',
    ...over,
  };
}

export function pageOf<T>(content: T[], page = 0, size = 10, totalElements = content.length) {
  return { content, page, size, totalElements, totalPages: Math.max(1, Math.ceil(totalElements / size)) };
}
