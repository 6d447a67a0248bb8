import { countAssignmentsByStep, getHomeTodo } from '@legal/api';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { signInAs } from '../contracts/contracts.test-support';
import { groupTodo, todoKindOf } from './todo-groups';
import { todoOf } from './workflows.test-support';

const COUNTS = { toAssign: 1, toReview: 2, toApprove: 1, toSign: 0, returnedToMe: 1 };
const ITEMS = [
  todoOf(1, { stepCode: 'LEGAL_REVIEW', myRole: 'REVIEWER', overdue: true, desiredReviewDeadline: '2026-11-20' }),
  todoOf(2, { stepCode: 'ASSIGNMENT', myRole: 'ASSIGNER', processStatus: 'REQUESTED' }),
  todoOf(3, { stepCode: 'LEGAL_REVIEW', myRole: 'REVIEWER' }),
  todoOf(4, { stepCode: 'APPROVAL', myRole: 'APPROVER', processStatus: 'IN_APPROVAL' }),
  todoOf(5, { stepCode: 'REQUEST', myRole: 'REQUESTER', processStatus: 'RETURNED' }),
];

describe('todo grouping', () => {
  it('puts each item under the kind the server counts it in, kinds in a fixed order', () => {
    expect(todoKindOf({ stepCode: 'ASSIGNMENT', myRole: 'ASSIGNER', processStatus: 'REQUESTED' })).toBe('toAssign');
    expect(todoKindOf({ stepCode: 'LEGAL_REVIEW', myRole: 'REVIEWER', processStatus: 'IN_REVIEW' })).toBe('toReview');
    expect(todoKindOf({ stepCode: 'APPROVAL', myRole: 'APPROVER', processStatus: 'IN_APPROVAL' })).toBe('toApprove');
    expect(todoKindOf({ stepCode: 'SIGNING', myRole: 'SIGNER', processStatus: 'IN_SIGNING' })).toBe('toSign');
    expect(todoKindOf({ stepCode: 'REQUEST', myRole: 'REQUESTER', processStatus: 'RETURNED' })).toBe('returnedToMe');
    expect(todoKindOf({ stepCode: 'APPROVAL', myRole: 'REQUESTER', processStatus: 'REJECTED' })).toBe('returnedToMe');
    const groups = groupTodo(ITEMS);
    expect(groups.map((g) => [g.kind, g.items.map((i) => i.contractId)])).toEqual([
      ['toAssign', [2]], ['toReview', [1, 3]], ['toApprove', [4]], ['returnedToMe', [5]],
    ]);
    expect(groupTodo([])).toEqual([]);
  });
});

describe('the to-do page', () => {
  it('lists what waits on me grouped by kind with counts, overdue marked', { timeout: 20_000 }, async () => {
    signInAs(['contract.contract.read']).on(getHomeTodo, ok({ items: ITEMS, counts: COUNTS }));
    renderApp('/hanbit/workflows/todo');
    expect(await screen.findByRole('heading', { level: 1, name: '할 일' }, { timeout: 8000 })).toBeInTheDocument();
    const counts = await screen.findByRole('list', { name: '종류별 건수' });
    expect(within(counts).getByRole('listitem', { name: '검토할 계약: 2' })).toBeInTheDocument();
    expect(within(counts).getByRole('listitem', { name: '서명·체결할 계약: 0' })).toBeInTheDocument();
    const review = screen.getByRole('list', { name: '검토할 계약' });
    expect(within(review).getAllByRole('listitem')).toHaveLength(2);
    const overdue = within(review).getByRole('link', { name: '계약 1' }).closest('li')!;
    expect(within(overdue as HTMLElement).getByText('기한 지남')).toBeInTheDocument();
    expect(within(review).getByRole('link', { name: '계약 3' }).closest('li')).not.toHaveAttribute('data-overdue');
    expect(within(review).getByRole('link', { name: '계약 1' })).toHaveAttribute('href', '/hanbit/contracts/1');
    expect(screen.getByRole('heading', { name: '나에게 돌아온 요청 (1)' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '서명·체결할 계약' })).not.toBeInTheDocument();
    // No assign permission: no by-step chart (the server would answer 403).
    expect(screen.queryByRole('region', { name: '단계별 진행 중인 요청' })).not.toBeInTheDocument();
  });

  it('shows an assigner the running requests by step as a chart', { timeout: 20_000 }, async () => {
    const fake = signInAs(['contract.contract.read', 'legal.review.assign'])
      .on(getHomeTodo, ok({ items: [], counts: { toAssign: 0, toReview: 0, toApprove: 0, toSign: 0, returnedToMe: 0 } }))
      .on(countAssignmentsByStep, ok([{ stepCode: 'ASSIGNMENT', count: 3 }, { stepCode: 'LEGAL_REVIEW', count: 5 }]));
    renderApp('/hanbit/workflows/todo');
    expect(await screen.findByText('기다리는 일이 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
    const chart = await screen.findByRole('list', { name: '단계별 진행 중인 요청' });
    expect(within(chart).getByRole('listitem', { name: '법무 검토: 5' })).toBeInTheDocument();
    expect(within(chart).getByRole('listitem', { name: '배정: 3' })).toBeInTheDocument();
    expect(within(chart).getByRole('listitem', { name: '결재: 0' })).toBeInTheDocument();
    expect(fake.calls(countAssignmentsByStep)).toHaveLength(1);
  });

  it('shows the failure with a retry', { timeout: 20_000 }, async () => {
    signInAs(['contract.contract.read']).on(getHomeTodo, fail(500, 'ERROR_INTERNAL', '잠시 후 다시 시도해 주세요.'));
    renderApp('/hanbit/workflows/todo');
    expect(await screen.findByText('잠시 후 다시 시도해 주세요.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});
