import {
  cancelCurrentApproval, cancelCurrentSigning, deleteCurrentWorkflow, getCurrentWorkflow, getWorkflowMeta, listCommentEvents, listUsersWithDivisions, saveApprovalDraft,
  setStepMembers, startApprovalV3, transitionPreset, type Workflow, type WorkflowMeta,
} from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { APPROVER, NO_ABILITIES, REVIEWER, approvalOf, serveContract, workflowOf } from './workflows.test-support';

const panel = () => screen.findByRole('region', { name: '검토·결재 진행' }, { timeout: 8000 });
const manageGroup = async () => within(await panel()).findByRole('group', { name: '워크플로 관리' });
const SECOND = { userId: 45, displayName: '정하늘' };
const THIRD = { userId: 46, displayName: '윤도현' };
const people = [APPROVER, SECOND, THIRD, REVIEWER].map((u) => ({ ...u, email: null, divisionName: null, jobTitle: null }));
const META: WorkflowMeta = {
  presetTypes: [
    { code: 'LEGAL_REVIEW', name: { ko: '법무 검토', en: 'Legal review' } },
    { code: 'LEGAL_REVIEW_AND_APPROVAL', name: { ko: '검토 후 대표 결재', en: 'Review, then CEO approval' } },
  ],
  stepInfos: [], actions: [], processStatuses: [], groupedStatusInfos: [],
};

/** The contract page with a workflow the caller may manage as `abilities` say; `after` answers the reads after a change. */
function serve(first: Workflow, after: Workflow = first) {
  let changed = false;
  const fake = serveContract()
    .on(getCurrentWorkflow, () => ok(changed ? after : first))
    .on(listCommentEvents, ok([]))
    .on(getWorkflowMeta, ok(META))
    .on(listUsersWithDivisions, ok(people));
  return { fake, change: () => (changed = true) };
}

