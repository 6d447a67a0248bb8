import { COLLECTION_LIMITS, getCollectionMeta, getResearchConfigs, listChats, listSampleQuestions, queryChat, RESEARCH_CONFIG_DEFAULTS, type SourceCitation } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { CHAT_KEY, messageOf, pageOf, questionOf, signInResearcher, streamOf } from './research.test-support';

/** The chat's filter offers only the general categories the workspace searches, and answers show the precedents they quote. */

const QUESTION = '하청업체한테 대금은 언제까지 줘야 돼?';

const metaWith = (enabled: string[], withSource: string[]) => ({
  visibilities: ['PRIVATE', 'WORKSPACE'], documentStatuses: ['PENDING', 'INDEXED', 'FAILED'], fileTypes: ['pdf', 'txt'], limits: { ...COLLECTION_LIMITS },
  generalCategories: (['STATUTE', 'PRECEDENT', 'ADMIN_RULE', 'LOCAL_ORDINANCE'] as const).map((kind) => ({ kind, isEnabled: enabled.includes(kind), hasSource: withSource.includes(kind) })),
});

const PRECEDENT: SourceCitation = {
  kind: 'PRECEDENT', sourceId: '612345', title: '하도급대금', reference: '대법원 2023다212345', date: '2025-06-05', section: 'HOLDINGS',
  quote: '목적물 수령일부터 60일이 되는 날을 지급기일로 본다.', start: 4, end: 33, sourceUrl: 'https://www.law.go.kr/LSW/precInfoP.do?precSeq=612345',
};

const ask = (text: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: '질문' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: '질문' }));
};

describe('chat filter: general categories and configs', { timeout: 60_000 }, () => {
  it('does not offer a kind the workspace switched off (statutes: no statute filter), nor collections when configs keep them out; a question may narrow the kinds', async () => {
    const answer = messageOf({ citations: [], sourceCitations: [PRECEDENT], text: '질문과 가장 관련 있는 판례는 ...' });
    const fake = signInResearcher()
      .on(listChats, ok(pageOf([])))
      .on(listSampleQuestions, ok([]))
      .on(getCollectionMeta, ok(metaWith(['PRECEDENT', 'ADMIN_RULE', 'LOCAL_ORDINANCE'], ['STATUTE', 'PRECEDENT', 'ADMIN_RULE'])))
      .on(getResearchConfigs, ok({ ...RESEARCH_CONFIG_DEFAULTS, collectionsInChat: false }))
      .on(queryChat, () => streamOf([['done', { chatKey: CHAT_KEY, question: questionOf(QUESTION), answer, creditsCharged: 0, index: { versions: 1, indexedVersions: 1 } }]]));
    renderApp('/hanbit/business-agent');
    expect(await screen.findByRole('textbox', { name: '질문' }, { timeout: 8000 })).toBeInTheDocument();
    const scope = await screen.findByRole('group', { name: '검색 범위' });
    expect(within(scope).getByRole('checkbox', { name: '판례' })).toBeChecked();
    expect(within(scope).getByRole('checkbox', { name: '행정규칙' })).toBeChecked();
    // Statutes are off here, ordinances have no texts on this installation.
    expect(within(scope).queryByRole('checkbox', { name: '법령' })).toBeNull();
    expect(within(scope).queryByRole('checkbox', { name: '자치법규' })).toBeNull();
    expect(screen.queryAllByLabelText('법령 필터 (선택)')).toHaveLength(0);
    expect(screen.queryByText('함께 검색할 컬렉션')).toBeNull();

    fireEvent.click(within(scope).getByRole('checkbox', { name: '판례' }));
    ask(QUESTION);
    await waitFor(() => expect(fake.calls(queryChat)).toHaveLength(1));
    expect(fake.calls(queryChat)[0]!.body).toEqual({ question: QUESTION, generalCategories: ['ADMIN_RULE'] });
    const card = await screen.findByRole('article', { name: '답변' });
    const chip = within(card).getByRole('link', { name: '대법원 2023다212345 판시사항' });
    expect(chip).toHaveAttribute('href', PRECEDENT.sourceUrl);
    expect(within(card).getByText('인용한 판례·행정규칙·자치법규')).toBeInTheDocument();
  });

  it('offers statutes with their filter while they are on, and hides the statute filter once statutes are left out of a question', async () => {
    const fake = signInResearcher()
      .on(listChats, ok(pageOf([])))
      .on(listSampleQuestions, ok([]))
      .on(getCollectionMeta, ok(metaWith(['STATUTE', 'PRECEDENT', 'ADMIN_RULE', 'LOCAL_ORDINANCE'], ['STATUTE', 'PRECEDENT'])))
      .on(getResearchConfigs, ok(RESEARCH_CONFIG_DEFAULTS))
      .on(queryChat, () => streamOf([['done', { chatKey: CHAT_KEY, question: questionOf(QUESTION), answer: messageOf(), creditsCharged: 0, index: { versions: 1, indexedVersions: 1 } }]]));
    renderApp('/hanbit/business-agent');
    const scope = await screen.findByRole('group', { name: '검색 범위' }, { timeout: 8000 });
    expect(within(scope).getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['STATUTE', 'PRECEDENT']);
    expect(screen.getAllByLabelText('법령 필터 (선택)').length).toBeGreaterThan(0);
    expect(screen.getByText('함께 검색할 컬렉션')).toBeInTheDocument();
    fireEvent.click(within(scope).getByRole('checkbox', { name: '법령' }));
    await waitFor(() => expect(screen.queryAllByLabelText('법령 필터 (선택)')).toHaveLength(0));
    fireEvent.click(within(scope).getByRole('checkbox', { name: '법령' }));
    ask(QUESTION);
    await waitFor(() => expect(fake.calls(queryChat)).toHaveLength(1));
    // Every kind offered: the question says nothing and the workspace's kinds apply.
    expect(fake.calls(queryChat)[0]!.body).toEqual({ question: QUESTION });
  });
});
