import {
  decideFinding, editClause, exportReviewedContractDocx, exportReviewReport, getCheckpointStats, getClauseHistory, getReview, getReviewChatQuestionExamples, reviewChat,
  reviewChatCredits, translateReview, watchReviewProgress,
} from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { CLAUSE_DIFF, CLAUSE_HISTORY, V_2019, V_2025 } from '../research/research.test-support';
import { CLAUSES, LIABILITY_FINDING, PAYMENT_FINDING, reviewOf, signInReviewer, TEXT } from './ai-review.test-support';

const findingCards = () => screen.queryAllByRole('article');
const NO_MODEL = 'AI 모델이 설정되지 않았습니다. 서버의 AI_PROVIDER와 AI_BASE_URL, AI_API_KEY를 설정하거나 최고 관리자에게 워크스페이스 모델 설정을 요청하세요.';
const PAYMENT_CLAUSE = PAYMENT_FINDING.clause!;
const PAYMENT_TEXT = TEXT.slice(PAYMENT_CLAUSE.startOffset, PAYMENT_CLAUSE.endOffset);
const PAYMENT_REWRITE = PAYMENT_TEXT.replace('90일', '30일');

/** A chat answer that streams one delta and then hangs, as a slow model would. */
function hangingStream() {
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('event: delta\ndata: {"text":"대금은 검수 후 "}\n\n'));
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
}

/** The AbortSignal each review-chat fetch was given. */
const chatSignals = (fake: ReturnType<typeof signInReviewer>) =>
  fake.fetch.mock.calls.filter(([url]) => String(url).includes(reviewChat.path)).map(([, init]) => (init as RequestInit).signal!);

