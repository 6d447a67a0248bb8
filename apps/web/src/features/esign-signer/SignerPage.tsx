import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { IconDownload, IconFileOff } from './esign-signer-icons';
import { useLinkLocale } from './link-locale';
import { signerApi, type SignerDocument, type SignerSession } from './signer-api';
import { downloadSignerPdf } from './signer-download';
import { readSignerFailure, type ClosedState, type SignerFailure } from './signer-errors';
import { clearSignerSession, readSignerToken, saveSignerSession } from './signer-session';
import { SignerFrame } from './SignerFrame';
import { SignerNotice, stateLook } from './SignerNotice';
import { SigningView, type SigningOutcome } from './SigningView';
import { VerifyPanel } from './VerifyPanel';
import './esign-signer-i18n';

/** The route `/sign/:urlToken`. */
export function SignerPage() {
  const { urlToken = '' } = useParams();
  return <SignerFlow key={urlToken} urlToken={urlToken} />;
}

type Done = { outcome: SigningOutcome; document: SignerDocument };

/**
 * The public page an outside signer reaches from the mail: where the link stands, then
 * verification, then the document to sign or decline, then the outcome.
 */
function SignerFlow({ urlToken }: { urlToken: string }) {
  const { t } = useTranslation('esignSigner');
  const link = useQuery({ queryKey: ['esign-signer', 'link', urlToken], queryFn: () => signerApi.linkInfo(urlToken), staleTime: Infinity });
  const [signerToken, setSignerToken] = useState<string | null>(() => readSignerToken(urlToken));
  const [closed, setClosed] = useState<ClosedState | null>(null);
  const [isLinkInvalid, setLinkInvalid] = useState(false);
  const [verifyNotice, setVerifyNotice] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  useLinkLocale(urlToken, link.data?.locale);

  const onVerified = useCallback(
    (session: SignerSession) => {
      saveSignerSession(urlToken, session);
      setVerifyNotice(null);
      setSignerToken(session.signerToken);
    },
    [urlToken],
  );

  const onFailure = useCallback(
    (failure: SignerFailure) => {
      if (failure.kind === 'closed') {
        setClosed(failure.state);
        return;
      }
      if (failure.kind !== 'unauthorized') return;
      if (signerToken) {
        // The signer token ran out (or the server no longer knows it): verify again.
        clearSignerSession();
        setSignerToken(null);
        setVerifyNotice(t('verify.sessionExpired'));
      } else {
        setLinkInvalid(true);
      }
    },
    [signerToken, t],
  );

  const isCompletingEasyAuth = useEasyAuthReturn(urlToken, signerToken === null, (outcome) => {
    if (outcome.kind === 'verified') onVerified(outcome.session);
    else if (outcome.failure.kind === 'closed' || outcome.failure.kind === 'unauthorized') onFailure(outcome.failure);
    else setVerifyNotice(t('verify.easyAuth.notApproved'));
  });

  const frame = (content: React.ReactNode) => <SignerFrame senderName={link.data?.senderName}>{content}</SignerFrame>;

  if (link.isPending) return frame(<LoadingState label={t('loading')} />);
  if (isCompletingEasyAuth) return frame(<LoadingState label={t('verify.easyAuth.completing')} />);
  const linkFailure = link.error ? readSignerFailure(link.error) : null;
  if (isLinkInvalid || linkFailure?.kind === 'unauthorized' || (linkFailure?.kind === 'other' && (link.error as { status?: number }).status === 404)) {
    return frame(<SignerNotice tone="gray" icon={<IconFileOff size={32} stroke={1.5} />} title={t('invalidLink.title')} body={t('invalidLink.body')} />);
  }
  if (link.error) {
    if (linkFailure?.kind === 'closed') return frame(<ClosedNotice state={linkFailure.state} />);
    return frame(<ErrorState error={link.error} title={t('loadFailed')} onRetry={() => void link.refetch()} />);
  }

  if (done) return frame(<DoneNotice done={done} signerToken={signerToken} />);
  const state = closed ?? link.data.linkState;
  if (state !== 'ACTIVE' && state !== 'COMPLETED') return frame(<ClosedNotice state={state} />);
  if (!signerToken) {
    return frame(
      <VerifyPanel
        urlToken={urlToken}
        link={link.data}
        notice={verifyNotice ?? (state === 'COMPLETED' ? t('states.COMPLETED.body') : null)}
        onVerified={onVerified}
        onPageFailure={onFailure}
      />,
    );
  }
  if (state === 'COMPLETED') return frame(<CompletedNotice signerToken={signerToken} title={link.data.envelopeTitle} />);
  return frame(<SigningView signerToken={signerToken} onFailure={onFailure} onDone={(outcome, document) => setDone({ outcome, document })} />);
}

