import { type Envelope, type EnvelopeSummarySchema, getConhubContractV3, getContractPermissions, type LauncherEntry } from '@legal/api';
import { vi } from 'vitest';
import { type z } from 'zod';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { selectWorkspace, setLauncher, setPermissions, setUserInfo } from '../../lib/session';
import { type FakeApi, installFakeApi, ok } from '../../test/fake-api';
import { hanbit, resetSession, serveSession } from '../../test/session-fixtures';
import { detailOf, permissionsOf, WRITER } from '../contracts/contracts.test-support';

/** For the e-sign screens' tests (not a test file itself): hanbit with E_CONTRACT, fixtures. */

export const SENDER = [...WRITER, 'esign.document.send'];
export const hanbitWithEsign: LauncherEntry = { ...hanbit, products: [...hanbit.products, { type: 'E_CONTRACT' }] };

export function signInWithEsign(permissions: string[] = SENDER, launcher: LauncherEntry = hanbitWithEsign): FakeApi {
  resetSession();
  setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
  setLauncher([launcher]);
  selectWorkspace(launcher.tenantId, launcher.workspaceId);
  setPermissions(permissions.map((name) => ({ name })));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return serveSession(installFakeApi(), { permissions, launcher: [launcher] });
}

/** Contract 7 at its signing step with a DOCX main document (converted when sent: blank page outlines). */
export function serveSigningContract(permissions: string[] = SENDER, launcher: LauncherEntry = hanbitWithEsign): FakeApi {
  return signInWithEsign(permissions, launcher)
    .on(getConhubContractV3, ok(detailOf({
      status: 'IN_REVIEW',
      files: [{ fileKey: 'AAAAAAAAAAAAAAAAAAAAAA', role: 'MAIN', displayName: '용역계약서.docx', fileType: 'docx', size: 2048, extractionStatus: 'DONE' }],
    })))
    .on(getContractPermissions, ok(permissionsOf()));
}

type Summary = z.infer<typeof EnvelopeSummarySchema>;

export function summaryOf(envelopeId: number, over: Partial<Summary> = {}): Summary {
  return {
    envelopeId, title: `용역계약 ${envelopeId}`, status: 'IN_PROGRESS', signingOrder: 'SEQUENTIAL', contractId: 7, source: 'CONTRACT', round: 1,
    expiresAt: '2026-12-11T14:59:59.000Z', createdAt: '2026-11-27T01:00:00.000Z', completedAt: null, sender: { userId: 41, displayName: '김민준' },
    partyCount: 2, signedCount: 0, waitingOn: ['이영희'], ...over,
  };
}

export function envelopeOf(over: Partial<Envelope> = {}): Envelope {
  return {
    ...summaryOf(300),
    message: '검토 후 서명 부탁드립니다.',
    externalReference: null,
    parties: [
      { partyId: 1, kind: 'EXTERNAL', order: 1, name: '이영희', email: 'younghee@saesol.example', phone: null, role: '대표이사', status: 'VIEWED', verificationMethods: ['EMAIL'],
        verifiedBy: 'EMAIL', sentAt: '2026-11-27T01:00:00.000Z', viewedAt: '2026-11-27T02:00:00.000Z', signedAt: null, declinedAt: null, declineReason: null },
      { partyId: 2, kind: 'EXTERNAL', order: 2, name: '박철수', email: 'cs@saesol.example', phone: null, role: null, status: 'WAITING', verificationMethods: ['EMAIL'],
        verifiedBy: null, sentAt: null, viewedAt: null, signedAt: null, declinedAt: null, declineReason: null },
    ],
    fields: [],
    pageCount: 3,
    originalSha256: 'a'.repeat(64),
    signedSha256: null,
    signedFileKey: null,
    voidReason: null,
    ...over,
  };
}

export function pageOf<T>(content: T[], page = 0, size = 10, totalElements = content.length) {
  return { content, page, size, totalElements, totalPages: Math.max(1, Math.ceil(totalElements / size)) };
}
