import { Anchor, Container, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { useHasAnyPermission } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { EnvelopeDetail } from './EnvelopeDetail';
import { envelopesPath } from './esign-path';
import { ESIGN_PRODUCT, SEND_PERMISSIONS } from './esign-permissions';
import { useEnvelope } from './esign-queries';
import './esign-i18n';

function EnvelopeScreen({ workspaceName, envelopeId }: { workspaceName: string; envelopeId: number }) {
  const { t } = useTranslation('esign');
  const envelope = useEnvelope(envelopeId);
  useDocumentTitle(envelope.data?.title ?? t('list.title'));
  let content;
  if (envelope.isPending) content = <LoadingState />;
  else if (envelope.isError) content = <ErrorState error={envelope.error} onRetry={() => void envelope.refetch()} />;
  else content = <EnvelopeDetail envelope={envelope.data} />;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={envelopesPath(workspaceName)} size="sm">← {t('list.title')}</Anchor>
        <Title order={1}>{envelope.data?.title ?? t('list.title')}</Title>
        {content}
      </Stack>
    </Container>
  );
}

function Gated({ workspaceName }: { workspaceName: string }) {
  const maySend = useHasAnyPermission(SEND_PERMISSIONS);
  const envelopeId = Number(useParams().envelopeId);
  if (!maySend) return <ForbiddenState />;
  if (!Number.isSafeInteger(envelopeId) || envelopeId <= 0) return <ErrorState />;
  return <EnvelopeScreen workspaceName={workspaceName} envelopeId={envelopeId} />;
}

/**
 * `/:workspaceName/esign/envelopes/:envelopeId`: one envelope (those sent through documents/v1
 * have no contract page; the sender's mails link here).
 */
export function EnvelopePage() {
  return <WorkspaceGate product={ESIGN_PRODUCT}>{(entry) => <Gated workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
