import {
  dismissStatuteChangeAlert, getStatuteChangeAlert, listStatuteChangeAlerts, markStatuteChangeAlertRead, type StatuteChangeAlert, type StatuteChangeAlertDetail,
} from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { pageOf, signInResearcher } from './research.test-support';

const ALERT: StatuteChangeAlert = {
  alertId: 7, statuteId: '001706', statuteTitle: '민법', statuteKind: '법률', article: '제4조', articleTitle: '(성년)', changeKind: 'CHANGED', movedTo: null,
  oldVersion: { lawSerialNumber: '93194', effectiveDate: '2009-08-09' },
  newVersion: { lawSerialNumber: '110914', effectiveDate: '2013-07-01', amendmentKind: '일부개정' },
  items: [
    { type: 'REVIEW_FINDING', reviewId: 12, findingId: 301, contractId: 5, title: '성년 확인 용역계약', question: { ko: '계약 당사자가 성년인가?', en: 'Are the parties of age?' }, cited: { lawSerialNumber: '93194', effectiveDate: '2009-08-09' }, via: null },
    { type: 'CHAT_ANSWER', chatKey: 'chat_0001abcd', chatMessageKey: 'msg_answer01', title: '2012년 당시 성년 나이', cited: { lawSerialNumber: '93194', effectiveDate: '2009-08-09' }, via: null },
  ],
  isRead: false, readAt: null, isDismissed: false, dismissedAt: null, createdAt: '2026-11-27T01:00:00.000Z',
};

const DETAIL: StatuteChangeAlertDetail = {
  ...ALERT,
  oldText: '만20세로 성년이 된다.',
  newText: '사람은 19세로 성년에 이르게 된다.',
  newArticleTitle: '(성년)',
  segments: [
    { op: 'DELETE', text: '만20세로 성년이' },
    { op: 'INSERT', text: '사람은 19세로 성년에 이르게' },
    { op: 'EQUAL', text: ' 된다.' },
  ],
};

function serveAlerts(list: StatuteChangeAlert[] = [ALERT]) {
  return signInResearcher()
    .on(listStatuteChangeAlerts, (call) => ok(pageOf(call.query.get('isDismissed') === 'true' ? [] : list, 0, 1, 10)))
    .on(getStatuteChangeAlert, ok(DETAIL))
    .on(markStatuteChangeAlertRead, ok({ ...ALERT, isRead: true, readAt: '2026-11-27T02:00:00.000Z' }))
    .on(dismissStatuteChangeAlert, ok({ ...ALERT, isRead: true, isDismissed: true, dismissedAt: '2026-11-27T02:00:00.000Z' }));
}

