import { type AuditDailyCounts, type AuditEventItem, countAuditEventsPerDay, exportAuditEvents, listAuditEvents } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { serveSession, signInToHanbit } from '../../../test/session-fixtures';
import { KNOWN_AUDIT_TYPES, SUMMARISED_AUDIT_TYPES } from './audit-event-types';
import { auditQueryOf, readAuditFilters, writeAuditFilters } from './audit-search-params';
import en from '../../../locales/en/audit-log.json';
import ko from '../../../locales/ko/audit-log.json';

const PERMISSIONS = ['workspace.admin.access', 'workspace.audit.read'];

function eventOf(over: Partial<AuditEventItem> = {}): AuditEventItem {
  return {
    id: 901,
    type: 'user.updated',
    createdAt: '2026-11-20T01:00:00.000Z',
    actor: { userId: 41, displayName: '윤재원', loginId: 'admin@hanbit.example' },
    subject: { userId: 52, displayName: '이서연 변호사', loginId: 'reviewer@hanbit.example' },
    ip: '10.0.0.7',
    userAgent: 'Mozilla/5.0 Firefox/140.0',
    isAccountEvent: false,
    data: { membershipId: 7, before: { displayName: '이서연' }, after: { displayName: '이서연 변호사' } },
    changes: [{ field: 'displayName', before: '이서연', after: '이서연 변호사' }],
    ...over,
  };
}

const signIn = eventOf({
  id: 900,
  type: 'session.signed_in',
  createdAt: '2026-11-19T23:00:00.000Z',
  actor: { userId: 52, displayName: '이서연 변호사', loginId: 'reviewer@hanbit.example' },
  isAccountEvent: true,
  data: { sessionId: 's-1', method: 'PASSWORD', isSuperAdmin: false },
  changes: [],
});

const daily: AuditDailyCounts = { timeZone: 'Asia/Seoul', days: [{ date: '2026-11-19', count: 0 }, { date: '2026-11-20', count: 2 }, { date: '2026-11-21', count: 5 }] };
const page = (content: AuditEventItem[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: 1 });

function serveAudit(): FakeApi {
  return serveSession(installFakeApi(), { permissions: PERMISSIONS })
    .on(listAuditEvents, ok(page([eventOf(), signIn])))
    .on(countAuditEventsPerDay, ok(daily));
}

