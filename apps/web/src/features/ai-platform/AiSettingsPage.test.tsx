import {
  PERMISSION, getSuperAdminWorkspaceAiConfig, searchWorkspacesSimple, getSuperAdminWorkspaceAiServiceConfig, putSuperAdminWorkspaceAiConfig, putSuperAdminWorkspaceAiServiceConfig,
  superAdminDownloadClauseExamples, superAdminDownloadLabelCheckpoints, testSuperAdminWorkspaceAiConfig, type WorkspaceAiConfig,
} from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { setPermissions, setUserInfo } from '../../lib/session';
import { fail, installFakeApi, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { resetSession } from '../../test/session-fixtures';

const target = { tenantId: 1, workspaceId: 10 };
const stored: WorkspaceAiConfig = {
  ...target, isOverride: true, driver: 'OPENAI_COMPATIBLE', baseUrl: 'https://api.openai.com/v1', chatModel: 'gpt-4o-mini', embeddingModel: null,
  hasApiKey: true, apiKeyFingerprint: 'AbCdEf0123456789', canGenerate: true, updatedAt: '2026-11-20T01:00:00.000Z',
};
const services = { ...target, features: ['AI_REVIEW', 'REVIEW_CHAT', 'TRANSLATION', 'EDIT_CLAUSE', 'LEGAL_RESEARCH'].map((feature) => ({ feature, isEnabled: true })) };

describe('super-admin AI settings', () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 1, loginId: 'superadmin@legal.example', isSuperAdmin: true });
    setPermissions([{ name: PERMISSION.superAdminWorkspaceRead }]);
  });

  it('shows the provider without the key, keeps the key unless a new one is typed, and saves a new key', async () => {
    const fake = installFakeApi()
      .on(getSuperAdminWorkspaceAiConfig, ok(stored))
      .on(getSuperAdminWorkspaceAiServiceConfig, ok(services))
      .on(putSuperAdminWorkspaceAiConfig, (call) => ok({ ...stored, chatModel: (call.body as { chatModel: string }).chatModel, apiKeyFingerprint: 'NewFingerprint01' }));
    renderApp('/super-admin/ai-settings?tenantId=1&workspaceId=10');
    const section = await screen.findByRole('region', { name: 'AI 제공자' });
    const keyInput = within(section).getByLabelText('새 API 키');
    expect(keyInput).toHaveValue('');
    expect(within(section).getByText(/저장된 키가 있습니다\(지문 AbCdEf0123456789\)/)).toBeInTheDocument();
    expect(within(section).getByLabelText('대화 모델', { exact: false })).toHaveValue('gpt-4o-mini');
    expect(fake.calls(getSuperAdminWorkspaceAiConfig)[0]?.query.get('workspaceId')).toBe('10');

    const model = within(section).getByLabelText('대화 모델', { exact: false });
    await userEvent.clear(model);
    await userEvent.type(model, 'gpt-4.1');
    await userEvent.click(within(section).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(putSuperAdminWorkspaceAiConfig)).toHaveLength(1));
    const first = fake.calls(putSuperAdminWorkspaceAiConfig)[0]!.body as Record<string, unknown>;
    expect(first).toMatchObject({ ...target, driver: 'OPENAI_COMPATIBLE', chatModel: 'gpt-4.1' });
    expect(first).not.toHaveProperty('apiKey');

    await userEvent.type(keyInput, 'sk-new-secret-key');
    await userEvent.click(within(section).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(putSuperAdminWorkspaceAiConfig)).toHaveLength(2));
    expect(fake.calls(putSuperAdminWorkspaceAiConfig)[1]!.body).toMatchObject({ apiKey: 'sk-new-secret-key' });
    // Once saved, the field is emptied: the key is never shown back.
    await waitFor(() => expect(keyInput).toHaveValue(''));
    expect(await within(section).findByText(/NewFingerprint01/)).toBeInTheDocument();
    expect(document.body.innerHTML).not.toContain('sk-new-secret-key');
  });

  it('removes the key, switches a feature off and shows a failed connection test', async () => {
    const fake = installFakeApi()
      .on(getSuperAdminWorkspaceAiConfig, ok(stored))
      .on(getSuperAdminWorkspaceAiServiceConfig, ok(services))
      .on(putSuperAdminWorkspaceAiConfig, ok({ ...stored, hasApiKey: false, apiKeyFingerprint: null }))
      .on(putSuperAdminWorkspaceAiServiceConfig, (call) => ok({ ...services, features: services.features.map((f) => (f.feature === 'TRANSLATION' ? { ...f, isEnabled: false } : f)), _body: call.body }))
      .on(testSuperAdminWorkspaceAiConfig, ok({ ok: false, driver: 'BUILT_IN', model: null, latencyMs: 3, failure: 'NOT_CONFIGURED', message: '이 기능에는 AI 모델이 필요합니다.' }));
    renderApp('/super-admin/ai-settings?tenantId=1&workspaceId=10');
    const section = await screen.findByRole('region', { name: 'AI 제공자' });
    await userEvent.click(within(section).getByRole('checkbox', { name: '저장된 키 삭제' }));
    await userEvent.click(within(section).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(putSuperAdminWorkspaceAiConfig)[0]?.body).toMatchObject({ apiKey: null }));

    const features = screen.getByRole('region', { name: 'AI 기능 사용' });
    await userEvent.click(within(features).getByRole('switch', { name: '번역' }));
    await waitFor(() => expect(fake.calls(putSuperAdminWorkspaceAiServiceConfig)[0]?.body).toEqual({ ...target, features: [{ feature: 'TRANSLATION', isEnabled: false }] }));
    await waitFor(() => expect(within(features).getByRole('switch', { name: '번역' })).not.toBeChecked());

    await userEvent.click(within(section).getByRole('button', { name: '연결 시험' }));
    expect(await within(section).findByText('연결 실패: NOT_CONFIGURED')).toBeInTheDocument();
    expect(within(section).getByText('이 기능에는 AI 모델이 필요합니다.')).toBeInTheDocument();
  });

  it('asks for a workspace first, and shows a load failure', async () => {
    const workspace = { tenantId: 1, workspaceId: 99, workspaceName: 'hanbit', workspaceMemo: null, organizationName: '한빛 법무법인', organizationNameEn: 'Hanbit Law', isDeleted: false };
    const fake = installFakeApi()
      .on(searchWorkspacesSimple, ok([workspace]))
      .on(getSuperAdminWorkspaceAiConfig, fail(404, 'ERROR_NOT_FOUND', '요청한 대상을 찾을 수 없습니다.'))
      .on(getSuperAdminWorkspaceAiServiceConfig, ok(services));
    const { router } = renderApp('/super-admin/ai-settings');
    expect(await screen.findByText(/워크스페이스를 이름으로 찾아 고르세요/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('combobox', { name: '워크스페이스' }), '한빛');
    await waitFor(() => expect(fake.calls(searchWorkspacesSimple).at(-1)?.query.get('keyword')).toBe('한빛'));
    await userEvent.click(await screen.findByRole('option', { name: 'hanbit · 한빛 법무법인 (1-99)' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tenantId=1&workspaceId=99'));
    expect(await screen.findByText('요청한 대상을 찾을 수 없습니다.')).toBeInTheDocument();
  });

  it('names the workspace of the address by its name, without searching for its own label', async () => {
    const workspace = { tenantId: 1, workspaceId: 99, workspaceName: 'hanbit', workspaceMemo: null, organizationName: '한빛 법무법인', organizationNameEn: 'Hanbit Law', isDeleted: false };
    // Like the server: a keyword matching nothing finds nothing; the list answers after a moment,
    // while the box already shows the ids of the address.
    const fake = installFakeApi()
      .on(searchWorkspacesSimple, (call) => (call.query.get('keyword') ? ok([]) : new Promise((resolve) => setTimeout(() => resolve(ok([workspace])), 300))))
      .on(getSuperAdminWorkspaceAiConfig, ok(stored))
      .on(getSuperAdminWorkspaceAiServiceConfig, ok(services));
    renderApp('/super-admin/ai-settings?tenantId=1&workspaceId=99');
    const box = await screen.findByRole('combobox', { name: '워크스페이스' });
    await waitFor(() => expect(box).toHaveValue('hanbit · 한빛 법무법인 (1-99)'));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(box).toHaveValue('hanbit · 한빛 법무법인 (1-99)');
    expect(fake.calls(searchWorkspacesSimple).map((c) => c.query.get('keyword'))).toEqual([null]);
  });
});

describe('super-admin AI settings: the playbook as Excel', () => {
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  const sheetFile = (name: string, size = 16) => new File([new Uint8Array(size)], name, { type: xlsx });
  const serveSettings = () => installFakeApi().on(getSuperAdminWorkspaceAiConfig, ok(stored)).on(getSuperAdminWorkspaceAiServiceConfig, ok(services));
  const openPlaybook = async () => screen.findByRole('region', { name: '플레이북(Excel)' });
  const urlOf = (xhr: FakeXhr) => new URL(xhr.url, 'http://app.test');

  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 1, loginId: 'superadmin@legal.example', isSuperAdmin: true });
    setPermissions([{ name: PERMISSION.superAdminWorkspaceRead }]);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => FakeXhr.reset());

  it('downloads the checkpoints of the picked workspace with progress, then saves them; a failed download shows the server message', async () => {
    let release: () => void = () => undefined;
    const fake = serveSettings()
      .on(
        superAdminDownloadLabelCheckpoints,
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(new Response(new Blob(['xlsx bytes']), { status: 200, headers: { 'content-type': xlsx } }));
          }),
      )
      .on(superAdminDownloadClauseExamples, fail(404, 'ERROR_NOT_FOUND', '요청한 대상을 찾을 수 없습니다.'));
    const createObjectURL = vi.fn(() => 'blob:playbook');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/super-admin/ai-settings?tenantId=1&workspaceId=10');
    const section = await openPlaybook();

    await userEvent.click(within(section).getByRole('button', { name: '체크포인트 Excel 내려받기' }));
    expect(await within(section).findByRole('progressbar', { name: '체크포인트 Excel 파일을 만들어 내려받는 중…' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: '내려받기 취소' })).toBeInTheDocument();
    const call = fake.calls(superAdminDownloadLabelCheckpoints)[0]!;
    expect(call.query.get('tenantId')).toBe('1');
    expect(call.query.get('workspaceId')).toBe('10');

    release();
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('플레이북_체크포인트_10.xlsx');
    await waitFor(() => expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument());

    await userEvent.click(within(section).getByRole('button', { name: '예시 조항 Excel 내려받기' }));
    const failure = await within(section).findByRole('alert');
    expect(failure).toHaveTextContent('내려받지 못했습니다');
    expect(failure).toHaveTextContent('요청한 대상을 찾을 수 없습니다.');
    expect(fake.calls(superAdminDownloadClauseExamples)[0]!.query.get('workspaceId')).toBe('10');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('uploads a checkpoint sheet with progress and lists each row error the server reports; nothing is refreshed', async () => {
    serveSettings();
    const { queryClient } = renderApp('/super-admin/ai-settings?tenantId=1&workspaceId=10');
    queryClient.setQueryData(['aiReview', '1-10', 'contractTypes'], []);
    const section = await openPlaybook();

    await userEvent.upload(within(section).getByLabelText('올릴 체크포인트 Excel 파일'), sheetFile('playbook.xlsx'));
    expect(FakeXhr.instances).toHaveLength(1);
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.method).toBe('POST');
    expect(urlOf(xhr).pathname).toBe('/api/aireview/super-admin/label-checkpoints/excel/v1');
    expect(urlOf(xhr).searchParams.get('tenantId')).toBe('1');
    expect(urlOf(xhr).searchParams.get('workspaceId')).toBe('10');
    expect(((xhr.body as FormData).get('file') as File).name).toBe('playbook.xlsx');

    xhr.progress(30, 100);
    expect(await within(section).findByRole('progressbar', { name: 'playbook.xlsx 올리는 중' })).toHaveAttribute('aria-valuenow', '30');

    xhr.respond(400, {
      code: 'ERROR_VALIDATION',
      message: '입력값을 확인해 주세요.',
      data: {
        fieldErrors: [
          { field: 'rows.3.patternsKo', reason: 'line 1: not a valid regular expression' },
          { field: 'rows.6.isActive', reason: 'Y or N' },
          { field: 'rows.6.risk', reason: 'Invalid option' },
        ],
      },
    });
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('playbook.xlsx: 반영하지 않았습니다');
    expect(alert).toHaveTextContent('입력값을 확인해 주세요.');
    expect(alert).toHaveTextContent('2개 행에 오류가 있어 아무것도 바뀌지 않았습니다.');
    const table = within(section).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['3', '패턴(한국어) [patternsKo]', 'line 1: not a valid regular expression'],
      ['6', '사용 [isActive]', 'Y or N'],
      ['6', '위험도 [risk]', 'Invalid option'],
    ]);
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(queryClient.getQueryState(['aiReview', '1-10', 'contractTypes'])?.isInvalidated).toBe(false);
  });

  it('shows the counts of a successful import and refreshes the AI review queries of that workspace only', async () => {
    serveSettings();
    const { queryClient } = renderApp('/super-admin/ai-settings?tenantId=1&workspaceId=10');
    queryClient.setQueryData(['aiReview', '1-10', 'contractTypes'], []);
    queryClient.setQueryData(['aiReview', '2-20', 'contractTypes'], []);
    const section = await openPlaybook();

    await userEvent.upload(within(section).getByLabelText('올릴 체크포인트 Excel 파일'), sheetFile('checkpoints.xlsx'));
    FakeXhr.instances[0]!.respond(200, { code: 'SUCCESS', message: null, data: { created: 2, updated: 1, unchanged: 40, switched: 1 } });
    const counts = await within(section).findByRole('list', { name: '반영 결과' });
    expect(within(counts).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '새로 만든 체크포인트: 2', '수정한 체크포인트: 1', '사용 여부를 바꾼 기본 체크포인트: 1', '변경 없는 체크포인트: 40',
    ]);
    expect(within(section).getByText('checkpoints.xlsx: 반영했습니다')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.getQueryState(['aiReview', '1-10', 'contractTypes'])?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(['aiReview', '2-20', 'contractTypes'])?.isInvalidated).toBe(false);

    // The clause examples replace the workspace's own: a PUT, with its own counts.
    await userEvent.upload(within(section).getByLabelText('올릴 예시 조항 Excel 파일'), sheetFile('examples.xlsx'));
    const put = FakeXhr.instances[1]!;
    expect(put.method).toBe('PUT');
    expect(urlOf(put).pathname).toBe('/api/aireview/super-admin/clause-examples/excel/v1');
    put.respond(200, { code: 'SUCCESS', message: null, data: { checkpoints: 3, examples: 7 } });
    expect(await within(section).findByText('저장된 워크스페이스 예시 조항: 7')).toBeInTheDocument();
    expect(within(section).getByText('예시 조항을 새로 저장한 체크포인트: 3')).toBeInTheDocument();
  });

  it('refuses a sheet over 5 MB before sending it and shows a refused file type with the server message', async () => {
    serveSettings();
    renderApp('/super-admin/ai-settings?tenantId=1&workspaceId=10');
    const section = await openPlaybook();
    const input = within(section).getByLabelText('올릴 체크포인트 Excel 파일');

    await userEvent.upload(input, sheetFile('huge.xlsx', 5 * 1024 * 1024 + 1));
    expect(await within(section).findByRole('alert')).toHaveTextContent('5MB를 넘는 파일은 올릴 수 없습니다.');
    expect(FakeXhr.instances).toHaveLength(0);

    await userEvent.upload(input, sheetFile('notes.xlsx'));
    FakeXhr.instances[0]!.respond(415, { code: 'ERROR_UNSUPPORTED_FILE_TYPE', message: '엑셀 시트를 읽을 수 없습니다: not an .xlsx workbook', data: { reason: 'not an .xlsx workbook' } });
    const failure = await within(section).findByText('엑셀 시트를 읽을 수 없습니다: not an .xlsx workbook');
    expect(failure.closest('[role="alert"]')).toHaveTextContent('notes.xlsx: 올리지 못했습니다');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
  });
});