describe('statute-change alerts', () => {
  it('lists the alerts, opens one (in the URL) with its diff and the records citing it, and reads it', async () => {
    const fake = serveAlerts();
    const { router } = renderApp('/hanbit/business-agent/statute-alerts');
    const list = await screen.findByRole('list', { name: '알림 목록' }, { timeout: 8000 });
    expect(Object.fromEntries(fake.calls(listStatuteChangeAlerts)[0]!.query)).toEqual({ page: '0', size: '10', isDismissed: 'false' });
    const row = within(list).getByRole('button', { name: /민법 제4조/ });
    expect(row).toHaveTextContent('2009. 8. 9. → 2013. 7. 1. 시행');
    expect(row).toHaveTextContent('관련 항목 2건');
    fireEvent.click(row);
    expect(router.state.location.search).toBe('?alert=7');

    const diff = await screen.findByRole('region', { name: '바뀐 내용' });
    expect(within(diff).getByText('만20세로 성년이').tagName).toBe('DEL');
    expect(within(diff).getByText('사람은 19세로 성년에 이르게').tagName).toBe('INS');
    expect(screen.getByText('이전 버전: 2009. 8. 9. 시행 (법령MST 93194)')).toBeInTheDocument();
    const items = screen.getByRole('list', { name: '이 조문을 인용한 항목' });
    expect(within(items).getByRole('link', { name: '검토 결과 열기' })).toHaveAttribute('href', '/hanbit/ai-review/12');
    expect(within(items).getByRole('link', { name: '대화 열기' })).toHaveAttribute('href', '/hanbit/business-agent?chat=chat_0001abcd');
    expect(within(items).getByText('계약 당사자가 성년인가?')).toBeInTheDocument();
    // Opening an unread alert reads it for the workspace.
    await waitFor(() => expect(fake.calls(markStatuteChangeAlertRead).map((c) => c.path)).toEqual(['/api/aistudio/statute-change-alerts/7/read/v1']));
  });

  it('dismisses the open alert', async () => {
    const fake = serveAlerts();
    renderApp('/hanbit/business-agent/statute-alerts?alert=7');
    fireEvent.click(await screen.findByRole('button', { name: '알림 닫기' }, { timeout: 8000 }));
    await waitFor(() => expect(fake.calls(dismissStatuteChangeAlert)).toHaveLength(1));
    expect(fake.calls(dismissStatuteChangeAlert)[0]!.path).toBe('/api/aistudio/statute-change-alerts/7/dismiss/v1');
  });

  it('filters by unread and dismissed (in the URL), with an empty state of its own', async () => {
    const fake = serveAlerts();
    const { router } = renderApp('/hanbit/business-agent/statute-alerts');
    await screen.findByRole('list', { name: '알림 목록' }, { timeout: 8000 });
    fireEvent.click(screen.getByRole('radio', { name: '읽지 않음' }));
    await waitFor(() => expect(fake.calls(listStatuteChangeAlerts).some((c) => c.query.get('isRead') === 'false')).toBe(true));
    fireEvent.click(screen.getByRole('radio', { name: '닫은 알림' }));
    expect(await screen.findByText('닫은 알림이 없습니다')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?filter=dismissed');
  });

  it('says so when there is none, and offers a retry when the list fails', async () => {
    serveAlerts([]);
    const { unmount } = renderApp('/hanbit/business-agent/statute-alerts');
    expect(await screen.findByText('알림이 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
    unmount();
    signInResearcher().on(listStatuteChangeAlerts, fail(500, 'ERROR_INTERNAL', '서버 오류'));
    renderApp('/hanbit/business-agent/statute-alerts');
    expect(await screen.findByRole('button', { name: /다시 시도/ }, { timeout: 8000 })).toBeInTheDocument();
  });

  it('lists advisory drafts and collection documents with links to them, and names the decree or rule article a record cites', async () => {
    const cited = { lawSerialNumber: '283457', effectiveDate: '2026-08-20' };
    const via = { statuteId: '003058', statuteTitle: '근로기준법 시행령', statuteKind: '시행령' as const, lawSerialNumber: '270551', effectiveDate: '2025-10-23', article: '제23조의10', articleTitle: '자료 제공의 내용', through: null };
    const rule = { ...via, statuteId: '007288', statuteTitle: '근로기준법 시행규칙', statuteKind: '시행규칙' as const, lawSerialNumber: '270552', article: '제7조의3', articleTitle: null, through: via };
    const detail: StatuteChangeAlertDetail = {
      ...DETAIL, statuteId: '001872', statuteTitle: '근로기준법', article: '제43조의6',
      items: [
        { type: 'ADVISORY_DRAFT', inquiryId: 41, draftId: 77, title: '체불사업주 자료제공', cited, via: null },
        { type: 'COLLECTION_DOCUMENT', collectionId: 9, documentId: 120, title: '민감정보.txt', collectionName: '팀 자료', cited, via },
        { type: 'ADVISORY_DRAFT', inquiryId: 42, draftId: 78, title: '자료 제공 서식', cited, via: rule },
      ],
    };
    signInResearcher().on(listStatuteChangeAlerts, ok(pageOf([ALERT], 0, 1, 10))).on(getStatuteChangeAlert, ok(detail)).on(markStatuteChangeAlertRead, ok(ALERT));
    renderApp('/hanbit/business-agent/statute-alerts?alert=7');
    const items = await screen.findByRole('list', { name: '이 조문을 인용한 항목' }, { timeout: 8000 });
    expect(within(items).getAllByRole('link', { name: '자문 질의 열기' }).map((a) => a.getAttribute('href'))).toEqual([
      '/hanbit/business-agent/advisory/41', '/hanbit/business-agent/advisory/42',
    ]);
    expect(within(items).getByRole('link', { name: '컬렉션 열기' })).toHaveAttribute('href', '/hanbit/business-agent/collections?collection=9');
    expect(within(items).getAllByText('자문 초안')).toHaveLength(2);
    expect(within(items).getByText('컬렉션: 팀 자료')).toBeInTheDocument();
    expect(within(items).getByText('근로기준법 시행령 제23조의10(2025. 10. 23. 시행본)을 인용: 이 조문을 시행하는 조문입니다')).toBeInTheDocument();
    expect(
      within(items).getByText('근로기준법 시행규칙 제7조의3(2025. 10. 23. 시행본)을 인용: 근로기준법 시행령 제23조의10을 거쳐 이 조문을 시행하는 조문입니다'),
    ).toBeInTheDocument();
    expect(within(items).getByText('2026. 8. 20. 시행본을 인용')).toBeInTheDocument();
  });
});
