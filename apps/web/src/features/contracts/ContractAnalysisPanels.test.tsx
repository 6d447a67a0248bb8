import {
  analyzeContract, type ContractActivity, type ContractAnalysis, type ContractClauseLabels, completeContract, copyContract, deleteContractClauseLabels, type FileMetadata,
  getConhubContractV3, getContractClauseLabels, getContractPermissions, getReminderSuggestions, listContractActivities, listContractReminders, updateConhubContractTitle,
} from '@legal/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { READ_WAIT } from './clause-queries';
import { detailOf, permissionsOf, signInAs, WRITER } from './contracts.test-support';

const FILE_KEY = 'AAAAAAAAAAAAAAAAAAAAAA';
const page = <T,>(content: T[], pageNumber = 0, totalPages = 1) => ({ content, page: pageNumber, size: 20, totalElements: content.length * totalPages, totalPages });
const noLabels: ContractClauseLabels = { contractId: 7, fileKey: null, revision: null, engine: null, analyzedAt: null, analyzedBy: null, labels: [] };
const clause = (id: number, label: ContractClauseLabels['labels'][number]['label'], heading: string, text: string) => ({ id, label, heading, text, startOffset: id * 100, endOffset: id * 100 + text.length, confidence: 0.95 });
const storedLabels: ContractClauseLabels = {
  contractId: 7, fileKey: FILE_KEY, revision: 1, engine: 'BUILT_IN', analyzedAt: '2026-01-10T01:00:00.000Z', analyzedBy: { userId: 41, displayName: '김민준' },
  labels: [clause(1, 'PURPOSE', '제1조 (목적)', '제1조 (목적) 이 계약은 용역의 수행에 필요한 사항을 정한다.'), clause(2, 'PAYMENT', '제4조 (계약금액)', '제4조 (계약금액) 금 일억원정'), clause(3, 'PAYMENT', '제5조 (지급)', '제5조 (지급) 검수 후 30일 이내')],
};
const suggestions: ContractAnalysis['suggestions'] = {
  title: '소프트웨어 개발 용역계약서', contractType: 'SERVICE', language: 'ko',
  counterparties: [{ counterpartyType: 'COMPANY', name: '주식회사 새솔테크', businessRegistrationNumber: '220-81-12345', representative: '이서연', address: null, role: '을' }],
  startDate: '2025-03-01', endDate: '2025-12-31', signedDate: '2025-02-20', amount: '100000000', currency: 'KRW', vat: 'EXCLUDED', governingLaw: '대한민국 법', disputeResolutionMethod: 'LITIGATION',
};
const analysis = (stored: ContractAnalysis['stored']): ContractAnalysis => ({
  engine: 'BUILT_IN', fileKey: FILE_KEY, revision: 1, textLength: 2000, isTruncated: false, suggestions, evidence: [],
  clauses: storedLabels.labels.map(({ id: _id, ...c }) => c), stored,
});
const event = (id: number, over: Partial<ContractActivity>): ContractActivity => ({
  id, type: 'contract.updated', actor: { userId: 41, displayName: '김민준' }, createdAt: '2026-01-10T01:00:00.000Z',
  summary: { fields: [], changes: [], names: [], fromStatus: null, toStatus: null, count: null, relatedContractId: null, revision: null }, ...over,
});

function serveDetail(detail = detailOf()) {
  return signInAs(WRITER)
    .on(getConhubContractV3, ok(detail))
    .on(getContractPermissions, ok(permissionsOf()))
    .on(listContractReminders, ok(page([])))
    .on(getReminderSuggestions, ok({ endDate: null, noticeDays: 30, suggestions: [] }))
    .on(getContractClauseLabels, ok(noLabels))
    .on(listContractActivities, ok(page([])));
}

const region = (name: string) => screen.getByRole('region', { name });

const READ_WAIT_DEFAULT = { ...READ_WAIT };

