import { getCurrentWorkflow, listUsersWithDivisions, listWorkflowPresets, startWorkflow, type WorkflowPreset } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { requestBody, validateRequest } from './RequestReviewDialog';
import { APPROVER, serveContract, workflowOf } from './workflows.test-support';

const REVIEW_ONLY: WorkflowPreset = {
  presetType: 'LEGAL_REVIEW',
  name: { ko: '법무 검토', en: 'Legal review' },
  steps: [
    { stepCode: 'REQUEST', order: 1, group: 'REQUEST', actorRule: { role: 'REQUESTER', permission: null }, actions: ['SUBMIT'] },
    { stepCode: 'ASSIGNMENT', order: 2, group: 'REVIEW', actorRule: { role: 'ASSIGNER', permission: 'legal.review.assign' }, actions: ['ASSIGN'] },
    { stepCode: 'LEGAL_REVIEW', order: 3, group: 'REVIEW', actorRule: { role: 'REVIEWER', permission: 'legal.review.review' }, actions: ['COMPLETE_REVIEW', 'RETURN'] },
  ],
  defaultReviewDeadlineDays: null,
};
const WITH_APPROVAL: WorkflowPreset = {
  presetType: 'LEGAL_REVIEW_AND_APPROVAL',
  name: { ko: '법무 검토 후 결재', en: 'Review, then approval' },
  steps: [...REVIEW_ONLY.steps, { stepCode: 'APPROVAL', order: 4, group: 'APPROVAL', actorRule: { role: 'APPROVER', permission: 'approval.approval.approve' }, actions: ['APPROVE', 'REJECT'] }],
  defaultReviewDeadlineDays: null,
};

const panel = () => screen.findByRole('region', { name: '검토·결재 진행' }, { timeout: 8000 });

function serve() {
  return serveContract(undefined, { status: 'DRAFT' })
    .on(getCurrentWorkflow, fail(404, 'ERROR_NOT_FOUND'))
    .on(listWorkflowPresets, ok([REVIEW_ONLY, WITH_APPROVAL]))
    .on(listUsersWithDivisions, ok([
      { ...APPROVER, email: null, divisionName: '경영지원', jobTitle: '팀장' },
      { userId: 45, displayName: '정하늘', email: null, divisionName: null, jobTitle: null },
      { userId: 46, displayName: '윤도현', email: null, divisionName: null, jobTitle: null },
    ]));
}

