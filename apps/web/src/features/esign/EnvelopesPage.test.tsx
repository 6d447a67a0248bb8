import { listEnvelopes } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { pageOf, SENDER, signInWithEsign, summaryOf } from './esign.test-support';

const COUNTS: Record<string, number> = { IN_PROGRESS: 4, COMPLETED: 7, DECLINED: 1, VOIDED: 0, EXPIRED: 2 };

function serve(permissions = SENDER) {
  return signInWithEsign(permissions).on(listEnvelopes, (call) => {
    if (call.query.get('size') === '1') {
      const status = call.query.get('statuses') ?? '';
      return ok(pageOf([], 0, 1, COUNTS[status] ?? 0));
    }
    const keyword = call.query.get('keyword');
    if (keyword === '없는') return ok(pageOf([]));
    return ok(pageOf([
      summaryOf(301, { title: '용역계약 301', waitingOn: ['이영희'], signedCount: 1 }),
      summaryOf(302, { title: 'API 문서', contractId: null, source: 'API', sender: null, status: 'COMPLETED', waitingOn: [], signedCount: 2 }),
    ], Number(call.query.get('page') ?? 0), 10, 14));
  });
}

describe('the e-signatures list', () => {
  afterEach(() => FakeXhr.reset());

  it('lists envelopes with their progress, a chart by status, and pages', { timeout: 90_000 }, async () => {
    const fake = serve();
    renderApp('/hanbit/esign');
    const table = await screen.findByRole('table', { name: '전자계약' }, { timeout: 30_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('link', { name: '용역계약 301' })).toHaveAttribute('href', '/hanbit/contracts/7');
    expect(rows[0]).toHaveTextContent('1/2 서명');
    expect(rows[0]).toHaveTextContent('이영희');
    expect(rows[1]).toHaveTextContent('외부 시스템');
    const chart = await screen.findByRole('list', { name: '상태별 전자서명' });
    await waitFor(() => expect(within(chart).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['진행 중: 4', '완료: 7', '거절됨: 1', '무효: 0', '만료됨: 2']));
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(fake.calls(listEnvelopes).some((c) => c.query.get('page') === '1' && c.query.get('size') === '10')).toBe(true));
  });

  it('filters by status and keyword through the address', { timeout: 90_000 }, async () => {
    const fake = serve();
    renderApp('/hanbit/esign?status=EXPIRED&q=없는');
    expect(await screen.findByText('조건에 맞는 전자서명이 없습니다.', undefined, { timeout: 30_000 })).toBeInTheDocument();
    const call = fake.calls(listEnvelopes).find((c) => c.query.get('size') === '10')!;
    expect(call.query.getAll('statuses')).toEqual(['EXPIRED']);
    expect(call.query.get('keyword')).toBe('없는');
    await userEvent.click(screen.getByRole('button', { name: '초기화' }));
    expect(await screen.findByRole('table', { name: '전자계약' })).toBeInTheDocument();
  });

  it('is closed to a member who may not send', { timeout: 90_000 }, async () => {
    const fake = serve(['contract.contract.read']);
    renderApp('/hanbit/esign');
    await waitFor(() => expect(screen.queryByRole('table', { name: '전자계약' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(fake.calls(listEnvelopes)).toHaveLength(0);
  });
});