describe('contract analysis, completion, copy and activity on the detail page', () => {
  // Notifications live in one store for the whole file: each test starts with none shown or queued.
  afterEach(() => {
    Object.assign(READ_WAIT, READ_WAIT_DEFAULT);
    FakeXhr.reset();
    notifications.clean();
    notifications.cleanQueue();
  });

  it('analyses the main document with progress, shows the clauses by label, and deletes the result', { timeout: 25_000 }, async () => {
    let isAnalysed = false;
    const fake = serveDetail()
      .on(getContractClauseLabels, () => ok(isAnalysed ? storedLabels : noLabels))
      .on(analyzeContract, () => {
        isAnalysed = true;
        return ok(analysis({ contractId: 7, labelCount: 3 }));
      })
      .on(deleteContractClauseLabels, () => {
        isAnalysed = false;
        return ok({ contractId: 7, deletedCount: 3 });
      });
    renderApp('/hanbit/contracts/7');
    const panel = await screen.findByRole('region', { name: '조항 분석' }, { timeout: 8000 });
    expect(await within(panel).findByText('아직 분석하지 않았습니다.')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: '분석하기' }));
    await waitFor(() => expect(fake.calls(analyzeContract)).toHaveLength(1));
    expect(fake.calls(analyzeContract)[0]!.body).toEqual({ fileKey: FILE_KEY, contractId: 7 });
    const payment = await within(panel).findByRole('region', { name: '대금 지급' });
    expect(within(payment).getByText('2개')).toBeInTheDocument();
    expect(within(region('목적')).getByText('제1조 (목적)')).toBeInTheDocument();
    expect(await screen.findByText('3개 조항을 분석했습니다.')).toBeInTheDocument();
    const toggle = within(payment).getByRole('button', { name: '제4조 (계약금액) 본문 보기' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(payment).getByText('제4조 (계약금액) 금 일억원정')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: '결과 삭제' }));
    const confirm = await screen.findByRole('dialog', { name: '조항 분석 결과 삭제' });
    await userEvent.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(fake.calls(deleteContractClauseLabels)).toHaveLength(1));
    expect(await within(panel).findByText('아직 분석하지 않았습니다.')).toBeInTheDocument();
  });

  it('says truthfully that an analysis found no clauses, and offers to analyse again', { timeout: 25_000 }, async () => {
    let isAnalysed = false;
    const emptyRun: ContractClauseLabels = { ...storedLabels, labels: [] };
    const fake = serveDetail()
      .on(getContractClauseLabels, () => ok(isAnalysed ? emptyRun : noLabels))
      .on(analyzeContract, () => {
        isAnalysed = true;
        return ok({ ...analysis({ contractId: 7, labelCount: 0 }), clauses: [] });
      });
    renderApp('/hanbit/contracts/7');
    const panel = await screen.findByRole('region', { name: '조항 분석' }, { timeout: 8000 });
    await userEvent.click(await within(panel).findByRole('button', { name: '분석하기' }));
    expect(await within(panel).findByText(/이 문서에서 조항을 찾지 못했습니다/)).toBeInTheDocument();
    expect(within(panel).queryByText('아직 분석하지 않았습니다.')).toBeNull();
    expect(within(panel).getByText(/김민준 님이 .*분석/)).toBeInTheDocument();
    expect(await screen.findByText('분석을 마쳤지만 조항을 찾지 못했습니다.')).toBeInTheDocument();
    expect(screen.queryByText('0개 조항을 분석했습니다.')).toBeNull();
    expect(within(panel).getByRole('button', { name: '다시 분석하기' })).toBeInTheDocument();
    expect(fake.calls(analyzeContract)).toHaveLength(1);
  });

  it('waits while the text is still being read, then analyses', { timeout: 20_000 }, async () => {
    READ_WAIT.everyMs = 20;
    let attempts = 0;
    let isAnalysed = false;
    const reading = () => fail(409, 'ERROR_CONFLICT', '문서의 텍스트를 아직 읽는 중입니다. 잠시 후 다시 분석해 주세요.', { extractionStatus: 'PENDING' });
    serveDetail()
      .on(getContractClauseLabels, () => ok(isAnalysed ? storedLabels : noLabels))
      .on(analyzeContract, () => {
        attempts += 1;
        if (attempts < 3) return reading();
        isAnalysed = true;
        return ok(analysis({ contractId: 7, labelCount: 3 }));
      });
    renderApp('/hanbit/contracts/7');
    const panel = await screen.findByRole('region', { name: '조항 분석' }, { timeout: 8000 });
    await userEvent.click(await within(panel).findByRole('button', { name: '분석하기' }));
    expect(await within(panel).findByText('제5조 (지급)', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(attempts).toBe(3);
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('says why when no text could be read from the document', { timeout: 20_000 }, async () => {
    serveDetail().on(analyzeContract, fail(409, 'ERROR_CONFLICT', '이 문서에서는 텍스트를 읽지 못해 분석할 수 없습니다. 다른 파일로 시도해 주세요.', { extractionStatus: 'FAILED' }));
    renderApp('/hanbit/contracts/7');
    const again = await screen.findByRole('region', { name: '조항 분석' }, { timeout: 8000 });
    await userEvent.click(await within(again).findByRole('button', { name: '분석하기' }));
    expect(await within(again).findByRole('alert')).toHaveTextContent('텍스트를 읽지 못해');
  });

  it('shows the history as sentences, loads older entries and reloads after an edit on the page', { timeout: 25_000 }, async () => {
    const newest = [
      event(3, { summary: { ...event(0, {}).summary, fields: ['title'], changes: [{ field: 'title', before: '용역계약 7', after: '용역계약 7 (개정)' }] } }),
      event(2, { type: 'counterparty.added', summary: { ...event(0, {}).summary, names: ['주식회사 새솔'] } }),
    ];
    const older = [event(1, { type: 'contract.created', summary: { ...event(0, {}).summary, toStatus: 'DRAFT' } })];
    const fake = serveDetail()
      .on(listContractActivities, (call) => ok(call.query.get('page') === '1' ? page(older, 1, 2) : page(newest, 0, 2)))
      .on(updateConhubContractTitle, ok(detailOf({ title: '용역계약 7 (개정)', version: 4 })));
    renderApp('/hanbit/contracts/7');
    const panel = await screen.findByRole('region', { name: '활동 기록' }, { timeout: 8000 });
    expect(await within(panel).findByText('김민준 님이 계약명을 변경했습니다')).toBeInTheDocument();
    expect(within(panel).getByText('계약명: 용역계약 7 → 용역계약 7 (개정)')).toBeInTheDocument();
    expect(within(panel).getByText('김민준 님이 계약 상대방 주식회사 새솔을 추가했습니다')).toBeInTheDocument();
    expect(fake.calls(listContractActivities)[0]!.query.get('size')).toBe('20');

    await userEvent.click(within(panel).getByRole('button', { name: '이전 기록 더 보기' }));
    expect(await within(panel).findByText('김민준 님이 계약을 등록했습니다')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: '이전 기록 더 보기' })).not.toBeInTheDocument();

    const before = fake.calls(listContractActivities).length;
    const terms = region('계약 조건');
    await userEvent.click(await within(terms).findByRole('button', { name: '계약명 수정' }));
    const input = within(terms).getByRole('textbox', { name: '계약명' });
    await userEvent.clear(input);
    await userEvent.type(input, '용역계약 7 (개정)');
    await userEvent.click(within(terms).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(listContractActivities).length).toBeGreaterThan(before));
  });

  it('marks a draft as executed with its signed date and signing type', { timeout: 25_000 }, async () => {
    const draft = detailOf({ status: 'DRAFT', signedDate: null, signingType: null });
    const fake = serveDetail(draft).on(completeContract, ok(detailOf({ status: 'SIGNED', signedDate: '2026-01-05', signingType: 'PAPER', version: 5 })));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await screen.findByRole('button', { name: '체결 완료 처리' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '체결 완료 처리' });
    const date = within(dialog).getByLabelText(/체결일/);
    await userEvent.clear(date);
    await userEvent.click(within(dialog).getByRole('button', { name: '체결 완료로 처리' }));
    // The shared schema wants a date: nothing is sent.
    expect(await within(dialog).findByText('입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(completeContract)).toHaveLength(0);

    await userEvent.type(date, '2026-01-05');
    await userEvent.click(within(dialog).getByRole('combobox', { name: '서명 방식' }));
    await userEvent.click(await screen.findByRole('option', { name: '서면 날인' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '체결 완료로 처리' }));
    await waitFor(() => expect(fake.calls(completeContract)).toHaveLength(1));
    expect(fake.calls(completeContract)[0]!.body).toEqual({ signedDate: '2026-01-05', signingType: 'PAPER', status: 'SIGNED' });
    expect(fake.calls(completeContract)[0]!.path).toBe('/api/conhub/contracts/7/completions/v2');
    expect(await screen.findByText('계약을 체결 완료로 처리했습니다.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: '체결 완료 처리' })).not.toBeInTheDocument());
  });

  it('offers no completion for an executed contract, and copies one (with its files) into a new draft it opens', { timeout: 25_000 }, async () => {
    const created = detailOf({ id: 99, title: '용역계약 7 (사본)', status: 'DRAFT' });
    const fake = serveDetail()
      .on(copyContract, ok(created))
      .on(getConhubContractV3, (call) => ok(call.path.includes('/99/') ? created : detailOf()));
    const { router } = renderApp('/hanbit/contracts/7');
    await userEvent.click(await screen.findByRole('button', { name: '복사' }, { timeout: 8000 }));
    expect(screen.queryByRole('button', { name: '체결 완료 처리' })).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: '계약 복사' });
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '첨부 파일도 함께 연결' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '복사' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/contracts/99'));
    expect(fake.calls(copyContract)[0]!.body).toEqual({ copyFiles: true });
    expect(await screen.findByText("'용역계약 7 (사본)' 계약을 만들었습니다.")).toBeInTheDocument();
  });
});

describe('fill from document on the registration page', () => {
  // Notifications live in one store for the whole file: each test starts with none shown or queued.
  afterEach(() => {
    FakeXhr.reset();
    notifications.clean();
    notifications.cleanQueue();
  });

  it('fills only the empty fields from the analysis of the uploaded main document', { timeout: 30_000 }, async () => {
    const metadata: FileMetadata = {
      fileKey: FILE_KEY, displayName: '용역계약서_최종.pdf', fileType: 'pdf', contentType: 'application/pdf', size: 4096, sha256: 'a'.repeat(64), revision: 1, referenceType: null,
      referenceId: null, uploadedByUserId: 41, uploaderName: null, attachedTo: [], pendingAttachmentUntil: null, extraction: { status: 'DONE', error: null, pageCount: 1 }, isDeleted: false, deletedAt: null,
      createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z', abilities: { canUpdate: true, canDelete: true },
    };
    const fake = signInAs(WRITER).on(analyzeContract, ok(analysis(null)));
    renderApp('/hanbit/contracts/new');
    await userEvent.upload(await screen.findByLabelText('올릴 계약서 파일', undefined, { timeout: 8000 }), new File(['%PDF'], '용역계약서_최종.pdf', { type: 'application/pdf' }));
    act(() => FakeXhr.instances[0]!.respond(200, { code: 'SUCCESS', message: null, data: metadata }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '계약명' })).toHaveValue('용역계약서_최종'));
    await userEvent.type(screen.getByRole('textbox', { name: '준거법' }), '싱가포르 법');

    await userEvent.click(screen.getByRole('button', { name: '문서에서 채우기' }));
    await waitFor(() => expect(fake.calls(analyzeContract)).toHaveLength(1));
    expect(fake.calls(analyzeContract)[0]!.body).toEqual({ fileKey: FILE_KEY });
    expect(await screen.findByText(/^7개 항목을 채웠습니다: 계약 유형, .*저장 전에 확인해 주세요\.$/)).toBeInTheDocument();
    // What was typed stays: the title from the file name and the governing law.
    expect(screen.getByRole('textbox', { name: '계약명' })).toHaveValue('용역계약서_최종');
    expect(screen.getByRole('textbox', { name: '준거법' })).toHaveValue('싱가포르 법');
    expect(screen.getByRole('combobox', { name: '계약 유형' })).toHaveValue('용역계약');
    expect(screen.getByLabelText('시작일')).toHaveValue('2025-03-01');
    expect(screen.getByLabelText('체결일')).toHaveValue('2025-02-20');
    expect(screen.getByText('주식회사 새솔테크')).toBeInTheDocument();
  });
});
