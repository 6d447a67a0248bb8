import { bookmarkContract, type ContractScrollBody, listContractBookmarks, scrollSearchContracts } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { setLauncher } from '../../lib/session';
import { hanbit, serveSession } from '../../test/session-fixtures';
import { renderApp } from '../../test/render';
import { READER, signInAs, summaryOf, WRITER } from './contracts.test-support';
import { readContractFilters, writeContractFilters } from './contract-search-params';

const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => summaryOf(from + i));

/** Twenty contracts, then five more after the cursor of the twentieth. */
function scrollReply(call: { body: unknown }) {
  const body = call.body as ContractScrollBody;
  if (body.tieBreaker === undefined) return ok({ content: rows(1, 20), sortValue: '2026-01-10T01:00:00.000Z', tieBreaker: 20, hasNext: true });
  return ok({ content: rows(21, 5), sortValue: '2026-01-09T01:00:00.000Z', tieBreaker: 25, hasNext: false });
}

describe('contract repository list', () => {
  afterEach(() => FakeXhr.reset());

  it('says the repository is not available in a workspace without the CLM product', { timeout: 20_000 }, async () => {
    const fake = signInAs(WRITER);
    const withoutClm = { ...hanbit, products: [{ type: 'AI_REVIEW' as const }] };
    setLauncher([withoutClm]);
    serveSession(fake, { launcher: [withoutClm], permissions: WRITER });
    renderApp('/hanbit/contracts');
    expect(await screen.findByRole('heading', { name: '이 워크스페이스에서 사용할 수 없는 서비스입니다' }, { timeout: 8000 })).toBeInTheDocument();
    expect(fake.calls(scrollSearchContracts)).toHaveLength(0);
  });

  it('shows the same state when the server answers that the workspace lost the product', { timeout: 20_000 }, async () => {
    signInAs(WRITER).on(scrollSearchContracts, () => fail(403, 'ERROR_PRODUCT_NOT_AVAILABLE', '이 워크스페이스에서 사용할 수 없는 서비스입니다.', { product: 'CLM' }));
    renderApp('/hanbit/contracts');
    expect(await screen.findByRole('heading', { name: '이 워크스페이스에서 사용할 수 없는 서비스입니다' }, { timeout: 8000 })).toBeInTheDocument();
  });

  // Rendering twenty table rows twice and the lazy page module takes a while in jsdom.
  it('searches with the filters of the address and loads more rows at the end', { timeout: 20_000 }, async () => {
    const fake = signInAs(WRITER).on(scrollSearchContracts, scrollReply);
    renderApp('/hanbit/contracts?q=해지&status=ACTIVE&endFrom=2026-01-01&sort=endDate,asc');
    expect(await screen.findByRole('heading', { level: 1, name: '계약 저장소' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '용역계약 1' })).toHaveAttribute('href', '/hanbit/contracts/1');

    const first = fake.calls(scrollSearchContracts)[0]!;
    expect(first.body).toEqual({
      keyword: '해지',
      statuses: ['ACTIVE'],
      endDate: { start: '2026-01-01' },
      fetchSize: 20,
      sortField: 'endDate',
      sortDirection: 'asc',
    });
    expect(first.headers.get('x-workspace')).toBe('10');
    expect(screen.getAllByText('이행 중').length).toBeGreaterThan(0);
    expect(screen.getAllByText('₩1,500,000').length).toBe(20);

    await userEvent.click(screen.getByRole('button', { name: '더 불러오기' }));
    expect(await screen.findByRole('link', { name: '용역계약 25' })).toBeInTheDocument();
    const second = fake.calls(scrollSearchContracts)[1]!.body as ContractScrollBody;
    expect(second).toMatchObject({ keyword: '해지', sortValue: '2026-01-10T01:00:00.000Z', tieBreaker: 20, fetchSize: 20 });
    expect(screen.getByText('계약 25건을 모두 불러왔습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '더 불러오기' })).not.toBeInTheDocument();
  });

  // Eleven interactions with the filter form: under CI's load (the E2E step beside it) 30 s was not always enough.
  it('keeps the keyword and filters in the address and checks them before searching', { timeout: 60_000 }, async () => {
    const fake = signInAs(READER).on(scrollSearchContracts, scrollReply);
    const { router } = renderApp('/hanbit/contracts');
    await screen.findByRole('link', { name: '용역계약 1' }, { timeout: 8000 });
    expect(screen.queryByRole('link', { name: '계약 등록' })).not.toBeInTheDocument();

    const search = screen.getByRole('search', { name: '계약 검색' });
    await userEvent.type(within(search).getByLabelText('검색어'), '갱신');
    await userEvent.click(within(search).getByRole('button', { name: '필터' }));
    await userEvent.click(within(search).getByRole('checkbox', { name: '체결 완료' }));
    fireEvent.change(within(search).getByLabelText('종료일 시작'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(search).getByLabelText('종료일 끝'), { target: { value: '2026-01-01' } });
    await userEvent.click(within(search).getByRole('button', { name: '검색' }));
    // A reversed range is explained here; nothing is sent.
    expect(await within(search).findByText('앞의 값보다 작을 수 없습니다.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');

    fireEvent.change(within(search).getByLabelText('종료일 끝'), { target: { value: '2026-06-30' } });
    await userEvent.type(within(search).getByLabelText('최소 금액'), '1,000,000');
    await userEvent.click(within(search).getByRole('button', { name: '필터 적용' }));
    await waitFor(() => expect(router.state.location.search).not.toBe(''));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('q')).toBe('갱신');
    expect(params.getAll('status')).toEqual(['SIGNED']);
    expect(params.get('endFrom')).toBe('2026-03-01');
    expect(params.get('endTo')).toBe('2026-06-30');
    expect(params.get('amountMin')).toBe('1000000');
    await waitFor(() => expect(fake.calls(scrollSearchContracts).at(-1)?.body).toMatchObject({
      keyword: '갱신', statuses: ['SIGNED'], endDate: { start: '2026-03-01', end: '2026-06-30' }, amountMin: '1000000',
    }));
    // Status, end date and amount narrow the list: the filter button counts them.
    expect(within(search).getByRole('button', { expanded: true })).toHaveTextContent('3');

    // Sorting by a column header is part of the address too.
    await userEvent.click(screen.getByRole('button', { name: /종료일/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toMatch(/^endDate,/));
    await waitFor(() => expect(fake.calls(scrollSearchContracts).at(-1)?.body).toMatchObject({ sortField: 'endDate' }));
  });

  it('bookmarks a contract and shows the bookmarked ones on their own', async () => {
    const fake = signInAs(READER)
      .on(scrollSearchContracts, ok({ content: [summaryOf(1), summaryOf(2)], sortValue: null, tieBreaker: null, hasNext: false }))
      .on(bookmarkContract, ok({ contractId: 2, isBookmarked: true }))
      .on(listContractBookmarks, ok({ content: [summaryOf(2, { isBookmarked: true })], page: 0, size: 30, totalElements: 1, totalPages: 1 }));
    const { router } = renderApp('/hanbit/contracts');
    const toggle = await screen.findByRole('button', { name: '용역계약 2 즐겨찾기' }, { timeout: 8000 });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('button', { name: '용역계약 2 즐겨찾기' })).toHaveAttribute('aria-pressed', 'true'));
    expect(fake.calls(bookmarkContract)[0]!.path).toBe('/api/conhub/contracts/2/bookmarks/v1');

    await userEvent.click(screen.getByText('즐겨찾기만'));
    await waitFor(() => expect(router.state.location.search).toBe('?view=bookmarks'));
    expect(await screen.findByRole('table', { name: '즐겨찾기한 계약' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '용역계약 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '용역계약 2' })).toBeInTheDocument();
    expect(fake.calls(listContractBookmarks)[0]!.query.get('size')).toBe('30');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('says truthfully why the list is empty and offers only what the user may do', { timeout: 30_000 }, async () => {
    const none = ok({ content: [], sortValue: null, tieBreaker: null, hasNext: false });
    // Someone who sees every contract: the workspace has none yet.
    signInAs([...WRITER, 'contract.all_contract.read']).on(scrollSearchContracts, none);
    let view = renderApp('/hanbit/contracts');
    expect(await screen.findByText('등록된 계약이 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '계약 등록' })[0]).toHaveAttribute('href', '/hanbit/contracts/new');
    view.unmount();

    // A writer who sees only some contracts: there may be others.
    signInAs(WRITER).on(scrollSearchContracts, none);
    view = renderApp('/hanbit/contracts');
    expect(await screen.findByText('볼 수 있는 계약이 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText('등록된 계약이 없습니다')).toBeNull();
    expect(screen.getAllByRole('link', { name: '계약 등록' })[0]).toHaveAttribute('href', '/hanbit/contracts/new');
    view.unmount();

    // A reader is offered nothing they may not do.
    signInAs(READER).on(scrollSearchContracts, none);
    view = renderApp('/hanbit/contracts');
    expect(await screen.findByText('볼 수 있는 계약이 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText(/담당자에게 공유를 요청하세요/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '계약 등록' })).toBeNull();
    view.unmount();

    // With a search: nothing matches, and the search can be cleared.
    signInAs(READER).on(scrollSearchContracts, none);
    const searched = renderApp('/hanbit/contracts?q=해지&status=ACTIVE');
    expect(await screen.findByText('조건에 맞는 계약이 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '검색 조건 지우기' }));
    await waitFor(() => expect(searched.router.state.location.search).toBe(''));
    searched.unmount();

    signInAs(['file.file.read']);
    renderApp('/hanbit/contracts');
    expect(await screen.findByText('접근 권한이 없습니다')).toBeInTheDocument();
  });
});

describe('contract filters in the address', () => {
  it('reads back what it writes and drops what it does not know', () => {
    const params = new URLSearchParams('q=해지&type=NDA&type=BOGUS&status=ACTIVE&owner=41&owner=x&tag=갱신&signedFrom=2026-01-01&signedTo=nope&amountMin=10&currency=krw&sort=title,asc&view=bookmarks');
    const filters = readContractFilters(params);
    expect(filters).toMatchObject({
      keyword: '해지',
      contractTypes: ['NDA'],
      statuses: ['ACTIVE'],
      ownerIds: [41],
      hashtags: ['갱신'],
      amountMin: '10',
      currency: 'KRW',
      sort: { field: 'title', direction: 'asc' },
      view: 'bookmarks',
    });
    expect(filters.dates.signedDate).toEqual({ start: '2026-01-01', end: undefined });
    expect(readContractFilters(writeContractFilters(filters))).toEqual(filters);
    expect(writeContractFilters(readContractFilters(new URLSearchParams('sort=createdAt,desc'))).toString()).toBe('');
  });
});
