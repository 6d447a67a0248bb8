import { type ContractHubItem, listMyRelatedContracts, searchHubContractsV2, searchToBeExecutedV2 } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { signInAs } from '../contracts/contracts.test-support';
import { hubSearchQuery, readHubSearchFilters, writeHubSearchFilters } from './hub-search-params';
import { APPROVER, MEMBER, pageOf } from './workflows.test-support';

const query = (call: { query: URLSearchParams }) => [...call.query.entries()].sort(([a], [b]) => a.localeCompare(b) || 0);

function itemOf(id: number, over: Partial<ContractHubItem> = {}): ContractHubItem {
  return {
    id, title: `공급계약 ${id}`, contractType: 'SUPPLY', status: 'IN_APPROVAL', counterpartyNames: ['한빛상사'], hashtags: [], owner: MEMBER, group: null,
    signedDate: null, startDate: null, endDate: null, amount: null, currency: null, isBookmarked: false,
    createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-21T01:00:00.000Z',
    workflow: {
      workflowId: 900 + id, presetType: 'LEGAL_REVIEW_AND_APPROVAL', processStatus: 'IN_APPROVAL', currentStepCode: 'APPROVAL', round: 1, requester: MEMBER,
      waitingRole: 'APPROVER', waitingOn: [APPROVER], waitingSince: '2026-11-21T01:00:00.000Z', updatedAt: '2026-11-21T01:00:00.000Z',
    },
    ...over,
  };
}

describe('contract search filters in the address', () => {
  it('reads what it understands, drops the rest and writes it back the same', () => {
    const params = new URLSearchParams('view=related&q=%20용역%20&status=IN_SIGNING&status=BOGUS&type=SERVICE&preset=APPROVAL&preset=NONE&relation=REVIEWER&relation=FRIEND&from=2026-01-01&to=nope&sort=title,asc&page=2');
    const filters = readHubSearchFilters(params);
    expect(filters).toEqual({
      view: 'related', keyword: '용역', statuses: ['IN_SIGNING'], contractTypes: ['SERVICE'], presetTypes: ['APPROVAL'], relations: ['REVIEWER'], from: '2026-01-01', to: '', sort: 'title,asc', page: 2,
    });
    expect(readHubSearchFilters(writeHubSearchFilters(filters))).toEqual(filters);
    expect(hubSearchQuery(filters)).toEqual({
      page: 2, size: 20, keyword: '용역', processStatuses: ['IN_SIGNING'], contractTypes: ['SERVICE'], workflowPresetTypes: ['APPROVAL'], createdDateStart: '2026-01-01', sort: 'title,asc', relations: ['REVIEWER'],
    });
    // Search and to-be-executed: 10 a page, no relations, the view's own order by default.
    const plain = readHubSearchFilters(new URLSearchParams('view=bogus&sort=password,asc&relation=OWNER&page=-1'));
    expect(plain).toMatchObject({ view: 'all', sort: '', page: 0 });
    expect(hubSearchQuery(plain)).toEqual({ page: 0, size: 10 });
    expect(writeHubSearchFilters(plain).toString()).toBe('');
  });
});

describe('the contract search page', () => {
  it('shows each contract with its workflow state, and keeps tab and filters in the address', { timeout: 25_000 }, async () => {
    const fake = signInAs(['contract.contract.read'])
      .on(searchHubContractsV2, ok(pageOf([itemOf(1), itemOf(2, { title: '임대차 초안', workflow: null })], 0, 10, 12)))
      .on(searchToBeExecutedV2, ok(pageOf([itemOf(3, { workflow: { ...itemOf(3).workflow!, processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING', waitingRole: 'SIGNER', waitingOn: [MEMBER] } })])))
      .on(listMyRelatedContracts, ok(pageOf([{ ...itemOf(4), relations: ['OWNER', 'REQUESTER'] }], 0, 20)));
    const { router } = renderApp('/hanbit/workflows/search?q=공급&status=IN_APPROVAL');
    const table = await screen.findByRole('table', { name: '전체 계약' }, { timeout: 8000 });
    expect(query(fake.calls(searchHubContractsV2)[0]!)).toEqual([['keyword', '공급'], ['page', '0'], ['processStatuses', 'IN_APPROVAL'], ['size', '10']]);
    expect(within(table).getByRole('link', { name: '공급계약 1' })).toHaveAttribute('href', '/hanbit/contracts/1');
    const first = within(table).getByRole('link', { name: '공급계약 1' }).closest('tr')!;
    expect(within(first).getByText('결재 중')).toBeInTheDocument();
    expect(within(first).getByText(`결재자: ${APPROVER.displayName}`)).toBeInTheDocument();
    expect(within(within(table).getByRole('link', { name: '임대차 초안' }).closest('tr')!).getByText('워크플로 없음')).toBeInTheDocument();
    expect(screen.getByText('전체 12건')).toBeInTheDocument();

    // The to-be-executed tab: its own call, filters kept, page and sort reset.
    await userEvent.click(screen.getByRole('tab', { name: '체결 대기' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?view=to-be-executed&q=${encodeURIComponent('공급')}&status=IN_APPROVAL`));
    const waiting = await screen.findByRole('table', { name: '체결 대기' });
    expect(within(waiting).getByText(`서명 담당: ${MEMBER.displayName}`)).toBeInTheDocument();

    // Related to me: 20 a page, with the relations named.
    await userEvent.click(screen.getByRole('tab', { name: '나와 관련된 계약' }));
    const related = await screen.findByRole('table', { name: '나와 관련된 계약' });
    expect(within(related).getByText('담당자')).toBeInTheDocument();
    expect(within(related).getByText('요청자')).toBeInTheDocument();
    expect(fake.calls(listMyRelatedContracts)[0]!.query.get('size')).toBe('20');
  });

  it('says when nothing matches and clears the conditions', { timeout: 25_000 }, async () => {
    signInAs(['contract.contract.read']).on(searchHubContractsV2, ok(pageOf([])));
    const { router } = renderApp('/hanbit/workflows/search?q=없는말');
    expect(await screen.findByText('조건에 맞는 계약이 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '조건 지우기' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('볼 수 있는 계약이 없습니다')).toBeInTheDocument();
  });

  it('shows the failure with a way to retry', { timeout: 25_000 }, async () => {
    signInAs(['contract.contract.read']).on(searchToBeExecutedV2, fail(500, 'ERROR_INTERNAL', '서버 오류'));
    renderApp('/hanbit/workflows/search?view=to-be-executed');
    expect(await screen.findByRole('button', { name: /다시 시도/ }, { timeout: 8000 })).toBeInTheDocument();
  });
});