describe('AI review: the review page', () => {
  afterEach(() => {
    FakeXhr.reset();
    vi.restoreAllMocks();
  });

  it('watches a running review\'s progress stream: the step moves as events come, and the findings show once it is done', async () => {
    let stream: ReadableStreamDefaultController<Uint8Array> | null = null;
    const send = (event: object) => stream!.enqueue(new TextEncoder().encode(`event: progress\ndata: ${JSON.stringify({ reviewId: 12, errorCode: null, ...event })}\n\n`));
    let done = false;
    const fake = signInReviewer()
      .on(getReview, () => ok(done ? reviewOf() : reviewOf({ status: 'QUEUED', progress: { step: null, percent: 0 }, findings: [], summary: null, text: null, clauses: [] })))
      .on(watchReviewProgress, () => new Response(new ReadableStream({ start: (controller) => void (stream = controller) }), { status: 200, headers: { 'content-type': 'text/event-stream' } }));
    renderApp('/hanbit/ai-review/12');
    await waitFor(() => expect(stream).not.toBeNull(), { timeout: 8000 });
    send({ status: 'RUNNING', progress: { step: 'CHECK', percent: 60 } });
    expect(await screen.findByText('점검 단계 진행 중')).toBeInTheDocument();
    expect(screen.getByText('60%')).toBeInTheDocument();
    for (const step of ['추출', '조항 분리', '분류', '점검', '요약']) expect(screen.getByText(step)).toBeInTheDocument();
    // No polling while the stream is open: the review was read once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fake.calls(getReview)).toHaveLength(1);
    expect(fake.calls(watchReviewProgress)[0]!.path).toBe('/api/aireview/reviews/12/progress/v1');
    // DONE: the review is read whole once, and the findings replace the progress.
    done = true;
    send({ status: 'DONE', progress: { step: 'SUMMARIZE', percent: 100 } });
    stream!.close();
    expect(await screen.findByRole('article', { name: '대금 지급기한이 60일 이내인가?' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('점검 단계 진행 중')).not.toBeInTheDocument();
    expect(fake.calls(getReview)).toHaveLength(2);
    expect(fake.calls(watchReviewProgress)).toHaveLength(1);
    // The evidence is marked in the document by risk.
    const marks = document.querySelectorAll('mark[data-risk="HIGH"]');
    expect([...marks].map((m) => m.textContent)).toEqual(['90일 이내에 용역대금을 지급한다']);
  });

  it('where the progress stream is refused, asks for the review every second until it is done', async () => {
    let calls = 0;
    const fake = signInReviewer()
      .on(getReview, () => {
        calls += 1;
        if (calls === 1) return ok(reviewOf({ status: 'RUNNING', progress: { step: 'CHECK', percent: 60 }, findings: [], summary: null, text: null, clauses: [] }));
        return ok(reviewOf());
      })
      .on(watchReviewProgress, fail(502, 'ERROR_INTERNAL', 'bad gateway'));
    renderApp('/hanbit/ai-review/12');
    expect(await screen.findByText('점검 단계 진행 중', {}, { timeout: 8000 })).toBeInTheDocument();
    // About a second later the next poll answers DONE: the findings replace the progress.
    expect(await screen.findByRole('article', { name: '대금 지급기한이 60일 이내인가?' }, { timeout: 5000 })).toBeInTheDocument();
    const polls = fake.calls(getReview).length;
    expect(polls).toBeGreaterThanOrEqual(2);
    expect(fake.calls(watchReviewProgress)).toHaveLength(1);
    // Done: polling stops.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(fake.calls(getReview).length).toBe(polls);
  });

  it('filters the findings by risk and verdict (kept in the URL)', async () => {
    signInReviewer().on(getReview, ok(reviewOf()));
    const { router } = renderApp('/hanbit/ai-review/12');
    await screen.findByRole('article', { name: '대금 지급기한이 60일 이내인가?' }, { timeout: 8000 });
    // By default the problems: two not-met findings, the met one hidden.
    expect(findingCards()).toHaveLength(2);
    expect(screen.getByText('3건 중 2건 표시')).toBeInTheDocument();

    fireEvent.click(screen.getByText('높은 위험 1'));
    await waitFor(() => expect(findingCards().map((c) => c.getAttribute('aria-label'))).toEqual(['대금 지급기한이 60일 이내인가?']));
    expect(router.state.location.search).toContain('risk=HIGH');

    fireEvent.click(screen.getByText('전체 2'));
    fireEvent.click(screen.getByRole('checkbox', { name: /^충족/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^미충족/ }));
    await waitFor(() => expect(findingCards().map((c) => c.getAttribute('aria-label'))).toEqual(['목적 조항이 있는가?']));
    expect(router.state.location.search).toBe('?verdict=UNCLEAR&verdict=MET');
  });

  it('opens a finding\'s legal basis with its effective date, and jumps to its clause', async () => {
    signInReviewer().on(getReview, ok(reviewOf()));
    renderApp('/hanbit/ai-review/12');
    const card = await screen.findByRole('article', { name: '대금 지급기한이 60일 이내인가?' }, { timeout: 8000 });
    fireEvent.click(within(card).getByRole('button', { name: /하도급거래 공정화에 관한 법률 제13조 제1항/ }));
    expect(await within(card).findByText(/60일 이내의 가능한 짧은 기한/)).toBeInTheDocument();
    expect(within(card).getByText('시행일 2025. 1. 21.')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: '조항으로 이동' }));
    expect(screen.getByRole('region', { name: '제5조(대금 지급)' })).toHaveAttribute('data-flash', 'true');
  });

  it('flags a legal basis whose article reads differently in a newer version, and shows the diff from the cited version', async () => {
    const basis = { ...PAYMENT_FINDING.legalBasis[0]!, lawSerialNumber: V_2019.lawSerialNumber, effectiveDate: V_2019.effectiveDate };
    const newerVersion = { statuteId: '2245', lawSerialNumber: V_2025.lawSerialNumber, effectiveDate: V_2025.effectiveDate, changeKind: 'CHANGED' as const, movedTo: null };
    const fake = signInReviewer()
      .on(getReview, ok(reviewOf({ findings: [{ ...PAYMENT_FINDING, legalBasis: [{ ...basis, newerVersion }] }, LIABILITY_FINDING] })))
      .on(getClauseHistory, (call) => ok({ ...CLAUSE_HISTORY, diff: call.query.get('from') ? CLAUSE_DIFF : null }));
    renderApp('/hanbit/ai-review/12');
    const card = await screen.findByRole('article', { name: '대금 지급기한이 60일 이내인가?' }, { timeout: 8000 });
    fireEvent.click(within(card).getByRole('button', { name: /하도급거래 공정화에 관한 법률 제13조 제1항.*새 버전에서 바뀜/ }));
    expect(await within(card).findByText('이 조문은 새 버전(2025. 1. 21. 시행)에서 개정되었습니다.')).toBeInTheDocument();
    // The panel opens with a transition: the button is there for assistive technology once it has.
    fireEvent.click(await within(card).findByRole('button', { name: '바뀐 내용 보기' }));
    const diff = await screen.findByTestId('clause-diff', {}, { timeout: 5000 });
    expect(within(diff).getByText('90일').tagName).toBe('DEL');
    expect(within(diff).getByText('60일').tagName).toBe('INS');
    const asked = fake.calls(getClauseHistory).find((c) => c.query.get('from'));
    expect(Object.fromEntries(asked!.query)).toEqual({ from: V_2019.lawSerialNumber, to: V_2025.lawSerialNumber });
    expect(asked!.path).toBe('/api/aistudio/statutes/2245/clauses/%EC%A0%9C13%EC%A1%B0/histories/v1');
  });

  it('accepts a suggested edit through the decision route, dismisses with a reason, and reopens', async () => {
    const fake = signInReviewer()
      .on(getReview, ok(reviewOf()))
      .on(decideFinding, (call) => {
        const body = call.body as { decision: 'ACCEPTED' | 'DISMISSED' | 'OPEN'; reason?: string };
        const id = Number(call.path.split('/')[6]);
        const base = id === PAYMENT_FINDING.findingId ? PAYMENT_FINDING : LIABILITY_FINDING;
        return ok({ ...base, decision: body.decision, decisionReason: body.reason ?? null, decidedBy: body.decision === 'OPEN' ? null : { userId: 41, displayName: '김민준' } });
      });
    renderApp('/hanbit/ai-review/12');
    const payment = await screen.findByRole('article', { name: '대금 지급기한이 60일 이내인가?' }, { timeout: 8000 });
    await userEvent.click(within(payment).getByRole('button', { name: '수정 수용' }));
    expect(await within(payment).findByText('수용함')).toBeInTheDocument();
    const accept = fake.calls(decideFinding)[0]!;
    expect(accept.method).toBe('PUT');
    expect(accept.path).toBe('/api/aireview/reviews/12/findings/1/decision/v1');
    expect(accept.body).toEqual({ decision: 'ACCEPTED' });

    const liability = screen.getByRole('article', { name: '손해배상 책임에 상한이 있는가?' });
    await userEvent.click(within(liability).getByRole('button', { name: '기각' }));
    const dialog = await screen.findByRole('dialog', { name: '검토 결과 기각' });
    expect(within(dialog).getByRole('button', { name: '기각' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('textbox', { name: '기각 사유' }));
    await userEvent.paste('상한은 별도 합의서에 있음');
    await userEvent.click(within(dialog).getByRole('button', { name: '기각' }));
    await waitFor(() => expect(fake.calls(decideFinding)).toHaveLength(2));
    expect(fake.calls(decideFinding)[1]!.body).toEqual({ decision: 'DISMISSED', reason: '상한은 별도 합의서에 있음' });
    expect(await within(liability).findByText('기각 사유: 상한은 별도 합의서에 있음')).toBeInTheDocument();

    await userEvent.click(within(payment).getByRole('button', { name: '다시 열기' }));
    await waitFor(() => expect(fake.calls(decideFinding)).toHaveLength(3));
    expect(fake.calls(decideFinding)[2]!.body).toEqual({ decision: 'OPEN' });
    expect(await within(payment).findByRole('button', { name: '수정 수용' })).toBeInTheDocument();
  });

  it("shows the server's message when no model is configured for the chat, never an answer", async () => {
    const fake = signInReviewer()
      .on(getReview, ok(reviewOf()))
      .on(getReviewChatQuestionExamples, ok(['지체상금 조항이 있나요?']))
      .on(reviewChat, fail(503, 'ERROR_AI_PROVIDER_NOT_CONFIGURED', NO_MODEL));
    renderApp('/hanbit/ai-review/12');
    await userEvent.click(await screen.findByRole('button', { name: '검토 채팅' }, { timeout: 8000 }));
    await userEvent.click(await screen.findByRole('button', { name: '지체상금 조항이 있나요?' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('AI 모델이 설정되지 않았습니다');
    expect(alert).toHaveTextContent(NO_MODEL);
    const call = fake.calls(reviewChat)[0]!;
    expect(call.body).toEqual({ reviewId: 12, question: '지체상금 조항이 있나요?', history: [] });
    expect(call.headers.get('x-workspace')).toBe('10');
    expect(screen.queryByLabelText('답변')).not.toBeInTheDocument();
  });

  it('streams an answer and links each sentence to its clause', async () => {
    const sse = [
      'event: delta\ndata: {"text":"대금은 검수 후 "}\n\n',
      'event: delta\ndata: {"text":"90일 이내에 지급됩니다."}\n\n',
      `event: done\ndata: ${JSON.stringify({ sentences: [{ text: '대금은 검수 후 90일 이내에 지급됩니다.', clause: { heading: '제5조(대금 지급)', ...{ startOffset: PAYMENT_FINDING.clause!.startOffset, endOffset: PAYMENT_FINDING.clause!.endOffset } } }], creditsCharged: 1 })}\n\n`,
    ];
    signInReviewer()
      .on(getReview, ok(reviewOf()))
      .on(getReviewChatQuestionExamples, ok([]))
      .on(reviewChat, () => {
        const bytes = new TextEncoder().encode(sse.join(''));
        // Split inside a Hangul syllable.
        const cut = 20;
        return new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(bytes.slice(0, cut));
              controller.enqueue(bytes.slice(cut));
              controller.close();
            },
          }),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        );
      });
    renderApp('/hanbit/ai-review/12');
    await userEvent.click(await screen.findByRole('button', { name: '검토 채팅' }, { timeout: 8000 }));
    // The price of a question with a model, as review-chat/v2 will debit it, before it is asked.
    const price = reviewChatCredits(CLAUSES, TEXT);
    expect(await screen.findByText('질문 1건 예상 차감:')).toHaveTextContent(`질문 1건 예상 차감: ${price} 크레딧`);
    await userEvent.click(await screen.findByRole('textbox', { name: '질문' }));
    await userEvent.paste('대금은 언제 받나요?');
    await userEvent.click(screen.getByRole('button', { name: '묻기' }));
    const answer = await screen.findByLabelText('답변');
    expect(answer).toHaveTextContent('대금은 검수 후 90일 이내에 지급됩니다.');
    await userEvent.click(within(answer).getByRole('button', { name: '제5조(대금 지급)로 이동' }));
    expect(screen.getByRole('region', { name: '제5조(대금 지급)' })).toHaveAttribute('data-flash', 'true');
  });

  it('downloads the contract with the accepted edits and the report through the export menu', async () => {
    const docx = () => new Response(new Blob(['PK'], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }), { status: 200 });
    const fake = signInReviewer().on(getReview, ok(reviewOf())).on(exportReviewedContractDocx, () => docx()).on(exportReviewReport, () => docx());
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:saved'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderApp('/hanbit/ai-review/12');
    await userEvent.click(await screen.findByRole('button', { name: '내보내기' }, { timeout: 8000 }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '수정 반영 계약서 (DOCX, 변경 내용 추적)' }));
    await waitFor(() => expect(saved).toEqual(['홈페이지 용역계약서-redline.docx']));
    expect(fake.calls(exportReviewedContractDocx)[0]!.path).toBe('/api/aireview/reviews/12/contract-docx/v1');

    await userEvent.click(screen.getByRole('button', { name: '내보내기' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '검토 보고서 (PDF)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('홈페이지 용역계약서-review.pdf');
    expect(fake.calls(exportReviewReport)[0]!.query.get('format')).toBe('PDF');
  });

  it('summarizes the verdicts by risk and shows each checkpoint\'s acceptance and measured accuracy', async () => {
    const fake = signInReviewer()
      .on(getReview, ok(reviewOf()))
      .on(getCheckpointStats, ok([
        { checkpointId: 101, code: 'SERVICE-1', question: '대금 지급기한이 60일 이내인가?', accepted: 3, dismissed: 1, open: 2, acceptanceRate: 0.75, measured: { precision: 0.9, recall: 0.6, support: 12 } },
        { checkpointId: 102, code: 'SERVICE-2', question: '손해배상 책임에 상한이 있는가?', accepted: 0, dismissed: 0, open: 1, acceptanceRate: null, measured: null },
      ]));
    const { router } = renderApp('/hanbit/ai-review/12?tab=summary');
    const chart = await screen.findByRole('table', { name: '위험도별 판정' }, { timeout: 8000 });
    const high = within(chart).getByRole('row', { name: /^높은 위험/ });
    // HIGH: one not met; MEDIUM: one not met; LOW: one met (columns: met, not met, unclear, n/a).
    expect(within(high).getAllByRole('cell').map((c) => c.textContent)).toEqual(['높은 위험', '0', '1', '0', '0']);
    expect(screen.getByText('갑은 검수를 마친 날부터 90일 이내에 용역대금을 지급한다.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: '정확도' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=accuracy'));
    const table = await screen.findByRole('table', { name: '정확도' });
    expect(within(table).getByRole('progressbar', { name: '수용률 75%' })).toBeInTheDocument();
    expect(within(table).getByRole('progressbar', { name: '정밀도 90%' })).toBeInTheDocument();
    expect(within(table).getByRole('progressbar', { name: '재현율 60%' })).toBeInTheDocument();
    expect(within(table).getAllByText('자료 없음')).toHaveLength(3);
    expect(fake.calls(getCheckpointStats)[0]!.query.get('contractType')).toBe('SERVICE');
  });

  it('rewrites a finding\'s clause toward the review\'s side: the price, the proposal as a diff, and "Use this edit" accepts it with the text', async () => {
    const fake = signInReviewer()
      .on(getReview, ok(reviewOf()))
      .on(editClause, ok({ text: PAYMENT_REWRITE, creditsCharged: 7, model: 'test-model' }))
      .on(decideFinding, (call) => {
        const body = call.body as { edit: { text: string; startOffset: number; endOffset: number } };
        return ok({ ...PAYMENT_FINDING, decision: 'ACCEPTED', suggestedEdit: { text: body.edit.text, replaceStart: body.edit.startOffset, replaceEnd: body.edit.endOffset }, decidedBy: { userId: 41, displayName: '김민준' } });
      });
    renderApp('/hanbit/ai-review/12');
    const payment = await screen.findByRole('article', { name: '대금 지급기한이 60일 이내인가?' }, { timeout: 8000 });
    await userEvent.click(within(payment).getByRole('button', { name: 'AI로 다시 쓰기' }));
    const dialog = await screen.findByRole('dialog', { name: '제5조(대금 지급) AI로 다시 쓰기' });
    expect(within(dialog).getByText(PAYMENT_TEXT)).toBeInTheDocument();
    // EDIT_CLAUSE at the model rate: 5 + 2 per started 1,000 characters.
    expect(within(dialog).getByText('7 크레딧')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: '을 (검토 입장)' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: '수정안 만들기' }));

    const diff = await within(dialog).findByRole('group', { name: '수정안과 지금 조항의 차이' });
    expect([...diff.querySelectorAll('del')].map((d) => d.textContent)).toEqual(['90일']);
    expect([...diff.querySelectorAll('ins')].map((d) => d.textContent)).toEqual(['30일']);
    expect(diff).toHaveTextContent(`${PAYMENT_TEXT.replace('90일', '90일30일')}`);
    expect(fake.calls(editClause)[0]!.body).toEqual({ reviewId: 12, startOffset: PAYMENT_CLAUSE.startOffset, endOffset: PAYMENT_CLAUSE.endOffset, position: 'PARTY_B' });

    await userEvent.click(within(dialog).getByRole('button', { name: '이 수정안 사용' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const accept = fake.calls(decideFinding)[0]!;
    expect(accept.path).toBe('/api/aireview/reviews/12/findings/1/decision/v1');
    expect(accept.body).toEqual({ decision: 'ACCEPTED', edit: { text: PAYMENT_REWRITE, startOffset: PAYMENT_CLAUSE.startOffset, endOffset: PAYMENT_CLAUSE.endOffset } });
    expect(await within(payment).findByText('수용함')).toBeInTheDocument();
    expect(within(payment).getByText(PAYMENT_REWRITE)).toBeInTheDocument();
  });

  it('discards a proposal, and shows the server\'s message when no model is configured for a clause selected in the document', async () => {
    const fake = signInReviewer()
      .on(getReview, ok(reviewOf()))
      .on(editClause, ok({ text: PAYMENT_REWRITE, creditsCharged: 7, model: 'test-model' }));
    renderApp('/hanbit/ai-review/12');
    const payment = await screen.findByRole('article', { name: '대금 지급기한이 60일 이내인가?' }, { timeout: 8000 });
    await userEvent.click(within(payment).getByRole('button', { name: 'AI로 다시 쓰기' }));
    let dialog = await screen.findByRole('dialog', { name: '제5조(대금 지급) AI로 다시 쓰기' });
    await userEvent.click(within(dialog).getByRole('button', { name: '수정안 만들기' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: '버리기' }));
    // Back to the form; nothing was decided.
    expect(within(dialog).getByRole('button', { name: '수정안 만들기' })).toBeInTheDocument();
    expect(fake.calls(decideFinding)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fake.on(editClause, fail(503, 'ERROR_AI_PROVIDER_NOT_CONFIGURED', NO_MODEL));
    const purpose = screen.getByRole('region', { name: '제1조(목적)' });
    expect(within(purpose).queryByRole('button', { name: 'AI로 다시 쓰기' })).not.toBeInTheDocument();
    await userEvent.click(purpose);
    await userEvent.click(within(purpose).getByRole('button', { name: 'AI로 다시 쓰기' }));
    dialog = await screen.findByRole('dialog', { name: '제1조(목적) AI로 다시 쓰기' });
    await userEvent.click(within(dialog).getByRole('radio', { name: '지시대로' }));
    expect(within(dialog).getByRole('button', { name: '수정안 만들기' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('textbox', { name: '지시' }));
    await userEvent.paste('  목적을 더 구체적으로 ');
    await userEvent.click(within(dialog).getByRole('button', { name: '수정안 만들기' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('AI 모델이 설정되지 않았습니다');
    expect(alert).toHaveTextContent(NO_MODEL);
    const purposeClause = CLAUSES[0]!;
    expect(fake.calls(editClause).at(-1)!.body).toEqual({ reviewId: 12, startOffset: purposeClause.startOffset, endOffset: purposeClause.endOffset, instruction: '목적을 더 구체적으로' });
    expect(within(dialog).queryByRole('group', { name: '수정안과 지금 조항의 차이' })).not.toBeInTheDocument();
  });

  it('translates the contract into its other language: the price, progress while waiting, then each clause beside its original', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fake = signInReviewer()
      .on(getReview, ok(reviewOf()))
      .on(translateReview, () => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/hanbit/ai-review/12');
    await userEvent.click(await screen.findByRole('button', { name: '번역' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '영어로 번역' });
    // TRANSLATION at the model rate: 10 + 5 per started 1,000 characters (+ 0 per clause).
    expect(within(dialog).getByText('15 크레딧')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '번역 시작' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('영어로 번역하는 중입니다');
    expect(fake.calls(translateReview)[0]!.body).toEqual({ reviewId: 12, targetLanguage: 'en' });

    const translated = ['Article 1 (Purpose) This agreement sets the terms of the website development.', 'Article 5 (Payment) Party A pays within 90 days of acceptance.', 'Article 9 (Damages) Party B compensates all damages.'];
    answer(ok({ clauses: CLAUSES.map((c, i) => ({ heading: c.heading, startOffset: c.startOffset, endOffset: c.endOffset, text: translated[i] })), creditsCharged: 15, model: 'test-model' }));
    const table = await within(dialog).findByRole('table', { name: '조항별 번역' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual(
      CLAUSES.map((c, i) => [TEXT.slice(c.startOffset, c.endOffset), translated[i]]),
    );
    expect(within(dialog).getByRole('button', { name: '번역 전체 복사' })).toBeInTheDocument();
  });

  it('shows the server\'s message when no model can translate, then the balance message on 402', async () => {
    const fake = signInReviewer()
      .on(getReview, ok(reviewOf()))
      .on(translateReview, fail(503, 'ERROR_AI_PROVIDER_NOT_CONFIGURED', NO_MODEL));
    renderApp('/hanbit/ai-review/12');
    await userEvent.click(await screen.findByRole('button', { name: '번역' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '영어로 번역' });
    await userEvent.click(within(dialog).getByRole('button', { name: '번역 시작' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(NO_MODEL);
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();

    fake.on(translateReview, fail(402, 'ERROR_INSUFFICIENT_CREDITS', '크레딧이 부족합니다.', { balance: 3, required: 15 }));
    await userEvent.click(within(dialog).getByRole('button', { name: '다시 번역' }));
    expect(await within(dialog).findByText('현재 잔액은 3 크레딧이고 이 검토에는 15 크레딧이 필요합니다. 관리자에게 크레딧 충전을 요청하세요.')).toBeInTheDocument();
    expect(fake.calls(translateReview)).toHaveLength(2);
  });

  it('aborts the running chat stream when the drawer closes, keeps the answer as stopped, and stops another with "Stop"', async () => {
    const fake = signInReviewer()
      .on(getReview, ok(reviewOf()))
      .on(getReviewChatQuestionExamples, ok([]))
      .on(reviewChat, () => hangingStream());
    renderApp('/hanbit/ai-review/12');
    await userEvent.click(await screen.findByRole('button', { name: '검토 채팅' }, { timeout: 8000 }));
    await userEvent.click(await screen.findByRole('textbox', { name: '질문' }));
    await userEvent.paste('대금은 언제 받나요?');
    await userEvent.click(screen.getByRole('button', { name: '묻기' }));
    expect(await screen.findByText('대금은 검수 후')).toBeInTheDocument();
    expect(screen.getByLabelText('답변을 쓰는 중')).toBeInTheDocument();
    expect(chatSignals(fake)[0]!.aborted).toBe(false);

    await userEvent.click(within(screen.getByRole('dialog', { name: '이 계약에 대해 묻기' })).getByRole('button', { name: '닫기' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: '질문' })).not.toBeInTheDocument());
    expect(chatSignals(fake)[0]!.aborted).toBe(true);

    // Reopened: the conversation is there, the interrupted answer marked as stopped.
    await userEvent.click(screen.getByRole('button', { name: '검토 채팅' }));
    const stopped = await screen.findByLabelText('중지된 답변');
    expect(stopped).toHaveTextContent('대금은 검수 후');
    expect(stopped).toHaveTextContent('중지됨');
    expect(screen.getByText('대금은 언제 받나요?')).toBeInTheDocument();
    expect(screen.queryByLabelText('답변을 쓰는 중')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '중지' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('textbox', { name: '질문' }));
    await userEvent.paste('해지 조항은요?');
    await userEvent.click(screen.getByRole('button', { name: '묻기' }));
    await waitFor(() => expect(chatSignals(fake)).toHaveLength(2));
    // A stopped answer is not sent back as history.
    expect(fake.calls(reviewChat)[1]!.body).toEqual({ reviewId: 12, question: '해지 조항은요?', history: [] });
    await userEvent.click(await screen.findByRole('button', { name: '중지' }));
    expect(chatSignals(fake)[1]!.aborted).toBe(true);
    await waitFor(() => expect(screen.getAllByLabelText('중지된 답변')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: '중지' })).not.toBeInTheDocument();
  });

  it('shows a failed review as refunded, with a retry', async () => {
    signInReviewer().on(getReview, ok(reviewOf({ status: 'FAILED', errorCode: 'ERROR_INTERNAL', creditsCharged: 0, findings: [], summary: null, text: null, clauses: [] })));
    renderApp('/hanbit/ai-review/12');
    expect(await screen.findByText('차감된 크레딧은 환불되었습니다.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 검토' })).toBeInTheDocument();
  });
});
