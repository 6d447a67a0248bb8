import { acknowledgeAlert, loginV3, postponePasswordExpiry } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../lib/session';
import { fail, installFakeApi, ok, type FakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { profileOf, resetSession, serveSession } from '../../test/session-fixtures';

async function signInWithAlert(fake: FakeApi, level: 'WARN' | 'EXPIRED') {
  serveSession(fake, { profile: profileOf({ alertLevel: level, passwordAlertLevel: level }) }).on(
    loginV3,
    ok({ alertLevel: level, passwordAlertLevel: level, twoFactorAuth: null }),
  );
  const view = renderApp('/sign-in');
  await userEvent.type(await screen.findByLabelText('아이디'), 'member@hanbit.example');
  await userEvent.type(screen.getByLabelText('비밀번호'), 'pw');
  await userEvent.click(screen.getByRole('button', { name: '로그인' }));
  return { ...view, dialog: await screen.findByRole('dialog') };
}

describe('password alert after sign-in', () => {
  beforeEach(() => resetSession());

  it('WARN: postponing the expiry clears the alert and goes on', async () => {
    const fake = installFakeApi().on(postponePasswordExpiry, ok({ passwordExpiresAt: '2027-02-19T00:00:00.000Z' }));
    const { router, dialog } = await signInWithAlert(fake, 'WARN');
    expect(dialog).toHaveTextContent('비밀번호 만료 예정');
    expect(sessionStore.getState().userInfo?.alertLevel).toBe('WARN');

    await userEvent.click(within(dialog).getByRole('button', { name: '90일 뒤로 미루기' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/'));
    expect(fake.calls(postponePasswordExpiry)[0]?.method).toBe('PUT');
    expect(sessionStore.getState().userInfo?.alertLevel).toBe('NONE');
  });

  it('WARN: acknowledging sets the level to NONE only on SUCCESS', async () => {
    const fake = installFakeApi().on(acknowledgeAlert, fail(500, 'ERROR_INTERNAL', '일시적인 오류입니다.'));
    const { router, dialog } = await signInWithAlert(fake, 'WARN');

    await userEvent.click(within(dialog).getByRole('button', { name: '확인했습니다' }));
    await waitFor(() => expect(fake.calls(acknowledgeAlert)).toHaveLength(1));
    expect(sessionStore.getState().userInfo?.alertLevel).toBe('WARN');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    fake.on(acknowledgeAlert, ok({ alertLevel: 'NONE' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '확인했습니다' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/'));
    expect(fake.calls(acknowledgeAlert).map((c) => c.method)).toEqual(['PUT', 'PUT']);
    expect(sessionStore.getState().userInfo?.alertLevel).toBe('NONE');
  });

  it('WARN: changing now leads to the profile page', async () => {
    const { router, dialog } = await signInWithAlert(installFakeApi(), 'WARN');
    await userEvent.click(within(dialog).getByRole('button', { name: '지금 비밀번호 변경' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('EXPIRED: the only way on is the password change on the profile page', async () => {
    const fake = installFakeApi();
    const { router, dialog } = await signInWithAlert(fake, 'EXPIRED');
    expect(dialog).toHaveTextContent('비밀번호가 만료되었습니다');
    expect(within(dialog).queryByRole('button', { name: /미루기/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '확인했습니다' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: '닫기' })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: '지금 비밀번호 변경' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: '내 정보' })).toBeInTheDocument();

    // While the password is expired every other signed-in screen leads back to the profile.
    await router.navigate('/workspaces');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });
});
