import { type ContractStats, type WorkflowCycleTimes, type WorkflowOpenItems, getContractStats, getWorkflowCycleTimes, getWorkflowOpenItems } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { signInAs } from '../contracts/contracts.test-support';
import { readDashboardFilters, writeDashboardFilters } from './dashboard-params';
import { MEMBER, REVIEWER } from './workflows.test-support';

const HOUR = 3600;
const URL_RANGE = 'from=2026-03-01&to=2026-03-31';

const OPEN: WorkflowOpenItems = {
  total: 3,
  byStep: [
    { stepCode: 'REQUEST', count: 0 }, { stepCode: 'ASSIGNMENT', count: 1 }, { stepCode: 'LEGAL_REVIEW', count: 2 },
    { stepCode: 'APPROVAL', count: 0 }, { stepCode: 'SIGNING', count: 0 }, { stepCode: 'EXECUTION', count: 0 },
  ],
  ageing: [
    { bucket: 'UNDER_1_DAY', count: 1, byStep: [{ stepCode: 'ASSIGNMENT', count: 1 }] },
    { bucket: 'DAYS_1_TO_3', count: 0, byStep: [] },
    { bucket: 'DAYS_3_TO_7', count: 0, byStep: [] },
    { bucket: 'DAYS_7_TO_14', count: 0, byStep: [] },
    { bucket: 'DAYS_14_TO_30', count: 0, byStep: [] },
    { bucket: 'OVER_30_DAYS', count: 2, byStep: [{ stepCode: 'LEGAL_REVIEW', count: 2 }] },
  ],
  slowest: [
    { workflowId: 901, contractId: 8, contractTitle: '용역계약 8', contractType: 'SERVICE', stepCode: 'LEGAL_REVIEW', processStatus: 'IN_REVIEW', requester: MEMBER, waitingSince: '2026-01-02T00:00:00.000Z', waitingSeconds: 40 * 24 * HOUR },
  ],
};

const CYCLE: WorkflowCycleTimes = {
  dateStart: '2026-03-01',
  dateEnd: '2026-03-31',
  byStep: [
    { stepCode: 'ASSIGNMENT', count: 3, medianSeconds: 2 * HOUR, p90Seconds: 12_960 },
    { stepCode: 'LEGAL_REVIEW', count: 5, medianSeconds: 10 * HOUR, p90Seconds: 466_200 },
  ],
  byContractType: [
    { stepCode: 'LEGAL_REVIEW', contractType: 'SERVICE', count: 3, medianSeconds: 4 * HOUR, p90Seconds: 31_680 },
    { stepCode: 'ASSIGNMENT', contractType: 'SUPPLY', count: 1, medianSeconds: 1 * HOUR, p90Seconds: 1 * HOUR },
  ],
  byGroup: [
    { stepCode: 'LEGAL_REVIEW', groupId: 3, groupName: '법무팀', count: 3, medianSeconds: 4 * HOUR, p90Seconds: 31_680 },
    { stepCode: 'ASSIGNMENT', groupId: null, groupName: null, count: 1, medianSeconds: 30 * 60, p90Seconds: 30 * 60 },
  ],
  byReviewer: [{ reviewer: REVIEWER, count: 3, medianSeconds: 4 * HOUR, p90Seconds: 31_680 }],
};

const STATS: ContractStats = {
  dateStart: '2026-03-01', dateEnd: '2026-03-31', total: 4,
  byStatus: [
    { status: 'DRAFT', label: '작성 중', count: 1 },
    { status: 'IN_REVIEW', label: '검토 중', count: 3 },
  ],
  byContractType: [], byMonth: [],
};

const serve = (over: { open?: Response; cycle?: Response; stats?: Response } = {}) =>
  signInAs(['contract.contract.read'])
    .on(getWorkflowOpenItems, over.open ?? ok(OPEN))
    .on(getWorkflowCycleTimes, over.cycle ?? ok(CYCLE))
    .on(getContractStats, over.stats ?? ok(STATS));

describe('dashboard filters in the address', () => {
  it('reads what it understands and writes it back', () => {
    const filters = readDashboardFilters(new URLSearchParams('from=2026-03-01&to=nope&step=APPROVAL'));
    expect(filters).toEqual({ from: '2026-03-01', to: '', step: 'APPROVAL' });
    expect(writeDashboardFilters(filters).toString()).toBe('from=2026-03-01&step=APPROVAL');
    expect(readDashboardFilters(new URLSearchParams('step=BOGUS')).step).toBe('LEGAL_REVIEW');
  });
});

