import {
  countMyUnreadNotices, getCurrentPrivacyPolicy, listMyNotices, listMyPendingTerms, type MemberTermRevision, submitMyTermConsents,
} from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { selectWorkspace, setLauncher, setPermissions, setUserInfo } from '../../../lib/session';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { hanbit, resetSession, saesol, serveSession } from '../../../test/session-fixtures';
import { consentPath, safeNext, workspaceNameOf } from './consent-path';

const service: MemberTermRevision = {
  termId: 1,
  termType: 'SERVICE',
  title: '서비스 이용약관',
  revisionId: 11,
  version: 2,
  body: '제1조 (목적)\n이 약관은 서비스 이용 조건을 정합니다.',
  requiresConsent: true,
  effectiveAt: '2026-11-01T00:00:00.000Z',
};
const privacy: MemberTermRevision = {
  termId: 2,
  termType: 'PRIVACY_POLICY',
  title: '개인정보 처리방침',
  revisionId: 21,
  version: 1,
  body: '1. 수집하는 개인정보 항목\n이름, 이메일',
  requiresConsent: true,
  effectiveAt: '2026-11-01T00:00:00.000Z',
};

const emptyPage = { content: [], page: 0, size: 10, totalElements: 0, totalPages: 0 };

/** A member of hanbit with terms to accept, on the notices page (any workspace page goes through the gate). */
function serve(pending: MemberTermRevision[] = [service, privacy]): FakeApi {
  return serveSession(installFakeApi(), { launcher: [hanbit, saesol] })
    .on(listMyPendingTerms, ok(pending))
    .on(listMyNotices, ok(emptyPage))
    .on(countMyUnreadNotices, ok({ unreadCount: 0 }));
}

