import { getChatV2, listChats, translateResearch } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { CHAT_KEY, chatSummaryOf, messageOf, pageOf, questionOf, signInResearcher } from './research.test-support';

const QUESTION = '하도급대금 지급기한은?';
const ANSWER = messageOf();
const TRANSLATED = 'The subcontract price must be paid within 60 days of receiving the goods.';
const SERVER_MESSAGE = 'AI 제공자가 설정되지 않았습니다.';

function serveChat() {
  return signInResearcher()
    .on(listChats, ok(pageOf([chatSummaryOf(CHAT_KEY, QUESTION)])))
    .on(getChatV2, ok({ ...chatSummaryOf(CHAT_KEY, QUESTION), messages: [questionOf(QUESTION), ANSWER] }));
}

/** A reply the test releases when it wants: the loading state can be looked at meanwhile. */
function deferredReply() {
  let release: (response: Response) => void = () => undefined;
  const reply = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { reply: () => reply, release: (response: Response) => release(response) };
}

const translation = { targetLanguage: 'en', text: TRANSLATED, paragraphs: [{ source: ANSWER.text, text: TRANSLATED }], model: 'test-model', creditsCharged: 2 };

describe('translating a research answer', { timeout: 60_000 }, () => {
  it('says plainly that translation needs an AI model when the workspace has the built-in engine only', async () => {
    const fake = serveChat().on(translateResearch, fail(503, 'ERROR_AI_PROVIDER_NOT_CONFIGURED', SERVER_MESSAGE));
    renderApp(`/hanbit/business-agent?chat=${CHAT_KEY}`);
    const answer = await screen.findByRole('article', { name: '답변' }, { timeout: 8000 });
    fireEvent.click(within(answer).getByRole('button', { name: '번역' }));
    const alert = await within(answer).findByRole('alert');
    expect(alert).toHaveTextContent('번역에는 AI 모델이 필요합니다. 이 워크스페이스는 내장 엔진만 쓰고 있으니 관리자에게 AI 모델 연결을 요청하세요.');
    expect(alert).not.toHaveTextContent(SERVER_MESSAGE);
    expect(within(answer).queryByRole('region')).toBeNull();
    expect(fake.calls(translateResearch).map((c) => c.body)).toEqual([{ chatKey: CHAT_KEY, chatMessageKey: ANSWER.chatMessageKey, targetLanguage: 'en' }]);
  });

  it('shows the translation under the answer after a loading state, and toggles back to the original without asking again', async () => {
    const pending = deferredReply();
    const fake = serveChat().on(translateResearch, pending.reply);
    renderApp(`/hanbit/business-agent?chat=${CHAT_KEY}`);
    const answer = await screen.findByRole('article', { name: '답변' }, { timeout: 8000 });
    fireEvent.click(within(answer).getByRole('button', { name: '번역' }));
    expect(await within(answer).findByRole('status')).toHaveTextContent('영어로 번역하는 중');
    pending.release(ok(translation));

    const region = await within(answer).findByRole('region', { name: '영어 번역' });
    expect(region).toHaveTextContent(TRANSLATED);
    expect(region).toHaveTextContent('test-model 기계 번역(공식 번역이 아닙니다) · 2 크레딧');
    expect(within(answer).queryByRole('status')).toBeNull();
    expect(within(answer).getByText(ANSWER.text)).toBeInTheDocument();

    fireEvent.click(within(answer).getByRole('button', { name: '원문만 보기' }));
    expect(within(answer).queryByRole('region', { name: '영어 번역' })).toBeNull();
    expect(within(answer).getByRole('button', { name: '번역 보기' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(within(answer).getByRole('button', { name: '번역 보기' }));
    expect(within(answer).getByRole('region', { name: '영어 번역' })).toHaveTextContent(TRANSLATED);
    expect(fake.calls(translateResearch)).toHaveLength(1);
  });

  it('offers a retry with the server\'s message when the translation fails otherwise', async () => {
    const fake = serveChat().on(translateResearch, fail(502, 'ERROR_AI_BAD_OUTPUT', '모델 응답에 빠진 문단이 있습니다.'));
    renderApp(`/hanbit/business-agent?chat=${CHAT_KEY}`);
    const answer = await screen.findByRole('article', { name: '답변' }, { timeout: 8000 });
    fireEvent.click(within(answer).getByRole('button', { name: '번역' }));
    expect(await within(answer).findByRole('alert')).toHaveTextContent('모델 응답에 빠진 문단이 있습니다.');
    fake.on(translateResearch, ok(translation));
    fireEvent.click(within(answer).getByRole('button', { name: '다시 번역' }));
    expect(await within(answer).findByRole('region', { name: '영어 번역' })).toHaveTextContent(TRANSLATED);
    expect(fake.calls(translateResearch)).toHaveLength(2);
  });

  it('speaks English: the button, the model message, the translation and the toggle', async () => {
    const fake = serveChat().on(translateResearch, fail(503, 'ERROR_AI_PROVIDER_NOT_CONFIGURED', SERVER_MESSAGE));
    await changeLocale('en');
    try {
      renderApp(`/hanbit/business-agent?chat=${CHAT_KEY}`);
      const answer = await screen.findByRole('article', { name: 'Answer' }, { timeout: 15_000 });
      fireEvent.click(within(answer).getByRole('button', { name: 'Translate' }));
      expect(await within(answer).findByRole('alert')).toHaveTextContent(
        'Translation needs an AI model. This workspace uses the built-in engine only: ask an administrator to connect an AI model.',
      );
      fake.on(translateResearch, ok(translation));
      // No retry beside the model message (nothing changes until one is connected); the button itself stays.
      expect(within(answer).queryByRole('button', { name: 'Translate again' })).toBeNull();
      fireEvent.click(within(answer).getByRole('button', { name: 'Translate' }));
      const region = await within(answer).findByRole('region', { name: 'English translation' });
      expect(region).toHaveTextContent('Machine translation by test-model (not an official translation) · 2 credits');
      fireEvent.click(within(answer).getByRole('button', { name: 'Show the original only' }));
      await waitFor(() => expect(within(answer).queryByRole('region', { name: 'English translation' })).toBeNull());
      expect(within(answer).getByRole('button', { name: 'Show the translation' })).toBeInTheDocument();
    } finally {
      await changeLocale('ko');
    }
  });
});
