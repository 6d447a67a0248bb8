import { type ContractDetail } from '@legal/api';
import { Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { SectionCard } from '../../components/SectionCard';
import { useFormatDateTime } from '../../lib/i18n';
import { useHasAnyPermission, useHasProduct } from '../../lib/session';
import { EnvelopeDetail } from './EnvelopeDetail';
import { ESIGN_PRODUCT, SEND_PERMISSIONS } from './esign-permissions';
import { useContractEnvelopes, useEnvelope } from './esign-queries';
import './esign-i18n';

function Envelopes({ contractId }: { contractId: number }) {
  const { t } = useTranslation('esign');
  const formatDateTime = useFormatDateTime();
  const list = useContractEnvelopes(contractId);
  const [picked, setPicked] = useState<number | null>(null);
  const envelopes = list.data?.content ?? [];
  const shownId = picked ?? envelopes[0]?.envelopeId ?? null;
  const envelope = useEnvelope(shownId);
  if (list.isPending) return <LoadingState />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (envelopes.length === 0) return <EmptyState title={t('panel.none')} />;
  return (
    <Stack gap="sm">
      {envelopes.length > 1 ? (
        <Select
          label={t('panel.older')}
          w={360}
          allowDeselect={false}
          value={String(shownId)}
          onChange={(value) => value && setPicked(Number(value))}
          data={envelopes.map((e) => ({ value: String(e.envelopeId), label: `${t('panel.envelope', { id: e.envelopeId })} · ${t(`vocab.status.${e.status}`)} · ${formatDateTime(e.createdAt)}` }))}
        />
      ) : null}
      {envelope.isPending ? <LoadingState /> : envelope.isError ? <ErrorState error={envelope.error} onRetry={() => void envelope.refetch()} /> : <EnvelopeDetail envelope={envelope.data} />}
    </Stack>
  );
}

/** The contract's e-signatures on its page (workspaces with E_CONTRACT, callers who may send). */
export function EnvelopePanel({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('esign');
  const hasProduct = useHasProduct(ESIGN_PRODUCT);
  const maySend = useHasAnyPermission(SEND_PERMISSIONS);
  if (!hasProduct || !maySend) return null;
  return (
    <SectionCard order={2} title={t('panel.title')}>
      <Envelopes contractId={contract.id} />
    </SectionCard>
  );
}
