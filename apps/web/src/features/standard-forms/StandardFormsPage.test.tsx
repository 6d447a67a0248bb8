import { addStandardFormBookmark, listStandardFormsV3 } from '@legal/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { ok, pageOf, READER, signInToLibrary, summaryOf } from './standard-forms.test-support';

const NDA = summaryOf(3, '비밀유지계약서 (표준)', { contractType: 'NDA', categoryType: '인사' });
const SERVICE_EN = summaryOf(4, 'Service agreement', { language: 'en', activeStatus: 'INACTIVE', bookmarked: true });

const queryOf = (call: { query: URLSearchParams }) => {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(call.query.keys())) {
    const all = call.query.getAll(key);
    out[key] = all.length > 1 ? all : all[0]!;
  }
  return out;
};

describe('standard-form library', { timeout: 45_000 }, () => {
  it('reads its filters from the address, keeps every change there and asks the server with them', async () => {
    const fake = signInToLibrary().on(listStandardFormsV3, (call) => ok(pageOf(call.query.get('bookmarkedOnly') === 'true' ? [SERVICE_EN] : [NDA, SERVICE_EN])));
    const { router } = renderApp('/hanbit/standard-forms?type=NDA&lang=en');
    const list = await screen.findByRole('list', { name: '서식 목록' }, { timeout: 8000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(queryOf(fake.calls(listStandardFormsV3)[0]!)).toEqual({ page: '0', size: '30', contractTypes: 'NDA', languages: 'en' });
    // The language chips: add Korean.
    fireEvent.click(screen.getByRole('checkbox', { name: '한국어' }));
    await waitFor(() => expect(router.state.location.search).toBe('?type=NDA&lang=en&lang=ko'));
    await waitFor(() => expect(queryOf(fake.calls(listStandardFormsV3).at(-1)!)).toMatchObject({ languages: ['en', 'ko'] }));
    // A writer filters by status too.
    fireEvent.click(screen.getByRole('checkbox', { name: '미사용' }));
    await waitFor(() => expect(router.state.location.search).toContain('status=INACTIVE'));
    await waitFor(() => expect(queryOf(fake.calls(listStandardFormsV3).at(-1)!)).toMatchObject({ activeStatuses: 'INACTIVE' }));
    // The keyword applies on submit, searched in the chosen place.
    fireEvent.change(screen.getByRole('textbox', { name: '검색어' }), { target: { value: '비밀' } });
    fireEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(router.state.location.search).toContain('q=%EB%B9%84%EB%B0%80'));
    await waitFor(() => expect(queryOf(fake.calls(listStandardFormsV3).at(-1)!)).toMatchObject({ searchKeyword: '비밀', searchKeywordType: 'ALL' }));
    // Bookmarked only.
    fireEvent.click(screen.getByRole('switch', { name: '즐겨찾기만' }));
    await waitFor(() => expect(router.state.location.search).toContain('bookmarked=1'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '서식 목록' })).getAllByRole('listitem')).toHaveLength(1));
    expect(queryOf(fake.calls(listStandardFormsV3).at(-1)!)).toMatchObject({ bookmarkedOnly: 'true' });
    // Back restores the previous filters.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).not.toContain('bookmarked'));
    await waitFor(() => expect(screen.getByRole('switch', { name: '즐겨찾기만' })).not.toBeChecked());
  });

  it('shows type and language chips on each card, and toggles the bookmark', async () => {
    const fake = signInToLibrary().on(listStandardFormsV3, ok(pageOf([NDA]))).on(addStandardFormBookmark, ok(null));
    renderApp('/hanbit/standard-forms');
    const card = await screen.findByRole('listitem', { name: '비밀유지계약서 (표준)' }, { timeout: 8000 });
    expect(within(card).getByText('비밀유지계약')).toBeInTheDocument();
    expect(within(card).getByText('한국어')).toBeInTheDocument();
    expect(within(card).getByText('인사')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '비밀유지계약서 (표준)' })).toHaveAttribute('href', '/hanbit/standard-forms/3');
    fireEvent.click(within(card).getByRole('button', { name: '비밀유지계약서 (표준) 즐겨찾기' }));
    await waitFor(() => expect(fake.calls(addStandardFormBookmark)).toHaveLength(1));
    expect(fake.calls(addStandardFormBookmark)[0]!.path).toBe('/api/btls/standard-forms/3/bookmarks/v1');
  });

  it('for a reader: no status filter, no new form, and the status in the address is not sent', async () => {
    const fake = signInToLibrary(READER).on(listStandardFormsV3, ok(pageOf([NDA])));
    renderApp('/hanbit/standard-forms?status=INACTIVE');
    await screen.findByRole('list', { name: '서식 목록' }, { timeout: 8000 });
    expect(screen.queryByRole('group', { name: '상태' })).toBeNull();
    expect(screen.queryByRole('button', { name: '새 서식' })).toBeNull();
    expect(fake.calls(listStandardFormsV3)[0]!.query.has('activeStatuses')).toBe(false);
  });

  it('says when nothing matches and clears the filters', async () => {
    signInToLibrary().on(listStandardFormsV3, (call) => ok(pageOf(call.query.has('contractTypes') ? [] : [NDA])));
    const { router } = renderApp('/hanbit/standard-forms?type=SERVICE');
    expect(await screen.findByText('조건에 맞는 서식이 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: '필터 지우기' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('list', { name: '서식 목록' })).toBeInTheDocument();
  });
});
