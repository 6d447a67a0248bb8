import {
  type ContractPrediction, createStandaloneContract, estimateReview, getConhubContractV3, getContractPermissions, getReview, listReviewContractTypes, listReviews,
  listStandaloneContracts, pageSearchContractsV3, predictContractTypes, type ReviewContractTypeInfo, reviewContractDocument, setStandaloneContractDocument, type StandaloneContract,
} from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { type FakeCall, fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { detailOf, permissionsOf, summaryOf, WRITER } from '../contracts/contracts.test-support';
import { emptyPage, reviewOf, SERVICE_TYPE, signInReviewer } from './ai-review.test-support';

const ESTIMATE = { credits: 12, balance: 300, engine: 'BUILT_IN', cached: false, textLength: 4210, checkpointCount: 14 };

const SUPPLY_TYPE: ReviewContractTypeInfo = {
  code: 'SUPPLY',
  name: { ko: '물품공급계약', en: 'Supply agreement' },
  positions: [
    { code: 'PARTY_A', name: { ko: '갑 (매수인)', en: 'Buyer' } },
    { code: 'PARTY_B', name: { ko: '을 (공급자)', en: 'Supplier' } },
  ],
  checkpointCount: 9,
};

/** The main document of `detailOf()` (contract 7). */
const CONTRACT_FILE_KEY = 'AAAAAAAAAAAAAAAAAAAAAA';
const STANDALONE_FILE_KEY = 'BBBBBBBBBBBBBBBBBBBBBB';

/** SERVICE first, then a type the playbook does not cover, then SUPPLY. */
const PREDICTION: ContractPrediction = {
  language: 'ko',
  source: { fileKey: CONTRACT_FILE_KEY, revision: 1 },
  predictions: [
    { contractType: 'SERVICE', name: { ko: '용역계약', en: 'Service agreement' }, score: 0.82, isReviewType: true },
    { contractType: 'SALES', name: { ko: '매매계약', en: 'Sales agreement' }, score: 0.55, isReviewType: false },
    { contractType: 'SUPPLY', name: { ko: '물품공급계약', en: 'Supply agreement' }, score: 0.41, isReviewType: true },
  ],
};

function standaloneOf(id: number, over: Partial<StandaloneContract> = {}): StandaloneContract {
  return {
    standaloneContractId: id,
    title: `단독 계약 ${id}`,
    fileKey: STANDALONE_FILE_KEY,
    fileName: '새솔 용역계약서.docx',
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    ...over,
  };
}
const pageOf = <T,>(content: T[], totalElements = content.length) => ({ content, page: 0, size: 10, totalElements, totalPages: Math.ceil(totalElements / 10) });

function serveStart() {
  return signInReviewer()
    .on(listReviewContractTypes, ok([SERVICE_TYPE, SUPPLY_TYPE]))
    .on(pageSearchContractsV3, ok({ content: [summaryOf(7, { title: '홈페이지 용역계약' })], page: 0, size: 10, totalElements: 1, totalPages: 1 }))
    .on(getConhubContractV3, ok(detailOf()))
    .on(predictContractTypes, ok(PREDICTION))
    .on(listStandaloneContracts, ok(emptyPage))
    .on(listReviews, ok(emptyPage))
    .on(estimateReview, ok(ESTIMATE));
}

const typeSelect = () => screen.getByRole('combobox', { name: '계약 유형' });
/** "Selected: <document>" under the source picker. */
const selectedLine = () => screen.getByText('선택한 계약서:').parentElement!;

/** Picks the repository contract, the service type and the contractor's side. */
async function fillForm() {
  await userEvent.click(await screen.findByRole('button', { name: /홈페이지 용역계약/ }, { timeout: 8000 }));
  await userEvent.click(screen.getByRole('combobox', { name: '계약 유형' }));
  await userEvent.click(await screen.findByRole('option', { name: /용역계약/ }));
  await userEvent.click(await screen.findByRole('radio', { name: '을 (수급인)' }));
}

describe('AI review: the start page', () => {
  afterEach(() => FakeXhr.reset());

  it('shows the estimate and the balance, then runs once with an Idempotency-Key and opens the review', async () => {
    const fake = serveStart()
      .on(reviewContractDocument, ok(reviewOf({ reviewId: 31, status: 'QUEUED', progress: { step: null, percent: 0 }, findings: [], summary: null, text: null, clauses: [] })))
      .on(getReview, ok(reviewOf({ reviewId: 31, status: 'QUEUED', progress: { step: null, percent: 0 }, findings: [], summary: null, text: null, clauses: [] })));
    const { router } = renderApp('/hanbit/ai-review');
    expect(await screen.findByRole('heading', { level: 1, name: 'AI 계약 검토' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('아직 검토가 없습니다')).toBeInTheDocument();
    // Nothing to estimate before the document, the type and the side are chosen.
    expect(screen.getByRole('button', { name: '검토 시작' })).toBeDisabled();
    await fillForm();

    const estimate = await screen.findByRole('group', { name: '예상 비용' });
    expect(within(estimate).getByText('12 크레딧')).toBeInTheDocument();
    expect(within(estimate).getByText('300 크레딧')).toBeInTheDocument();
    expect(fake.calls(estimateReview).at(-1)!.body).toEqual({ contractId: 7, contractType: 'SERVICE', position: 'PARTY_B' });

    await userEvent.click(screen.getByRole('button', { name: '검토 시작' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/ai-review/31'));
    const run = fake.calls(reviewContractDocument);
    expect(run).toHaveLength(1);
    expect(run[0]!.body).toEqual({ contractId: 7, contractType: 'SERVICE', position: 'PARTY_B' });
    expect(run[0]!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText('검토 대기 중', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('says "no charge" for a cached review', async () => {
    serveStart().on(estimateReview, ok({ ...ESTIMATE, credits: 0, cached: true }));
    renderApp('/hanbit/ai-review');
    await fillForm();
    expect(await screen.findByText('이전 검토 결과 재사용 (차감 없음)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '검토 시작' })).toBeEnabled();
  });

  it('explains a 402 with the balance and what the review needs, without leaving the page', async () => {
    const fake = serveStart().on(
      reviewContractDocument,
      fail(402, 'ERROR_INSUFFICIENT_CREDITS', '크레딧이 부족합니다.', { balance: 3, required: 12 }),
    );
    const { router } = renderApp('/hanbit/ai-review');
    await fillForm();
    await screen.findByRole('group', { name: '예상 비용' });
    await userEvent.click(screen.getByRole('button', { name: '검토 시작' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('크레딧이 부족합니다');
    expect(alert).toHaveTextContent('현재 잔액은 3 크레딧이고 이 검토에는 12 크레딧이 필요합니다.');
    expect(router.state.location.pathname).toBe('/hanbit/ai-review');
    // A second try after the failure sends the same key: the server cannot debit twice.
    await userEvent.click(screen.getByRole('button', { name: '검토 시작' }));
    await waitFor(() => expect(fake.calls(reviewContractDocument)).toHaveLength(2));
    const [first, second] = fake.calls(reviewContractDocument);
    expect(second!.headers.get('idempotency-key')).toBe(first!.headers.get('idempotency-key'));
  });

  it('blocks the run when the estimate is over the balance', async () => {
    serveStart().on(estimateReview, ok({ ...ESTIMATE, credits: 40, balance: 5 }));
    renderApp('/hanbit/ai-review');
    await fillForm();
    expect(await screen.findByText('현재 잔액은 5 크레딧이고 이 검토에는 40 크레딧이 필요합니다. 관리자에게 크레딧 충전을 요청하세요.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '검토 시작' })).toBeDisabled();
  });

  it('starts with the contract the contract page linked to', async () => {
    const fake = serveStart().on(getConhubContractV3, ok(detailOf({ title: '물류센터 용역계약' })));
    renderApp('/hanbit/ai-review?contractId=7');
    expect(await screen.findByText('물류센터 용역계약', {}, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: '계약 유형' }));
    await userEvent.click(await screen.findByRole('option', { name: /용역계약/ }));
    await userEvent.click(await screen.findByRole('radio', { name: '갑 (발주자)' }));
    await screen.findByRole('group', { name: '예상 비용' });
    expect(fake.calls(estimateReview).at(-1)!.body).toEqual({ contractId: 7, contractType: 'SERVICE', position: 'PARTY_A' });
  });

  it('is linked from the documents of a contract with a main document', async () => {
    signInReviewer([...WRITER, 'ai.review.use']).on(getConhubContractV3, ok(detailOf())).on(getContractPermissions, ok(permissionsOf()));
    renderApp('/hanbit/contracts/7');
    const documents = await screen.findByRole('region', { name: '계약 문서' }, { timeout: 8000 });
    expect(within(documents).getByRole('link', { name: 'AI 검토' })).toHaveAttribute('href', '/hanbit/ai-review?contractId=7');
  });

  it('is forbidden without ai.review.use', async () => {
    signInReviewer(['contract.contract.read']).on(listReviewContractTypes, ok([SERVICE_TYPE]));
    renderApp('/hanbit/ai-review');
    expect(await screen.findByText('접근 권한이 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('AI review: the predicted contract type', () => {
  afterEach(() => FakeXhr.reset());

  it("preselects the best predicted type of the chosen contract's document, with the runners-up as quick picks", async () => {
    const fake = serveStart();
    renderApp('/hanbit/ai-review');
    await userEvent.click(await screen.findByRole('button', { name: /홈페이지 용역계약/ }, { timeout: 8000 }));
    await waitFor(() => expect(typeSelect()).toHaveValue('용역계약 (점검 항목 14개)'));
    expect(fake.calls(predictContractTypes).at(-1)!.body).toEqual({ fileKey: CONTRACT_FILE_KEY });
    expect(screen.getByText('예측: 용역계약 (일치도 82%)')).toBeInTheDocument();
    // A type the playbook does not cover is no pick.
    const picks = screen.getByRole('group', { name: '예측된 계약 유형 후보' });
    expect(within(picks).getAllByRole('button').map((b) => b.textContent)).toEqual(['물품공급계약 (41%)']);

    await userEvent.click(await screen.findByRole('radio', { name: '을 (수급인)' }));
    await screen.findByRole('group', { name: '예상 비용' });
    expect(fake.calls(estimateReview).at(-1)!.body).toEqual({ contractId: 7, contractType: 'SERVICE', position: 'PARTY_B' });

    // A quick pick is the user's choice: the side is asked again for the new type.
    await userEvent.click(within(picks).getByRole('button', { name: '물품공급계약 (41%)' }));
    expect(typeSelect()).toHaveValue('물품공급계약 (점검 항목 9개)');
    expect(screen.getByRole('radio', { name: '을 (공급자)' })).not.toBeChecked();
    expect(within(screen.getByRole('group', { name: '예측된 계약 유형 후보' })).getByRole('button', { name: '용역계약 (82%)' })).toBeInTheDocument();
  });

  it('never overrides a type the user chose', async () => {
    const fake = serveStart();
    renderApp('/hanbit/ai-review');
    await userEvent.click(await screen.findByRole('combobox', { name: '계약 유형' }, { timeout: 8000 }));
    await userEvent.click(await screen.findByRole('option', { name: /물품공급계약/ }));
    await userEvent.click(await screen.findByRole('button', { name: /홈페이지 용역계약/ }));
    expect(await screen.findByText('예측: 용역계약 (일치도 82%)')).toBeInTheDocument();
    expect(fake.calls(predictContractTypes)).toHaveLength(1);
    expect(typeSelect()).toHaveValue('물품공급계약 (점검 항목 9개)');
    // The prediction is offered, not imposed.
    expect(within(screen.getByRole('group', { name: '예측된 계약 유형 후보' })).getByRole('button', { name: '용역계약 (82%)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '갑 (매수인)' }));
    await screen.findByRole('group', { name: '예상 비용' });
    expect(fake.calls(estimateReview).at(-1)!.body).toEqual({ contractId: 7, contractType: 'SUPPLY', position: 'PARTY_A' });
  });

  it('leaves the type empty with a quiet hint naming the failure when the prediction fails', async () => {
    const fake = serveStart().on(predictContractTypes, fail(500, 'ERROR_INTERNAL', '일시적인 오류가 발생했습니다.'));
    renderApp('/hanbit/ai-review');
    await userEvent.click(await screen.findByRole('button', { name: /홈페이지 용역계약/ }, { timeout: 8000 }));
    expect(await screen.findByText('계약 유형을 예측하지 못했습니다 (일시적인 오류가 발생했습니다.). 계약 유형을 직접 골라 주세요.')).toBeInTheDocument();
    expect(typeSelect()).toHaveValue('');
    // Not an error of the page: no alert, and a failure other than "still reading" is not tried again.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fake.calls(predictContractTypes)).toHaveLength(1);
    // The user picks by hand.
    await userEvent.click(typeSelect());
    await userEvent.click(await screen.findByRole('option', { name: /용역계약/ }));
    expect(typeSelect()).toHaveValue('용역계약 (점검 항목 14개)');
  });

  it('says it is reading the document while the text is not extracted yet, then preselects', async () => {
    let calls = 0;
    const fake = serveStart().on(predictContractTypes, () => {
      calls += 1;
      return calls === 1
        ? fail(409, 'ERROR_CONFLICT', '문서의 텍스트를 아직 읽는 중입니다. 잠시 후 다시 시도해 주세요.', { extractionStatus: 'PENDING' })
        : ok(PREDICTION);
    });
    renderApp('/hanbit/ai-review');
    await userEvent.click(await screen.findByRole('button', { name: /홈페이지 용역계약/ }, { timeout: 8000 }));
    expect(await screen.findByText('문서를 읽는 중…')).toBeInTheDocument();
    expect(typeSelect()).toHaveValue('');
    await waitFor(() => expect(typeSelect()).toHaveValue('용역계약 (점검 항목 14개)'), { timeout: 5000 });
    expect(fake.calls(predictContractTypes)).toHaveLength(2);
    expect(screen.queryByText('문서를 읽는 중…')).not.toBeInTheDocument();
  });
});

describe('AI review: standalone contracts as a source', () => {
  afterEach(() => FakeXhr.reset());

  const openStandalone = async () => userEvent.click(await screen.findByRole('radio', { name: '내 단독 계약' }, { timeout: 8000 }));

  it("lists the caller's standalone contracts by title; the review starts with standaloneContractId", async () => {
    const fake = serveStart()
      .on(listStandaloneContracts, (call: FakeCall) =>
        ok(pageOf(call.query.get('searchKeyword') === '새솔' ? [standaloneOf(5, { title: '새솔 용역계약 검토' })] : [standaloneOf(5, { title: '새솔 용역계약 검토' }), standaloneOf(6, { title: '문서 없는 계약', fileKey: null, fileName: null })])),
      )
      .on(predictContractTypes, ok({ ...PREDICTION, source: { fileKey: STANDALONE_FILE_KEY, revision: 1 } }))
      .on(reviewContractDocument, ok(reviewOf({ reviewId: 44, status: 'QUEUED', progress: { step: null, percent: 0 }, findings: [], summary: null, text: null, clauses: [] })))
      .on(getReview, ok(reviewOf({ reviewId: 44, status: 'QUEUED', progress: { step: null, percent: 0 }, findings: [], summary: null, text: null, clauses: [] })));
    const { router } = renderApp('/hanbit/ai-review');
    await openStandalone();
    const list = await screen.findByRole('list', { name: '내 단독 계약' });
    // One without a document cannot be reviewed.
    expect(within(list).getByRole('button', { name: /문서 없는 계약/ })).toBeDisabled();
    expect(within(list).getByText('문서 없음')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: '내 단독 계약에서 찾기' }), '새솔');
    await waitFor(() => expect(fake.calls(listStandaloneContracts).at(-1)!.query.get('searchKeyword')).toBe('새솔'));
    await waitFor(() => expect(within(screen.getByRole('list', { name: '내 단독 계약' })).queryByText('문서 없는 계약')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: /새솔 용역계약 검토/ }));
    expect(selectedLine()).toHaveTextContent('새솔 용역계약 검토');
    await waitFor(() => expect(typeSelect()).toHaveValue('용역계약 (점검 항목 14개)'));
    expect(fake.calls(predictContractTypes).at(-1)!.body).toEqual({ fileKey: STANDALONE_FILE_KEY });
    await userEvent.click(screen.getByRole('radio', { name: '을 (수급인)' }));
    await screen.findByRole('group', { name: '예상 비용' });
    expect(fake.calls(estimateReview).at(-1)!.body).toEqual({ standaloneContractId: 5, contractType: 'SERVICE', position: 'PARTY_B' });

    await userEvent.click(screen.getByRole('button', { name: '검토 시작' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/ai-review/44'));
    expect(fake.calls(reviewContractDocument).map((c) => c.body)).toEqual([{ standaloneContractId: 5, contractType: 'SERVICE', position: 'PARTY_B' }]);
  });

  it('says there are no standalone contracts yet', async () => {
    serveStart();
    renderApp('/hanbit/ai-review');
    await openStandalone();
    expect(await screen.findByText('아직 단독 계약이 없습니다. 아래에서 계약서 파일을 올려 만드세요.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '내 단독 계약' })).not.toBeInTheDocument();
  });

  it('pages through the standalone contracts', async () => {
    const fake = serveStart().on(listStandaloneContracts, (call: FakeCall) => {
      const page = Number(call.query.get('page'));
      return ok({ ...pageOf([standaloneOf(page === 1 ? 11 : 1, { title: page === 1 ? '열한째 계약' : '첫째 계약' })], 11), page });
    });
    renderApp('/hanbit/ai-review');
    await openStandalone();
    expect(await screen.findByText('첫째 계약')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('열한째 계약')).toBeInTheDocument();
    expect(fake.calls(listStandaloneContracts).at(-1)!.query.get('page')).toBe('1');
    expect(fake.calls(listStandaloneContracts).at(-1)!.query.get('size')).toBe('10');
  });

  it("shows the server's message when the list fails", async () => {
    serveStart().on(listStandaloneContracts, fail(500, 'ERROR_INTERNAL', '단독 계약 목록을 읽지 못했습니다.'));
    renderApp('/hanbit/ai-review');
    await openStandalone();
    expect(await screen.findByText('단독 계약 목록을 읽지 못했습니다.', { selector: '[role="alert"] *' })).toBeInTheDocument();
  });

  it('attaches a document to a standalone contract that has none, then chooses it', async () => {
    const bare = standaloneOf(6, { title: '문서 없는 계약', fileKey: null, fileName: null });
    const fake = serveStart()
      .on(listStandaloneContracts, ok(pageOf([bare])))
      .on(setStandaloneContractDocument, ok(standaloneOf(6, { title: '문서 없는 계약', fileName: '문서.docx' })));
    renderApp('/hanbit/ai-review');
    await openStandalone();
    const list = await screen.findByRole('list', { name: '내 단독 계약' });
    await userEvent.click(within(list).getByRole('button', { name: '문서 첨부' }));
    const attach = screen.getByRole('group', { name: '문서 없는 계약에 계약서 첨부' });
    await userEvent.upload(within(attach).getByLabelText('문서 없는 계약에 첨부할 계약서 파일'), new File(['계약서'], '문서.docx', { type: 'application/octet-stream' }));
    const [xhr] = FakeXhr.instances as [FakeXhr];
    xhr.respond(200, { code: 'SUCCESS', message: null, data: uploadedFile(STANDALONE_FILE_KEY, '문서.docx') });
    await waitFor(() => expect(fake.calls(setStandaloneContractDocument)).toHaveLength(1));
    expect(fake.calls(setStandaloneContractDocument)[0]!.body).toEqual({ fileKey: STANDALONE_FILE_KEY });
    expect(fake.calls(setStandaloneContractDocument)[0]!.path).toBe('/api/aireview/standalone-contracts/6/document/v1');
    await waitFor(() => expect(selectedLine()).toHaveTextContent('문서 없는 계약'));
    expect(screen.queryByRole('group', { name: '문서 없는 계약에 계약서 첨부' })).not.toBeInTheDocument();
  });

  it('shows why attaching failed and keeps the upload open', async () => {
    serveStart()
      .on(listStandaloneContracts, ok(pageOf([standaloneOf(6, { title: '문서 없는 계약', fileKey: null, fileName: null })])))
      .on(setStandaloneContractDocument, fail(404, 'ERROR_NOT_FOUND', '단독 계약을 찾을 수 없습니다.'));
    renderApp('/hanbit/ai-review');
    await openStandalone();
    await userEvent.click(await screen.findByRole('button', { name: '문서 첨부' }));
    await userEvent.upload(screen.getByLabelText('문서 없는 계약에 첨부할 계약서 파일'), new File(['계약서'], '문서.docx', { type: 'application/octet-stream' }));
    (FakeXhr.instances[0] as FakeXhr).respond(200, { code: 'SUCCESS', message: null, data: uploadedFile(STANDALONE_FILE_KEY, '문서.docx') });
    expect(await screen.findByText('단독 계약을 찾을 수 없습니다.', { selector: '[role="alert"] *' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '첨부 취소' }));
    expect(screen.queryByRole('group', { name: '문서 없는 계약에 계약서 첨부' })).not.toBeInTheDocument();
  });

  it('creates a standalone contract from an upload and chooses it', async () => {
    const fake = serveStart().on(createStandaloneContract, ok(standaloneOf(9, { title: '물류 용역계약서', fileName: '물류 용역계약서.docx' })));
    renderApp('/hanbit/ai-review');
    await openStandalone();
    await screen.findByText('아직 단독 계약이 없습니다. 아래에서 계약서 파일을 올려 만드세요.');
    await userEvent.upload(screen.getByLabelText('단독 계약으로 만들 계약서 파일'), new File(['용역계약서'], '물류 용역계약서.docx', { type: 'application/octet-stream' }));
    const [xhr] = FakeXhr.instances as [FakeXhr];
    expect(xhr.url).toBe('/api/arxive/files/v2');
    xhr.respond(200, { code: 'SUCCESS', message: null, data: uploadedFile(STANDALONE_FILE_KEY, '물류 용역계약서.docx') });
    await waitFor(() => expect(fake.calls(createStandaloneContract)).toHaveLength(1));
    expect(fake.calls(createStandaloneContract)[0]!.body).toEqual({ title: '물류 용역계약서', fileKey: STANDALONE_FILE_KEY });
    await waitFor(() => expect(selectedLine()).toHaveTextContent('물류 용역계약서'));
    await waitFor(() => expect(typeSelect()).toHaveValue('용역계약 (점검 항목 14개)'));
    await userEvent.click(screen.getByRole('radio', { name: '갑 (발주자)' }));
    await screen.findByRole('group', { name: '예상 비용' });
    expect(fake.calls(estimateReview).at(-1)!.body).toEqual({ standaloneContractId: 9, contractType: 'SERVICE', position: 'PARTY_A' });
  });
});

function uploadedFile(fileKey: string, displayName: string) {
  return {
    fileKey, displayName, fileType: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 15,
    sha256: 'a'.repeat(64), revision: 1, referenceType: null, referenceId: null, uploadedByUserId: 41, uploaderName: '김민준', attachedTo: [],
    pendingAttachmentUntil: null, extraction: { status: 'PENDING', error: null, pageCount: null }, isDeleted: false, deletedAt: null,
    createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z', abilities: { canUpdate: true, canDelete: true },
  };
}