describe('consent step', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
    setLauncher([hanbit, saesol]);
    selectWorkspace(hanbit.tenantId, hanbit.workspaceId);
    setPermissions([{ name: 'contract.contract.read' }]);
  });

  it('comes before a workspace page while terms are pending, and returns to it once all are accepted', async () => {
    const fake = serve().on(submitMyTermConsents, ok([]));
    const { router } = renderApp('/hanbit/notices?q=점검');
    expect(await screen.findByRole('heading', { level: 1, name: '약관 동의' }, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/consent');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/hanbit/notices?q=점검');
    expect(fake.calls(listMyNotices)).toHaveLength(0);

    // Each term's text (plain, line breaks kept) with its own checkbox.
    const serviceCard = screen.getByRole('region', { name: '서비스 이용약관' });
    expect(within(serviceCard).getByRole('region', { name: '서비스 이용약관 본문' })).toHaveTextContent('제1조 (목적) 이 약관은 서비스 이용 조건을 정합니다.');
    expect(within(serviceCard).getByText('제2판 · ', { exact: false })).toBeInTheDocument();

    const submit = screen.getByRole('button', { name: '동의하고 계속하기' });
    expect(submit).toBeDisabled();
    expect(screen.getByText('모든 필수 약관에 동의해야 계속할 수 있습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: '서비스 이용약관에 동의합니다' }));
    expect(submit).toBeDisabled();
    const all = screen.getByRole('checkbox', { name: '아래 약관에 모두 동의합니다' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    await userEvent.click(all);
    expect(screen.getByRole('checkbox', { name: '개인정보 처리방침에 동의합니다' })).toBeChecked();
    expect(submit).toBeEnabled();

    await userEvent.click(submit);
    await waitFor(() => expect(fake.calls(submitMyTermConsents)).toHaveLength(1));
    expect(fake.calls(submitMyTermConsents)[0]!.body).toEqual({ consents: [{ revisionId: 11, isAgreed: true }, { revisionId: 21, isAgreed: true }] });
    expect(fake.calls(submitMyTermConsents)[0]!.headers.get('x-workspace')).toBe(String(hanbit.workspaceId));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/notices'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('점검');
    expect(await screen.findByRole('heading', { level: 1, name: '공지사항' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('약관에 동의했습니다.')).toBeInTheDocument();
  });

  it('records a refusal after confirmation and leaves the workspace', async () => {
    const fake = serve([service]).on(submitMyTermConsents, ok([service]));
    const { router } = renderApp('/hanbit/notices');
    await userEvent.click(await screen.findByRole('button', { name: '동의하지 않음' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '약관에 동의하지 않으시겠어요?' });
    expect(fake.calls(submitMyTermConsents)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '동의하지 않음' }));
    await waitFor(() => expect(fake.calls(submitMyTermConsents)).toHaveLength(1));
    expect(fake.calls(submitMyTermConsents)[0]!.body).toEqual({ consents: [{ revisionId: 11, isAgreed: false }] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspaces'));
  });

  it('shows the current terms again when one was superseded meanwhile', async () => {
    const fake = serve([service]).on(submitMyTermConsents, fail(409, 'ERROR_CONFLICT', '더 새로운 개정본이 있습니다.', { revisionId: 11, reason: 'SUPERSEDED' }));
    renderApp('/hanbit/notices');
    await userEvent.click(await screen.findByRole('checkbox', { name: '아래 약관에 모두 동의합니다' }, { timeout: 8000 }));
    const newer = { ...service, revisionId: 12, version: 3, body: '제3판 본문' };
    fake.on(listMyPendingTerms, ok([newer]));
    await userEvent.click(screen.getByRole('button', { name: '동의하고 계속하기' }));
    expect(await screen.findByText('제3판 본문')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '서비스 이용약관에 동의합니다' })).not.toBeChecked();
  });

  it('opens the privacy policy in effect from the consent step', async () => {
    serve([service]).on(getCurrentPrivacyPolicy, ok({ ...privacy, body: '개인정보 처리방침 전문' }));
    renderApp('/hanbit/notices');
    await userEvent.click(await screen.findByRole('button', { name: '개인정보 처리방침' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '개인정보 처리방침' });
    expect(await within(dialog).findByText('개인정보 처리방침 전문')).toBeInTheDocument();
  });

  it('is asked on arrival at the workspace home, the first page after sign-in (defect 9)', async () => {
    serve([service]);
    const { router } = renderApp('/hanbit/');
    expect(await screen.findByRole('heading', { level: 1, name: '약관 동의' }, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/consent');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/hanbit/');
  });

  it('lets the page through when nothing is pending, or when the check fails', async () => {
    const fake = serve([]);
    const { router, unmount } = renderApp('/hanbit/notices');
    expect(await screen.findByRole('heading', { level: 1, name: '공지사항' }, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/hanbit/notices');
    expect(fake.calls(listMyPendingTerms)).toHaveLength(1);
    unmount();

    const failing = serve().on(listMyPendingTerms, fail(500, 'ERROR_INTERNAL', 'boom'));
    renderApp('/hanbit/notices');
    expect(await screen.findByRole('heading', { level: 1, name: '공지사항' }, { timeout: 8000 })).toBeInTheDocument();
    expect(failing.calls().some((c) => c.path === '/api/client-errors/v1')).toBe(false);
  });

  it('selects the workspace that `next` names and checks its terms', async () => {
    selectWorkspace(saesol.tenantId, saesol.workspaceId);
    const fake = serve([service]);
    renderApp(`/consent?next=${encodeURIComponent('/hanbit/notices')}`);
    expect(await screen.findByText('hanbit 워크스페이스를 이용하려면 아래 약관을 읽고 동의해 주세요.', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(fake.calls(listMyPendingTerms).at(-1)!.headers.get('x-workspace')).toBe(String(hanbit.workspaceId));
  });
});

describe('consent paths', () => {
  it('keeps `next` inside the app', () => {
    expect(consentPath('/hanbit/files?q=a b')).toBe('/consent?next=%2Fhanbit%2Ffiles%3Fq%3Da+b');
    expect(safeNext('/hanbit/admin/users')).toBe('/hanbit/admin/users');
    for (const bad of [null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '/consent', '/consent?next=/x', 'javascript:alert(1)']) {
      expect(safeNext(bad), String(bad)).toBeNull();
    }
    expect(workspaceNameOf('/%ED%95%9C%EB%B9%9B/notices?x=1')).toBe('한빛');
    expect(workspaceNameOf('/')).toBeNull();
  });
});
