import {
  actOnUsageRequest, createUsageRequest, downloadProcessedUsageRequests, getUsageRequest, listEnvelopes, listMyUsageRequests, listProcessedUsageRequests,
  listUsageRequestsToApprove, listUsersByRole, listValidSeals, pageSearchContractsV4,
} from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { allowedActions } from './UsageRequestDrawer';
import { APPROVER, CUSTODIAN, MEMBER, MEMBER_PERMISSIONS, pageOf, requestOf, sealOf, signInWithSeals } from './seals.test-support';

describe('allowedActions', () => {
  it('offers approve/reject on the approver\'s turn, apply to the custodian of a valid seal, cancel to the requester', () => {
    expect(allowedActions(requestOf(1), APPROVER.userId, [])).toEqual(['APPROVE', 'REJECT']);
    expect(allowedActions(requestOf(1), MEMBER.userId, [])).toEqual(['CANCEL']);
    expect(allowedActions(requestOf(1), 99, [])).toEqual([]);
    const approved = requestOf(1, { status: 'APPROVED', currentApproverId: null });
    expect(allowedActions(approved, CUSTODIAN.userId, [1])).toEqual(['APPLY']);
    expect(allowedActions({ ...approved, seal: { ...approved.seal, status: 'UNAVAILABLE' } }, CUSTODIAN.userId, [1])).toEqual([]);
    expect(allowedActions(requestOf(1, { status: 'APPLIED' }), MEMBER.userId, [1])).toEqual([]);
  });
});