describe('the workflow dashboard', () => {
  it('draws the open items, the contracts per status and the cycle times of the range in the address', { timeout: 25_000 }, async () => {
    const fake = serve();
    const { router } = renderApp(`/hanbit/workflows/dashboard?${URL_RANGE}`);
    expect(await screen.findByRole('heading', { level: 1, name: '워크플로 대시보드' }, { timeout: 8000 })).toBeInTheDocument();

    const byStep = await screen.findByRole('list', { name: '현재 단계별 건수' });
    expect(within(byStep).getByRole('listitem', { name: '법무 검토: 2' })).toBeInTheDocument();
    const ageing = screen.getByRole('list', { name: '현재 단계에서 기다린 기간' });
    expect(within(ageing).getByRole('listitem', { name: '30일 이상: 2 (법무 검토 2)' })).toBeInTheDocument();
    const slowest = screen.getByRole('table', { name: '가장 오래 기다리는 10건' });
    expect(within(slowest).getByRole('link', { name: '용역계약 8' })).toHaveAttribute('href', '/hanbit/contracts/8');
    expect(within(slowest).getByText('40일')).toBeInTheDocument();

    const statuses = await screen.findByRole('list', { name: '상태별 계약' });
    expect(within(statuses).getByRole('listitem', { name: '검토 중: 3' })).toBeInTheDocument();
    const steps = await screen.findByRole('list', { name: '단계별 소요 시간' });
    expect(within(steps).getByRole('listitem', { name: '법무 검토: 중앙값 10시간, 90번째 백분위 5.4일, 5건' })).toBeInTheDocument();
    expect(within(steps).getByText('2시간 / 3.6시간')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: '검토자별 법무 검토 시간' })).toHaveTextContent('박지훈');
    expect(screen.getByRole('list', { name: '그룹별 법무 검토 시간' })).toHaveTextContent('법무팀');

    // Both range calls ask for the address's range.
    expect(fake.calls(getWorkflowCycleTimes)[0]!.query.toString()).toBe('dateStart=2026-03-01&dateEnd=2026-03-31');
    expect(fake.calls(getContractStats)[0]!.query.toString()).toBe('dateStart=2026-03-01&dateEnd=2026-03-31');

    // The breakdown step lives in the address too.
    await userEvent.click(screen.getByRole('combobox', { name: '단계' }));
    await userEvent.click(await screen.findByRole('option', { name: '배정' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?${URL_RANGE}&step=ASSIGNMENT`));
    expect(await screen.findByRole('list', { name: '그룹별 배정 시간' })).toHaveTextContent('그룹 없음');

    // A new end date goes to the address and to the server.
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2026-04-15' } });
    await waitFor(() => expect(fake.calls(getWorkflowCycleTimes).at(-1)!.query.get('dateEnd')).toBe('2026-04-15'));
    expect(router.state.location.search).toContain('to=2026-04-15');
  });

  it('says when there is nothing to draw', { timeout: 20_000 }, async () => {
    serve({
      open: ok({ ...OPEN, total: 0, byStep: OPEN.byStep.map((s) => ({ ...s, count: 0 })), ageing: OPEN.ageing.map((b) => ({ ...b, count: 0, byStep: [] })), slowest: [] }),
      cycle: ok({ ...CYCLE, byStep: [], byContractType: [], byGroup: [], byReviewer: [] }),
      stats: ok({ ...STATS, total: 0, byStatus: STATS.byStatus.map((s) => ({ ...s, count: 0 })) }),
    });
    renderApp(`/hanbit/workflows/dashboard?${URL_RANGE}`);
    expect(await screen.findByText('진행 중인 건이 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('이 기간에 끝난 단계가 없습니다')).toBeInTheDocument();
    expect(await screen.findByText('이 기간에 만든 계약이 없습니다')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the error of a call that failed, and asks nothing for a range it cannot answer', { timeout: 20_000 }, async () => {
    const fake = serve({ cycle: fail(500, 'ERROR_INTERNAL', '통계를 불러오지 못했습니다.'), open: fail(403, 'ERROR_FORBIDDEN', '권한이 없습니다.') });
    const { unmount } = renderApp(`/hanbit/workflows/dashboard?${URL_RANGE}`);
    expect(await screen.findByText('통계를 불러오지 못했습니다.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('권한이 없습니다.')).toBeInTheDocument();
    unmount();

    const before = fake.calls(getWorkflowCycleTimes).length;
    renderApp('/hanbit/workflows/dashboard?from=2026-03-31&to=2026-03-01');
    expect(await screen.findByText('종료일은 시작일 이후, 1년 이내여야 합니다.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getAllByText('기간을 바로잡으면 차트가 나타납니다.')).toHaveLength(2);
    expect(fake.calls(getWorkflowCycleTimes)).toHaveLength(before);
  });
});
