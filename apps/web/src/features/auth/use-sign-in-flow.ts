import { HEADER, logout, type LoginBody, type LoginData } from '@legal/api';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS, safeNextPath } from '../../app/paths';
import { api } from '../../lib/api';
import { sessionStore, setAlertLevel } from '../../lib/session';
import { workspaceHomePath } from '../workspaces/workspace-home-path';
import { LOGIN_FLAVOURS, type LoginFlavour } from './login-flavours';
import { alertLevelOf, describeLoginFailure, needsAlertDialog, type LoginFailure } from './login-outcome';
import { completeSignIn } from './session-bootstrap';

/** The code of the later steps, fetched as soon as a sign-in is known to need it. */
export const loadOtpStep = () => import('./OtpStep');
export const loadPasswordAlertDialog = () => import('./PasswordAlertDialog');

export type SignInStep =
  | { name: 'credentials' }
  /** `sentAt`: when the current code was mailed (epoch ms), for the countdown of its life. */
  | { name: 'otp'; token: string; sentAt: number; loginId: string };

export type OtpNotice = 'resent' | 'resendFailed' | null;

export interface SignInFlow {
  step: SignInStep;
  failure: LoginFailure | null;
  otpNotice: OtpNotice;
  isBusy: boolean;
  /** The password alert to confirm before going on (spec section 4). */
  pendingAlert: 'WARN' | 'EXPIRED' | null;
  submitCredentials(body: LoginBody): Promise<void>;
  verifyOtp(otp: string): Promise<void>;
  resendOtp(): Promise<void>;
  backToCredentials(): void;
  /** The alert dialog closed: either to change the password now, or to go on. */
  resolveAlert(outcome: 'changePassword' | 'continue'): void;
}

/**
 * Where a completed sign-in goes: the `?next=` address if there is one; else the launcher, or
 * straight to the workspace when the user has exactly one (a launcher with one card is a
 * needless click); the super-admin console for a super-admin sign-in.
 */
export function signInDestination(flavour: LoginFlavour, nextParam: string | null): string {
  const { launcher } = sessionStore.getState();
  const only = flavour === 'user' && launcher.length === 1 ? launcher[0] : undefined;
  return safeNextPath(nextParam, only ? workspaceHomePath(only.workspaceName, null) : LOGIN_FLAVOURS[flavour].home);
}

/**
 * The sign-in steps of one page: password, then (when the answer asks for it) the mailed
 * one-time code, then the session load, the password alert and the way on. Login calls
 * suppress the automatic error toast: this screen shows its own messages.
 */
export function useSignInFlow(flavour: LoginFlavour, nextParam: string | null): SignInFlow {
  const routes = LOGIN_FLAVOURS[flavour];
  const navigate = useNavigate();
  const [step, setStep] = useState<SignInStep>({ name: 'credentials' });
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [otpNotice, setOtpNotice] = useState<OtpNotice>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [pendingAlert, setPendingAlert] = useState<'WARN' | 'EXPIRED' | null>(null);

  const finish = useCallback(
    async (data: LoginData) => {
      try {
        await completeSignIn();
      } catch (error) {
        setFailure(describeLoginFailure(error));
        return;
      }
      const level = alertLevelOf(data);
      setAlertLevel(level);
      if (needsAlertDialog(level)) {
        await loadPasswordAlertDialog();
        setPendingAlert(level);
      }
      else void navigate(signInDestination(flavour, nextParam), { replace: true });
    },
    [flavour, navigate, nextParam],
  );

  const run = useCallback(async (work: () => Promise<void>) => {
    setIsBusy(true);
    setFailure(null);
    setOtpNotice(null);
    try {
      await work();
    } catch (error) {
      setFailure(describeLoginFailure(error));
    } finally {
      setIsBusy(false);
    }
  }, []);

  const submitCredentials = useCallback(
    (body: LoginBody) =>
      run(async () => {
        const answer = await api.callEnvelope(routes.login, { body, suppressErrorToast: true });
        if (answer.message) {
          // Spec section 5: a login answer with a message is a failed sign-in; drop any session it opened.
          setFailure({ kind: 'message', message: answer.message });
          void api.call(logout, { suppressErrorToast: true, skipErrorReport: true }).catch(() => undefined);
          return;
        }
        const twoFactor = answer.data.twoFactorAuth;
        if (twoFactor) {
          void loadOtpStep();
          setStep({ name: 'otp', token: twoFactor.token, sentAt: Date.now(), loginId: body.loginId });
          return;
        }
        await finish(answer.data);
      }),
    [finish, routes, run],
  );

  const verifyOtp = useCallback(
    (otp: string) =>
      run(async () => {
        if (step.name !== 'otp') return;
        const data = await api.call(routes.verifyOtp, {
          body: { otp },
          headers: { [HEADER.twoFactorToken]: step.token },
          suppressErrorToast: true,
        });
        await finish(data);
      }),
    [finish, routes, run, step],
  );

  const resendOtp = useCallback(async () => {
    if (step.name !== 'otp') return;
    setIsBusy(true);
    setFailure(null);
    setOtpNotice(null);
    try {
      const data = await api.call(routes.resendOtp, {
        headers: { [HEADER.twoFactorToken]: step.token },
        suppressErrorToast: true,
      });
      // Spec section 5: only a SUCCESS answer naming OTP_MAIL means a new code is on its way.
      if (data.twoFactorAuth?.method === 'OTP_MAIL') {
        setStep({ ...step, token: data.twoFactorAuth.token || step.token, sentAt: Date.now() });
        setOtpNotice('resent');
      } else {
        setOtpNotice('resendFailed');
      }
    } catch {
      setOtpNotice('resendFailed');
    } finally {
      setIsBusy(false);
    }
  }, [routes, step]);

  const backToCredentials = useCallback(() => {
    setStep({ name: 'credentials' });
    setFailure(null);
    setOtpNotice(null);
  }, []);

  const resolveAlert = useCallback(
    (outcome: 'changePassword' | 'continue') => {
      setPendingAlert(null);
      void navigate(outcome === 'changePassword' ? PATHS.profile : signInDestination(flavour, nextParam), { replace: true });
    },
    [flavour, navigate, nextParam],
  );

  return { step, failure, otpNotice, isBusy, pendingAlert, submitCredentials, verifyOtp, resendOtp, backToCredentials, resolveAlert };
}
