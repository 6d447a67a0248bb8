import {
  type CreateEnvelopeBody, type Envelope, type EnvelopeStatus, type RouteQuery, createEnvelope, downloadEnvelopePdf, getEnvelope, listEnvelopeEvents,
  listEnvelopes, remindEnvelope, resendEnvelope, verifyEnvelope, voidEnvelope, workspaceKey,
} from '@legal/api';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { type SessionState, useSession } from '../../lib/session';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

export const ENVELOPES_PAGE_SIZE = 10;
/** Creation converts a DOCX with LibreOffice and mails the first signers: allow it time. */
const CREATE_TIMEOUT_MS = 180_000;
const DOWNLOAD_TIMEOUT_MS = 120_000;

/** Every e-sign query of the selected workspace. */
export function useEsignKey() {
  return ['esign', useSession(selectWorkspaceKey)] as const;
}

export type EnvelopesQuery = RouteQuery<typeof listEnvelopes>;

export function useEnvelopes(query: EnvelopesQuery) {
  const base = useEsignKey();
  return useQuery({
    queryKey: [...base, 'list', query],
    queryFn: ({ signal }) => api.call(listEnvelopes, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

/** How many envelopes are in each status (one small page per status: the list answers its total). */
export function useEnvelopeCounts(statuses: readonly EnvelopeStatus[]) {
  const base = useEsignKey();
  return useQueries({
    queries: statuses.map((status) => ({
      queryKey: [...base, 'count', status],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.call(listEnvelopes, { signal, query: { statuses: [status], page: 0, size: 1 }, suppressErrorToast: true }),
    })),
  });
}

/** A contract's envelopes, newest first (the first is the one the panel shows). */
export function useContractEnvelopes(contractId: number, isEnabled = true) {
  const base = useEsignKey();
  return useQuery({
    queryKey: [...base, 'contract', contractId],
    queryFn: ({ signal }) => api.call(listEnvelopes, { signal, query: { contractId, page: 0, size: 20 }, suppressErrorToast: true }),
    enabled: isEnabled,
  });
}

export function envelopeKey(base: readonly unknown[], envelopeId: number) {
  return [...base, 'envelope', envelopeId] as const;
}

export function useEnvelope(envelopeId: number | null) {
  const base = useEsignKey();
  return useQuery({
    queryKey: envelopeKey(base, envelopeId ?? 0),
    queryFn: ({ signal }) => api.call(getEnvelope, { signal, params: { envelopeId: envelopeId! }, suppressErrorToast: true }),
    enabled: envelopeId !== null,
  });
}

export function useEnvelopeEvents(envelopeId: number, isEnabled = true) {
  const base = useEsignKey();
  return useQuery({
    queryKey: [...envelopeKey(base, envelopeId), 'events'],
    queryFn: ({ signal }) => api.call(listEnvelopeEvents, { signal, params: { envelopeId }, suppressErrorToast: true }),
    enabled: isEnabled,
  });
}

export function useVerifyEnvelope(envelopeId: number) {
  return useMutation({ mutationFn: () => api.call(verifyEnvelope, { params: { envelopeId }, suppressErrorToast: true }) });
}

/** After any change: the envelope shown (answered by the call), every list, and the contract (its workflow follows). */
export function useEsignRefresh() {
  const base = useEsignKey();
  const client = useQueryClient();
  return (envelope?: Envelope) => {
    if (envelope) client.setQueryData(envelopeKey(base, envelope.envelopeId), envelope);
    void client.invalidateQueries({ queryKey: base });
    void client.invalidateQueries({ queryKey: ['workflows'] });
    void client.invalidateQueries({ queryKey: ['contracts'] });
  };
}

export type EnvelopeAction = { kind: 'remind' } | { kind: 'void'; reason: string } | { kind: 'resend'; expiresAt?: string };

export function runEnvelopeAction(envelopeId: number, action: EnvelopeAction): Promise<Envelope> {
  const params = { envelopeId };
  switch (action.kind) {
    case 'remind':
      return api.call(remindEnvelope, { params, suppressErrorToast: true });
    case 'void':
      return api.call(voidEnvelope, { params, body: { reason: action.reason }, suppressErrorToast: true });
    case 'resend':
      return api.call(resendEnvelope, { params, body: action.expiresAt ? { expiresAt: action.expiresAt } : {}, suppressErrorToast: true });
  }
}

export function postCreateEnvelope(body: CreateEnvelopeBody): Promise<Envelope> {
  return api.call(createEnvelope, { body, timeoutMs: CREATE_TIMEOUT_MS, suppressErrorToast: true });
}

/** The signed PDF once completed, else the PDF as sent. */
export async function saveEnvelopePdf(envelope: Pick<Envelope, 'envelopeId' | 'title' | 'status'>): Promise<void> {
  const blob = await api.call(downloadEnvelopePdf, { params: { envelopeId: envelope.envelopeId }, timeoutMs: DOWNLOAD_TIMEOUT_MS });
  const suffix = envelope.status === 'COMPLETED' ? '-signed' : '';
  saveBlob(blob as Blob, `${envelope.title.replace(/[\\/:*?"<>|]+/g, '_')}${suffix}.pdf`);
}