describe('managing the workflow from the contract page', () => {
  afterEach(() => FakeXhr.reset());

  it('shows a manage button only for what the abilities allow', { timeout: 30_000 }, async () => {
    serve(workflowOf({ abilities: { ...NO_ABILITIES, canWithdraw: true, memberSteps: ['LEGAL_REVIEW'] } }));
    renderApp('/hanbit/contracts/7');
    const group = await manageGroup();
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['담당자 변경', '요청 철회']);
  });

  it('shows no manage buttons to a caller with no abilities', { timeout: 30_000 }, async () => {
    serve(workflowOf());
    renderApp('/hanbit/contracts/7');
    await within(await panel()).findByTestId('process-status');
    expect(within(await panel()).queryByRole('group', { name: '워크플로 관리' })).not.toBeInTheDocument();
  });

  it('switches the preset to a target the server lists, named as the workspace names it', { timeout: 30_000 }, async () => {
    const atExecution = workflowOf({ presetType: 'LEGAL_REVIEW', processStatus: 'REVIEW_COMPLETED', currentStepCode: 'EXECUTION', abilities: { ...NO_ABILITIES, presetTargets: ['LEGAL_REVIEW_AND_APPROVAL'] } });
    const switched = workflowOf({ currentStepCode: 'APPROVAL', processStatus: 'REVIEW_COMPLETED', revision: 5 });
    const { fake, change } = serve(atExecution, switched);
    fake.on(transitionPreset, () => {
      change();
      return ok(switched);
    });
    renderApp('/hanbit/contracts/7');
    await userEvent.click(within(await manageGroup()).getByRole('button', { name: '진행 방식 변경' }));
    const dialog = await screen.findByRole('dialog', { name: '진행 방식 변경' });
    await userEvent.click(await within(dialog).findByRole('button', { name: '변경' }));
    expect(await within(dialog).findByText('바꿀 진행 방식을 고르세요.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: '검토 후 대표 결재' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '변경' }));
    await waitFor(() => expect(fake.calls(transitionPreset)).toHaveLength(1));
    expect(fake.calls(transitionPreset)[0]!.body).toEqual({ presetType: 'LEGAL_REVIEW_AND_APPROVAL', revision: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(await panel()).findByText('현재 단계: 결재')).toBeInTheDocument();
  });

  it('on a stale revision closes the preset dialog, reloads and says someone acted', { timeout: 30_000 }, async () => {
    const { fake } = serve(workflowOf({ abilities: { ...NO_ABILITIES, presetTargets: ['LEGAL_REVIEW'] } }), workflowOf({ revision: 9 }));
    fake.on(transitionPreset, fail(409, 'ERROR_CONFLICT', '그사이 다른 사람이 처리했습니다.', { reason: 'stale revision', revision: 9 }));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(within(await manageGroup()).getByRole('button', { name: '진행 방식 변경' }));
    const dialog = await screen.findByRole('dialog', { name: '진행 방식 변경' });
    await userEvent.click(await within(dialog).findByRole('radio', { name: '법무 검토' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '변경' }));
    expect(await within(await panel()).findByRole('alert')).toHaveTextContent('그사이 다른 사람이 먼저 처리했습니다');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.calls(getCurrentWorkflow).length).toBeGreaterThan(1);
  });

  it('sets the reviewers with the picker filtered by the step\'s permission, and shows a refused user beside their name', { timeout: 30_000 }, async () => {
    const { fake } = serve(workflowOf({ abilities: { ...NO_ABILITIES, memberSteps: ['LEGAL_REVIEW'] } }));
    fake.on(setStepMembers, fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.userIds.1', reason: '검토 권한이 없습니다.' }] }));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(within(await manageGroup()).getByRole('button', { name: '담당자 변경' }));
    const dialog = await screen.findByRole('dialog', { name: '담당자 변경' });
    // The current reviewer is picked; add one more.
    const picker = within(dialog).getByRole('combobox', { name: '검토자' });
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: /^정하늘/ }));
    expect(fake.calls(listUsersWithDivisions).at(-1)!.query.get('permission')).toBe('legal.review.review');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(setStepMembers)).toHaveLength(1));
    expect(fake.calls(setStepMembers)[0]!.body).toEqual({ workflowId: 900, stepCode: 'LEGAL_REVIEW', userIds: [REVIEWER.userId, SECOND.userId], revision: 4 });
    expect(await within(dialog).findByText('정하늘: 검토 권한이 없습니다.')).toBeInTheDocument();

    // Fixed: the server accepts, the dialog closes.
    fake.on(setStepMembers, ok(workflowOf({ revision: 5 })));
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(setStepMembers)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('withdraws the request after a confirmation, and keeps the dialog with the reason when refused', { timeout: 30_000 }, async () => {
    const { fake, change } = serve(workflowOf({ processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', abilities: { ...NO_ABILITIES, canWithdraw: true } }));
    fake.on(deleteCurrentWorkflow, fail(403, 'ERROR_FORBIDDEN', '권한이 없습니다.'));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(within(await manageGroup()).getByRole('button', { name: '요청 철회' }));
    const dialog = await screen.findByRole('dialog', { name: '요청 철회' });
    expect(within(dialog).getByText(/요청과 이력이 삭제되고/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '요청 철회' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('권한이 없습니다.');

    fake.on(deleteCurrentWorkflow, () => {
      change();
      return ok(null);
    });
    fake.on(getCurrentWorkflow, fail(404, 'ERROR_NOT_FOUND'));
    await userEvent.click(within(dialog).getByRole('button', { name: '요청 철회' }));
    await waitFor(() => expect(fake.calls(deleteCurrentWorkflow)).toHaveLength(2));
    expect(fake.calls(deleteCurrentWorkflow)[1]!.path).toBe('/api/conhub/contracts/7/workflows/current/v2');
    expect(await within(await panel()).findByText('진행 중인 검토가 없습니다')).toBeInTheDocument();
  });

  it('cancels the running approval with a comment and the revision read; a stale one reloads', { timeout: 30_000 }, async () => {
    const running = workflowOf({ processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL', approval: approvalOf(31), abilities: { ...NO_ABILITIES, canCancelApproval: true } });
    const { fake } = serve(running);
    fake.on(cancelCurrentApproval, fail(409, 'ERROR_CONFLICT', 'stale', { reason: 'stale revision' }));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(within(await manageGroup()).getByRole('button', { name: '결재 취소' }));
    let dialog = await screen.findByRole('dialog', { name: '결재 취소' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: '의견 (선택)' }), '결재선 재작성');
    await userEvent.click(within(dialog).getByRole('button', { name: '결재 취소' }));
    expect(await within(await panel()).findByRole('alert')).toHaveTextContent('그사이 다른 사람이 먼저 처리했습니다');
    expect(fake.calls(cancelCurrentApproval)[0]!.body).toEqual({ revision: 4, comment: '결재선 재작성' });

    fake.on(cancelCurrentApproval, ok(workflowOf({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL', revision: 5 })));
    await userEvent.click(within(await manageGroup()).getByRole('button', { name: '결재 취소' }));
    dialog = await screen.findByRole('dialog', { name: '결재 취소' });
    await userEvent.click(within(dialog).getByRole('button', { name: '결재 취소' }));
    await waitFor(() => expect(fake.calls(cancelCurrentApproval)).toHaveLength(2));
    expect(fake.calls(cancelCurrentApproval)[1]!.body).toEqual({ revision: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('cancels the signing; a refusal for an open envelope is said in the panel', { timeout: 30_000 }, async () => {
    const { fake } = serve(workflowOf({ processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING', abilities: { ...NO_ABILITIES, canCancelSigning: true } }));
    fake.on(cancelCurrentSigning, fail(409, 'ERROR_CONFLICT', '전자서명이 진행 중입니다. 먼저 서명 요청(봉투)을 취소해 주세요.', { reason: 'ENVELOPE_IN_PROGRESS' }));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(within(await manageGroup()).getByRole('button', { name: '서명 취소' }));
    const dialog = await screen.findByRole('dialog', { name: '서명 취소' });
    await userEvent.click(within(dialog).getByRole('button', { name: '서명 취소' }));
    expect(await within(await panel()).findByRole('alert')).toHaveTextContent('전자서명이 진행 중입니다');
    expect(fake.calls(cancelCurrentSigning)[0]!.path).toBe('/api/conhub/contracts/7/signings/current/v1');
  });
});

describe('the approval line dialog', () => {
  afterEach(() => FakeXhr.reset());
  const waiting = (over: Partial<Workflow> = {}) =>
    workflowOf({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL', abilities: { ...NO_ABILITIES, canSetApprovalLine: true, canSaveApprovalDraft: true }, ...over });

  it('builds two approvers in parallel in the first line and one after, then starts it (v3)', { timeout: 45_000 }, async () => {
    const { fake } = serve(waiting());
    fake.on(startApprovalV3, ok(workflowOf({ processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL', revision: 5 })));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(within(await manageGroup()).getByRole('button', { name: '결재선 지정' }));
    const dialog = await screen.findByRole('dialog', { name: '결재선 지정' });
    await userEvent.click(within(dialog).getByRole('button', { name: '결재 요청' }));
    expect(await within(dialog).findByText('결재자를 한 명 이상 고르세요.')).toBeInTheDocument();
    expect(fake.calls(startApprovalV3)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('combobox', { name: '1차 결재자' }));
    await userEvent.click(await screen.findByRole('option', { name: /^최유나/ }));
    await userEvent.click(await screen.findByRole('option', { name: /^정하늘/ }));
    expect(fake.calls(listUsersWithDivisions).at(-1)!.query.get('permission')).toBe('approval.approval.approve');
    await userEvent.click(within(dialog).getByRole('button', { name: '차수 추가' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: '2차 결재자' }));
    await userEvent.click(await screen.findByRole('option', { name: /^윤도현/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '결재 요청' }));
    await waitFor(() => expect(fake.calls(startApprovalV3)).toHaveLength(1));
    expect(fake.calls(startApprovalV3)[0]!.body).toEqual({ lines: [{ userIds: [APPROVER.userId, SECOND.userId], mode: 'ALL' }, { userIds: [THIRD.userId], mode: 'ALL' }], revision: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens with the saved draft, saves it again, and shows a refused approver under their line', { timeout: 45_000 }, async () => {
    const draft = approvalOf(30, {
      status: 'DRAFT', comment: '대표 결재 포함',
      approvers: [
        { ...APPROVER, lineOrder: 1, decision: 'PENDING', decidedAt: null, comment: null, documentRevision: null },
        { ...SECOND, lineOrder: 1, decision: 'PENDING', decidedAt: null, comment: null, documentRevision: null },
      ],
    });
    const { fake } = serve(waiting({ approvalDraft: draft, abilities: { ...NO_ABILITIES, canSaveApprovalDraft: true } }));
    fake.on(saveApprovalDraft, ok(draft));
    renderApp('/hanbit/contracts/7');
    // The panel shows the draft too.
    expect(await within(await panel()).findByRole('region', { name: '임시 저장한 결재선' })).toBeInTheDocument();
    await userEvent.click(within(await manageGroup()).getByRole('button', { name: '결재선 지정' }));
    const dialog = await screen.findByRole('dialog', { name: '결재선 지정' });
    expect(within(dialog).getByText('임시 저장한 결재선을 불러왔습니다.')).toBeInTheDocument();
    // Only saving is allowed here (no start button).
    expect(within(dialog).queryByRole('button', { name: '결재 요청' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '의견 (선택)' })).toHaveValue('대표 결재 포함');

    // Edit (a second line, another comment), then restore the draft.
    await userEvent.click(within(dialog).getByRole('button', { name: '차수 추가' }));
    await userEvent.clear(within(dialog).getByRole('textbox', { name: '의견 (선택)' }));
    expect(within(dialog).getByRole('combobox', { name: '2차 결재자' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '저장한 결재선으로 되돌리기' }));
    expect(within(dialog).queryByRole('combobox', { name: '2차 결재자' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '임시 저장' }));
    await waitFor(() => expect(fake.calls(saveApprovalDraft)).toHaveLength(1));
    expect(fake.calls(saveApprovalDraft)[0]!.body).toEqual({ lines: [{ userIds: [APPROVER.userId, SECOND.userId], mode: 'ALL' }], comment: '대표 결재 포함' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('결재선을 임시 저장했습니다.');

    fake.on(saveApprovalDraft, fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.lines.0.userIds.1', reason: '결재 권한이 없습니다.' }] }));
    await userEvent.click(within(dialog).getByRole('button', { name: '임시 저장' }));
    expect(await within(dialog).findByText('정하늘: 결재 권한이 없습니다.')).toBeInTheDocument();
  });
});