describe('audit log page', () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS);
  });

  afterEach(() => vi.restoreAllMocks());

  it('lists the events with the filters of the address and draws the events per day', async () => {
    const fake = serveAudit();
    const { router } = renderApp('/hanbit/admin/audit?type=user.updated&type=session.signed_in&from=2026-11-01&to=2026-11-20&q=변호사');
    expect(await screen.findByRole('heading', { level: 2, name: '감사 로그' }, { timeout: 8000 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '감사 이벤트 목록' });
    expect(await within(table).findByText('사용자 정보 변경')).toBeInTheDocument();
    expect(within(table).getByText('로그인')).toBeInTheDocument();
    expect(within(table).getByText('계정 보안')).toBeInTheDocument();
    expect(within(table).getByText('1개 항목')).toBeInTheDocument();

    const call = fake.calls(listAuditEvents)[0]!;
    expect(call.query.getAll('types')).toEqual(['user.updated', 'session.signed_in']);
    expect(call.query.get('keyword')).toBe('변호사');
    expect(call.query.get('from')).toBe(new Date(2026, 10, 1).toISOString());
    expect(call.query.get('to')).toBe(new Date(2026, 10, 21).toISOString());
    expect(call.query.get('size')).toBe('10');
    expect(fake.calls(countAuditEventsPerDay)[0]!.query.get('timeZone')).toBeTruthy();

    const chart = await screen.findByRole('img', { name: /2026-11-19 ~ 2026-11-21 일별 이벤트 수, 총 7건, 가장 많은 날 5건/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    expect(chart.querySelector('rect[data-date="2026-11-21"] title')?.textContent).toBe('2026-11-21: 5건');

    // The period in the shared date field (YYYY-MM-DD in every browser): an end before the start is
    // named and not searched; a new end applies on search.
    const search = screen.getByRole('search', { name: '감사 로그 검색' });
    expect(within(search).getByLabelText('시작일')).toHaveValue('2026-11-01');
    const to = within(search).getByLabelText('종료일');
    fireEvent.change(to, { target: { value: '20261031' } });
    expect(within(search).getByText('종료일은 시작일과 같거나 뒤여야 합니다.')).toBeInTheDocument();
    expect(within(search).getByRole('button', { name: '검색' })).toBeDisabled();
    fireEvent.change(to, { target: { value: '2026-11-25' } });
    await userEvent.click(within(search).getByRole('button', { name: '검색' }));
    await waitFor(() => expect(router.state.location.search).toContain('to=2026-11-25'));
  });

  it('opens an event with its before and after, and narrows the list to its actor', async () => {
    const fake = serveAudit();
    const { router } = renderApp('/hanbit/admin/audit');
    const table = await screen.findByRole('table', { name: '감사 이벤트 목록' }, { timeout: 8000 });
    await userEvent.click(await within(table).findByText('사용자 정보 변경'));
    const drawer = await screen.findByRole('dialog', { name: '사용자 정보 변경' });
    const changes = within(drawer).getByRole('table', { name: '변경 내용' });
    const row = within(changes).getByRole('row', { name: /displayName/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['displayName', '이서연', '이서연 변호사']);
    expect(within(drawer).getByText('Mozilla/5.0 Firefox/140.0')).toBeInTheDocument();

    await userEvent.click(within(drawer).getByRole('button', { name: '이 행위자의 기록만 보기' }));
    await waitFor(() => expect(router.state.location.search).toBe('?actor=41'));
    await waitFor(() => expect(fake.calls(listAuditEvents).at(-1)?.query.get('actorUserId')).toBe('41'));
    expect(await screen.findByText('행위자: 윤재원')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '행위자 조건 지우기' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows progress while the Excel file downloads, then saves it', async () => {
    let release: () => void = () => undefined;
    const fake = serveAudit().on(
      exportAuditEvents,
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(new Response(new Blob(['xlsx bytes']), { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }));
        }),
    );
    const createObjectURL = vi.fn(() => 'blob:audit');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderApp('/hanbit/admin/audit?type=user.updated');

    await userEvent.click(await screen.findByRole('button', { name: 'Excel로 내보내기' }, { timeout: 8000 }));
    expect(await screen.findByRole('progressbar', { name: 'Excel 파일을 만들어 내려받는 중…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '내보내기 취소' })).toBeInTheDocument();
    const call = fake.calls(exportAuditEvents)[0]!;
    expect(call.query.getAll('types')).toEqual(['user.updated']);
    expect(call.query.get('timeZone')).toBeTruthy();

    release();
    expect(await screen.findByText('감사 로그를 내려받았습니다.')).toBeInTheDocument();
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^감사로그_\d{8}\.xlsx$/);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the empty state of a filtered log', async () => {
    serveSession(installFakeApi(), { permissions: PERMISSIONS }).on(listAuditEvents, ok(page([]))).on(countAuditEventsPerDay, ok(daily));
    renderApp('/hanbit/admin/audit?q=없음');
    expect(await screen.findByText('조건에 맞는 기록이 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});

describe('audit filters in the address', () => {
  it('round-trip, drop what is not valid and turn days into instants (to: the next midnight)', () => {
    const filters = readAuditFilters(new URLSearchParams('type=user.updated&type=DROP%20TABLE&actor=41&subject=x&from=2026-11-01&to=2026-13-40&q=%20홍%20&sort=ip,asc&page=3'));
    expect(filters).toEqual({ types: ['user.updated'], actorUserId: 41, subjectUserId: undefined, from: '2026-11-01', to: undefined, keyword: '홍', sort: undefined, page: 3 });
    expect(writeAuditFilters({ ...filters, sort: 'createdAt,asc' }).toString()).toBe('type=user.updated&actor=41&from=2026-11-01&q=%ED%99%8D&sort=createdAt%2Casc&page=3');
    expect(auditQueryOf({ types: [], from: '2026-11-01', to: '2026-11-01', page: 1 })).toEqual({
      types: undefined, actorUserId: undefined, subjectUserId: undefined, keyword: undefined,
      from: new Date(2026, 10, 1).toISOString(), to: new Date(2026, 10, 2).toISOString(),
    });
  });

  it('have words in both languages for every known event type', () => {
    for (const type of KNOWN_AUDIT_TYPES) {
      const [group, name] = type.split('.') as [string, string];
      expect((ko.types as Record<string, Record<string, string>>)[group]?.[name], type).toBeTruthy();
      expect((en.types as Record<string, Record<string, string>>)[group]?.[name], type).toBeTruthy();
    }
    for (const type of SUMMARISED_AUDIT_TYPES) {
      const [group, name] = type.split('.') as [string, string];
      expect((ko.summaries as Record<string, Record<string, string>>)[group]?.[name], type).toBeTruthy();
      expect((en.summaries as Record<string, Record<string, string>>)[group]?.[name], type).toBeTruthy();
    }
  });
});

/** Every key path of a catalogue, e.g. `filters.keyword`. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key)).sort();
}

describe('the audit-log catalogue', () => {
  it('has the same keys in both languages', () => {
    expect(keysOf(en)).toEqual(keysOf(ko));
  });
});
