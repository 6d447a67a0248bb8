import { type LoginBody, SSO_ERROR_PARAM } from '@legal/api';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { NEXT_PARAM, PATHS, safeNextPath } from '../../app/paths';
import { useThemeFlags } from '../../app/theme/theme-context';
import { selectIsSignedIn, sessionStore } from '../../lib/session';
import { LoadingState } from '../../components/LoadingState';
import { CredentialsForm } from './CredentialsForm';
import { DemoAccounts } from './DemoAccounts';
import { LOGIN_FLAVOURS, type LoginFlavour } from './login-flavours';
import { SsoSignInButton, SsoSignInError } from './SsoSignIn';
import { loadOtpStep, loadPasswordAlertDialog, useSignInFlow } from './use-sign-in-flow';

// Later steps load when a sign-in reaches them (the flow starts loading them as the answer arrives).
const OtpStep = lazy(async () => ({ default: (await loadOtpStep()).OtpStep }));
const PasswordAlertDialog = lazy(async () => ({ default: (await loadPasswordAlertDialog()).PasswordAlertDialog }));

/**
 * The sign-in page (`/sign-in`) and, with the super-admin flavour, the super-admin sign-in
 * (`/super-admin/sign-in`, always with a one-time code). A visitor who is signed in already goes
 * on at once; the theme flag disallowSignInPage sends visitors of the ordinary page to `/`.
 * Where a completed sign-in leads: see signInDestination.
 */
export function SignInPage({ flavour = 'user' }: { flavour?: LoginFlavour }) {
  const { t } = useTranslation('auth');
  const isSuperAdmin = flavour === 'superAdmin';
  useDocumentTitle(isSuperAdmin ? t('signIn.superAdminTitle') : t('signIn.title'));
  const [searchParams] = useSearchParams();
  const { disallowSignInPage } = useThemeFlags();
  const nextParam = searchParams.get(NEXT_PARAM);
  const [wasSignedIn] = useState(() => selectIsSignedIn(sessionStore.getState()));
  const [credentials, setCredentials] = useState<LoginBody>({ loginId: '', password: '' });
  const flow = useSignInFlow(flavour, nextParam);

  if (!isSuperAdmin && disallowSignInPage) return <Navigate to={PATHS.home} replace />;
  if (wasSignedIn) return <Navigate to={safeNextPath(nextParam, LOGIN_FLAVOURS[flavour].home)} replace />;

  return (
    <Container size={440} py={{ base: 40, md: 72 }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        <Stack gap={4} mb="lg">
          <Title order={1} size="h2">
            {isSuperAdmin ? t('signIn.superAdminTitle') : t('signIn.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {flow.step.name === 'otp' ? t('otp.subtitle') : isSuperAdmin ? t('signIn.superAdminSubtitle') : t('signIn.subtitle')}
          </Text>
        </Stack>
        {isSuperAdmin ? null : <SsoSignInError code={searchParams.get(SSO_ERROR_PARAM)} />}
        {flow.step.name === 'otp' ? (
          <Suspense fallback={<LoadingState />}>
            <OtpStep
              key={flow.step.token}
              loginId={flow.step.loginId}
              sentAt={flow.step.sentAt}
              failure={flow.failure}
              notice={flow.otpNotice}
              isBusy={flow.isBusy}
              onVerify={(otp) => void flow.verifyOtp(otp)}
              onResend={() => void flow.resendOtp()}
              onBack={flow.backToCredentials}
            />
          </Suspense>
        ) : (
          <>
            <CredentialsForm
              values={credentials}
              onChange={setCredentials}
              onSubmit={(body) => void flow.submitCredentials(body)}
              failure={flow.failure}
              isBusy={flow.isBusy}
            />
            {isSuperAdmin ? null : <SsoSignInButton next={nextParam} />}
          </>
        )}
      </Paper>
      {flow.step.name === 'credentials' ? (
        <>
          {isSuperAdmin ? null : (
            <Text size="sm" ta="center" mt="md">
              <Anchor component={Link} to={PATHS.resetPassword}>
                {t('signIn.forgotPassword')}
              </Anchor>
            </Text>
          )}
          <Text size="sm" ta="center" mt="md">
            <Anchor component={Link} to={isSuperAdmin ? PATHS.signIn : PATHS.superAdminSignIn}>
              {isSuperAdmin ? t('signIn.toUser') : t('signIn.toSuperAdmin')}
            </Anchor>
          </Text>
          <DemoAccounts flavour={flavour} onPick={(account) => setCredentials({ loginId: account.loginId, password: account.password })} />
        </>
      ) : null}
      {flow.pendingAlert ? (
        <Suspense fallback={null}>
          <PasswordAlertDialog level={flow.pendingAlert} onResolve={flow.resolveAlert} />
        </Suspense>
      ) : null}
    </Container>
  );
}

export function SuperAdminSignInPage() {
  return <SignInPage flavour="superAdmin" />;
}
