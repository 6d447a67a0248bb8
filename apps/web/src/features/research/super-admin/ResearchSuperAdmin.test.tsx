import { PERMISSION, getSuperAdminSampleQuestions, getSuperAdminWorkspaceTags, listSuperAdminChatMessages, putSuperAdminWorkspaceTags, saveSuperAdminSampleQuestions } from '@legal/api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPermissions, setUserInfo } from '../../../lib/session';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { resetSession } from '../../../test/session-fixtures';

const message = (key: string, role: 'USER' | 'ASSISTANT', text: string) => ({
  chatKey: 'chat_0001abcd', chatTitle: '해고 예고', chatMessageKey: key, role, text, user: { userId: 7, name: '김질문' }, declined: false,
  engine: role === 'USER' ? null : ('BUILT_IN' as const), createdAt: '2026-11-27T01:00:00.000Z',
});

describe('super-admin research pages', () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 1, loginId: 'superadmin@legal.example', isSuperAdmin: true });
    setPermissions([{ name: PERMISSION.superAdminWorkspaceRead }]);
  });

  it('reads a workspace\'s chat messages only once the days are applied, says the read is audited, and pages', async () => {
    const fake = installFakeApi().on(listSuperAdminChatMessages, (call) =>
      ok({ content: call.query.get('page') === '1' ? [message('m3', 'USER', '세 번째')] : [message('m2', 'ASSISTANT', '30일 전에 예고해야 합니다.'), message('m1', 'USER', '해고하려면?')], page: Number(call.query.get('page')), size: 20, totalElements: 21, totalPages: 2 }),
    );
    const { router } = renderApp('/super-admin/research-chats?tenantId=1&workspaceId=10');
    expect(await screen.findByText(/감사 로그에 열람자/, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(fake.calls(listSuperAdminChatMessages)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2026-11-27' } });
    fireEvent.click(screen.getByRole('button', { name: '보기' }));
    expect(await screen.findByText('30일 전에 예고해야 합니다.')).toBeInTheDocument();
    const first = fake.calls(listSuperAdminChatMessages)[0]!.query;
    expect(Object.fromEntries(first)).toEqual({ tenantId: '1', workspaceId: '10', dateStart: '2026-11-20', dateEnd: '2026-11-27', page: '0', size: '20' });
    expect(screen.getAllByText('김질문')).toHaveLength(2);
    expect(screen.getByText('메시지 21개')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('세 번째')).toBeInTheDocument();
    expect(router.state.location.search).toContain('page=1');
  });

  it('shows an empty range', async () => {
    installFakeApi().on(listSuperAdminChatMessages, ok({ content: [], page: 0, size: 20, totalElements: 0, totalPages: 0 }));
    renderApp('/super-admin/research-chats?tenantId=1&workspaceId=10&from=2026-11-20&to=2026-11-27');
    expect(await screen.findByText('이 기간에 작성된 메시지가 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('saves a workspace\'s tags and sample questions (one a line)', async () => {
    const fake = installFakeApi()
      .on(getSuperAdminWorkspaceTags, ok({ tenantId: 1, workspaceId: 10, tags: ['노동'] }))
      .on(getSuperAdminSampleQuestions, ok({ tenantId: 1, workspaceId: 10, ko: ['기본 질문'], en: ['Shipped question'], isDefault: true }))
      .on(putSuperAdminWorkspaceTags, (call) => ok({ tenantId: 1, workspaceId: 10, tags: (call.body as { tags: string[] }).tags }))
      .on(saveSuperAdminSampleQuestions, fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.'));
    renderApp('/super-admin/research-settings?tenantId=1&workspaceId=10');
    expect(await screen.findByText('노동', {}, { timeout: 8000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '태그 저장' }));
    await waitFor(() => expect(fake.calls(putSuperAdminWorkspaceTags)).toHaveLength(1));
    expect(fake.calls(putSuperAdminWorkspaceTags)[0]!.body).toEqual({ tenantId: 1, workspaceId: 10, tags: ['노동'] });
    expect(await screen.findByText('저장했습니다.')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: '한국어' }), { target: { value: '첫 질문\n\n 둘째 질문 ' } });
    fireEvent.click(screen.getByRole('button', { name: '예시 질문 저장' }));
    await waitFor(() => expect(fake.calls(saveSuperAdminSampleQuestions)).toHaveLength(1));
    expect(fake.calls(saveSuperAdminSampleQuestions)[0]!.body).toEqual({ tenantId: 1, workspaceId: 10, ko: ['첫 질문', '둘째 질문'], en: [] });
    expect(await screen.findByText('저장하지 못했습니다')).toBeInTheDocument();
  });
});
