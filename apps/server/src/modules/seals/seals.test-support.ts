/** Helpers for the seal tests (not a test file itself). */
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';
import type { Person } from '../contracts/contracts.test-support';
import { uploadFile } from '../contracts/contracts.test-support';
import { drawSealImage } from './seals.seed';

export const SEALS = '/api/seal/seals';
export const REQUESTS = '/api/seal/usage-requests';

/** A seal registered by `manager` with a drawn PNG, kept by `custodian`. */
export async function registerSeal(t: TestApp, manager: Person, custodian: Person, body: Record<string, unknown> = {}) {
  const imageFileKey = await uploadFile(t, manager, await drawSealImage('테스트 주식회사', '사용인감', 120), 'seal.png');
  const res = await t.app.inject({ method: 'POST', url: `${SEALS}/v1`, headers: manager.headers, payload: { name: '사용인감', type: 'USAGE', imageFileKey, custodianUserId: custodian.userId, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { sealId: number; version: number; imageFileKey: string; status: string; usageCount: number };
}

/** A usage request by `requester` over an uploaded document. */
export async function requestSeal(t: TestApp, requester: Person, sealId: number, approvers: Person[], body: Record<string, unknown> = {}) {
  const fileKeys = body.contractId ? [] : [await uploadFile(t, requester, Buffer.from(`문서 ${Math.random()}`), '계약서.txt')];
  const res = await t.app.inject({
    method: 'POST', url: `${REQUESTS}/v1`, headers: requester.headers,
    payload: { sealId, purpose: '공급 계약 날인', useDate: '2026-12-01', count: 1, fileKeys, approverUserIds: approvers.map((a) => a.userId), ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { requestId: number; version: number; status: string; currentApproverId: number | null; documents: Array<{ fileKey: string }> };
}

export async function act(t: TestApp, who: Person, requestId: number, action: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `${REQUESTS}/${requestId}/actions/${action}/v1`, headers: who.headers, payload: body });
}

/** Runs the line to APPROVED (each approver in turn) and answers the request's version. */
export async function approveAll(t: TestApp, requestId: number, approvers: Person[]): Promise<number> {
  let version = -1;
  for (const a of approvers) {
    const current = await t.app.inject({ method: 'GET', url: `${REQUESTS}/${requestId}/v1`, headers: a.headers });
    const res = await act(t, a, requestId, 'APPROVE', { version: current.json().data.version });
    expect(res.statusCode, res.body).toBe(200);
    version = res.json().data.version;
  }
  return version;
}
