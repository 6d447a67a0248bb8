import { type ChatAttachment, createUserPrompt, deleteChatAttachment, getChatV2, listChatAttachments, listChats, listRecentFiltersV2, listSampleQuestions, listUserPrompts, queryChat } from '@legal/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { CHAT_KEY, chatSummaryOf, messageOf, pageOf, questionOf, signInResearcher, streamOf } from './research.test-support';

/** The composer's attachments, "my prompts" and recent filters, against a fake API. */

const ATTACHMENT: ChatAttachment = {
  chatKey: CHAT_KEY, documentId: 51, categoryId: 9, title: '보안 메모.txt', fileKey: 'f_memo', fileType: 'txt', size: 120, status: 'PENDING', error: null,
  pageCount: null, passageCount: 0, uploadedByUserId: 41, createdAt: '2026-11-27T01:00:00.000Z', indexedAt: null,
};

const emptyChat = { ...chatSummaryOf(CHAT_KEY, '보안 메모.txt'), messageCount: 0, messages: [] };

describe('chat composer: attachments, my prompts, recent filters', () => {
  afterEach(() => FakeXhr.reset());

  it('attaches a file to a new chat with upload progress, opens that chat, shows the chip with its status, and removes it', async () => {
    const fake = signInResearcher()
      .on(listChats, ok(pageOf([])))
      .on(listSampleQuestions, ok([]))
      .on(getChatV2, ok(emptyChat))
      .on(listChatAttachments, () => ok({ chatKey: CHAT_KEY, categoryId: 9, attachments: [removed ? [] : [{ ...ATTACHMENT, status: 'INDEXED' as const }]].flat(), abilities: { canUpload: true } }))
      .on(deleteChatAttachment, () => {
        removed = true;
        return ok({ chatKey: CHAT_KEY, categoryId: 9, attachments: [], abilities: { canUpload: true } });
      });
    let removed = false;
    const { router } = renderApp('/hanbit/business-agent');
    await userEvent.upload(await screen.findByLabelText('이 채팅에 첨부할 파일', {}, { timeout: 8000 }), new File(['memo'], '보안 메모.txt', { type: 'text/plain' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.url).toContain('/api/aistudio/chats/attachments/upload/v1');
    expect(xhr.url).not.toContain('chatKey');
    act(() => xhr.progress(512, 1024));
    expect(await screen.findByText('보안 메모.txt 올리는 중')).toBeInTheDocument();
    act(() => xhr.respond(200, { code: 'SUCCESS', message: null, data: ATTACHMENT }));
    await waitFor(() => expect(router.state.location.search).toBe(`?chat=${CHAT_KEY}`));
    expect(await screen.findByText('보안 메모.txt · 준비됨')).toBeInTheDocument();
    expect(Object.fromEntries(fake.calls(listChatAttachments)[0]!.query)).toEqual({ chatKey: CHAT_KEY });

    fireEvent.click(screen.getByRole('button', { name: '보안 메모.txt 삭제' }));
    await waitFor(() => expect(fake.calls(deleteChatAttachment)).toHaveLength(1));
    expect(Object.fromEntries(fake.calls(deleteChatAttachment)[0]!.query)).toEqual({ chatKey: CHAT_KEY, fileKey: 'f_memo', categoryId: '9' });
    await waitFor(() => expect(screen.queryByText('보안 메모.txt · 준비됨')).toBeNull());
  });

  it('hides the attach button when the theme disables upload', async () => {
    signInResearcher({ flags: { businessAgentDisableFileUpload: true } }).on(listChats, ok(pageOf([]))).on(listSampleQuestions, ok([]));
    renderApp('/hanbit/business-agent');
    expect(await screen.findByRole('textbox', { name: '질문' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '파일 첨부' })).toBeNull();
  });

  it('inserts a saved prompt and saves the question as a prompt', async () => {
    const fake = signInResearcher()
      .on(listChats, ok(pageOf([])))
      .on(listSampleQuestions, ok([]))
      .on(listUserPrompts, ok([{ promptId: 3, title: '근로 요약', text: '근로기준법 기준으로 요약해 주세요.', createdAt: '2026-11-27T01:00:00.000Z', updatedAt: '2026-11-27T01:00:00.000Z' }]))
      .on(createUserPrompt, ok({ promptId: 4, title: '내 질문', text: '근로기준법 기준으로 요약해 주세요.', createdAt: '2026-11-27T01:00:00.000Z', updatedAt: '2026-11-27T01:00:00.000Z' }));
    renderApp('/hanbit/business-agent');
    fireEvent.click(await screen.findByRole('button', { name: '내 프롬프트' }, { timeout: 8000 }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '근로 요약' }));
    expect(screen.getByRole('textbox', { name: '질문' })).toHaveValue('근로기준법 기준으로 요약해 주세요.');

    fireEvent.click(screen.getByRole('button', { name: '내 프롬프트' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '프롬프트로 저장' }));
    const dialog = await screen.findByRole('dialog', { name: '프롬프트로 저장' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '제목' }), { target: { value: '내 질문' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(createUserPrompt)).toHaveLength(1));
    expect(fake.calls(createUserPrompt)[0]!.body).toEqual({ title: '내 질문', text: '근로기준법 기준으로 요약해 주세요.' });
    // Saving a prompt does not ask the question.
    expect(fake.calls(queryChat)).toHaveLength(0);
  });

  it('applies a recent filter to the next question', async () => {
    const fake = signInResearcher()
      .on(listChats, ok(pageOf([])))
      .on(listSampleQuestions, ok([]))
      .on(queryChat, streamOf([['done', { chatKey: CHAT_KEY, question: questionOf('성년은?'), answer: messageOf(), creditsCharged: 0, index: { versions: 1, indexedVersions: 1 } }]]))
      .on(getChatV2, ok({ ...chatSummaryOf(CHAT_KEY, '성년은?'), messages: [questionOf('성년은?'), messageOf()] }))
      .on(listChatAttachments, ok({ chatKey: CHAT_KEY, categoryId: null, attachments: [], abilities: { canUpload: true } }))
      // After getChatV2: its path pattern (chats/:chatKey/v2) also matches recent-filter/v2 in the fake (the server prefers the static path).
      .on(listRecentFiltersV2, ok([{ statutes: [{ statuteId: '1706', title: '민법' }], categories: [], asOf: '2012-06-01', lastUsedAt: '2026-11-27T01:00:00.000Z', useCount: 2 }]));
    renderApp('/hanbit/business-agent');
    fireEvent.click(await screen.findByRole('button', { name: '최근 필터' }, { timeout: 8000 }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '민법 · 2012-06-01 기준' }));
    fireEvent.change(screen.getByRole('textbox', { name: '질문' }), { target: { value: '성년은?' } });
    fireEvent.click(screen.getByRole('button', { name: '질문' }));
    await waitFor(() => expect(fake.calls(queryChat)).toHaveLength(1));
    expect(fake.calls(queryChat)[0]!.body).toEqual({ question: '성년은?', asOf: '2012-06-01', statuteIds: ['1706'] });
  });
});
