import { deleteChat, getChatV2, getClauseHistory, getStatuteVersion, listChats, listSampleQuestions, queryChat, saveChatFeedback, searchStatutes } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import {
  ARTICLE_13, CHAT_KEY, chatSummaryOf, CITATION, CLAUSE_DIFF, CLAUSE_HISTORY, controlledStream, messageOf, pageOf, QUOTE, questionOf, signInResearcher, streamOf, SUBCONTRACT_ACT, versionOf,
} from './research.test-support';

const QUESTION = '하청업체한테 대금은 언제까지 줘야 돼?';

const ask = (text: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: '질문' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: '질문' }));
};

const doneOf = (answer = messageOf(), chatKey = CHAT_KEY, index = { versions: 359, indexedVersions: 359 }) => ({ chatKey, question: questionOf(QUESTION), answer, creditsCharged: 0, index });

// The page now loads the composer's attachments, prompts and recent-filter menus too: beside the E2E suite
// on two cores its heavier tests came near the 20 s default (17.5 s), so this file allows 60 s.
describe('research chat', { timeout: 60_000 }, () => {
  it('streams an answer, then shows the stored one with its citation chips, and opens the new chat', async () => {
    const stream = controlledStream();
    const fake = signInResearcher()
      .on(listChats, ok(pageOf([])))
      .on(listSampleQuestions, ok([QUESTION]))
      .on(queryChat, () => reply)
      .on(getChatV2, ok({ ...chatSummaryOf(CHAT_KEY, QUESTION), messages: [questionOf(QUESTION), messageOf()] }));
    let reply = stream.response;
    const { router } = renderApp('/hanbit/business-agent');
    expect(await screen.findByRole('heading', { name: '무엇이든 법령에 물어보세요' }, { timeout: 8000 })).toBeInTheDocument();
    // A sample question asks at once.
    fireEvent.click(await screen.findByRole('button', { name: QUESTION }));
    await waitFor(() => expect(fake.calls(queryChat)).toHaveLength(1));
    expect(fake.calls(queryChat)[0]!.body).toEqual({ question: QUESTION });

    stream.send('delta', { text: '하도급대금은 ' });
    stream.send('delta', { text: '60일 이내에' });
    expect(await screen.findByText('하도급대금은 60일 이내에')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '중지' })).toBeInTheDocument();

    stream.send('done', doneOf());
    stream.close();
    const answer = await screen.findByRole('article', { name: '답변' });
    expect(within(answer).getByText('하도급대금은 목적물 수령일부터 60일 이내에 지급해야 합니다.')).toBeInTheDocument();
    expect(within(answer).getByRole('button', { name: '하도급거래 공정화에 관한 법률 제13조 ① · 2025. 1. 21. 시행' })).toBeInTheDocument();
    expect(screen.queryByTestId('streamed-answer')).toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe(`?chat=${CHAT_KEY}`));
    // The reloaded chat holds the same messages: they show once.
    await waitFor(() => expect(fake.calls(getChatV2).length).toBeGreaterThan(0));
    expect(screen.getAllByRole('article', { name: '답변' })).toHaveLength(1);
    // The list is asked again for the new chat.
    expect(fake.calls(listChats).length).toBeGreaterThanOrEqual(2);

    // A follow-up continues the same chat.
    reply = streamOf([['done', { ...doneOf(messageOf({ chatMessageKey: 'msg_answer02', text: '지급기일을 정하지 않았다면 수령일이 지급기일입니다.' })), question: questionOf('정하지 않았으면?', 'msg_question2') }]]);
    ask('정하지 않았으면?');
    expect(await screen.findByText('지급기일을 정하지 않았다면 수령일이 지급기일입니다.')).toBeInTheDocument();
    expect(fake.calls(queryChat)[1]!.body).toEqual({ question: '정하지 않았으면?', chatKey: CHAT_KEY });
    expect(screen.getAllByRole('article', { name: '답변' })).toHaveLength(2);
    // Both answers rested on the whole index: no notice.
    expect(screen.queryByText('법령 색인을 만드는 중입니다')).toBeNull();
  });

  it('tells a member without the research permission so, and calls no chat route', async () => {
    const fake = signInResearcher({}, []).on(listChats, ok(pageOf([]))).on(listSampleQuestions, ok([QUESTION]));
    renderApp('/hanbit/business-agent');
    expect(await screen.findByRole('heading', { name: '접근 권한이 없습니다' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '질문' })).toBeNull();
    expect(fake.calls(listChats)).toHaveLength(0);
    expect(fake.calls(listSampleQuestions)).toHaveLength(0);
    // The navigation offers no way there either.
    expect(screen.queryByRole('link', { name: '법률 리서치' })).toBeNull();
  });

  it('says an answer given while the first start was still indexing rests on part of the law', async () => {
    signInResearcher()
      .on(listChats, ok(pageOf([])))
      .on(listSampleQuestions, ok([]))
      .on(queryChat, streamOf([['done', doneOf(messageOf(), CHAT_KEY, { versions: 359, indexedVersions: 120 })]]))
      .on(getChatV2, ok({ ...chatSummaryOf(CHAT_KEY, QUESTION), messages: [questionOf(QUESTION), messageOf()] }));
    renderApp('/hanbit/business-agent');
    await screen.findByRole('heading', { name: '무엇이든 법령에 물어보세요' }, { timeout: 8000 });
    ask(QUESTION);
    expect(await screen.findByText('법령 색인을 만드는 중입니다')).toBeInTheDocument();
    expect(screen.getByText(/법령 359개 버전 중 120개만 색인되어/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '법령 색인 진행률' })).toHaveAttribute('aria-valuenow', String((100 * 120) / 359));
  });

  it('says while the embedding model has vectors for part of the statutes only (the index itself whole)', async () => {
    const partly = { versions: 359, indexedVersions: 359, embeddings: { model: 'text-embedding-3-small', wordings: 16_428, embedded: 4_107 } };
    signInResearcher()
      .on(listChats, ok(pageOf([])))
      .on(listSampleQuestions, ok([]))
      .on(queryChat, streamOf([['done', doneOf(messageOf(), CHAT_KEY, partly)]]))
      .on(getChatV2, ok({ ...chatSummaryOf(CHAT_KEY, QUESTION), messages: [questionOf(QUESTION), messageOf()] }));
    renderApp('/hanbit/business-agent');
    await screen.findByRole('heading', { name: '무엇이든 법령에 물어보세요' }, { timeout: 8000 });
    ask(QUESTION);
    expect(await screen.findByText('의미 검색을 준비하는 중입니다')).toBeInTheDocument();
    expect(screen.getByText(/조문 16428개 중 4107개만 의미 검색용 벡터가/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '의미 검색 준비 진행률' })).toHaveAttribute('aria-valuenow', String((100 * 4_107) / 16_428));
    expect(screen.queryByText('법령 색인을 만드는 중입니다')).toBeNull();
  });

  it('opens a citation chip: the article with the quoted span marked, its version, and the history diff', async () => {
    const fake = signInResearcher()
      .on(listChats, ok(pageOf([chatSummaryOf(CHAT_KEY, QUESTION)])))
      .on(getChatV2, ok({ ...chatSummaryOf(CHAT_KEY, QUESTION), messages: [questionOf(QUESTION), messageOf()] }))
      .on(getStatuteVersion, ok(versionOf([ARTICLE_13])))
      .on(getClauseHistory, (call) => ok({ ...CLAUSE_HISTORY, diff: call.query.get('from') ? CLAUSE_DIFF : null }));
    renderApp(`/hanbit/business-agent?chat=${CHAT_KEY}`);
    fireEvent.click(await screen.findByRole('button', { name: /제13조 ①/ }, { timeout: 8000 }));
    const panel = await screen.findByRole('dialog', { name: '하도급거래 공정화에 관한 법률 제13조 ①' });
    const article = await within(panel).findByRole('region', { name: '인용 조문' });
    expect(article.querySelector('mark[data-quoted]')?.textContent).toBe(QUOTE);
    expect(within(panel).getByText('시행 2025. 1. 21.')).toBeInTheDocument();
    expect(within(panel).getByText('법령MST 265959')).toBeInTheDocument();
    const version = fake.calls(getStatuteVersion)[0]!;
    expect(Object.fromEntries(version.query)).toEqual({ lawSerialNumber: CITATION.lawSerialNumber, article: '제13조' });

    fireEvent.click(within(panel).getByRole('button', { name: '연혁 보기' }));
    const diff = await within(panel).findByTestId('clause-diff');
    expect(diff.querySelector('del')?.textContent).toBe('[삭제] 90일');
    expect(diff.querySelector('ins')?.textContent).toBe('[추가] 60일');
    // The newest change by default: the older revision against the newer one.
    const compared = fake.calls(getClauseHistory).find((c) => c.query.get('from'))!;
    expect(compared.path).toBe(`/api/aistudio/statutes/2245/clauses/${encodeURIComponent('제13조')}/histories/v1`);
    expect(Object.fromEntries(compared.query)).toEqual({ from: '210001', to: '265959' });
  });

  it('styles a declined answer as such and explains a corrected one', async () => {
    signInResearcher()
      .on(listChats, ok(pageOf([chatSummaryOf(CHAT_KEY, '최저임금')])))
      .on(getChatV2, ok({
        ...chatSummaryOf(CHAT_KEY, '최저임금'),
        messages: [
          questionOf('미국 캘리포니아주 최저임금은?', 'msg_q_0000001'),
          messageOf({ chatMessageKey: 'msg_a_0000001', declined: true, citations: [], text: '제공된 자료에서 근거를 찾지 못했습니다.' }),
          questionOf('하도급대금 지급기한은?', 'msg_q_0000002'),
          messageOf({ chatMessageKey: 'msg_a_0000002', correctedReferences: 2 }),
        ],
      }));
    renderApp(`/hanbit/business-agent?chat=${CHAT_KEY}`);
    const declined = await screen.findByRole('article', { name: '근거 없음 답변' }, { timeout: 8000 });
    expect(declined).toHaveAttribute('data-declined', 'true');
    expect(within(declined).getByText('근거를 찾지 못함')).toBeInTheDocument();
    expect(within(declined).queryByRole('button', { name: /시행$/ })).toBeNull();
    const corrected = screen.getByRole('article', { name: '답변' });
    const badge = within(corrected).getByText('인용 2건 정정됨');
    expect(badge.closest('[aria-description]')?.getAttribute('aria-description')).toContain('2건이 해당 시점 법령에서 확인되지 않아 삭제되었습니다');
    expect(within(declined).queryByText(/정정됨/)).toBeNull();
  });

  it('saves feedback and shows the saved rating; a saved rating shows on reopening', async () => {
    const fake = signInResearcher()
      .on(listChats, ok(pageOf([chatSummaryOf(CHAT_KEY, QUESTION)])))
      .on(getChatV2, ok({ ...chatSummaryOf(CHAT_KEY, QUESTION), messages: [questionOf(QUESTION), messageOf({ feedback: 'BAD' })] }))
      .on(saveChatFeedback, (call) => ok({ rating: (call.body as { rating: string }).rating, comment: (call.body as { comment?: string }).comment ?? null, updatedAt: '2026-11-27T02:00:00.000Z' }));
    renderApp(`/hanbit/business-agent?chat=${CHAT_KEY}`);
    const answer = await screen.findByRole('article', { name: '답변' }, { timeout: 8000 });
    expect(within(answer).getByRole('button', { name: '도움이 안 됨' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(answer).getByRole('button', { name: '도움이 됨' })).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(within(answer).getByRole('button', { name: '도움이 됨' }));
    await waitFor(() => expect(within(answer).getByRole('button', { name: '도움이 됨' })).toHaveAttribute('aria-pressed', 'true'));
    expect(within(answer).getByRole('button', { name: '도움이 안 됨' })).toHaveAttribute('aria-pressed', 'false');
    const saved = fake.calls(saveChatFeedback)[0]!;
    expect(saved.path).toBe(`/api/aistudio/chats/${CHAT_KEY}/messages/msg_answer01/feedback/v1`);
    expect(saved.body).toEqual({ rating: 'GOOD' });

    fireEvent.click(within(answer).getByRole('button', { name: '의견 남기기' }));
    fireEvent.change(within(answer).getByRole('textbox', { name: '의견' }), { target: { value: '조문 인용이 정확함' } });
    fireEvent.click(within(answer).getByRole('button', { name: '의견 저장' }));
    await waitFor(() => expect(fake.calls(saveChatFeedback)).toHaveLength(2));
    expect(fake.calls(saveChatFeedback)[1]!.body).toEqual({ rating: 'GOOD', comment: '조문 인용이 정확함' });
    await waitFor(() => expect(within(answer).queryByRole('textbox', { name: '의견' })).toBeNull());
  });

  it('shows a failure before the stream (402, 403, 400) and an error event, and keeps what streamed when stopped', async () => {
    let reply = fail(402, 'ERROR_INSUFFICIENT_CREDITS', '크레딧이 부족합니다.', { balance: 3, required: 10 });
    const hanging = controlledStream();
    const fake = signInResearcher()
      .on(listChats, ok(pageOf([])))
      .on(listSampleQuestions, ok([]))
      .on(queryChat, () => reply);
    renderApp('/hanbit/business-agent');
    await screen.findByRole('textbox', { name: '질문' }, { timeout: 8000 });

    ask('질문 하나');
    expect(await screen.findByText(/잔액/)).toBeInTheDocument();

    reply = fail(403, 'ERROR_PRODUCT_NOT_AVAILABLE', '이 워크스페이스에는 AI 스튜디오가 없습니다.');
    ask('질문 둘');
    expect(await screen.findByText('이 워크스페이스에는 AI 스튜디오가 없습니다.')).toBeInTheDocument();

    reply = fail(400, 'ERROR_VALIDATION', '기준일이 올바르지 않습니다.');
    ask('질문 셋');
    expect(await screen.findByText('기준일이 올바르지 않습니다.')).toBeInTheDocument();

    reply = streamOf([['delta', { text: '일부' }], ['error', { code: 'ERROR_AI_PROVIDER_FAILED', message: '모델 호출에 실패했습니다.' }]]);
    ask('질문 넷');
    expect(await screen.findByText('모델 호출에 실패했습니다.')).toBeInTheDocument();

    reply = hanging.response;
    ask('질문 다섯');
    hanging.send('delta', { text: '쓰던 답변' });
    expect(await screen.findByText('쓰던 답변')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '중지' }));
    const stopped = await screen.findByRole('article', { name: '중지된 답변' });
    expect(within(stopped).getByText('쓰던 답변')).toBeInTheDocument();
    expect(within(stopped).getByText('중지됨')).toBeInTheDocument();
    const signal = (fake.fetch.mock.calls.filter(([url]) => String(url).includes(queryChat.path)).at(-1)![1] as RequestInit).signal!;
    expect(signal.aborted).toBe(true);
    expect(screen.queryByRole('button', { name: '중지' })).toBeNull();
  });

  it('asks as of a date and only in the statutes picked in the filter', async () => {
    const fake = signInResearcher()
      .on(listChats, ok(pageOf([])))
      .on(listSampleQuestions, ok([]))
      .on(searchStatutes, ok([SUBCONTRACT_ACT]))
      .on(queryChat, streamOf([['done', doneOf()]]));
    renderApp('/hanbit/business-agent');
    await screen.findByRole('textbox', { name: '질문' }, { timeout: 8000 });
    const filterInput = screen.getAllByLabelText('법령 필터 (선택)').find((el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden')!;
    fireEvent.click(filterInput);
    fireEvent.change(filterInput, { target: { value: '하도급' } });
    // The search waits for the typing to pause; the list shows what it found.
    await waitFor(() => expect(fake.calls(searchStatutes)).toHaveLength(1));
    fireEvent.click(filterInput);
    fireEvent.click(await screen.findByRole('option', { name: '하도급거래 공정화에 관한 법률 (법률)' }));
    expect(fake.calls(searchStatutes)[0]!.query.get('keyword')).toBe('하도급');
    fireEvent.change(screen.getByLabelText('기준일 (선택)', { exact: false }), { target: { value: '2019-06-01' } });
    ask(QUESTION);
    await waitFor(() => expect(fake.calls(queryChat)).toHaveLength(1));
    expect(fake.calls(queryChat)[0]!.body).toEqual({ question: QUESTION, asOf: '2019-06-01', statuteIds: ['2245'] });
    expect(await screen.findByRole('article', { name: '답변' })).toBeInTheDocument();
  });

  it('pages the chat list, filters it by day, opens a chat and deletes one after confirming', async () => {
    const first = Array.from({ length: 20 }, (_, i) => chatSummaryOf(`chat_key_${String(i).padStart(4, '0')}`, `대화 ${i}`));
    const fake = signInResearcher()
      .on(listChats, (call) =>
        call.query.get('page') === '1' ? ok(pageOf([chatSummaryOf('chat_key_last0', '마지막 대화')], 1, 2)) : ok(pageOf(first, 0, 2)),
      )
      .on(getChatV2, ok({ ...chatSummaryOf('chat_key_0003', '대화 3'), messages: [questionOf('세 번째 질문')] }))
      .on(deleteChat, ok(null));
    const { router } = renderApp('/hanbit/business-agent');
    const list = await screen.findByRole('list', { name: '내 대화' }, { timeout: 8000 });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: '더 보기' }));
    expect(await within(list).findByText('마지막 대화')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '더 보기' })).toBeNull();

    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-11-01'));
    await waitFor(() => expect(fake.calls(listChats).some((c) => c.query.get('updatedDateStart') === '2026-11-01')).toBe(true));

    fireEvent.click(await screen.findByRole('button', { name: /^대화 3/ }));
    expect(await screen.findByText('세 번째 질문')).toBeInTheDocument();
    expect(router.state.location.search).toContain('chat=chat_key_0003');

    fireEvent.click(screen.getByRole('button', { name: '대화 삭제: 대화 3' }));
    const dialog = await screen.findByRole('dialog', { name: '대화 삭제' });
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(fake.calls(deleteChat)).toHaveLength(1));
    expect(fake.calls(deleteChat)[0]!.path).toBe('/api/aistudio/chats/chat_key_0003/v1');
    // The open chat was the one deleted: back to a new chat.
    await waitFor(() => expect(router.state.location.search).not.toContain('chat='));
  });
});