describe('the usage requests', () => {
  afterEach(() => FakeXhr.reset());

  it('lists my requests and opens one in a drawer with the approval line and documents', { timeout: 45_000 }, async () => {
    const request = requestOf(12, {
      approvals: [
        { order: 1, approver: { userId: 46, displayName: '한지우' }, decision: 'APPROVED', comment: '확인', decidedAt: '2026-11-25T02:00:00.000Z' },
        { order: 2, approver: APPROVER, decision: 'PENDING', comment: null, decidedAt: null },
      ],
    });
    const fake = signInWithSeals(MEMBER_PERMISSIONS).on(listMyUsageRequests, ok(pageOf([request]))).on(getUsageRequest, ok(request));
    const { router } = renderApp('/hanbit/seals/requests');
    const table = await screen.findByRole('table', { name: '내 신청 목록' }, { timeout: 8000 });
    expect(within(table).getByText('용역계약 날인')).toBeInTheDocument();
    expect(within(table).getByText('결재 중')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: '법인인감 1 신청 #12 열기' }));
    await waitFor(() => expect(router.state.location.search).toContain('request=12'));
    const drawer = await screen.findByRole('dialog', { name: '인감 사용 신청 #12' });
    expect(await within(drawer).findByText('1. 한지우')).toBeInTheDocument();
    expect(within(drawer).getByText('확인')).toBeInTheDocument();
    expect(within(drawer).getByText('차례')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: '용역계약.pdf 내려받기' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: '계약 #7 보기' })).toHaveAttribute('href', '/hanbit/contracts/7');
    // The requester may cancel; it is not their turn to approve.
    expect(within(drawer).getByRole('button', { name: '신청 취소' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: '승인' })).not.toBeInTheDocument();
    expect(fake.calls(getUsageRequest)[0]!.path).toBe('/api/seal/usage-requests/12/v1');
  });

  it('approves on my turn with the version read, and says so when someone acted first (409)', { timeout: 45_000 }, async () => {
    const request = requestOf(12, { requester: { userId: 46, displayName: '한지우' }, currentApproverId: MEMBER.userId, approvals: [{ order: 1, approver: MEMBER, decision: 'PENDING', comment: null, decidedAt: null }] });
    const fake = signInWithSeals([...MEMBER_PERMISSIONS, 'seal.usage.approve'])
      // Registered first: the list's static path also matches :requestId (the later registration wins).
      .on(getUsageRequest, ok(request))
      .on(listUsageRequestsToApprove, ok(pageOf([request])))
      .on(actOnUsageRequest, ok(requestOf(12, { status: 'APPROVED', version: 6 })));
    renderApp('/hanbit/seals/requests?tab=approve&request=12');
    const drawer = await screen.findByRole('dialog', { name: '인감 사용 신청 #12' }, { timeout: 8000 });
    await userEvent.click(await within(drawer).findByRole('button', { name: '반려' }));
    const reject = await screen.findByRole('dialog', { name: '반려' });
    await userEvent.click(within(reject).getByRole('button', { name: '반려' }));
    expect(await within(reject).findByText('반려 사유를 입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(actOnUsageRequest)).toHaveLength(0);
    await userEvent.click(within(reject).getByRole('button', { name: '닫기' }));

    await userEvent.click(within(drawer).getByRole('button', { name: '승인' }));
    const approve = await screen.findByRole('dialog', { name: '승인' });
    await userEvent.type(within(approve).getByRole('textbox', { name: '의견 (선택)' }), '이상 없음');
    await userEvent.click(within(approve).getByRole('button', { name: '승인' }));
    await waitFor(() => expect(fake.calls(actOnUsageRequest)).toHaveLength(1));
    expect(fake.calls(actOnUsageRequest)[0]!.path).toBe('/api/seal/usage-requests/12/actions/APPROVE/v1');
    expect(fake.calls(actOnUsageRequest)[0]!.body).toEqual({ comment: '이상 없음', version: 5 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '승인' })).not.toBeInTheDocument());

    fake.on(getUsageRequest, ok(request)).on(listUsageRequestsToApprove, ok(pageOf([request]))).on(actOnUsageRequest, fail(409, 'ERROR_CONFLICT', 'stale'));
    await userEvent.click(await within(drawer).findByRole('button', { name: '승인' }));
    const again = await screen.findByRole('dialog', { name: '승인' });
    await userEvent.click(within(again).getByRole('button', { name: '승인' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('그사이 다른 사람이 먼저 처리했거나');
  });

  it('applies electronically as custodian on an envelope in progress of the referenced contract', { timeout: 45_000 }, async () => {
    const request = requestOf(12, { status: 'APPROVED', currentApproverId: null, requester: { userId: 46, displayName: '한지우' } });
    const fake = signInWithSeals(MEMBER_PERMISSIONS, { custodianOf: [1] })
      // Registered first: the list's static path also matches :requestId (the later registration wins).
      .on(getUsageRequest, ok(request))
      .on(listUsageRequestsToApprove, ok(pageOf([request])))
      .on(listEnvelopes, ok(pageOf([{
        envelopeId: 88, title: '용역계약 7', status: 'IN_PROGRESS', signingOrder: 'SEQUENTIAL', contractId: 7, source: 'CONTRACT', round: 1,
        expiresAt: '2026-12-31T00:00:00.000Z', createdAt: '2026-11-25T00:00:00.000Z', completedAt: null, sender: MEMBER, partyCount: 2,
      }])))
      .on(actOnUsageRequest, ok(requestOf(12, { status: 'APPLIED', appliedMethod: 'ELECTRONIC', appliedAt: '2026-11-27T01:00:00.000Z', envelopeId: 88, version: 6 })));
    renderApp('/hanbit/seals/requests?tab=approve');
    const table = await screen.findByRole('table', { name: '처리할 신청 목록' }, { timeout: 8000 });
    expect(await within(table).findByText('날인')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: '법인인감 1 신청 #12 열기' }));
    const drawer = await screen.findByRole('dialog', { name: '인감 사용 신청 #12' });
    await userEvent.click(await within(drawer).findByRole('button', { name: '날인' }));
    const apply = await screen.findByRole('dialog', { name: '날인' });
    await userEvent.click(within(apply).getByRole('radio', { name: '전자 날인' }));
    await userEvent.click(await within(apply).findByRole('combobox', { name: '진행 중인 전자서명 요청' }));
    await userEvent.click(await screen.findByRole('option', { name: '#88 용역계약 7 (1회차)' }));
    expect(fake.calls(listEnvelopes)[0]!.query.get('contractId')).toBe('7');
    await userEvent.click(within(apply).getByRole('button', { name: '날인' }));
    await waitFor(() => expect(fake.calls(actOnUsageRequest)).toHaveLength(1));
    expect(fake.calls(actOnUsageRequest)[0]!.path).toBe('/api/seal/usage-requests/12/actions/APPLY/v1');
    expect(fake.calls(actOnUsageRequest)[0]!.body).toEqual({ method: 'ELECTRONIC', envelopeId: 88, version: 5 });
  });

  it('creates a request: checks the documents and approvers, then sends the contract and the approval line in order', { timeout: 60_000 }, async () => {
    const fake = signInWithSeals(MEMBER_PERMISSIONS)
      .on(listMyUsageRequests, ok(pageOf([])))
      .on(listValidSeals, ok([sealOf(1)]))
      .on(pageSearchContractsV4, ok(pageOf([{ id: 7, title: '용역계약 7', contractType: 'SERVICE', status: 'IN_SIGNING', counterpartyNames: [], hashtags: [], owner: MEMBER, group: null, signedDate: null, startDate: null, endDate: null, amount: null, currency: null, isBookmarked: false, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' }])))
      .on(listUsersByRole, ok(pageOf([{ userId: 44, displayName: '최유나', loginId: 'approver@hanbit.example', divisionName: null, jobTitleName: null, jobPositionName: null }])))
      .on(createUsageRequest, ok(requestOf(30)))
      .on(getUsageRequest, ok(requestOf(30)));
    const { router } = renderApp('/hanbit/seals/requests');
    expect(await screen.findByText('신청한 내역이 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '새 신청' }));
    const dialog = await screen.findByRole('dialog', { name: '인감 사용 신청' });
    await userEvent.click(within(dialog).getByRole('button', { name: '신청' }));
    expect(await within(dialog).findByText('인감을 골라 주세요.')).toBeInTheDocument();
    expect(within(dialog).getByText('문서를 하나 이상 올리거나 계약을 골라 주세요.')).toBeInTheDocument();
    expect(within(dialog).getByText('결재자를 한 명 이상 골라 주세요.')).toBeInTheDocument();
    expect(fake.calls(createUsageRequest)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: '인감' }));
    await userEvent.click(await screen.findByRole('option', { name: '법인인감 1 (법인인감)' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '사용 목적' }), '용역계약 체결');
    fireEvent.change(within(dialog).getByRole('textbox', { name: '사용일' }), { target: { value: '20991202' } });
    await userEvent.click(within(dialog).getByRole('combobox', { name: '계약' }));
    await userEvent.click(await screen.findByRole('option', { name: '용역계약 7' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: '결재선 (순서대로)' }));
    await userEvent.click(await screen.findByRole('option', { name: /최유나/ }));
    expect(fake.calls(listUsersByRole).at(-1)!.path).toBe('/api/workspace/users/by-role/sealApprovers/v1');
    await userEvent.click(within(dialog).getByRole('button', { name: '신청' }));
    await waitFor(() => expect(fake.calls(createUsageRequest)).toHaveLength(1));
    expect(fake.calls(createUsageRequest)[0]!.body).toMatchObject({ sealId: 1, purpose: '용역계약 체결', useDate: '2099-12-02', count: 1, fileKeys: [], contractId: 7, approverUserIds: [44] });
    await waitFor(() => expect(router.state.location.search).toContain('request=30'));
  });

  it('downloads the processed list as Excel with the date filters', { timeout: 45_000 }, async () => {
    const fake = signInWithSeals(MEMBER_PERMISSIONS)
      .on(listProcessedUsageRequests, ok(pageOf([requestOf(12, { status: 'APPLIED' })])))
      .on(downloadProcessedUsageRequests, () => new Response(new Blob(['xlsx']), { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }));
    renderApp('/hanbit/seals/requests?tab=processed&from=2026-11-01&to=2026-11-30');
    expect(await screen.findByRole('table', { name: '처리한 신청 목록' }, { timeout: 8000 })).toBeInTheDocument();
    expect(fake.calls(listProcessedUsageRequests)[0]!.query.get('from')).toBe('2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: '엑셀 다운로드' }));
    await waitFor(() => expect(fake.calls(downloadProcessedUsageRequests)).toHaveLength(1));
    expect(fake.calls(downloadProcessedUsageRequests)[0]!.query.get('to')).toBe('2026-11-30');
  });
});
