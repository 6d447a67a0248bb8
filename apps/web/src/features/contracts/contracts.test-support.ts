import { type ContractDetail, type ContractSummary, type RouteData, type getContractPermissions } from '@legal/api';
import { vi } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { selectWorkspace, setLauncher, setPermissions, setUserInfo } from '../../lib/session';
import { type FakeApi, installFakeApi } from '../../test/fake-api';
import { hanbit, resetSession, serveSession } from '../../test/session-fixtures';

/** For the contract screens' tests (not a test file itself): fixtures and a signed-in member of hanbit. */

export const WRITER = ['contract.contract.read', 'contract.contract.write', 'file.file.read', 'file.file.write'];
export const READER = ['contract.contract.read', 'file.file.read'];

export function signInAs(permissions: string[]): FakeApi {
  resetSession();
  setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
  setLauncher([hanbit]);
  selectWorkspace(hanbit.tenantId, hanbit.workspaceId);
  setPermissions(permissions.map((name) => ({ name })));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return serveSession(installFakeApi(), { permissions });
}

export function summaryOf(id: number, over: Partial<ContractSummary> = {}): ContractSummary {
  return {
    id,
    title: `용역계약 ${id}`,
    contractType: 'SERVICE',
    status: 'ACTIVE',
    counterpartyNames: ['주식회사 새솔'],
    hashtags: ['갱신'],
    owner: { userId: 41, displayName: '김민준' },
    group: null,
    signedDate: '2026-01-10',
    startDate: '2026-01-15',
    endDate: '2026-12-31',
    amount: '1500000',
    currency: 'KRW',
    isBookmarked: false,
    createdAt: '2026-01-10T01:00:00.000Z',
    updatedAt: '2026-01-10T01:00:00.000Z',
    ...over,
  };
}

export const ABILITIES = { canUpdate: true, canDelete: true, canChangeOwner: true, canManageWatchers: true, canBookmark: true };

export function detailOf(over: Partial<ContractDetail> = {}): ContractDetail {
  return {
    ...summaryOf(7),
    language: 'ko',
    desiredReviewDeadline: null,
    version: 3,
    abilities: ABILITIES,
    memo: '자동 갱신 조항 확인',
    venue: null,
    signingType: 'PAPER',
    governingLaw: '대한민국 법',
    disputeResolutionMethod: 'LITIGATION',
    ourPosition: 'PARTY_A',
    conhubContractId: null,
    createdBy: { userId: 41, displayName: '김민준' },
    counterparties: [
      {
        id: 70,
        counterpartyType: 'COMPANY',
        name: '주식회사 새솔',
        businessRegistrationNumber: '123-45-67890',
        representative: '이서연',
        address: '서울특별시 중구 세종대로 1',
        contacts: [{ name: '박지훈', email: 'jh@saesol.example', phone: null, department: '구매팀' }],
      },
    ],
    hashtags: [{ id: 1, name: '갱신' }],
    files: [{ fileKey: 'AAAAAAAAAAAAAAAAAAAAAA', role: 'MAIN', displayName: '용역계약서.pdf', fileType: 'pdf', size: 2048, extractionStatus: 'DONE' }],
    watchers: [],
    users: [],
    referenceGroups: [],
    relatedReferences: [],
    ...over,
  };
}

export function permissionsOf(over: Partial<RouteData<typeof getContractPermissions>> = {}): RouteData<typeof getContractPermissions> {
  return { contractId: 7, canRead: true, ...ABILITIES, frozenFields: [], ...over };
}
