import { type UsageRequest } from '@legal/api';
import { Alert, Anchor, Badge, Button, Divider, Drawer, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DetailsTable } from '../../components/DetailsTable';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { isApiError } from '../../lib/api';
import { useLocaleFormat } from '../../lib/i18n';
import { type SessionState, useSession } from '../../lib/session';
import { contractPath } from '../contracts/contracts-path';
import { saveFile } from '../files/file-queries';
import { UsageActionModal } from './UsageActionModal';
import { REQUEST_STATUS_COLOR, usePersonLabel, useSealLabels } from './seal-labels';
import { type UsageAction, useSealAccess, useUsageRequest } from './seal-queries';
import './seals-i18n';

const selectUserId = (s: SessionState) => s.userInfo?.id ?? null;

/** What the caller may do with the request now (the server checks again). */
export function allowedActions(request: UsageRequest, userId: number | null, custodianOf: readonly number[]): UsageAction[] {
  const actions: UsageAction[] = [];
  if (request.status === 'IN_APPROVAL' && userId !== null && request.currentApproverId === userId) actions.push('APPROVE', 'REJECT');
  if (request.status === 'APPROVED' && request.seal.status === 'VALID' && custodianOf.includes(request.seal.sealId)) actions.push('APPLY');
  if ((request.status === 'IN_APPROVAL' || request.status === 'APPROVED') && userId !== null && request.requester.userId === userId) actions.push('CANCEL');
  return actions;
}

const DECISION_COLOR = { PENDING: 'gray', APPROVED: 'teal', REJECTED: 'red' } as const;

function RequestBody({ request, workspaceName }: { request: UsageRequest; workspaceName: string }) {
  const { t } = useTranslation('seals');
  const labels = useSealLabels();
  const nameOf = usePersonLabel();
  const format = useLocaleFormat();
  const userId = useSession(selectUserId);
  const access = useSealAccess();
  const [action, setAction] = useState<UsageAction | null>(null);
  const actions = allowedActions(request, userId, access.data?.custodianOf ?? []);
  const decided = request.approvals.filter((a) => a.decision !== 'PENDING').length;
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light" color={REQUEST_STATUS_COLOR[request.status]}>
          {labels.requestStatus(request.status)}
        </Badge>
        <Text size="sm" c="dimmed">
          {format.dateTime(request.createdAt)}
        </Text>
      </Group>
      <DetailsTable
        rows={[
          [t('detail.seal'), `${request.seal.name} (${labels.type(request.seal.type)})`],
          [t('detail.requester'), nameOf(request.requester)],
          [t('detail.purpose'), request.purpose],
          [t('detail.useDate'), format.isoDate(request.useDate)],
          [t('detail.count'), String(request.count)],
          ...(request.referenceType === 'CONTRACT' && request.referenceId !== null
            ? [[t('detail.reference'), <Anchor component={Link} to={contractPath(workspaceName, request.referenceId)}>{t('detail.contract', { id: request.referenceId })}</Anchor>] as const]
            : []),
        ]}
      />
      {request.status === 'APPROVED' && request.seal.status !== 'VALID' ? (
        <Alert color="orange">{t('detail.sealUnavailable')}</Alert>
      ) : null}
      {actions.length > 0 ? (
        <Group gap="xs">
          {actions.map((a) => (
            <Button key={a} size="sm" variant={a === 'REJECT' || a === 'CANCEL' ? 'light' : 'filled'} color={a === 'REJECT' || a === 'CANCEL' ? 'red' : undefined} onClick={() => setAction(a)}>
              {t(`act.${a}`)}
            </Button>
          ))}
        </Group>
      ) : null}
      <Divider />
      <Title order={3} size="h5">
        {t('detail.approvals')}
      </Title>
      <Timeline active={decided - 1} bulletSize={20} lineWidth={2} aria-label={t('detail.approvals')}>
        {request.approvals.map((step) => (
          <Timeline.Item
            key={step.order}
            color={DECISION_COLOR[step.decision]}
            title={
              <Group gap="xs">
                <Text size="sm" fw={500}>
                  {step.order}. {nameOf(step.approver)}
                </Text>
                <Badge size="xs" variant="light" color={DECISION_COLOR[step.decision]}>
                  {t(`vocab.decision.${step.decision}`)}
                </Badge>
                {request.status === 'IN_APPROVAL' && request.currentApproverId === step.approver.userId ? (
                  <Badge size="xs" variant="outline">
                    {t('detail.current')}
                  </Badge>
                ) : null}
              </Group>
            }
          >
            {step.decidedAt ? (
              <Text size="xs" c="dimmed">
                {t('detail.decidedAt', { at: format.dateTime(step.decidedAt) })}
              </Text>
            ) : null}
            {step.comment ? <Text size="sm">{step.comment}</Text> : null}
          </Timeline.Item>
        ))}
      </Timeline>
      <Divider />
      <Title order={3} size="h5">
        {t('detail.documents')}
      </Title>
      {request.documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('detail.noDocuments')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('detail.documents')}>
          {request.documents.map((doc) => (
            <li key={doc.documentId}>
              <Anchor component="button" type="button" size="sm" onClick={() => void saveFile({ fileKey: doc.fileKey, displayName: doc.fileName })} aria-label={t('detail.download', { name: doc.fileName })}>
                {doc.fileName}
              </Anchor>
            </li>
          ))}
        </Stack>
      )}
      {request.status === 'APPLIED' && request.appliedMethod && request.appliedAt ? (
        <>
          <Divider />
          <Title order={3} size="h5">
            {t('detail.applied')}
          </Title>
          <Text size="sm">{t('detail.appliedLine', { method: labels.method(request.appliedMethod), at: format.dateTime(request.appliedAt) })}</Text>
          {request.stampedFileKey ? (
            <Anchor component="button" type="button" size="sm" onClick={() => void saveFile({ fileKey: request.stampedFileKey ?? '', displayName: `stamped-${request.requestId}` })}>
              {t('detail.stampedScan')}
            </Anchor>
          ) : null}
          {request.envelopeId ? <Text size="sm">{t('detail.envelope', { id: request.envelopeId })}</Text> : null}
        </>
      ) : null}
      {action ? <UsageActionModal request={request} action={action} onClose={() => setAction(null)} /> : null}
    </Stack>
  );
}

/** A request in a side drawer (its id in the address): details, actions, the approval line as a timeline, documents. */
export function UsageRequestDrawer({ requestId, workspaceName, onClose }: { requestId: number | null; workspaceName: string; onClose: () => void }) {
  const { t } = useTranslation('seals');
  const request = useUsageRequest(requestId);
  let body;
  if (requestId === null) body = null;
  else if (request.isPending) body = <LoadingState label={t('detail.loading')} />;
  else if (request.isError)
    body =
      isApiError(request.error) && (request.error.status === 404 || request.error.status === 403) ? (
        <Alert color="gray">{t('detail.notFound')}</Alert>
      ) : (
        <ErrorState error={request.error} onRetry={() => void request.refetch()} />
      );
  else body = <RequestBody request={request.data} workspaceName={workspaceName} />;
  return (
    <Drawer opened={requestId !== null} onClose={onClose} position="right" size="lg" title={requestId !== null ? t('detail.title', { id: requestId }) : ''}>
      {body}
    </Drawer>
  );
}
