import { type ContractDetail } from '@legal/api';
import { Alert, Badge, Container, Divider, Grid, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../app/pages/NotFoundPage';
import { EmptyState } from '../../components/EmptyState';
import { SectionCard } from '../../components/SectionCard';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { isApiError } from '../../lib/api';
import { useFormatDateTime } from '../../lib/i18n';
import { useHasAnyPermission } from '../../lib/session';
import { WorkflowPanel } from '../workflows/WorkflowPanel';
import { EnvelopePanel } from '../esign/EnvelopePanel';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { AmountField, PeriodField } from './ContractCompoundFields';
import { fieldAccess, type FieldAccessOf } from './contract-field-access';
import { REPOSITORY_PERMISSIONS } from './contract-permissions';
import { useContractDetail, useContractPermissions } from './contract-queries';
import { useVocabulary } from './contract-vocabulary';
import { ContractHeader } from './ContractHeader';
import { GroupField, OwnerField, RelatedUsersField, WatchersField } from './ContractPeopleFields';
import { SCALAR_SPECS, ScalarField } from './ContractScalarField';
import { HashtagsField, RelatedReferencesField } from './ContractTagFields';
import { ActivityPanel } from './ActivityPanel';
import { ClausesPanel } from './ClausesPanel';
import { CounterpartiesPanel } from './CounterpartiesPanel';
import { DocumentsPanel } from './DocumentsPanel';
import { usePersonName } from './PeoplePicker';
import { RemindersPanel } from './RemindersPanel';
import './contracts-i18n';

/** The fields of the contract, each editable in place through its own PUT. */
function ContractFields({ contract, access }: { contract: ContractDetail; access: FieldAccessOf }) {
  const { t } = useTranslation('contracts');
  const S = SCALAR_SPECS;
  const scalar = (spec: (typeof S)[keyof typeof S]) => <ScalarField key={spec.field} contract={contract} spec={spec} access={access} />;
  return (
    <Stack gap="lg">
      <SectionCard order={2} title={t('detail.terms')}>
        {scalar(S.title)}
        {scalar(S.contractType)}
        {scalar(S.language)}
        <PeriodField contract={contract} access={access} />
        {scalar(S.signedDate)}
        <AmountField contract={contract} access={access} />
        {scalar(S.ourPosition)}
        {scalar(S.signingType)}
        {scalar(S.governingLaw)}
        {scalar(S.disputeResolutionMethod)}
        {scalar(S.venue)}
      </SectionCard>
      <SectionCard order={2} title={t('detail.work')}>
        <OwnerField contract={contract} access={access} />
        <GroupField contract={contract} access={access} />
        <WatchersField contract={contract} access={access} />
        <RelatedUsersField contract={contract} access={access} />
        {scalar(S.desiredReviewDeadline)}
        <HashtagsField contract={contract} access={access} />
        <RelatedReferencesField contract={contract} access={access} />
        <ReferenceGroups contract={contract} />
        {scalar(S.memo)}
      </SectionCard>
    </Stack>
  );
}

/** Reference groups are shown; their editor comes with the workflows issue, which fills them. */
function ReferenceGroups({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('contracts');
  if (contract.referenceGroups.length === 0) return null;
  return (
    <Stack gap={4} py={6}>
      <Text size="sm" fw={500} c="dimmed">
        {t('fields.referenceGroups')}
      </Text>
      {contract.referenceGroups.map((group) => (
        <Group key={group.name} gap={6}>
          <Text size="sm" fw={500}>
            {group.name}
          </Text>
          {group.references.map((r, i) => (
            <Badge key={i} variant="outline" color="gray" tt="none">
              {r.label}
            </Badge>
          ))}
        </Group>
      ))}
    </Stack>
  );
}

function RecordLine({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('contracts');
  const formatDateTime = useFormatDateTime();
  const nameOf = usePersonName();
  return (
    <Text size="xs" c="dimmed">
      {t('detail.record', {
        createdBy: contract.createdBy ? nameOf(contract.createdBy) : t('detail.unknownPerson'),
        createdAt: formatDateTime(contract.createdAt),
        updatedAt: formatDateTime(contract.updatedAt),
        version: contract.version,
      })}
    </Text>
  );
}

function DetailBody({ contractId, workspaceName }: { contractId: number; workspaceName: string }) {
  const { t } = useTranslation('contracts');
  const detail = useContractDetail(contractId);
  const permissions = useContractPermissions(contractId);
  const { label } = useVocabulary();
  useDocumentTitle(`${detail.data?.title ?? t('detail.documentTitle')} · ${workspaceName}`);

  if (detail.isPending) return <LoadingState />;
  if (detail.isError) {
    if (isApiError(detail.error) && detail.error.status === 404) {
      return <EmptyState title={t('detail.notFoundTitle')} description={t('detail.notFoundDescription')} />;
    }
    return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  const contract = detail.data;
  const access = fieldAccess(permissions.data);
  const frozen = permissions.data?.frozenFields ?? [];

  return (
    <Stack gap="lg">
      <ContractHeader contract={contract} workspaceName={workspaceName} canDelete={permissions.data?.canDelete ?? false} />
      {frozen.length > 0 ? (
        <Alert color="orange" variant="light" title={t('detail.frozenTitle', { status: label('status', contract.status) })}>
          {t('detail.frozenDescription')}
        </Alert>
      ) : null}
      {permissions.data && !permissions.data.canUpdate ? (
        <Alert color="gray" variant="light">
          {t('detail.readOnly')}
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          {/* The history grows with the contract: it goes under the fields, where the column is shorter. */}
          <Stack gap="lg">
            <ContractFields contract={contract} access={access} />
            <ActivityPanel contract={contract} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <WorkflowPanel contract={contract} />
            <EnvelopePanel contract={contract} />
            <CounterpartiesPanel contract={contract} access={access} />
            <DocumentsPanel contract={contract} access={access} />
            <RemindersPanel contract={contract} canManage={permissions.data?.canUpdate ?? false} />
            <ClausesPanel contract={contract} canManage={permissions.data?.canUpdate ?? false} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Divider />
      <RecordLine contract={contract} />
    </Stack>
  );
}

function DetailScreen({ workspaceName }: { workspaceName: string }) {
  const { contractId } = useParams();
  const canRead = useHasAnyPermission(REPOSITORY_PERMISSIONS);
  const id = Number(contractId);
  if (!Number.isInteger(id) || id <= 0) return <NotFoundPage />;
  if (!canRead) return <ForbiddenState />;
  return (
    <Container size="xl" py="xl">
      <DetailBody key={id} contractId={id} workspaceName={workspaceName} />
    </Container>
  );
}

/**
 * `/:workspaceName/contracts/:contractId`: one contract with every field editable in place as
 * the caller's abilities (permissions/v1) and the status's frozen fields allow; counterparties,
 * documents with preview and revisions. A contract the caller may not read answers 404.
 */
export function ContractDetailPage() {
  return <WorkspaceGate product="CLM">{(entry) => <DetailScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