describe('research chat: theme flags', () => {
  it('hides the filters when the theme says so', async () => {
    const fake = signInResearcher({ flags: { businessAgentHideFilter: true } }).on(listChats, ok(pageOf([]))).on(listSampleQuestions, ok([]));
    renderApp('/hanbit/business-agent');
    await screen.findByRole('textbox', { name: '질문' }, { timeout: 8000 });
    await waitFor(() => expect(screen.queryAllByLabelText('법령 필터 (선택)')).toHaveLength(0));
    expect(screen.getByLabelText('기준일 (선택)')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '마지막 활동일 필터' })).toBeNull();
    expect(fake.calls(listChats).at(-1)!.query.get('updatedDateStart')).toBeNull();
  });

  it('shows the filters by default', async () => {
    signInResearcher().on(listChats, ok(pageOf([]))).on(listSampleQuestions, ok([]));
    renderApp('/hanbit/business-agent');
    expect(await screen.findByRole('group', { name: '마지막 활동일 필터' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getAllByLabelText('법령 필터 (선택)').length).toBeGreaterThan(0);
  });

  it('disables asking with an explanation when the theme disables chat', async () => {
    const fake = signInResearcher({ flags: { businessAgentDisableChat: true } }).on(listChats, ok(pageOf([]))).on(listSampleQuestions, ok([QUESTION]));
    renderApp('/hanbit/business-agent');
    expect(await screen.findByText('이 워크스페이스에서는 관리자가 채팅을 꺼 두었습니다. 이전 대화와 인용 조문은 계속 볼 수 있습니다.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '질문' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: QUESTION })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: QUESTION }));
    expect(fake.calls(queryChat)).toHaveLength(0);
  });

  it('shows the custom welcome and sidebar footer HTML, cleaned, only when their flags are on', async () => {
    signInResearcher({
      customWelcomeHtml: '<h2>한빛 법무팀 리서치</h2><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script>',
      customSidebarFooterHtml: '<a href="javascript:alert(1)">도움말</a> <a href="https://help.example/">안내</a>',
      flags: { businessAgentShowCustomWelcome: true, businessAgentShowCustomSidebarFooter: true },
    }).on(listChats, ok(pageOf([]))).on(listSampleQuestions, ok([]));
    renderApp('/hanbit/business-agent');
    const welcome = await screen.findByRole('region', { name: '워크스페이스 환영 안내' }, { timeout: 8000 });
    expect(within(welcome).getByRole('heading', { name: '한빛 법무팀 리서치' })).toBeInTheDocument();
    expect(welcome.querySelector('script')).toBeNull();
    expect(welcome.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(screen.queryByRole('heading', { name: '무엇이든 법령에 물어보세요' })).toBeNull();
    const footer = screen.getByRole('region', { name: '워크스페이스 안내' });
    expect(within(footer).getByText('도움말')).not.toHaveAttribute('href');
    expect(within(footer).getByText('안내')).toHaveAttribute('href', 'https://help.example/');
  });

  it('ignores custom HTML whose flag is off, and answers 404 at another directory than the theme names', async () => {
    signInResearcher({ customWelcomeHtml: '<p>숨김</p>', chatDirectory: 'legal-chat' }).on(listChats, ok(pageOf([]))).on(listSampleQuestions, ok([]));
    const { router } = renderApp('/hanbit/business-agent');
    // The product's default directory leads on to the theme's.
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/legal-chat'), { timeout: 8000 });
    expect(await screen.findByRole('heading', { name: '무엇이든 법령에 물어보세요' })).toBeInTheDocument();
    expect(screen.queryByText('숨김')).toBeNull();
    await router.navigate('/hanbit/other-chat');
    expect(await screen.findByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeInTheDocument();
    // The statute browser lives under the renamed directory too, and the old name leads there.
    await router.navigate('/hanbit/business-agent/statutes?q=%ED%95%98%EB%8F%84%EA%B8%89%EB%B2%95');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/hanbit/legal-chat/statutes?q=%ED%95%98%EB%8F%84%EA%B8%89%EB%B2%95'));
  });
});
