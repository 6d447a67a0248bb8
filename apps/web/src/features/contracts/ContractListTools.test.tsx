import {
  type ContractUserConfig, type CounterpartyBookmark, createCounterpartyBookmark, DEFAULT_CONTRACT_COLUMNS, deleteCounterpartyBookmark, downloadContractsZip,
  exportContractsExcel, getContractStats, getContractUserConfig, listCounterpartyBookmarks, scrollSearchContracts, updateContractUserConfig,
} from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { READER, signInAs, summaryOf, WRITER } from './contracts.test-support';

const config = (over: Partial<ContractUserConfig> = {}): ContractUserConfig => ({
  columns: [...DEFAULT_CONTRACT_COLUMNS],
  savedFilters: [],
  defaultFilterName: null,
  version: 0,
  updatedAt: null,
  ...over,
});

const bytes = () => new Response(new Blob(['PK']), { status: 200, headers: { 'content-type': 'application/octet-stream' } });
const twoRows = ok({ content: [summaryOf(1), summaryOf(2)], sortValue: null, tieBreaker: null, hasNext: false });

describe('repository list tools', () => {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: vi.fn(() => 'blob:download') });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => FakeXhr.reset());

  it('exports the current search to Excel and zips the files of the selected contracts', { timeout: 20_000 }, async () => {
    const fake = signInAs(READER)
      .on(scrollSearchContracts, twoRows)
      .on(getContractUserConfig, ok(config()))
      .on(exportContractsExcel, bytes())
      .on(downloadContractsZip, bytes());
    renderApp('/hanbit/contracts?q=해지&sort=title,asc');
    await screen.findByRole('link', { name: '용역계약 1' }, { timeout: 8000 });

    await userEvent.click(screen.getByRole('button', { name: 'Excel로 내보내기' }));
    await waitFor(() => expect(fake.calls(exportContractsExcel)).toHaveLength(1));
    const excel = fake.calls(exportContractsExcel)[0]!;
    expect(excel.body).toEqual({ keyword: '해지' });
    expect(excel.query.get('sort')).toBe('title,asc');
    await waitFor(() => expect(saved[0]).toMatch(/^contracts-\d{8}\.xlsx$/));

    const zip = screen.getByRole('button', { name: '선택한 계약 파일 받기 (0)' });
    expect(zip).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: '용역계약 2 선택' }));
    await userEvent.click(screen.getByRole('button', { name: '선택한 계약 파일 받기 (1)' }));
    await waitFor(() => expect(fake.calls(downloadContractsZip)).toHaveLength(1));
    expect(fake.calls(downloadContractsZip)[0]!.body).toEqual({ contractIds: [2] });
    await waitFor(() => expect(saved[1]).toMatch(/\.zip$/));
  });

  it('shows the saved columns and saves a new choice on top of the version read', { timeout: 20_000 }, async () => {
    const fake = signInAs(READER)
      .on(scrollSearchContracts, twoRows)
      .on(getContractUserConfig, ok(config({ columns: ['title', 'status', 'memo'], version: 4 })))
      .on(updateContractUserConfig, (call) => ok(config({ ...(call.body as Partial<ContractUserConfig>), version: 5 })));
    renderApp('/hanbit/contracts');
    const table = await screen.findByRole('table', { name: '계약 목록' }, { timeout: 8000 });
    // Sortable headers are buttons: read the header row's text.
    const header = () => table.querySelector('thead')!.textContent;
    await waitFor(() => expect(header()).toContain('상태'));
    expect(header()).not.toContain('계약 금액');

    await userEvent.click(screen.getByRole('button', { name: '표시할 열' }));
    const picker = await screen.findByRole('group', { name: '표시할 열' });
    expect(within(picker).getByRole('checkbox', { name: '메모 (Excel에만)' })).toBeChecked();
    await userEvent.click(within(picker).getByRole('checkbox', { name: '계약 금액' }));
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(updateContractUserConfig)).toHaveLength(1));
    expect(fake.calls(updateContractUserConfig)[0]!.body).toMatchObject({ columns: ['title', 'status', 'amount', 'memo'], version: 4 });
    await waitFor(() => expect(header()).toContain('계약 금액'));
  });

  it('opens with the default saved search and keeps the current one under a name', { timeout: 20_000 }, async () => {
    const fake = signInAs(READER)
      .on(scrollSearchContracts, twoRows)
      .on(getContractUserConfig, ok(config({
        savedFilters: [{ name: '이행 중 NDA', filter: { contractTypes: ['NDA'], statuses: ['ACTIVE'] }, sort: 'endDate,asc' }],
        defaultFilterName: '이행 중 NDA',
        version: 2,
      })))
      .on(updateContractUserConfig, fail(409, 'ERROR_CONFLICT', 'stale'));
    const { router } = renderApp('/hanbit/contracts');
    await waitFor(() => expect(router.state.location.search).toBe('?type=NDA&status=ACTIVE&sort=endDate%2Casc'), { timeout: 8000 });
    await waitFor(() => expect(fake.calls(scrollSearchContracts).at(-1)?.body).toMatchObject({ contractTypes: ['NDA'], statuses: ['ACTIVE'], sortField: 'endDate' }));

    await userEvent.click(screen.getByRole('button', { name: '저장한 검색' }));
    await userEvent.type(await screen.findByRole('textbox', { name: '검색 이름' }), '내 검색');
    await userEvent.click(screen.getByRole('button', { name: '현재 검색 저장' }));
    await waitFor(() => expect(fake.calls(updateContractUserConfig)).toHaveLength(1));
    expect(fake.calls(updateContractUserConfig)[0]!.body).toMatchObject({
      savedFilters: [{ name: '이행 중 NDA' }, { name: '내 검색', filter: { contractTypes: ['NDA'], statuses: ['ACTIVE'] }, sort: 'endDate,asc' }],
      version: 2,
    });
    expect(await screen.findByText('다른 창에서 목록 설정이 바뀌었습니다. 최신 설정을 불러왔으니 다시 시도해 주세요.')).toBeInTheDocument();
  });
});

