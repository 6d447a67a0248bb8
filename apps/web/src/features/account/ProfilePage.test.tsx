import { changePassword, endOtherSessions, endSession, listSessions, profile, userLoginTracks } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore, setUserInfo } from '../../lib/session';
import { fail, installFakeApi, ok, type FakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { profileOf, resetSession } from '../../test/session-fixtures';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const OTHER_SESSION = '7d0a4c52-2f0e-4c39-9d4f-7c5f0b6f1a11';

const session = (id: string, isCurrent: boolean, userAgent: string) => ({
  id, isCurrent, isSuperAdmin: false, createdAt: '2026-11-20T01:00:00.000Z', lastSeenAt: '2026-11-21T01:00:00.000Z', expiresAt: '2026-12-04T01:00:00.000Z', ip: '203.0.113.7', userAgent,
});

function serveProfile(fake: FakeApi) {
  return fake
    .on(profile, ok(profileOf({ passwordExpiresAt: '2027-01-01T00:00:00.000Z' })))
    .on(listSessions, ok([session('c1f4b0de-9a8b-4c43-8f5e-0a1b2c3d4e5f', true, CHROME_WINDOWS), session(OTHER_SESSION, false, SAFARI_MAC)]))
    .on(userLoginTracks, (call) =>
      ok({
        content: [{ id: Number(call.query.get('page')) + 1, createdAt: '2026-11-21T01:00:00.000Z', loginId: 'member@hanbit.example', method: 'PASSWORD', result: 'SUCCESS', ip: '203.0.113.7', userAgent: CHROME_WINDOWS }],
        page: Number(call.query.get('page')),
        size: 10,
        totalElements: 12,
        totalPages: 2,
      }),
    );
}

describe('profile page', () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 41, loginId: 'member@hanbit.example', alertLevel: 'WARN' });
  });

  it('shows the account as the server knows it', async () => {
    serveProfile(installFakeApi());
    renderApp('/profile');
    const account = await screen.findByRole('region', { name: '계정 정보' });
    expect(await within(account).findByText('member@hanbit.example')).toBeInTheDocument();
    expect(within(account).getByText('한국어')).toBeInTheDocument();
    expect(within(account).getByText('일반 세션')).toBeInTheDocument();
  });

  it('checks the new password with the shared rules while typing, before calling', async () => {
    const fake = serveProfile(installFakeApi());
    renderApp('/profile');
    const form = await screen.findByRole('region', { name: '비밀번호 변경' });
    const rules = within(form).getByRole('list', { name: '새 비밀번호 조건' });
    // Nothing typed yet: no rule is called unmet (an empty box is not "longer than 128").
    expect(within(rules).getByText(/128자 이하/)).toHaveTextContent('(입력 전)');
    expect(within(rules).queryByText(/미충족/)).toBeNull();

    await userEvent.click(within(form).getByRole('button', { name: '비밀번호 변경' }));
    expect(within(form).getByText('현재 비밀번호를 입력해 주세요.')).toBeInTheDocument();
    expect(within(form).getByText('새 비밀번호는 8자 이상이어야 합니다.')).toBeInTheDocument();

    await userEvent.type(within(form).getByLabelText('현재 비밀번호'), 'Old-pass-1');
    await userEvent.type(within(form).getByLabelText('새 비밀번호'), '새비밀번호');
    expect(within(rules).getByText(/8자 이상/)).toHaveTextContent('(미충족)');
    expect(within(rules).getByText(/128자 이하/)).toHaveTextContent('(충족)');
    await userEvent.type(within(form).getByLabelText('새 비밀번호'), '-2026');
    expect(within(rules).getByText(/8자 이상/)).toHaveTextContent('(충족)');
    await userEvent.type(within(form).getByLabelText('새 비밀번호 확인'), 'different');
    expect(within(rules).getByText(/확인 입력과 일치/)).toHaveTextContent('(미충족)');

    await userEvent.click(within(form).getByRole('button', { name: '비밀번호 변경' }));
    expect(within(form).getByText('새 비밀번호와 확인 입력이 일치하지 않습니다.')).toBeInTheDocument();
    expect(fake.calls(changePassword)).toHaveLength(0);
  });

  it('shows what the server refused, and on success says the other sessions were ended', async () => {
    const fake = serveProfile(installFakeApi()).on(
      changePassword,
      fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.currentPassword', reason: 'incorrect' }] }),
    );
    renderApp('/profile');
    const form = await screen.findByRole('region', { name: '비밀번호 변경' });
    await userEvent.type(within(form).getByLabelText('현재 비밀번호'), 'Wrong-pass-1');
    await userEvent.type(within(form).getByLabelText('새 비밀번호'), 'Fresh-pass-2026');
    await userEvent.type(within(form).getByLabelText('새 비밀번호 확인'), 'Fresh-pass-2026');
    await userEvent.click(within(form).getByRole('button', { name: '비밀번호 변경' }));
    expect(await within(form).findByText('현재 비밀번호가 올바르지 않습니다.')).toBeInTheDocument();

    fake.on(changePassword, ok({ passwordExpiresAt: '2027-02-19T00:00:00.000Z', revokedSessions: 2 }));
    await userEvent.click(within(form).getByRole('button', { name: '비밀번호 변경' }));
    expect(await screen.findByText('보안을 위해 다른 기기의 로그인을 모두 종료했습니다. (종료된 세션 2개)')).toBeInTheDocument();
    const calls = fake.calls(changePassword);
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', body: { currentPassword: 'Wrong-pass-1', newPassword: 'Fresh-pass-2026' } });
    expect(sessionStore.getState().userInfo?.alertLevel).toBe('NONE');
    expect(within(form).getByLabelText('새 비밀번호')).toHaveValue('');
  });

  it('ends one other session, and every other session after a confirmation', async () => {
    const fake = serveProfile(installFakeApi()).on(endSession, ok({ revokedCount: 1 })).on(endOtherSessions, ok({ revokedCount: 1 }));
    renderApp('/profile');
    const panel = await screen.findByRole('region', { name: '로그인된 기기' });
    expect(await within(panel).findByText('현재 기기')).toBeInTheDocument();
    expect(within(panel).getByText('Chrome · Windows')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Safari · macOS 로그인 종료' }));
    await waitFor(() => expect(fake.calls(endSession)).toHaveLength(1));
    expect(fake.calls(endSession)[0]).toMatchObject({ method: 'DELETE', path: `/api/auth/sessions/${OTHER_SESSION}/v1` });

    await userEvent.click(within(panel).getByRole('button', { name: '다른 기기 모두 로그아웃' }));
    const dialog = await screen.findByRole('dialog');
    expect(fake.calls(endOtherSessions)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '모두 로그아웃' }));
    await waitFor(() => expect(fake.calls(endOtherSessions)).toHaveLength(1));
    expect(fake.calls(endOtherSessions)[0]?.method).toBe('DELETE');
  });

  it('pages through the sign-in history', async () => {
    const fake = serveProfile(installFakeApi());
    const { router } = renderApp('/profile');
    const history = await screen.findByRole('region', { name: '로그인 기록' });
    expect(await within(history).findByText('성공')).toBeInTheDocument();
    expect(fake.calls(userLoginTracks)[0]?.query.get('size')).toBe('10');

    await userEvent.click(within(history).getByRole('button', { name: '2' }));
    await waitFor(() => expect(fake.calls(userLoginTracks).at(-1)?.query.get('page')).toBe('1'));
    expect(router.state.location.search).toBe('?historyPage=2');
  });
});
