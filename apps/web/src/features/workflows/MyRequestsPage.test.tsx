import { downloadGroupRequestsV2, listGroupRequestsV2, listMyRequestsV2 } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { signInAs } from '../contracts/contracts.test-support';
import { myRequestsQuery, readMyRequestsFilters, writeMyRequestsFilters } from './my-requests-params';
import { pageOf, summaryOf } from './workflows.test-support';

const bytes = () => new Response(new Blob(['PK']), { status: 200, headers: { 'content-type': 'application/octet-stream' } });
const query = (call: { query: URLSearchParams }) => [...call.query.entries()].sort(([a], [b]) => a.localeCompare(b));

describe('my-requests filters in the address', () => {
  it('reads what it understands, drops the rest and writes it back the same', () => {
    const params = new URLSearchParams('q=%20용역%20&status=RETURNED&status=BOGUS&status=RETURNED&type=SERVICE&from=2026-01-01&to=nope&groups=1&page=2');
    const filters = readMyRequestsFilters(params);
    expect(filters).toEqual({ keyword: '용역', statuses: ['RETURNED'], contractTypes: ['SERVICE'], from: '2026-01-01', to: '', isGroups: true, page: 2 });
    expect(writeMyRequestsFilters(filters).toString()).toBe('q=%EC%9A%A9%EC%97%AD&status=RETURNED&type=SERVICE&from=2026-01-01&groups=1&page=2');
    expect(readMyRequestsFilters(writeMyRequestsFilters(filters))).toEqual(filters);
    expect(myRequestsQuery(filters)).toEqual({
      page: 2, size: 30, searchKeyword: '용역', progressStatus: ['RETURNED'], contractTypes: ['SERVICE'], createdDateStart: '2026-01-01', sortField: 'createdAt', sortDirection: 'DESC',
    });
    expect(myRequestsQuery(filters, { isPaged: false })).not.toHaveProperty('page');
    expect(readMyRequestsFilters(new URLSearchParams('page=-3'))).toMatchObject({ page: 0, isGroups: false, statuses: [] });
  });
});

describe('the my-requests page', () => {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:download') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks with the filters of the address, 30 a page, and keeps every change in the address', { timeout: 25_000 }, async () => {
    const fake = signInAs(['contract.contract.read'])
      .on(listMyRequestsV2, ok(pageOf([summaryOf(901, { processStatus: 'RETURNED', currentStepCode: 'REQUEST', round: 2 })], 1, 30, 45)))
      .on(listGroupRequestsV2, ok(pageOf([summaryOf(902, { requester: { userId: 50, displayName: '한가람' } })], 0, 30, 1)))
      .on(downloadGroupRequestsV2, bytes());
    const { router } = renderApp('/hanbit/workflows/my-requests?q=용역&status=RETURNED&page=1');
    const table = await screen.findByRole('table', { name: '내 검토 요청' }, { timeout: 8000 });
    expect(within(table).getByRole('link', { name: '용역계약 901' })).toHaveAttribute('href', '/hanbit/contracts/8');
    expect(within(table).getByText('반송됨')).toBeInTheDocument();
    expect(query(fake.calls(listMyRequestsV2)[0]!)).toEqual([
      ['page', '1'], ['progressStatus', 'RETURNED'], ['searchKeyword', '용역'], ['size', '30'], ['sortDirection', 'DESC'], ['sortField', 'createdAt'],
    ]);
    expect(screen.getByText('전체 45건')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '검색어' })).toHaveValue('용역');

    // My groups' requests: the address says so, the page starts over, the groups call answers.
    await userEvent.click(screen.getByRole('switch', { name: '내 그룹의 요청 보기' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%EC%9A%A9%EC%97%AD&status=RETURNED&groups=1'));
    expect(await screen.findByRole('link', { name: '용역계약 902' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '내 그룹의 검토 요청' })).toBeInTheDocument();
    expect(query(fake.calls(listGroupRequestsV2)[0]!)).toContainEqual(['page', '0']);

    // A new keyword.
    const keyword = screen.getByRole('textbox', { name: '검색어' });
    await userEvent.clear(keyword);
    await userEvent.type(keyword, '물품{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=%EB%AC%BC%ED%92%88&status=RETURNED&groups=1'));
    await waitFor(() => expect(fake.calls(listGroupRequestsV2).at(-1)!.query.get('searchKeyword')).toBe('물품'));

    // Excel: the same filters, every page.
    await userEvent.click(screen.getByRole('button', { name: '엑셀 내려받기' }));
    await waitFor(() => expect(fake.calls(downloadGroupRequestsV2)).toHaveLength(1));
    const excel = fake.calls(downloadGroupRequestsV2)[0]!;
    expect(excel.query.get('searchKeyword')).toBe('물품');
    expect(excel.query.getAll('progressStatus')).toEqual(['RETURNED']);
    expect(excel.query.has('page')).toBe(false);
    await waitFor(() => expect(saved[0]).toMatch(/^group-requests-\d{8}\.xlsx$/));
  });

  it('says when nothing matches', { timeout: 20_000 }, async () => {
    signInAs(['contract.contract.read']).on(listMyRequestsV2, ok(pageOf([], 0, 30, 0)));
    renderApp('/hanbit/workflows/my-requests');
    expect(await screen.findByText('요청이 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