describe('counterparty bookmarks and the stats', () => {
  afterEach(() => FakeXhr.reset());

  const bookmark = (id: number, name: string, canChange: boolean): CounterpartyBookmark => ({
    id, counterpartyType: 'COMPANY', name, businessRegistrationNumber: '1234567890', representative: null, address: null, contacts: [],
    createdByUserId: canChange ? 41 : 52, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
    abilities: { canUpdate: canChange, canDelete: canChange },
  });

  it('manages the workspace address book as each bookmark allows', { timeout: 25_000 }, async () => {
    const fake = signInAs(WRITER)
      .on(scrollSearchContracts, twoRows)
      .on(listCounterpartyBookmarks, ok({ content: [bookmark(5, '주식회사 새솔', true), bookmark(6, '한빛물산', false)], page: 0, size: 30, totalElements: 2, totalPages: 1 }))
      .on(createCounterpartyBookmark, ok(bookmark(7, '누리상사', true)))
      .on(deleteCounterpartyBookmark, ok(bookmark(5, '주식회사 새솔', true)));
    renderApp('/hanbit/contracts');
    await userEvent.click(await screen.findByRole('button', { name: '거래처 즐겨찾기' }, { timeout: 8000 }));
    const drawer = await screen.findByRole('dialog', { name: '거래처 즐겨찾기' });
    expect(await within(drawer).findByText('한빛물산')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: '주식회사 새솔 삭제' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: '한빛물산 삭제' })).not.toBeInTheDocument();

    await userEvent.type(within(drawer).getByRole('textbox', { name: '이름·대표자·사업자등록번호' }), '새솔');
    await waitFor(() => expect(fake.calls(listCounterpartyBookmarks).at(-1)?.query.get('keyword')).toBe('새솔'));

    await userEvent.click(within(drawer).getByRole('button', { name: '거래처 추가' }));
    const form = await screen.findByRole('dialog', { name: '거래처 추가' });
    await userEvent.type(within(form).getByRole('textbox', { name: '이름(상호)' }), '누리상사');
    await userEvent.type(within(form).getByRole('textbox', { name: '사업자등록번호' }), '2208162517');
    await userEvent.click(within(form).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(createCounterpartyBookmark)).toHaveLength(1));
    // Sent as typed; the server writes a ten-digit number as 220-81-62517.
    expect(fake.calls(createCounterpartyBookmark)[0]!.body).toMatchObject({ name: '누리상사', businessRegistrationNumber: '2208162517' });

    await userEvent.click(within(drawer).getByRole('button', { name: '주식회사 새솔 삭제' }));
    const confirm = await screen.findByRole('dialog', { name: '거래처 삭제' });
    await userEvent.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(fake.calls(deleteCounterpartyBookmark)).toHaveLength(1));
    expect(await screen.findByText('거래처를 삭제했습니다.')).toBeInTheDocument();
  });

  it('shows the counts of the repository when asked', { timeout: 20_000 }, async () => {
    const fake = signInAs(READER)
      .on(scrollSearchContracts, twoRows)
      .on(getContractStats, ok({
        dateStart: '2026-01-01', dateEnd: '2026-03-31', total: 5,
        byStatus: [{ status: 'ACTIVE', label: '이행 중', count: 3 }, { status: 'DRAFT', label: '작성 중', count: 2 }],
        byContractType: [{ contractType: 'NDA', label: '비밀유지계약', count: 5 }],
        byMonth: [{ month: '2026-01', count: 1 }, { month: '2026-02', count: 0 }, { month: '2026-03', count: 4 }],
      }));
    renderApp('/hanbit/contracts');
    const card = await screen.findByRole('region', { name: '계약 현황' }, { timeout: 8000 });
    expect(fake.calls(getContractStats)).toHaveLength(0);
    await userEvent.click(within(card).getByRole('button', { name: '현황 보기' }));
    expect(await within(card).findByText('2026-01-01 ~ 2026-03-31에 등록된 계약 5건')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: '이행 중: 3' })).toBeInTheDocument();
    expect(within(card).getByRole('listitem', { name: '2026-03: 4건' })).toBeInTheDocument();

    // The range in the shared date field; an emptied day is left to the server again.
    const from = within(card).getByRole('textbox', { name: '등록일 시작' });
    fireEvent.change(from, { target: { value: '20260201' } });
    await waitFor(() => expect(fake.calls(getContractStats).at(-1)!.query.get('dateStart')).toBe('2026-02-01'));
    fireEvent.change(from, { target: { value: '' } });
    fireEvent.change(within(card).getByRole('textbox', { name: '등록일 끝' }), { target: { value: '2026-06-30' } });
    await waitFor(() => expect(fake.calls(getContractStats).at(-1)!.query.get('dateEnd')).toBe('2026-06-30'));
    expect(fake.calls(getContractStats).at(-1)!.query.has('dateStart')).toBe(false);
  });
});
