import {
  deleteFile,
  getFile,
  getFileText,
  listFileRevisions,
  listFiles,
  restoreFile,
  type FileMetadata,
} from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mantineNotifier } from '../../app/mantine-notifier';
import { setApiNotifier, silentNotifier } from '../../lib/api';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { selectWorkspace, setLauncher, setPermissions, setUserInfo } from '../../lib/session';
import { installFakeApi, ok, type FakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { hanbit, resetSession, serveSession } from '../../test/session-fixtures';
import { FILE_PERMISSIONS } from './file-permissions';

const KEY_A = 'AAAAAAAAAAAAAAAAAAAAAA';
const KEY_B = 'BBBBBBBBBBBBBBBBBBBBBB';

function fileOf(over: Partial<FileMetadata> = {}): FileMetadata {
  return {
    fileKey: KEY_A,
    displayName: '용역계약서.pdf',
    fileType: 'pdf',
    contentType: 'application/pdf',
    size: 1536,
    sha256: 'a'.repeat(64),
    revision: 2,
    referenceType: null,
    referenceId: null,
    uploadedByUserId: 41,
    uploaderName: '김하늘',
    attachedTo: [{ type: 'CONTRACT', id: '7', label: '한빛 용역 계약' }],
    pendingAttachmentUntil: null,
    extraction: { status: 'DONE', error: null, pageCount: 3 },
    isDeleted: false,
    deletedAt: null,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T02:00:00.000Z',
    abilities: { canUpdate: true, canDelete: true },
    ...over,
  };
}

const memo = fileOf({
  fileKey: KEY_B,
  displayName: '회의록.txt',
  fileType: 'txt',
  contentType: 'text/plain',
  size: 2 * 1024 * 1024,
  revision: 1,
  extraction: { status: 'FAILED', error: 'encrypted document', pageCount: null },
  uploaderName: null,
  attachedTo: [],
});

const page = (content: FileMetadata[]) => ({ content, page: 0, size: 20, totalElements: content.length, totalPages: 1 });

function serveFiles(permissions: string[] = [FILE_PERMISSIONS.read, FILE_PERMISSIONS.write]): FakeApi {
  const fake = serveSession(installFakeApi(), { permissions });
  return fake.on(listFiles, ok(page([fileOf(), memo])));
}

const jsonFile = (name: string, type: string) => new File(['content'], name, { type });

describe('files page', () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
    setLauncher([hanbit]);
    selectWorkspace(hanbit.tenantId, hanbit.workspaceId);
    setPermissions([{ name: FILE_PERMISSIONS.read }, { name: FILE_PERMISSIONS.write }]);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  afterEach(() => {
    FakeXhr.reset();
    setApiNotifier(silentNotifier);
  });

  it('lists the server page and keeps the search and type filter in the address', async () => {
    const fake = serveFiles();
    const { router } = renderApp('/hanbit/files?q=계약&type=pdf');
    // The first test pays for loading the lazy page module.
    expect(await screen.findByRole('heading', { level: 1, name: '파일' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('용역계약서.pdf')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '파일 목록' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(table).getByText('2 MB')).toBeInTheDocument();
    // The uploader by name (a former member by what is true), and what each file is attached to, linked.
    expect(within(table).getByText('김하늘')).toBeInTheDocument();
    expect(within(table).getByText('워크스페이스를 떠난 사용자')).toBeInTheDocument();
    expect(within(table).queryByText(/사용자 #/)).not.toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '한빛 용역 계약' })).toHaveAttribute('href', '/hanbit/contracts/7');
    expect(within(table).getByRole('list', { name: '이 파일이 연결된 항목' })).toHaveTextContent('계약: 한빛 용역 계약');
    expect(within(table).getByLabelText('실패. 실패 사유: encrypted document')).toBeInTheDocument();

    const first = fake.calls(listFiles)[0]!;
    expect(first.query.get('keyword')).toBe('계약');
    expect(first.query.get('fileTypes')).toBe('pdf');
    expect(first.query.get('sort')).toBe('createdAt,desc');
    expect(first.query.get('page')).toBe('0');
    expect(first.query.get('size')).toBe('20');
    expect(first.headers.get('x-workspace')).toBe(String(hanbit.workspaceId));

    const search = screen.getByRole('search');
    expect(within(search).getByLabelText('이름 또는 내용')).toHaveValue('계약');
    await userEvent.selectOptions(within(search).getByLabelText('파일 형식'), 'DOCX');
    await waitFor(() => expect(router.state.location.search).toBe('?q=%EA%B3%84%EC%95%BD&type=docx'));
    await waitFor(() => expect(fake.calls(listFiles).at(-1)?.query.get('fileTypes')).toBe('docx'));

    await userEvent.clear(within(search).getByLabelText('이름 또는 내용'));
    await userEvent.type(within(search).getByLabelText('이름 또는 내용'), '회의');
    await userEvent.click(within(search).getByRole('button', { name: '검색' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=%ED%9A%8C%EC%9D%98&type=docx'));
    expect(fake.calls(listFiles).at(-1)?.query.get('keyword')).toBe('회의');
  }, 30_000);

  it('shows an empty list and hides the upload without the write permission', async () => {
    serveSession(installFakeApi(), { permissions: [FILE_PERMISSIONS.read] }).on(listFiles, ok(page([])));
    setPermissions([{ name: FILE_PERMISSIONS.read }]);
    renderApp('/hanbit/files');
    expect(await screen.findByText('파일이 없습니다')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '파일 선택' })).not.toBeInTheDocument();
  });

  it('is forbidden without the read permission', async () => {
    serveSession(installFakeApi(), { permissions: [] });
    setPermissions([]);
    renderApp('/hanbit/files');
    expect(await screen.findByText('접근 권한이 없습니다')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('uploads several files with progress, explains a 415 beside its file and refreshes the list', async () => {
    const fake = serveFiles();
    renderApp('/hanbit/files');
    await screen.findByText('용역계약서.pdf');
    const listCalls = fake.calls(listFiles).length;

    await userEvent.upload(screen.getByLabelText('올릴 파일'), [jsonFile('계약.pdf', 'application/pdf'), jsonFile('app.exe', 'application/octet-stream')]);
    expect(FakeXhr.instances).toHaveLength(2);
    const [good, bad] = FakeXhr.instances as [FakeXhr, FakeXhr];
    expect(good.url).toBe('/api/arxive/files/v2');
    expect(good.requestHeaders.get('x-tenant')).toBe(String(hanbit.tenantId));
    expect((good.body as FormData).get('displayName')).toBe('계약.pdf');
    expect((good.body as FormData).get('file')).toBeInstanceOf(File);
    // A file of the files screen is listed at once: no pending-attachment purpose.
    expect((good.body as FormData).get('purpose')).toBeNull();

    good.progress(40, 100);
    expect(await screen.findByRole('progressbar', { name: '계약.pdf 올리는 중' })).toHaveAttribute('aria-valuenow', '40');

    good.respond(200, { code: 'SUCCESS', message: null, data: fileOf({ displayName: '계약.pdf' }) });
    bad.respond(415, { code: 'ERROR_UNSUPPORTED_FILE_TYPE', message: 'unsupported', data: { reason: 'type' } });

    const uploads = await screen.findByRole('list', { name: '올리기 진행 상황' });
    expect(await within(uploads).findByText('올림 완료', { exact: false })).toBeInTheDocument();
    const failure = await within(uploads).findByRole('alert');
    expect(failure).toHaveTextContent('app.exe: 실패');
    expect(failure).toHaveTextContent('지원하지 않는 파일 형식입니다.');
    await waitFor(() => expect(fake.calls(listFiles).length).toBeGreaterThan(listCalls));
  });

  it('shows the shared storage-shortage alert when the workspace is full', async () => {
    serveFiles();
    setApiNotifier(mantineNotifier);
    renderApp('/hanbit/files');
    await screen.findByText('용역계약서.pdf');
    await userEvent.upload(screen.getByLabelText('올릴 파일'), jsonFile('큰파일.pdf', 'application/pdf'));
    FakeXhr.instances[0]!.respond(400, { code: 'ERROR_EXCEEDED_STORAGE_LIMIT', message: 'quota' });
    expect(await screen.findByText('저장 공간 부족')).toBeInTheDocument();
    expect(screen.getByText('워크스페이스의 저장 공간이 부족합니다. 워크스페이스 관리자에게 문의해 주세요.')).toBeInTheDocument();
    expect(await screen.findByText('워크스페이스 저장 공간이 부족합니다.')).toBeInTheDocument();
  });

  it('opens a file, shows its metadata, revisions and text, and deletes it after confirmation', async () => {
    const fake = serveFiles()
      .on(getFile, ok(memo))
      .on(listFileRevisions, ok([{ ...memo, revision: 1, isQuotaExempt: false }]))
      .on(getFileText, ok({ fileKey: KEY_B, revision: 1, status: 'DONE', error: null, language: 'ko', structure: null, pages: [
        { pageNumber: 1, text: '회의 내용 첫 쪽', method: 'text', status: 'done', error: null },
        { pageNumber: 2, text: '', method: 'ocr', status: 'failed', error: 'blurred' },
      ] }))
      .on(deleteFile, ok({ ...memo, isDeleted: true, deletedAt: '2026-11-21T00:00:00.000Z' }));
    const { router } = renderApp('/hanbit/files');
    await userEvent.click(await screen.findByRole('button', { name: '회의록.txt 미리 보기' }, { timeout: 8000 }));
    await waitFor(() => expect(router.state.location.search).toBe(`?file=${KEY_B}`));

    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('a'.repeat(64))).toBeInTheDocument();
    expect(await within(drawer).findByText('회의 내용 첫 쪽')).toBeInTheDocument();
    expect(within(drawer).getByText('이 페이지의 텍스트를 추출하지 못했습니다: blurred')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: '버전 1 내려받기' })).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('button', { name: '삭제' }));
    const confirm = await screen.findByText("'회의록.txt' 파일을 삭제할까요? 보존 기간이 지나기 전까지는 복원할 수 있습니다.");
    expect(fake.calls(deleteFile)).toHaveLength(0);
    const modal = confirm.closest('[role="dialog"]') as HTMLElement;
    await userEvent.click(within(modal).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(fake.calls(deleteFile)).toHaveLength(1));
    expect(fake.calls(deleteFile)[0]!.path).toBe(`/api/arxive/files/${KEY_B}/v1`);
    expect(await screen.findByText('파일을 삭제했습니다.')).toBeInTheDocument();
  });
});

describe('file drawer', () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
    setLauncher([hanbit]);
    selectWorkspace(hanbit.tenantId, hanbit.workspaceId);
    setPermissions([{ name: FILE_PERMISSIONS.read }, { name: FILE_PERMISSIONS.write }]);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  afterEach(() => FakeXhr.reset());

  const serveDrawer = (file: FileMetadata) =>
    serveFiles()
      .on(getFile, ok(file))
      .on(listFileRevisions, ok([{ ...file, isQuotaExempt: false }]))
      .on(getFileText, ok({ fileKey: file.fileKey, revision: file.revision, status: 'PENDING', error: null, language: null, structure: null, pages: [] }));

  it('uploads a new revision of the open file with a PUT', async () => {
    serveDrawer(memo);
    renderApp(`/hanbit/files?file=${KEY_B}`);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('텍스트를 추출하는 중입니다. 잠시 후 다시 열어 주세요.')).toBeInTheDocument();
    await userEvent.upload(within(drawer).getByLabelText('새 버전으로 올릴 파일'), jsonFile('회의록-v2.txt', 'text/plain'));
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(`/api/arxive/files/${KEY_B}/v2`);
    xhr.respond(200, { code: 'SUCCESS', message: null, data: { ...memo, revision: 2 } });
    expect(await within(drawer).findByText('올림 완료', { exact: false })).toBeInTheDocument();
  });

  it('switches a PDF between its preview and its extracted text, and names the uploader and the contract', async () => {
    const pdf = fileOf();
    const fake = serveFiles()
      .on(getFile, ok(pdf))
      .on(listFileRevisions, ok([{ ...pdf, isQuotaExempt: false }]))
      .on(getFileText, ok({ fileKey: KEY_A, revision: 2, status: 'DONE', error: null, language: 'ko', structure: null, pages: [
        { pageNumber: 1, text: '제5조(지체상금) 납기를 어기면 지체상금을 낸다.', method: 'text', status: 'done', error: null },
      ] }));
    renderApp(`/hanbit/files?file=${KEY_A}`);
    const drawer = await screen.findByRole('dialog');
    const details = await within(drawer).findByRole('region', { name: '정보' });
    expect(within(details).getByText('김하늘')).toBeInTheDocument();
    expect(within(details).getByRole('link', { name: '한빛 용역 계약' })).toHaveAttribute('href', '/hanbit/contracts/7');
    // The preview first: the text is not fetched until asked for.
    expect(fake.calls(getFileText)).toHaveLength(0);
    await userEvent.click(within(drawer).getByRole('radio', { name: '추출된 텍스트' }));
    expect(await within(drawer).findByText('제5조(지체상금) 납기를 어기면 지체상금을 낸다.')).toBeInTheDocument();
    expect(fake.calls(getFileText)[0]!.path).toBe(`/api/arxive/files/${KEY_A}/text/v1`);
    await userEvent.click(within(drawer).getByRole('radio', { name: '미리 보기' }));
    expect(within(drawer).queryByText('제5조(지체상금) 납기를 어기면 지체상금을 낸다.')).not.toBeInTheDocument();
  });

  it('says a free file is attached to nothing', async () => {
    serveDrawer(memo);
    renderApp(`/hanbit/files?file=${KEY_B}`);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('연결된 항목 없음')).toBeInTheDocument();
    expect(within(drawer).queryByRole('radio', { name: '추출된 텍스트' })).not.toBeInTheDocument();
  });

  it('restores a deleted file', async () => {
    const deleted = { ...memo, isDeleted: true, deletedAt: '2026-11-21T00:00:00.000Z' };
    const fake = serveDrawer(deleted).on(restoreFile, ok(memo));
    renderApp(`/hanbit/files?deleted=1&file=${KEY_B}`);
    const drawer = await screen.findByRole('dialog');
    await userEvent.click(await within(drawer).findByRole('button', { name: '복원' }));
    await waitFor(() => expect(fake.calls(restoreFile)).toHaveLength(1));
    expect(await screen.findByText('파일을 복원했습니다.')).toBeInTheDocument();
    expect(fake.calls(listFiles)[0]!.query.get('isDeleted')).toBe('true');
  });
});

describe('files link on the workspace home', () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
    setLauncher([hanbit]);
    selectWorkspace(hanbit.tenantId, hanbit.workspaceId);
    setPermissions([{ name: FILE_PERMISSIONS.read }]);
  });

  it('leads to the files page', async () => {
    serveSession(installFakeApi(), { permissions: [FILE_PERMISSIONS.read] }).on(listFiles, ok(page([])));
    const { router } = renderApp('/hanbit');
    await userEvent.click(await screen.findByRole('link', { name: '파일' }, { timeout: 8000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/files'));
    expect(await screen.findByText('파일이 없습니다')).toBeInTheDocument();
  });
});
