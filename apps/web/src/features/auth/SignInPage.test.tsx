import { DEFAULT_THEME, listDemoAccounts, loginV3, logout, profile, superAdminLoginV3 } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/browser-storage';
import { formatDateTime } from '../../lib/i18n';
import { readLastRefreshTime, sessionStore, themeMarkerStore } from '../../lib/session';
import { fail, installFakeApi, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { NO_ALERT, hanbit, resetSession, saesol, serveSession } from '../../test/session-fixtures';

async function signInWith(loginId: string, password: string) {
  await userEvent.type(await screen.findByLabelText('아이디'), loginId);
  await userEvent.type(screen.getByLabelText('비밀번호'), password);
  await userEvent.click(screen.getByRole('button', { name: '로그인' }));
}

describe('sign-in page', () => {
  beforeEach(() => resetSession());

  it('signs in without a second step, loads the session and opens the only workspace', async () => {
    const fake = serveSession(installFakeApi()).on(loginV3, ok(NO_ALERT));
    const { router } = renderApp('/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: '로그인' })).toBeInTheDocument();

    await signInWith('  member@hanbit.example ', 'Demo-pass-2026!');

    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/'));
    const [login] = fake.calls(loginV3);
    expect(login?.body).toEqual({ loginId: 'member@hanbit.example', password: 'Demo-pass-2026!' });
    const state = sessionStore.getState();
    expect(state.userInfo).toMatchObject({ id: 41, loginId: 'member@hanbit.example', alertLevel: 'NONE' });
    // The only workspace is selected and remembered; its permissions are loaded.
    expect(state).toMatchObject({ tenantId: hanbit.tenantId, workspaceId: hanbit.workspaceId });
    expect(state.permissions.map((p) => p.name)).toEqual(['contract.contract.read', 'ai.review.use']);
    expect(localStorage.getItem(STORAGE_KEYS.lastWorkspace)).toBe('1-10');
    expect(readLastRefreshTime()).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: '한빛 법무법인' })).toBeInTheDocument();
  });

  it('opens the launcher for a user with several workspaces', async () => {
    serveSession(installFakeApi(), { launcher: [hanbit, saesol] }).on(loginV3, ok(NO_ALERT));
    const { router } = renderApp('/sign-in');
    await signInWith('lawyer@hanbit.example', 'pw');
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspaces'));
    expect(await screen.findByRole('heading', { level: 1, name: '내 워크스페이스' })).toBeInTheDocument();
    expect(sessionStore.getState().workspaceId).toBe(0);
  });

  it('returns to the address the guard sent the user from', async () => {
    serveSession(installFakeApi()).on(loginV3, ok(NO_ALERT));
    const { router } = renderApp('/sign-in?next=%2Fprofile%3Ftab%3Dsessions');
    await signInWith('member@hanbit.example', 'pw');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/profile?tab=sessions'));
  });

  it('checks the form with the shared schema before calling', async () => {
    const fake = installFakeApi();
    renderApp('/sign-in');
    await userEvent.click(await screen.findByRole('button', { name: '로그인' }));
    expect(screen.getByText('아이디를 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('비밀번호를 입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(loginV3)).toHaveLength(0);
  });

  it('shows the failed attempts of ERROR_LOGIN_FAILED out of the maximum', async () => {
    installFakeApi().on(loginV3, fail(401, 'ERROR_LOGIN_FAILED', '아이디 또는 비밀번호가 올바르지 않습니다.', { currentRetryCount: 2, maxRetryCount: 5 }));
    const { router } = renderApp('/sign-in');
    await signInWith('member@hanbit.example', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('아이디 또는 비밀번호가 올바르지 않습니다.');
    expect(within(alert).getByTestId('login-failure-detail')).toHaveTextContent('로그인 실패 2/5회');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(sessionStore.getState().userInfo).toBeNull();
  });

  it('shows until when an account is locked, in the interface language', async () => {
    const lockedUntil = '2026-11-21T06:30:00.000Z';
    installFakeApi().on(loginV3, fail(423, 'ERROR_ACCOUNT_LOCKED', 'locked', { currentRetryCount: 5, maxRetryCount: 5, lockedUntil }));
    renderApp('/sign-in');
    await signInWith('member@hanbit.example', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('계정이 잠겼습니다');
    expect(within(alert).getByTestId('login-failure-detail')).toHaveTextContent(`${formatDateTime(new Date(lockedUntil), 'ko')} 이후에 다시 시도해 주세요.`);
  });

  it('treats a login answer carrying a message as a failed sign-in (spec section 5)', async () => {
    const fake = serveSession(installFakeApi())
      .on(loginV3, ok(NO_ALERT, '관리자의 승인을 기다리는 계정입니다.'))
      .on(logout, ok(null));
    const { router } = renderApp('/sign-in');
    await signInWith('member@hanbit.example', 'pw');
    expect(await screen.findByRole('alert')).toHaveTextContent('관리자의 승인을 기다리는 계정입니다.');
    await waitFor(() => expect(fake.calls(logout)).toHaveLength(1));
    expect(fake.calls(profile)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(sessionStore.getState().userInfo).toBeNull();
  });

  it('offers the demo accounts when the server has them, and fills the form from one', async () => {
    installFakeApi().on(
      listDemoAccounts,
      ok([
        { loginId: 'otp@hanbit.example', role: 'GENERAL_MEMBER', displayName: '오세훈', workspace: 'hanbit', password: 'Demo-pass-2026!', twoFactor: true },
        { loginId: 'superadmin@legal.example', role: 'SUPER_ADMIN', displayName: '서관리', workspace: null, password: 'Demo-pass-2026!', twoFactor: true },
      ]),
    );
    renderApp('/sign-in');
    const panel = await screen.findByRole('region', { name: '데모 계정' });
    expect(within(panel).getByText('오세훈 · 일반 구성원 · hanbit')).toBeInTheDocument();
    expect(within(panel).getByText('2단계 인증')).toBeInTheDocument();
    // The ordinary page leaves the super admins to the super-admin page.
    expect(within(panel).queryByText('superadmin@legal.example')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: /^otp@hanbit\.example/, description: 'otp@hanbit.example 계정으로 채우기' }));
    expect(screen.getByLabelText('아이디')).toHaveValue('otp@hanbit.example');
    expect(screen.getByLabelText('비밀번호')).toHaveValue('Demo-pass-2026!');
  });

  it('hides the demo panel when the server answers 404, quietly', async () => {
    const fake = installFakeApi().on(listDemoAccounts, fail(404, 'ERROR_NOT_FOUND'));
    renderApp('/sign-in');
    await screen.findByRole('button', { name: '로그인' });
    await waitFor(() => expect(fake.calls(listDemoAccounts)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: '데모 계정' })).toBeNull();
    // skipErrorReport: the 404 is not sent to the error service.
    expect(fake.calls().filter((c) => c.path === '/api/client-errors/v1')).toHaveLength(0);
  });

  it('sends visitors to / when the theme disallows the sign-in page', async () => {
    installFakeApi();
    themeMarkerStore.mark('0-0', { ...DEFAULT_THEME, flags: { ...DEFAULT_THEME.flags, disallowSignInPage: true } });
    const { router } = renderApp('/sign-in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('uses the super-admin login on the super-admin page', async () => {
    const fake = installFakeApi().on(superAdminLoginV3, ok({ ...NO_ALERT, twoFactorAuth: { method: 'OTP_MAIL', token: 'sa-token' } }));
    renderApp('/super-admin/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: '슈퍼 관리자 로그인' })).toBeInTheDocument();
    await signInWith('superadmin@legal.example', 'pw');
    expect(await screen.findByLabelText('인증번호')).toBeInTheDocument();
    expect(fake.calls(superAdminLoginV3)).toHaveLength(1);
    expect(fake.calls(loginV3)).toHaveLength(0);
  });
});
