import {
  addTermRevision, createTerm, deleteTerm, listTermConsents, listTermRevisions, listTerms, type Term, type TermConsent, type TermRevision,
} from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { serveSession, signInToHanbit } from '../../../test/session-fixtures';

const PERMISSIONS = ['workspace.admin.access', 'workspace.term.write'];

const policy: Term = {
  id: 3,
  termType: 'PRIVACY_POLICY',
  title: '개인정보 처리방침',
  isActive: true,
  isPrivacyPolicy: true,
  revisionCount: 1,
  latestRevision: { id: 30, version: 1, requiresConsent: true, effectiveAt: '2026-11-01T00:00:00.000Z' },
  createdAt: '2026-10-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const revision: TermRevision = {
  id: 30, termId: 3, version: 1, body: '제1조 수집 항목\n이름', requiresConsent: true, effectiveAt: '2026-11-01T00:00:00.000Z', createdByUserId: 41, createdAt: '2026-10-01T00:00:00.000Z',
};
const consent: TermConsent = {
  id: 1, userId: 77, userName: '이서연', termId: 3, termTitle: '개인정보 처리방침', termType: 'PRIVACY_POLICY', revisionId: 30, version: 1, isAgreed: false,
  ip: '10.0.0.7', userAgent: 'Firefox', createdAt: '2026-11-02T00:00:00.000Z',
};
const pageOf = <T,>(content: T[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: content.length ? 1 : 0 });

function serve(terms: Term[] = [policy]): FakeApi {
  return serveSession(installFakeApi(), { permissions: PERMISSIONS })
    .on(listTerms, ok(pageOf(terms)))
    .on(listTermRevisions, ok(pageOf([revision])))
    .on(listTermConsents, ok(pageOf([consent])));
}

describe('terms admin page', { timeout: 20_000 }, () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS);
  });

  it('lists terms with the recognised privacy policy, and adds a term whose title makes it one', async () => {
    const fake = serve([]).on(createTerm, ok({ ...policy, id: 4, title: 'Privacy Notice' }));
    renderApp('/hanbit/admin/terms');
    expect(await screen.findByText('약관이 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '약관 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '약관 추가' });
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('필수 입력 항목입니다.')).toBeInTheDocument();
    expect(fake.calls(createTerm)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: '제목' }), 'privacy  notice');
    // The chosen type gives way to the privacy policy (the server decides the same with the shared rule).
    expect(within(dialog).getByDisplayValue('개인정보 처리방침')).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(createTerm)).toHaveLength(1));
    expect(fake.calls(createTerm)[0]!.body).toEqual({ termType: 'SERVICE', title: 'privacy  notice', isActive: true });
    expect(await screen.findByText('약관을 추가했습니다.')).toBeInTheDocument();
  });

  it('shows a term\'s revisions and adds the next one', async () => {
    const fake = serve().on(addTermRevision, ok({ ...revision, id: 31, version: 2, body: '제2판' }));
    renderApp('/hanbit/admin/terms');
    expect(await screen.findByText('개인정보 처리방침으로 인식됨', undefined, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '개인정보 처리방침 개정 이력' }));
    const drawer = await screen.findByRole('dialog', { name: '개인정보 처리방침 · 개정 이력' });
    expect(await within(drawer).findByText(/제1조 수집 항목/)).toBeInTheDocument();
    expect(fake.calls(listTermRevisions)[0]!.path).toBe('/api/workspace/terms/3/revisions/v1');

    await userEvent.type(within(drawer).getByRole('textbox', { name: '본문' }), '제2판');
    await userEvent.click(within(drawer).getByRole('button', { name: '개정본 추가' }));
    await waitFor(() => expect(fake.calls(addTermRevision)).toHaveLength(1));
    expect(fake.calls(addTermRevision)[0]!.body).toEqual({ body: '제2판', requiresConsent: true });
    expect(await screen.findByText('개정본을 추가했습니다.')).toBeInTheDocument();
  });

  it('deletes a term only after confirmation', async () => {
    const fake = serve().on(deleteTerm, fail(409, 'ERROR_CONFLICT', '동의 이력이 있는 약관은 삭제할 수 없습니다. 비활성화해 주세요.', { reason: 'TERM_HAS_CONSENTS' }));
    renderApp('/hanbit/admin/terms');
    await userEvent.click(await screen.findByRole('button', { name: '개인정보 처리방침 삭제' }, { timeout: 8000 }));
    const confirm = (await screen.findByText(/약관과 개정본을 모두 삭제할까요/)).closest('[role="dialog"]') as HTMLElement;
    await userEvent.click(within(confirm).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(fake.calls(deleteTerm)).toHaveLength(1));
    expect(fake.calls(deleteTerm)[0]!.path).toBe('/api/workspace/terms/3/v1');
  });

  it('shows the consent history with its filters in the address', async () => {
    const fake = serve();
    const { router } = renderApp('/hanbit/admin/terms?tab=consents');
    expect(await screen.findByText('이서연', undefined, { timeout: 8000 })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '동의 이력' });
    expect(within(table).getByText('거부')).toBeInTheDocument();
    expect(within(table).getByText('10.0.0.7')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: '응답' }), 'refused');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=consents&answer=refused'));
    await waitFor(() => expect(fake.calls(listTermConsents).at(-1)!.query.get('isAgreed')).toBe('false'));
    await userEvent.type(screen.getByRole('textbox', { name: '사용자 ID' }), '77');
    await userEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(fake.calls(listTermConsents).at(-1)!.query.get('userIds')).toBe('77'));
  });
});
