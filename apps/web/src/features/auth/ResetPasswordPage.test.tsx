import { logout, resetPassword, sendResetMessage } from '@legal/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore, setUserInfo } from '../../lib/session';
import { fail, installFakeApi, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { profileOf, resetSession, serveSession } from '../../test/session-fixtures';

describe('password reset page', () => {
  beforeEach(() => resetSession());

  it('is linked from the sign-in page and mails a link for the login id', async () => {
    const fake = installFakeApi().on(sendResetMessage, ok(null));
    const { router } = renderApp('/sign-in');
    await userEvent.click(await screen.findByRole('link', { name: '비밀번호를 잊으셨나요?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(await screen.findByRole('heading', { level: 1, name: '비밀번호 재설정' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '재설정 링크 받기' }));
    expect(await screen.findByText('아이디를 입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(sendResetMessage)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('아이디'), 'member@hanbit.example');
    await userEvent.click(screen.getByRole('button', { name: '재설정 링크 받기' }));
    expect(await screen.findByText('메일을 확인해 주세요')).toBeInTheDocument();
    expect(fake.calls(sendResetMessage)[0]?.body).toEqual({ loginId: 'member@hanbit.example' });
  });

  it('sets the new password with the token of the link, checking the rules first', async () => {
    const fake = installFakeApi().on(resetPassword, ok({ revokedSessions: 2 }));
    renderApp('/reset-password?token=abc123');
    expect(await screen.findByRole('heading', { level: 1, name: '새 비밀번호 설정' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('새 비밀번호'), 'short');
    await userEvent.type(screen.getByLabelText('새 비밀번호 확인'), 'other');
    await userEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText('비밀번호가 일치하지 않습니다.')).toBeInTheDocument();
    expect(fake.calls(resetPassword)).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('새 비밀번호'));
    await userEvent.clear(screen.getByLabelText('새 비밀번호 확인'));
    await userEvent.type(screen.getByLabelText('새 비밀번호'), 'Fresh-lantern-77');
    await userEvent.type(screen.getByLabelText('새 비밀번호 확인'), 'Fresh-lantern-77');
    await userEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText('비밀번호를 변경했습니다')).toBeInTheDocument();
    expect(fake.calls(resetPassword)[0]?.body).toEqual({ token: 'abc123', newPassword: 'Fresh-lantern-77' });
  });

  it('says when the link is invalid or expired', async () => {
    installFakeApi().on(resetPassword, fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.token', reason: 'invalid or expired' }] }));
    renderApp('/reset-password?token=used');
    await userEvent.type(await screen.findByLabelText('새 비밀번호'), 'Fresh-lantern-77');
    await userEvent.type(screen.getByLabelText('새 비밀번호 확인'), 'Fresh-lantern-77');
    await userEvent.click(screen.getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText(/링크가 올바르지 않거나 만료되었습니다/)).toBeInTheDocument();
  });
});

describe('impersonation banner', () => {
  beforeEach(() => resetSession());

  it('shows across the shell while impersonating and ends the session', async () => {
    const impersonated = profileOf({ name: '김민준', impersonatedBy: { userId: 7, name: '윤재원' } });
    const fake = serveSession(installFakeApi(), { profile: impersonated }).on(logout, ok(null));
    setUserInfo({ ...impersonated });
    const { router } = renderApp('/profile');
    expect(await screen.findByText('김민준 님으로 대신 로그인 중')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '종료' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(fake.calls(logout)).toHaveLength(1);
    expect(sessionStore.getState().userInfo).toBeNull();
  });

  it('is absent for an ordinary session', async () => {
    serveSession(installFakeApi());
    setUserInfo({ ...profileOf() });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('impersonation-banner')).not.toBeInTheDocument();
  });
});
