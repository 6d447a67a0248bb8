import {
  PERMISSION, getSuperAdminSampleQuestions, getSuperAdminWorkspaceTags, listSuperAdminChatMessages, listSuperAdminChatMessagesV2, listSuperAdminChats, putSuperAdminWorkspaceTags, saveSuperAdminSampleQuestions,
} from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPermissions, setUserInfo } from '../../../lib/session';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { resetSession } from '../../../test/session-fixtures';
import { CITATION } from '../research.test-support';

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
    const fake = installFakeApi().on(listSuperAdminChats, ok({ content: [], page: 0, size: 20, totalElements: 0, totalPages: 0 })).on(listSuperAdminChatMessages, (call) =>
      ok({ content: call.query.get('page') === '1' ? [message('m3', 'USER', '세 번째')] : [message('m2', 'ASSISTANT', '30일 전에 예고해야 합니다.'), message('m1', 'USER', '해고하려면?')], page: Number(call.query.get('page')), size: 20, totalElements: 21, totalPages: 2 }),
    );
    const { router } = renderApp('/super-admin/research-chats?tenantId=1&workspaceId=10');
    expect(await screen.findByText(/감사 로그에 열람자/, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(fake.calls(listSuperAdminChatMessages)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2026-11-20' } });
    fireEvent.change(screen.getByLabelText('종료일'), { target: { value: '2026-11-27' } });
    fireEvent.click(screen.getByRole('radio', { name: '메시지' }));
    expect(fake.calls(listSuperAdminChatMessages)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '보기' }));
    expect(await screen.findByText('30일 전에 예고해야 합니다.')).toBeInTheDocument();
    expect(fake.calls(listSuperAdminChats)).toHaveLength(0);
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
    renderApp('/super-admin/research-chats?tenantId=1&workspaceId=10&from=2026-11-20&to=2026-11-27&view=messages');
    expect(await screen.findByText('이 기간에 작성된 메시지가 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('lists the chats active in the days by default, opens one chat\'s messages oldest first with citations and feedback, and goes back', async () => {
    const chat = { chatKey: 'chat_0001abcd', title: '해고 예고', user: { userId: 7, name: '김질문' }, messageCount: 2, createdAt: '2026-11-26T01:00:00.000Z', updatedAt: '2026-11-27T01:00:00.000Z' };
    const v2 = (key: string, role: 'USER' | 'ASSISTANT', text: string, over: object = {}) => ({
      ...message(key, role, text), asOf: null, citations: [], documentCitations: [], correctedReferences: 0, filter: null, feedback: null, ...over,
    });
    const fake = installFakeApi()
      .on(listSuperAdminChats, ok({ content: [chat], page: 0, size: 20, totalElements: 1, totalPages: 1 }))
      .on(listSuperAdminChatMessagesV2, ok({
        content: [
          v2('m2', 'ASSISTANT', '30일 전에 예고해야 합니다.', { citations: [CITATION], feedback: { rating: 'GOOD', comment: '정확해요', updatedAt: '2026-11-27T02:00:00.000Z' } }),
          v2('m1', 'USER', '해고하려면?'),
        ],
        page: 0, size: 100, totalElements: 2, totalPages: 1,
      }));
    const { router } = renderApp('/super-admin/research-chats?tenantId=1&workspaceId=10&from=2026-11-20&to=2026-11-27');
    const table = await screen.findByRole('table', { name: '대화' }, { timeout: 8000 });
    expect(Object.fromEntries(fake.calls(listSuperAdminChats)[0]!.query)).toEqual({ tenantId: '1', workspaceId: '10', dateStart: '2026-11-20', dateEnd: '2026-11-27', page: '0', size: '20' });
    expect(within(table).getByText('김질문')).toBeInTheDocument();
    expect(screen.getByText('대화 1개')).toBeInTheDocument();

    fireEvent.click(within(table).getByRole('button', { name: '해고 예고' }));
    const conversation = await screen.findByRole('list', { name: '대화 내용' });
    expect(router.state.location.search).toContain('chat=chat_0001abcd');
    expect(Object.fromEntries(fake.calls(listSuperAdminChatMessagesV2)[0]!.query)).toEqual({
      tenantId: '1', workspaceId: '10', dateStart: '2026-11-20', dateEnd: '2026-11-27', page: '0', chatKey: 'chat_0001abcd', size: '100',
    });
    const items = within(conversation).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['질문', '답변']);
    expect(within(items[1]!).getByText(/하도급거래 공정화에 관한 법률 제13조 ①/)).toBeInTheDocument();
    expect(within(items[1]!).getByText('사용자 평가: 도움이 됨')).toBeInTheDocument();
    expect(within(items[1]!).getByText('평가 의견: 정확해요')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '해고 예고' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: '← 대화 목록' }));
    expect(await screen.findByRole('table', { name: '대화' })).toBeInTheDocument();
    expect(router.state.location.search).not.toContain('chat=');
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
