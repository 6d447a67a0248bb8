import { AUTH_LIMITS, loginV3, resendLoginOtp, verifyLoginOtp } from '@legal/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../lib/session';
import { fail, installFakeApi, ok, type FakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { NO_ALERT, resetSession, serveSession } from '../../test/session-fixtures';

const OTP_REQUIRED = { ...NO_ALERT, twoFactorAuth: { method: 'OTP_MAIL', token: 'challenge-token' } };

async function reachOtpStep(fake: FakeApi) {
  fake.on(loginV3, ok(OTP_REQUIRED));
  const view = renderApp('/sign-in');
  await userEvent.type(await screen.findByLabelText('아이디'), 'otp@hanbit.example');
  await userEvent.type(screen.getByLabelText('비밀번호'), 'Demo-pass-2026!');
  await userEvent.click(screen.getByRole('button', { name: '로그인' }));
  await screen.findByLabelText('인증번호');
  return view;
}

/** Moves the clock past the resend interval; the countdown re-reads it within a second. */
async function waitOutResendInterval() {
  const later = Date.now() + (AUTH_LIMITS.otpResendIntervalSeconds + 1) * 1000;
  vi.spyOn(Date, 'now').mockReturnValue(later);
  const resend = await screen.findByRole('button', { name: '인증번호 다시 받기' }, { timeout: 2_500 });
  await waitFor(() => expect(resend).toBeEnabled());
  return resend;
}

describe('one-time code step', () => {
  beforeEach(() => resetSession());

  it('asks for the mailed code with the 5-minute countdown, and verifies with the token header', async () => {
    const fake = serveSession(installFakeApi()).on(verifyLoginOtp, ok(NO_ALERT));
    const { router } = await reachOtpStep(fake);
    expect(screen.getByText('otp@hanbit.example(으)로 인증번호를 보냈습니다.')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/남은 시간 0[45]:\d\d/);
    expect(sessionStore.getState().userInfo).toBeNull(); // no session before the code

    await userEvent.type(screen.getByLabelText('인증번호'), '12a3456');
    await userEvent.click(screen.getByRole('button', { name: '인증하기' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/'));
    const [verify] = fake.calls(verifyLoginOtp);
    expect(verify?.body).toEqual({ otp: '123456' });
    expect(verify?.headers.get('X-Two-Factor-Token')).toBe('challenge-token');
    expect(sessionStore.getState().userInfo?.id).toBe(41);
  });

  it('refuses a code that is not six digits before calling', async () => {
    const fake = installFakeApi();
    await reachOtpStep(fake);
    await userEvent.type(screen.getByLabelText('인증번호'), '123');
    await userEvent.click(screen.getByRole('button', { name: '인증하기' }));
    expect(screen.getByText('인증번호 6자리 숫자를 입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(verifyLoginOtp)).toHaveLength(0);
  });

  it('explains ERROR_OTP_INVALID with the attempts left, and ERROR_OTP_EXPIRED', async () => {
    const fake = installFakeApi().on(verifyLoginOtp, fail(401, 'ERROR_OTP_INVALID', 'wrong', { remainingAttempts: 3 }));
    const { router } = await reachOtpStep(fake);
    await userEvent.type(screen.getByLabelText('인증번호'), '000000');
    await userEvent.click(screen.getByRole('button', { name: '인증하기' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('인증번호가 올바르지 않습니다.');
    expect(alert).toHaveTextContent('남은 입력 기회: 3회');

    fake.on(verifyLoginOtp, fail(401, 'ERROR_OTP_EXPIRED', 'expired'));
    await userEvent.click(screen.getByRole('button', { name: '인증하기' }));
    expect(await screen.findByText('인증번호가 만료되었습니다. 인증번호를 다시 받아 주세요.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('counts a resend as sent only for a SUCCESS answer naming OTP_MAIL', async () => {
    const fake = installFakeApi().on(resendLoginOtp, ok({ ...NO_ALERT, twoFactorAuth: null }));
    await reachOtpStep(fake);
    const resend = await waitOutResendInterval();

    await userEvent.click(resend);
    expect(await screen.findByText('인증번호 재전송에 실패했습니다.')).toBeInTheDocument();
    expect(fake.calls(resendLoginOtp)[0]?.headers.get('X-Two-Factor-Token')).toBe('challenge-token');

    fake.on(resendLoginOtp, fail(429, 'ERROR_RATE_LIMITED', 'too soon', { retryAfterSeconds: 12 }));
    await userEvent.click(resend);
    await waitFor(() => expect(fake.calls(resendLoginOtp)).toHaveLength(2));
    expect(await screen.findByText('인증번호 재전송에 실패했습니다.')).toBeInTheDocument();

    fake.on(resendLoginOtp, ok(OTP_REQUIRED));
    await userEvent.click(resend);
    expect(await screen.findByText('새 인증번호를 메일로 보냈습니다.')).toBeInTheDocument();
    expect(screen.queryByText('인증번호 재전송에 실패했습니다.')).toBeNull();
  });
});
