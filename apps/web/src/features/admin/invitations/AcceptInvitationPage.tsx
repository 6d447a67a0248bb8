import { type AcceptedInvitation, type InvitationPreview } from '@legal/api';
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PATHS, signInPathWithNext } from '../../../app/paths';
import { DetailsTable } from '../../../components/DetailsTable';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { analytics } from '../../../lib/analytics';
import { isApiError } from '../../../lib/api';
import { errorReason } from '../../../lib/forms/form-errors';
import { useFormatDateTime } from '../../../lib/i18n';
import { useSessionStatus } from '../../../lib/session';
import { completeSignIn, loadSession } from '../../auth/session-bootstrap';
import { signOut } from '../../auth/sign-out';
import { workspaceHomePath } from '../../workspaces/workspace-home-path';
import { useAcceptInvitation, useInvitationPreview } from './invitation-queries';
import { InvitationSignUpForm } from './InvitationSignUpForm';
import './invitations-i18n';

/** The address of this page for a token: where sign-in brings the invitee back. */
const acceptPath = (token: string) => `/invitations/accept?${new URLSearchParams({ token }).toString()}`;

function Frame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('invitations');
  useDocumentTitle(t('accept.documentTitle'));
  return (
    <Container size={480} py={{ base: 40, md: 72 }}>
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 'xl' }} radius="md">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('accept.title')}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

function Notice({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <Stack gap="md">
      <Alert color="orange" title={title} role="alert">
        {message}
      </Alert>
      {action}
    </Stack>
  );
}

function Summary({ preview }: { preview: InvitationPreview }) {
  const { t } = useTranslation('invitations');
  const formatDateTime = useFormatDateTime();
  return (
    <Stack gap="xs">
      <Text>
        {preview.invitedByName
          ? t('accept.intro', { inviter: preview.invitedByName, workspace: preview.workspaceName })
          : t('accept.introNoInviter', { workspace: preview.workspaceName })}
      </Text>
      <DetailsTable
        rows={[
          [t('accept.workspace'), preview.workspaceName],
          [t('accept.organization'), preview.tenantName],
          [t('accept.email'), preview.loginId],
          [t('accept.expiresAt'), formatDateTime(preview.expiresAt)],
        ]}
      />
    </Stack>
  );
}

/** The invitation cannot be used (used, canceled, expired): answers the notice, else null. */
function useClosedNotice(preview: InvitationPreview): ReactNode {
  const { t } = useTranslation('invitations');
  const toSignIn = (
    <Button component={Link} to={PATHS.signIn} variant="light">
      {t('accept.toSignIn')}
    </Button>
  );
  if (preview.status === 'ACCEPTED') return <Notice title={t('accept.usedTitle')} message={t('accept.used')} action={toSignIn} />;
  if (preview.status === 'CANCELED') return <Notice title={t('accept.canceledTitle')} message={t('accept.canceled')} />;
  if (preview.expired) return <Notice title={t('accept.expiredTitle')} message={t('accept.expired')} />;
  return null;
}

/** What the invitee does: sign up, accept as the signed-in invitee, or sign in (as the right account) first. */
function AcceptStep({ token, preview, onRefresh }: { token: string; preview: InvitationPreview; onRefresh: () => void }) {
  const { t } = useTranslation('invitations');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accept = useAcceptInvitation();
  const [done, setDone] = useState<AcceptedInvitation | null>(null);
  const closed = useClosedNotice(preview);
  if (closed) return closed;

  const finish = async (data: AcceptedInvitation) => {
    if (!data.isSignedIn) {
      setDone(data);
      return;
    }
    // The new membership (and, after a sign-up, the new session) must be in the app's session first.
    await (data.isNewAccount ? completeSignIn() : loadSession());
    void navigate(workspaceHomePath(data.workspaceName, null), { replace: true });
  };
  const submit = (account?: { name: string; password: string }) =>
    accept.mutate(
      { token, ...account },
      {
        onSuccess: (data) => void finish(data),
        onError: (error) => {
          // The state changed since the preview (canceled, used, signed out): show the new one.
          if (isApiError(error) && (error.status === 409 || errorReason(error) === 'SIGN_IN_REQUIRED')) onRefresh();
        },
      },
    );

  if (done) {
    return (
      <Stack gap="md">
        <Alert color="green" title={t('accept.doneTitle')} role="status">
          {t('accept.doneSignIn')}
        </Alert>
        <Button component={Link} to={signInPathWithNext(PATHS.signIn, workspaceHomePath(done.workspaceName, null))} fullWidth>
          {t('accept.toSignIn')}
        </Button>
      </Stack>
    );
  }
  const failure =
    accept.isError && !(isApiError(accept.error) && accept.error.code === 'ERROR_VALIDATION') ? (
      <Alert color="red" role="alert">
        {accept.error.message}
      </Alert>
    ) : null;

  if (!preview.hasAccount) {
    return (
      <Stack gap="md">
        {failure}
        <InvitationSignUpForm loginId={preview.loginId} error={accept.error} isBusy={accept.isPending} onSubmit={submit} />
      </Stack>
    );
  }
  if (preview.signedInAs === 'INVITEE') {
    return (
      <Stack gap="md">
        {failure}
        <Text size="sm">{t('accept.acceptHelp', { loginId: preview.loginId })}</Text>
        <Button fullWidth loading={accept.isPending} onClick={() => submit()}>
          {t('accept.acceptSubmit')}
        </Button>
      </Stack>
    );
  }
  const signInPath = signInPathWithNext(PATHS.signIn, acceptPath(token));
  if (preview.signedInAs === 'OTHER') {
    const signOutAndBack = () =>
      void signOut({ navigate: (_to, options) => navigate(signInPath, options), analytics, queryClient });
    return (
      <Stack gap="md">
        <Alert color="yellow" role="status">
          {t('accept.otherAccount', { loginId: preview.loginId })}
        </Alert>
        <Button fullWidth variant="light" onClick={signOutAndBack}>
          {t('accept.signOut')}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">{t('accept.signInHelp', { loginId: preview.loginId })}</Text>
      <Button component={Link} to={signInPath} fullWidth>
        {t('accept.signIn')}
      </Button>
    </Stack>
  );
}

/**
 * `/invitations/accept?token=...`: the link of an invitation mail (public). Shows the workspace
 * and the invited address; a person without an account signs up here (name and password), an
 * existing account signs in and accepts. Afterwards the workspace opens.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation('invitations');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { status } = useSessionStatus();
  // Wait for the start-up session check: whom the visitor is signed in as decides the step.
  const preview = useInvitationPreview(status === 'loading' ? null : token);

  let body: ReactNode;
  if (!token) body = <Notice title={t('accept.invalidTitle')} message={t('accept.missingToken')} />;
  else if (preview.isPending) body = <LoadingState label={t('accept.loading')} />;
  else if (preview.isError) {
    body = isApiError(preview.error) && preview.error.status === 404
      ? <Notice title={t('accept.invalidTitle')} message={t('accept.invalid')} />
      : <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />;
  } else {
    body = (
      <>
        <Summary preview={preview.data} />
        <AcceptStep token={token} preview={preview.data} onRefresh={() => void preview.refetch()} />
      </>
    );
  }
  return <Frame>{body}</Frame>;
}
