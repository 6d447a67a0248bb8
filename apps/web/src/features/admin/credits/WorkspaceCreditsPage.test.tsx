import { getWorkspaceCredits, type Credits } from '@legal/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { serveSession, signInToHanbit } from '../../../test/session-fixtures';

const PERMISSIONS = ['workspace.admin.access', 'workspace.subscription.read'];

const credits = (page: number, totalElements: number): Credits => ({
  tenantId: 1, workspaceId: 10, balance: 964, granted: 1000, spent: 36,
  ledger: {
    page, size: 30, totalElements, totalPages: Math.ceil(totalElements / 30),
    content: [
      { entryId: 3, kind: 'DEBIT', credits: 36, feature: 'REVIEW', reference: 'review:7', memo: null, refundOf: null, isRefunded: false, user: { userId: 5, name: '김민준' }, createdAt: '2026-11-21T02:00:00.000Z' },
      { entryId: 2, kind: 'REFUND', credits: 12, feature: 'EDIT_CLAUSE', reference: null, memo: null, refundOf: 1, isRefunded: false, user: null, createdAt: '2026-11-21T01:30:00.000Z' },
      { entryId: 1, kind: 'GRANT', credits: 1000, feature: null, reference: null, memo: 'starter', refundOf: null, isRefunded: false, user: null, createdAt: '2026-11-20T01:00:00.000Z' },
    ],
  },
});

describe('workspace AI credits page', () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS);
  });

  it('shows the balance, totals and the ledger, 30 a page with the page in the address', async () => {
    const fake = serveSession(installFakeApi(), { permissions: PERMISSIONS }).on(getWorkspaceCredits, (call) => ok(credits(Number(call.query.get('page')), 75)));
    const { router } = renderApp('/hanbit/admin/credits');
    expect(await screen.findByRole('heading', { level: 2, name: 'AI 크레딧' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByTestId('credits-balance')).toHaveTextContent('964');
    expect(screen.getByTestId('credits-granted')).toHaveTextContent('1,000');
    expect(screen.getByTestId('credits-spent')).toHaveTextContent('36');
    expect(screen.getByText('−36')).toBeInTheDocument();
    expect(screen.getByText('+1,000')).toBeInTheDocument();
    expect(screen.getByText('기본 제공 크레딧')).toBeInTheDocument();
    expect(screen.getByText('계약 검토')).toBeInTheDocument();
    expect(screen.getByText('환불')).toBeInTheDocument();
    expect(fake.calls(getWorkspaceCredits)[0]?.query.get('size')).toBe('30');
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(fake.calls(getWorkspaceCredits).at(-1)?.query.get('page')).toBe('1'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('shows a failure with a retry', async () => {
    const fake = serveSession(installFakeApi(), { permissions: PERMISSIONS }).on(getWorkspaceCredits, fail(500, 'ERROR_INTERNAL', '일시적인 오류입니다.'));
    renderApp('/hanbit/admin/credits');
    expect(await screen.findByText('일시적인 오류입니다.', {}, { timeout: 8000 })).toBeInTheDocument();
    fake.on(getWorkspaceCredits, ok(credits(0, 3)));
    await userEvent.click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByTestId('credits-balance')).toHaveTextContent('964');
  });
});
