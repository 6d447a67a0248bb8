import { createInquiry, getInquiry, listInquiries } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { signInResearcher } from '../research.test-support';
import { detailOf, inquiryOf, pageOf } from './advisory.test-support';

const LIST = '/hanbit/business-agent/advisory';

describe('advisory inquiries list', { timeout: 30_000 }, () => {
  it('lists the newest first, searches by keyword and pages, keeping both in the address', async () => {
    const fake = signInResearcher().on(listInquiries, (call) => {
      const page = Number(call.query.get('page'));
      const keyword = call.query.get('searchKeyword');
      if (keyword) return ok(pageOf([inquiryOf(5, '하도급 대금 지급기한', { answer: '60일 이내' })], 0, 1));
      return ok(pageOf(page === 1 ? [inquiryOf(1, '가장 오래된 질의')] : [inquiryOf(12, '최근 질의', { asOf: '2026-11-01' }), inquiryOf(11, '그 전 질의')], page, 11));
    });
    const { router } = renderApp(LIST);
    const table = await screen.findByRole('table', { name: '자문 질의 목록' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['최근 질의', '그 전 질의']);
    expect(within(rows[0]!).getByText('2026. 11. 1.')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('회신 전')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: '최근 질의' })).toHaveAttribute('href', '/hanbit/business-agent/advisory/12');
    expect(screen.getByText('질의 11건')).toBeInTheDocument();
    expect(Object.fromEntries(fake.calls(listInquiries)[0]!.query)).toEqual({ page: '0', size: '10' });

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('link', { name: '가장 오래된 질의' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=1');

    const search = screen.getByRole('search', { name: '자문 질의 검색' });
    fireEvent.change(within(search).getByRole('textbox', { name: '검색어' }), { target: { value: ' 하도급 ' } });
    fireEvent.click(within(search).getByRole('button', { name: '검색' }));
    expect(await screen.findByRole('link', { name: '하도급 대금 지급기한' })).toBeInTheDocument();
    expect(screen.getByText('회신 있음')).toBeInTheDocument();
    // A new keyword starts from the first page.
    expect(Object.fromEntries(fake.calls(listInquiries).at(-1)!.query)).toEqual({ page: '0', size: '10', searchKeyword: '하도급' });
    expect(router.state.location.search).toBe(`?${new URLSearchParams({ q: '하도급' }).toString()}`);
  });

  it('explains the page when there is nothing yet, and says so when a search finds nothing', async () => {
    signInResearcher().on(listInquiries, ok(pageOf([])));
    const { router } = renderApp(LIST);
    expect(await screen.findByText('아직 기록된 자문 질의가 없습니다', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(/다음에 비슷한 질의가 들어왔을 때 이 답변이 유사 사례로 제시되고/)).toBeInTheDocument();
    await router.navigate(`${LIST}?q=${encodeURIComponent('없는 말')}`);
    expect(await screen.findByText('검색어에 맞는 질의가 없습니다')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: '검색 지우기' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('records an inquiry: required fields checked first, the server\'s 400 shown under its field, then the new inquiry opens', async () => {
    let attempt = 0;
    const fake = signInResearcher()
      .on(listInquiries, ok(pageOf([])))
      .on(createInquiry, () => {
        attempt += 1;
        return attempt === 1
          ? fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.asOf', reason: '존재하지 않는 날짜입니다' }] })
          : ok(inquiryOf(21, '부품 대금 지급기한'));
      })
      .on(getInquiry, ok(detailOf({ inquiryId: 21 })));
    const { router } = renderApp(LIST);
    fireEvent.click((await screen.findAllByRole('button', { name: '새 질의' }, { timeout: 15_000 }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: '새 자문 질의' });
    fireEvent.click(within(dialog).getByRole('button', { name: '기록' }));
    expect(await within(dialog).findAllByText('입력해 주세요.')).toHaveLength(2);
    expect(fake.calls(createInquiry)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /제목/ }), { target: { value: '부품 대금 지급기한' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /질의 내용/ }), { target: { value: ' 협력업체 대금은 언제까지? ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /기준일/ }), { target: { value: '20260301' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '기록' }));
    expect(await within(dialog).findByText('존재하지 않는 날짜입니다')).toBeInTheDocument();
    expect(fake.calls(createInquiry)[0]!.body).toEqual({ title: '부품 대금 지급기한', question: '협력업체 대금은 언제까지?', asOf: '2026-03-01' });

    fireEvent.change(within(dialog).getByRole('textbox', { name: /회신/ }), { target: { value: '60일 이내입니다.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '기록' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/business-agent/advisory/21'));
    expect(fake.calls(createInquiry)[1]!.body).toEqual({ title: '부품 대금 지급기한', question: '협력업체 대금은 언제까지?', answer: '60일 이내입니다.', asOf: '2026-03-01' });
  });

  it('shows the server\'s message and a retry when the list cannot be read', async () => {
    signInResearcher().on(listInquiries, fail(500, 'ERROR_INTERNAL', '일시적인 오류가 발생했습니다.'));
    renderApp(LIST);
    expect(await screen.findByText('일시적인 오류가 발생했습니다.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('keeps the page from a member without the research permission', async () => {
    const fake = signInResearcher({}, []);
    renderApp(LIST);
    expect(await screen.findByText('접근 권한이 없습니다', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(fake.calls(listInquiries)).toHaveLength(0);
  });
});
