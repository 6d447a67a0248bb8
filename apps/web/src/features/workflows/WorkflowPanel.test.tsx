import { actOnCurrentStep, cancelWorkflow, getCurrentWorkflow, listCommentEvents, listUsersWithDivisions, listWorkflowEventsV3, countAssignmentsByMember } from '@legal/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { REVIEWER, pageOf, serveContract, workflowOf } from './workflows.test-support';

const panel = () => screen.findByRole('region', { name: '검토·결재 진행' }, { timeout: 8000 });
const actionButtons = async () => within(within(await panel()).getByRole('group', { name: '할 수 있는 작업' })).getAllByRole('button').map((b) => b.textContent);

describe('the workflow panel on the contract page', () => {
  afterEach(() => FakeXhr.reset());

  it('shows the steps, the round and status, and only the actions the server allows', { timeout: 20_000 }, async () => {
    serveContract()
      .on(getCurrentWorkflow, ok(workflowOf({ round: 2 })))
      .on(listCommentEvents, ok([]))
      .on(listWorkflowEventsV3, ok(pageOf([], 0, 20)));
    renderApp('/hanbit/contracts/7');
    const region = await panel();
    expect(await within(region).findByTestId('process-status')).toHaveTextContent('검토 중');
    expect(within(region).getByTestId('round')).toHaveTextContent('2차');
    expect(within(region).getByTestId('step-status-REQUEST')).toHaveTextContent('완료');
    expect(within(region).getByTestId('step-status-LEGAL_REVIEW')).toHaveTextContent('진행 중');
    expect(within(region).getByTestId('step-status-APPROVAL')).toHaveTextContent('대기');
    expect(within(region).getByText(`${REVIEWER.displayName} (검토자)`)).toBeInTheDocument();
    expect(await actionButtons()).toEqual(['검토 완료', '반송']);
    for (const hidden of ['승인', '반려', '배정', '요청 취소', '회수', '서명 완료']) {
      expect(within(region).queryByRole('button', { name: hidden })).not.toBeInTheDocument();
    }
    // A running workflow: no second request.
    expect(within(region).queryByRole('button', { name: '검토 요청' })).not.toBeInTheDocument();
  });

  it('shows no action buttons to someone the step does not involve', { timeout: 20_000 }, async () => {
    serveContract().on(getCurrentWorkflow, ok(workflowOf({ allowedActions: [] }))).on(listCommentEvents, ok([]));
    renderApp('/hanbit/contracts/7');
    const region = await panel();
    await within(region).findByTestId('process-status');
    expect(within(region).queryByRole('group', { name: '할 수 있는 작업' })).not.toBeInTheDocument();
  });

  it('returns with a required comment, sending the revision it read', { timeout: 20_000 }, async () => {
    let returned = false;
    const fake = serveContract()
      .on(getCurrentWorkflow, () => ok(returned ? workflowOf({ processStatus: 'RETURNED', revision: 5, allowedActions: [] }) : workflowOf()))
      .on(listCommentEvents, ok([]))
      .on(actOnCurrentStep, () => {
        returned = true;
        return ok(workflowOf({ processStatus: 'RETURNED', revision: 5, allowedActions: [] }));
      });
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await panel()).findByRole('button', { name: '반송' }));
    const dialog = await screen.findByRole('dialog', { name: '반송' });
    await userEvent.click(within(dialog).getByRole('button', { name: '반송' }));
    expect(await within(dialog).findByText('의견을 입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(actOnCurrentStep)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: '의견' }), '제5조 해지 조항을 고쳐 주세요.');
    await userEvent.click(within(dialog).getByRole('button', { name: '반송' }));
    await waitFor(() => expect(fake.calls(actOnCurrentStep)).toHaveLength(1));
    const call = fake.calls(actOnCurrentStep)[0]!;
    expect(call.path).toBe('/api/conhub/contracts/7/workflows/current/actions/v2');
    expect(call.body).toEqual({ stepCode: 'LEGAL_REVIEW', actionId: 'RETURN', revision: 4, comment: '제5조 해지 조항을 고쳐 주세요.', fileKeys: [], mentionUserIds: [] });
    expect(await within(await panel()).findByText('반송됨')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '반송' })).not.toBeInTheDocument();
  });

  it('says someone acted meanwhile on a 409 and shows the state reloaded', { timeout: 20_000 }, async () => {
    let reads = 0;
    const fake = serveContract()
      .on(getCurrentWorkflow, () => ok(++reads > 1 ? workflowOf({ processStatus: 'REVIEW_COMPLETED', currentStepCode: 'APPROVAL', revision: 6, allowedActions: [] }) : workflowOf()))
      .on(listCommentEvents, ok([]))
      .on(actOnCurrentStep, fail(409, 'ERROR_CONFLICT', '다른 사용자가 먼저 처리했습니다.'));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await panel()).findByRole('button', { name: '검토 완료' }));
    const dialog = await screen.findByRole('dialog', { name: '검토 완료' });
    await userEvent.click(within(dialog).getByRole('button', { name: '검토 완료' }));
    await waitFor(() => expect(fake.calls(actOnCurrentStep)).toHaveLength(1));
    expect(fake.calls(actOnCurrentStep)[0]!.body).toMatchObject({ actionId: 'COMPLETE_REVIEW', revision: 4 });
    const region = await panel();
    expect(await within(region).findByRole('alert')).toHaveTextContent('그사이 다른 사람이 먼저 처리했습니다');
    expect(await within(region).findByTestId('process-status')).toHaveTextContent('검토 완료');
    expect(reads).toBeGreaterThan(1);
    expect(within(region).queryByRole('group', { name: '할 수 있는 작업' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancels through the cancel call with a required reason', { timeout: 20_000 }, async () => {
    const fake = serveContract()
      .on(getCurrentWorkflow, ok(workflowOf({ allowedActions: [{ stepCode: 'LEGAL_REVIEW', actionId: 'CANCEL' }] })))
      .on(listCommentEvents, ok([]))
      .on(cancelWorkflow, ok(workflowOf({ processStatus: 'CANCELED', currentStepCode: null, allowedActions: [], completedAt: '2026-11-27T01:00:00.000Z' })));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await panel()).findByRole('button', { name: '요청 취소' }));
    const dialog = await screen.findByRole('dialog', { name: '요청 취소' });
    await userEvent.click(within(dialog).getByRole('button', { name: '요청 취소' }));
    expect(await within(dialog).findByText('사유를 입력해 주세요.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: '사유' }), '계약 보류');
    await userEvent.click(within(dialog).getByRole('button', { name: '요청 취소' }));
    await waitFor(() => expect(fake.calls(cancelWorkflow)).toHaveLength(1));
    expect(fake.calls(cancelWorkflow)[0]!.body).toEqual({ workflowId: 900, reason: '계약 보류', revision: 4 });
    expect(fake.calls(actOnCurrentStep)).toHaveLength(0);
  });

  it('assigns reviewers picked with their current load', { timeout: 20_000 }, async () => {
    const fake = serveContract()
      .on(getCurrentWorkflow, ok(workflowOf({ processStatus: 'REQUESTED', currentStepCode: 'ASSIGNMENT', allowedActions: [{ stepCode: 'ASSIGNMENT', actionId: 'ASSIGN' }] })))
      .on(listCommentEvents, ok([]))
      .on(listUsersWithDivisions, ok([{ ...REVIEWER, email: null, divisionName: '법무팀', jobTitle: null }]))
      .on(countAssignmentsByMember, ok([{ ...REVIEWER, inReview: 3, returned: 1, completedLast30Days: 7 }]))
      .on(actOnCurrentStep, ok(workflowOf()));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await panel()).findByRole('button', { name: '배정' }));
    const dialog = await screen.findByRole('dialog', { name: '배정' });
    await userEvent.click(within(dialog).getByRole('button', { name: '배정' }));
    expect(await within(dialog).findByText('검토자를 한 명 이상 고르세요.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: '검토자' }));
    await userEvent.click(await screen.findByRole('option', { name: '박지훈 (법무팀) - 검토 중 3 · 반송 1 · 최근 30일 완료 7' }));
    expect(fake.calls(listUsersWithDivisions).at(-1)!.query.get('permission')).toBe('legal.review.review');
    await userEvent.click(within(dialog).getByRole('button', { name: '배정' }));
    await waitFor(() => expect(fake.calls(actOnCurrentStep)).toHaveLength(1));
    expect(fake.calls(actOnCurrentStep)[0]!.body).toMatchObject({ stepCode: 'ASSIGNMENT', actionId: 'ASSIGN', revision: 4, assigneeUserIds: [43] });
  });

  it('completes signing by uploading the executed copy with a progress bar', { timeout: 20_000 }, async () => {
    const fake = serveContract()
      .on(getCurrentWorkflow, ok(workflowOf({ processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING', allowedActions: [{ stepCode: 'SIGNING', actionId: 'COMPLETE_SIGNING' }] })))
      .on(listCommentEvents, ok([]))
      .on(actOnCurrentStep, ok(workflowOf({ processStatus: 'EXECUTED', currentStepCode: null, allowedActions: [] })));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await panel()).findByRole('button', { name: '서명 완료' }));
    const dialog = await screen.findByRole('dialog', { name: '서명 완료' });
    await userEvent.click(within(dialog).getByRole('button', { name: '서명 완료' }));
    expect(await within(dialog).findByText('체결본 파일 하나를 올려 주세요.')).toBeInTheDocument();

    await userEvent.upload(within(dialog).getByLabelText('체결본 파일'), new File(['%PDF'], '체결본.pdf'));
    const xhr = FakeXhr.instances[0]!;
    act(() => xhr.progress(40, 100));
    expect(await within(dialog).findByRole('progressbar', { name: '체결본.pdf 올리는 중' })).toBeInTheDocument();
    act(() => xhr.respond(200, { code: 'SUCCESS', message: null, data: { fileKey: 'BBBBBBBBBBBBBBBBBBBBBB', displayName: '체결본.pdf' } }));
    expect(await within(dialog).findByText('체결본.pdf')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '서명 완료' }));
    await waitFor(() => expect(fake.calls(actOnCurrentStep)).toHaveLength(1));
    expect(fake.calls(actOnCurrentStep)[0]!.body).toMatchObject({ stepCode: 'SIGNING', actionId: 'COMPLETE_SIGNING', fileKeys: ['BBBBBBBBBBBBBBBBBBBBBB'] });
  });
});