describe('request review', () => {
  afterEach(() => {
    FakeXhr.reset();
    vi.useRealTimers();
  });

  it('checks the choice and the deadline before sending, then starts the preset with its approval line (two approvers in parallel, then one)', { timeout: 90_000 }, async () => {
    const fake = serve().on(startWorkflow, ok(workflowOf({ processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', allowedActions: [] })));
    renderApp('/hanbit/contracts/7');
    const region = await panel();
    expect(await within(region).findByText('진행 중인 검토가 없습니다')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: '검토 요청' }));
    const dialog = await screen.findByRole('dialog', { name: '법무 검토 요청' });

    // Nothing chosen: the preset is named, nothing is sent.
    await userEvent.click(await within(dialog).findByRole('button', { name: '요청 보내기' }));
    expect(await within(dialog).findByText('진행 방식을 고르세요.')).toBeInTheDocument();
    expect(fake.calls(startWorkflow)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: '진행 방식' }));
    await userEvent.click(await screen.findByRole('option', { name: '법무 검토 후 결재' }));
    // The steps of the chosen preset, in order.
    const preview = within(dialog).getByRole('region', { name: '진행 단계' });
    expect(within(preview).getByText('요청')).toBeInTheDocument();
    expect(within(preview).getByText('결재')).toBeInTheDocument();
    expect(within(preview).getByText('담당: 결재자')).toBeInTheDocument();

    // A deadline in the past is refused here.
    const deadline = within(dialog).getByLabelText('희망 검토 기한');
    await userEvent.type(deadline, '2020-01-01');
    await userEvent.click(within(dialog).getByRole('button', { name: '요청 보내기' }));
    expect(await within(dialog).findByText('희망 검토 기한은 오늘 이후여야 합니다.')).toBeInTheDocument();
    expect(fake.calls(startWorkflow)).toHaveLength(0);

    await userEvent.clear(deadline);
    await userEvent.type(deadline, '2099-12-31');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '요청 메시지' }), '  해지 조항 검토 부탁드립니다.  ');
    await userEvent.click(within(dialog).getByRole('combobox', { name: '1차 결재자' }));
    await userEvent.click(await screen.findByRole('option', { name: /^최유나/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^정하늘/ }));
    expect(fake.calls(listUsersWithDivisions).at(-1)!.query.get('permission')).toBe('approval.approval.approve');
    await userEvent.click(within(dialog).getByRole('button', { name: '차수 추가' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: '2차 결재자' }));
    await userEvent.click(await screen.findByRole('option', { name: /^윤도현/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '요청 보내기' }));

    await waitFor(() => expect(fake.calls(startWorkflow)).toHaveLength(1));
    const call = fake.calls(startWorkflow)[0]!;
    expect(call.path).toBe('/api/conhub/contracts/7/workflows/v2');
    expect(call.body).toEqual({
      presetType: 'LEGAL_REVIEW_AND_APPROVAL',
      message: '해지 조항 검토 부탁드립니다.',
      desiredReviewDeadline: '2099-12-31',
      fileKeys: [],
      approvalLines: [{ userIds: [44, 45], mode: 'ALL' }, { userIds: [46], mode: 'ALL' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '법무 검토 요청' })).not.toBeInTheDocument());
  });

  it('shows the server\'s reason under the line and beside the approver it names', { timeout: 25_000 }, async () => {
    const fake = serve().on(startWorkflow, fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.approvalLines.0.userIds.0', reason: '결재 권한이 없습니다.' }] }));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await panel()).findByRole('button', { name: '검토 요청' }));
    const dialog = await screen.findByRole('dialog', { name: '법무 검토 요청' });
    await userEvent.click(await within(dialog).findByRole('combobox', { name: '진행 방식' }));
    await userEvent.click(await screen.findByRole('option', { name: '법무 검토 후 결재' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: '1차 결재자' }));
    await userEvent.click(await screen.findByRole('option', { name: /^정하늘/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '요청 보내기' }));
    expect(await within(dialog).findByText('정하늘: 결재 권한이 없습니다.')).toBeInTheDocument();
    expect(fake.calls(startWorkflow)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: '법무 검토 요청' })).toBeInTheDocument();
  });

  it('offers no request to a reader', { timeout: 25_000 }, async () => {
    serveContract(['contract.contract.read'], { status: 'DRAFT', abilities: { canUpdate: false, canDelete: false, canChangeOwner: false, canManageWatchers: false, canBookmark: true } })
      .on(getCurrentWorkflow, fail(404, 'ERROR_NOT_FOUND'));
    renderApp('/hanbit/contracts/7');
    const region = await panel();
    expect(await within(region).findByText('진행 중인 검토가 없습니다')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: '검토 요청' })).not.toBeInTheDocument();
  });
});

describe('validateRequest', () => {
  const base = { presetType: 'LEGAL_REVIEW', message: '', deadline: '', files: [], lines: [[]], withApproval: false };
  it('wants a preset other than NONE, a message within 5,000 characters and a deadline from today', () => {
    expect(validateRequest(requestBody({ ...base, presetType: '' }), '2026-11-27')).toEqual({ presetType: { key: 'required' } });
    expect(validateRequest(requestBody({ ...base, presetType: 'NONE' }), '2026-11-27')).toEqual({ presetType: { key: 'required' } });
    expect(validateRequest(requestBody({ ...base, message: 'x'.repeat(5001) }), '2026-11-27')).toEqual({ message: { key: 'tooLong' } });
    expect(validateRequest(requestBody({ ...base, deadline: '2026-11-26' }), '2026-11-27')).toEqual({ desiredReviewDeadline: { key: 'past' } });
    expect(validateRequest(requestBody({ ...base, deadline: '2026-11-27' }), '2026-11-27')).toEqual({});
  });

  it('sends the lines only for a preset with approval, in order, empty lines left out', () => {
    const lines = [[{ userId: 44, displayName: 'a' }, { userId: 45, displayName: 'b' }], [], [{ userId: 46, displayName: 'c' }]];
    expect(requestBody({ ...base, lines, withApproval: false })).not.toHaveProperty('approvalLines');
    expect(requestBody({ ...base, lines, withApproval: true }).approvalLines).toEqual([{ userIds: [44, 45], mode: 'ALL' }, { userIds: [46], mode: 'ALL' }]);
    expect(requestBody({ ...base, lines: [[]], withApproval: true })).not.toHaveProperty('approvalLines');
  });
});
