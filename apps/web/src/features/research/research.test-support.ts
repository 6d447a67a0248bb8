import { type ChatMessage, type ClauseHistory, DEFAULT_THEME, type LauncherEntry, type ResearchCitation, type StatuteArticle, type StatuteSummary, type StatuteVersion, theme as themeRoute } from '@legal/api';
import { vi } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { selectWorkspace, setLauncher, setPermissions, setUserInfo } from '../../lib/session';
import { type FakeApi, installFakeApi, ok } from '../../test/fake-api';
import { hanbit, resetSession, serveSession } from '../../test/session-fixtures';

/** For the research screens' tests (not a test file itself): fixtures and a signed-in member of a hanbit that has AI_STUDIO. */

export const HANBIT_STUDIO: LauncherEntry = { ...hanbit, products: [...hanbit.products, { type: 'AI_STUDIO' }] };

export function signInResearcher(theme: Record<string, unknown> = {}, permissions: string[] = ['ai.research.use']): FakeApi {
  resetSession();
  setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
  setLauncher([HANBIT_STUDIO]);
  selectWorkspace(HANBIT_STUDIO.tenantId, HANBIT_STUDIO.workspaceId);
  setPermissions(permissions.map((name) => ({ name })));
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return serveSession(installFakeApi(), { launcher: [HANBIT_STUDIO], permissions }).on(
    themeRoute,
    ok({ theme: JSON.stringify({ name: 'workspace', ...theme, flags: { ...DEFAULT_THEME.flags, ...((theme.flags as object | undefined) ?? {}) } }) }),
  );
}

export const ARTICLE_13_TEXT =
  '① 원사업자가 수급사업자에게 제조등의 위탁을 하는 경우에는 목적물등의 수령일부터 60일 이내의 가능한 짧은 기한으로 정한 지급기일까지 하도급대금을 지급하여야 한다.\n' +
  '② 하도급대금의 지급기일이 정하여져 있지 아니한 경우에는 목적물등의 수령일을 하도급대금의 지급기일로 본다.';
export const QUOTE = '목적물등의 수령일부터 60일 이내의 가능한 짧은 기한으로 정한 지급기일까지 하도급대금을 지급하여야 한다';

export const SUBCONTRACT_ACT: StatuteSummary = {
  lawSerialNumber: '265959', lawId: '2245', title: '하도급거래 공정화에 관한 법률', kind: '법률', lawType: '법률',
  effectiveDate: '2025-01-21', promulgationDate: '2024-01-16', promulgationNumber: '20041',
};
export const SUBCONTRACT_DECREE: StatuteSummary = {
  lawSerialNumber: '270001', lawId: '3300', title: '하도급거래 공정화에 관한 법률 시행령', kind: '시행령', lawType: '대통령령',
  effectiveDate: '2025-02-01', promulgationDate: '2025-01-28', promulgationNumber: '35200',
};

export function articleOf(article: string, text: string, title: string | null = null): StatuteArticle {
  const [, n, b] = /^제(\d+)조(?:의(\d+))?$/.exec(article) ?? [];
  return { article, number: Number(n ?? 0), branch: Number(b ?? 0), title, heading: null, text, paragraphs: [], amendmentNotes: [], isDeleted: false };
}

export const ARTICLE_13 = articleOf('제13조', ARTICLE_13_TEXT, '(하도급대금의 지급 등)');

export function versionOf(articles: StatuteArticle[], statute: StatuteSummary = SUBCONTRACT_ACT): StatuteVersion {
  return { statute, articles };
}

export const CITATION: ResearchCitation = {
  statuteId: '2245', lawSerialNumber: '265959', statuteTitle: '하도급거래 공정화에 관한 법률', kind: '법률', effectiveDate: '2025-01-21',
  article: '제13조', articleTitle: '(하도급대금의 지급 등)', paragraph: 1, quote: QUOTE,
  start: ARTICLE_13_TEXT.indexOf(QUOTE), end: ARTICLE_13_TEXT.indexOf(QUOTE) + QUOTE.length,
};

export const CHAT_KEY = 'chat_0001abcd';

export function messageOf(over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    chatMessageKey: 'msg_answer01', role: 'ASSISTANT', text: '하도급대금은 목적물 수령일부터 60일 이내에 지급해야 합니다.', asOf: '2026-11-27',
    citations: [CITATION], documentCitations: [], sourceCitations: [], declined: false, correctedReferences: 0, engine: 'BUILT_IN', feedback: null, createdAt: '2026-11-27T01:00:00.000Z',
    ...over,
  };
}

export function questionOf(text: string, key = 'msg_question1'): ChatMessage {
  return messageOf({ chatMessageKey: key, role: 'USER', text, asOf: null, citations: [], engine: null });
}

export function chatSummaryOf(chatKey: string, title: string, updatedAt = '2026-11-27T01:00:00.000Z') {
  return { chatKey, title, messageCount: 2, createdAt: updatedAt, updatedAt };
}

export function pageOf<T>(content: T[], page = 0, totalPages = 1, size = 20) {
  return { content, page, size, totalElements: totalPages * size, totalPages };
}

/** A text/event-stream body the test writes to as it goes (`send`, then `close`). */
export function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      controller.close();
    },
  };
}

/** A whole streamed answer at once. */
export function streamOf(events: Array<[string, unknown]>): Response {
  const text = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const versionSummary = (lawSerialNumber: string, effectiveDate: string, amendmentKind: string, inForceUntil: string | null) => ({
  ...SUBCONTRACT_ACT, lawSerialNumber, effectiveDate, promulgationDate: effectiveDate, amendmentKind, ministries: ['공정거래위원회'], inForceUntil,
});

export const V_2019 = versionSummary('210001', '2019-01-01', '일부개정', '2025-01-20');
export const V_2025 = versionSummary('265959', '2025-01-21', '일부개정', null);

export const CLAUSE_HISTORY: ClauseHistory = {
  statuteId: '2245', title: '하도급거래 공정화에 관한 법률', article: '제13조',
  revisions: [
    { version: V_2025, present: true, articleTitle: '(하도급대금의 지급 등)', text: ARTICLE_13_TEXT, isDeleted: false },
    { version: V_2019, present: true, articleTitle: '(하도급대금의 지급 등)', text: ARTICLE_13_TEXT.replace('60일', '90일'), isDeleted: false },
  ],
  diff: null,
};

export const CLAUSE_DIFF: ClauseHistory['diff'] = {
  from: '210001', to: '265959',
  segments: [
    { op: 'EQUAL', text: '① 원사업자가 ... 목적물등의 수령일부터 ' },
    { op: 'DELETE', text: '90일' },
    { op: 'INSERT', text: '60일' },
    { op: 'EQUAL', text: ' 이내의 가능한 짧은 기한으로 정한 지급기일까지 하도급대금을 지급하여야 한다.' },
  ],
};
