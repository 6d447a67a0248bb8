import {
  type ContractDocument, type ContractDocumentRevision, downloadContractDocument, downloadExecutedContractDocument, getConhubContractV3, getContractDocument,
  getContractPermissions, getReminderSuggestions, getWordAccessPath, getWordEditStatus, listContractDocumentRevisions, listContractReminders,
  type WordEditStatus,
} from '@legal/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { detailOf, permissionsOf, READER, signInAs, WRITER } from './contracts.test-support';

const page = <T,>(content: T[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: 1 });
const FILE_KEY = 'AAAAAAAAAAAAAAAAAAAAAA';

const revision = (n: number, over: Partial<ContractDocumentRevision> = {}): ContractDocumentRevision => ({
  revision: n,
  displayName: n === 1 ? '용역계약서 초안.docx' : '용역계약서.docx',
  fileType: 'docx',
  contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 2048 * n,
  sha256: String(n).repeat(64),
  createdAt: `2026-11-0${n}T01:00:00.000Z`,
  createdBy: { userId: 41, displayName: n === 1 ? '김민준' : '한지민' },
  extraction: { status: 'DONE', error: null, pageCount: 1 },
  isCurrent: n === 2,
  ...over,
});

const current: ContractDocument = { ...revision(2), contractId: 7, fileKey: FILE_KEY, currentRevision: 2, isLocked: false, lock: null };

const status = (over: Partial<WordEditStatus> = {}): WordEditStatus => ({
  editable: true, reason: null, locked: false, lockedBy: null, lockExpiresAt: null, editorConfigured: true, ...over,
});

function serve(permissions: string[], over: { status?: WordEditStatus; detail?: ReturnType<typeof detailOf>; canUpdate?: boolean } = {}) {
  const detail = over.detail ?? detailOf({ files: [{ fileKey: FILE_KEY, role: 'MAIN', displayName: '용역계약서.docx', fileType: 'docx', size: 4096, extractionStatus: 'DONE' }] });
  return signInAs(permissions)
    .on(getConhubContractV3, ok(detail))
    .on(getContractPermissions, ok(permissionsOf({ canUpdate: over.canUpdate ?? true })))
    .on(listContractReminders, ok(page([])))
    .on(getReminderSuggestions, ok({ endDate: null, noticeDays: 30, suggestions: [] }))
    .on(getContractDocument, ok(current))
    .on(listContractDocumentRevisions, ok([revision(2), revision(1)]))
    .on(getWordEditStatus, ok(over.status ?? status()))
    .on(downloadContractDocument, new Response(new Blob(['PK']), { status: 200, headers: { 'content-type': 'application/octet-stream' } }))
    .on(downloadExecutedContractDocument, new Response(new Blob(['PK']), { status: 200, headers: { 'content-type': 'application/octet-stream' } }));
}

const mainDocument = async () => screen.findByRole('region', { name: '본문 문서' }, { timeout: 8000 });