type EasyAuthOutcome = { kind: 'verified'; session: SignerSession } | { kind: 'failed'; failure: SignerFailure };

/** The query parameter the easy-auth broker returns the signer to the page with (docs/esign.md). */
export const EASY_AUTH_RESULT_PARAM = 'resultToken';

/**
 * The easy-auth broker may return the signer to this page with the provider's result token in the
 * address: it is posted once to the verify call (as the broker's callback would) and taken out of
 * the address, so it is neither replayed nor left in the history. True while that call runs.
 */
function useEasyAuthReturn(urlToken: string, isNeeded: boolean, onOutcome: (outcome: EasyAuthOutcome) => void): boolean {
  const [params, setParams] = useSearchParams();
  const resultToken = params.get(EASY_AUTH_RESULT_PARAM);
  const [isRunning, setRunning] = useState(() => resultToken !== null && isNeeded);
  const started = useRef(false);
  const report = useRef(onOutcome);
  useEffect(() => {
    report.current = onOutcome;
  });

  useEffect(() => {
    if (resultToken === null || started.current) return;
    started.current = true;
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(EASY_AUTH_RESULT_PARAM);
      return next;
    }, { replace: true });
    if (!isNeeded) return;
    signerApi
      .completeEasyAuth(urlToken, resultToken)
      .then(
        (session) => report.current({ kind: 'verified', session }),
        (cause: unknown) => report.current({ kind: 'failed', failure: readSignerFailure(cause) }),
      )
      .finally(() => setRunning(false));
  }, [resultToken, isNeeded, setParams, urlToken]);

  return isRunning;
}

function ClosedNotice({ state }: { state: ClosedState }) {
  const { t } = useTranslation('esignSigner');
  return <SignerNotice {...stateLook(state)} title={t(`states.${state}.title`)} body={t(`states.${state}.body`)} />;
}

function DownloadButton({ signerToken, title, isSigned, label }: { signerToken: string; title: string; isSigned: boolean; label: string }) {
  const { t } = useTranslation('esignSigner');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  return (
    <>
      <Button
        leftSection={<IconDownload size={16} aria-hidden="true" />}
        loading={busy}
        onClick={() => {
          setBusy(true);
          setError(false);
          downloadSignerPdf(signerToken, title, isSigned)
            .catch(() => setError(true))
            .finally(() => setBusy(false));
        }}
      >
        {label}
      </Button>
      {error ? (
        <ErrorState message={t('downloadFailed')} />
      ) : null}
    </>
  );
}

function CompletedNotice({ signerToken, title }: { signerToken: string; title: string }) {
  const { t } = useTranslation('esignSigner');
  return (
    <SignerNotice {...stateLook('COMPLETED')} title={t('done.completedTitle')} body={t('done.completedBody')}>
      <DownloadButton signerToken={signerToken} title={title} isSigned label={t('done.downloadSigned')} />
    </SignerNotice>
  );
}

function DoneNotice({ done, signerToken }: { done: Done; signerToken: string | null }) {
  const { t } = useTranslation('esignSigner');
  if (done.outcome === 'declined') return <SignerNotice {...stateLook('DECLINED')} title={t('done.declinedTitle')} body={t('done.declinedBody')} />;
  if (done.outcome === 'completed' && signerToken) return <CompletedNotice signerToken={signerToken} title={done.document.envelopeTitle} />;
  return <SignerNotice {...stateLook('ALREADY_SIGNED')} title={t('done.signedTitle')} body={t('done.signedBody')} />;
}