describe('the main document of a contract', () => {
  afterEach(() => {
    FakeXhr.reset();
    vi.restoreAllMocks();
  });

  it('shows the revisions, downloads any of them and the executed document, and says who edits in Word', { timeout: 25_000 }, async () => {
    URL.createObjectURL = vi.fn(() => 'blob:doc');
    URL.revokeObjectURL = vi.fn();
    const fake = serve(WRITER, { status: status({ locked: true, lockedBy: { userId: 52, displayName: '한지민' }, lockExpiresAt: '2026-11-21T01:30:00.000Z' }) });
    renderApp('/hanbit/contracts/7');
    const region = await mainDocument();
    expect(await within(region).findByRole('button', { name: '용역계약서.docx 내려받기' })).toBeInTheDocument();
    const table = await within(region).findByRole('table', { name: '본문 문서 버전 기록' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['버전 2현재', '버전 1']);
    expect(within(rows[1]!).getByText(/^김민준 · /)).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent('한지민 님이 Word에서 편집하고 있습니다');

    await userEvent.click(within(table).getByRole('button', { name: '버전 1 내려받기' }));
    await waitFor(() => expect(fake.calls(downloadContractDocument)).toHaveLength(1));
    expect(fake.calls(downloadContractDocument)[0]!.query.get('revision')).toBe('1');
    await userEvent.click(within(region).getByRole('button', { name: '체결본 내려받기' }));
    await waitFor(() => expect(fake.calls(downloadExecutedContractDocument)).toHaveLength(1));
  });

  it('uploads a new revision with a progress bar and shows the new one', { timeout: 25_000 }, async () => {
    let revisions = [revision(2), revision(1)];
    const fake = serve(WRITER).on(listContractDocumentRevisions, () => ok(revisions));
    renderApp('/hanbit/contracts/7');
    const region = await mainDocument();
    await within(region).findByRole('table', { name: '본문 문서 버전 기록' });
    await userEvent.upload(within(region).getByLabelText('본문 문서로 올릴 파일'), new File(['PK'], '용역계약서 최종.docx'));
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.url).toContain('/api/conhub/contracts/7/documents/v1');
    act(() => xhr.progress(30, 100));
    expect(await within(region).findByRole('progressbar', { name: '용역계약서 최종.docx 올리는 중' })).toBeInTheDocument();
    revisions = [revision(3, { displayName: '용역계약서 최종.docx', isCurrent: true }), revision(2, { isCurrent: false }), revision(1)];
    act(() => xhr.respond(200, { code: 'SUCCESS', message: null, data: { ...current, ...revisions[0], currentRevision: 3 } }));
    expect(await within(region).findByRole('button', { name: '버전 3 내려받기' })).toBeInTheDocument();
    expect(within(region).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(fake.calls(listContractDocumentRevisions).length).toBeGreaterThan(1);
  });

  it('shows why an upload was refused', { timeout: 25_000 }, async () => {
    serve(WRITER);
    renderApp('/hanbit/contracts/7');
    const region = await mainDocument();
    await userEvent.upload(within(region).getByLabelText('본문 문서로 올릴 파일'), new File(['PK'], '덮어쓰기.docx'));
    act(() => FakeXhr.instances[0]!.respond(409, { code: 'ERROR_CONFLICT', message: '다른 사용자가 Word에서 이 문서를 편집하고 있습니다.' }));
    const alert = await within(region).findByRole('alert');
    expect(alert).toHaveTextContent('덮어쓰기.docx을(를) 올리지 못했습니다');
    expect(alert).toHaveTextContent('다른 사용자가 Word에서 이 문서를 편집하고 있습니다.');
  });

  it('opens the Word editor by posting the access token to it', { timeout: 25_000 }, async () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const fake = serve(WRITER).on(getWordAccessPath, ok({ url: 'https://office.example/cool.html?WOPISrc=x', accessToken: 'w1.token.mac', accessTokenTtl: 1_800_000_000_000 }));
    renderApp('/hanbit/contracts/7');
    const region = await mainDocument();
    await userEvent.click(await within(region).findByRole('button', { name: 'Word로 편집' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect([form.method, form.action, form.target]).toEqual(['post', 'https://office.example/cool.html?WOPISrc=x', '_blank']);
    expect(Object.fromEntries(new FormData(form))).toEqual({ access_token: 'w1.token.mac', access_token_ttl: '1800000000000' });
    expect(fake.calls(getWordAccessPath)).toHaveLength(1);
  });

  it('offers no upload and no Word editing to a reader', { timeout: 25_000 }, async () => {
    serve(READER, { status: status({ editable: false, reason: 'NO_PERMISSION' }), canUpdate: false });
    renderApp('/hanbit/contracts/7');
    const region = await mainDocument();
    await within(region).findByRole('table', { name: '본문 문서 버전 기록' });
    expect(within(region).queryByRole('button', { name: '새 버전 올리기' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Word로 편집' })).not.toBeInTheDocument();
  });

  it('hides Word editing when no editor is configured, and shows a failed load', { timeout: 25_000 }, async () => {
    serve(WRITER, { status: status({ editable: false, reason: 'EDITOR_NOT_CONFIGURED', editorConfigured: false }) }).on(getContractDocument, fail(500, 'ERROR_INTERNAL'));
    renderApp('/hanbit/contracts/7');
    const region = await mainDocument();
    expect(await within(region).findByRole('alert')).toHaveTextContent('본문 문서를 불러오지 못했습니다.');
    expect(within(region).getByRole('button', { name: '새 버전 올리기' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Word로 편집' })).not.toBeInTheDocument();
  });

  it('offers to upload the main document when there is none', { timeout: 25_000 }, async () => {
    const fake = serve(WRITER, { detail: detailOf({ files: [] }) });
    renderApp('/hanbit/contracts/7');
    const region = await mainDocument();
    expect(within(region).getByText(/본문 문서가 아직 없습니다/)).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '본문 문서 올리기' })).toBeInTheDocument();
    expect(fake.calls(getContractDocument)).toHaveLength(0);
  });
});
