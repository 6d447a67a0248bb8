import { type EnvelopeStatus, type SignerStatus } from '@legal/api';

export const ENVELOPE_STATUS_COLOR: Record<EnvelopeStatus, string> = {
  IN_PROGRESS: 'blue', COMPLETED: 'green', DECLINED: 'red', VOIDED: 'gray', EXPIRED: 'orange',
};

export const SIGNER_STATUS_COLOR: Record<SignerStatus, string> = {
  WAITING: 'gray', SENT: 'blue', VIEWED: 'cyan', SIGNED: 'green', DECLINED: 'red',
};

/** Colours of the field boxes on a page, one per party order (1..10). */
export const PARTY_COLORS = ['#1c7ed6', '#e8590c', '#2f9e44', '#9c36b5', '#c2255c', '#0c8599', '#f08c00', '#5f3dc4', '#495057', '#a61e4d'] as const;
export const partyColor = (order: number) => PARTY_COLORS[(order - 1) % PARTY_COLORS.length]!;

/** An instant in Korea's time, as the event log and the certificate page state it: 2026-11-27 10:05:03. */
export function formatKst(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const kst = new Date(date.getTime() + 9 * 60 * 60 * 1000);
  return kst.toISOString().slice(0, 19).replace('T', ' ');
}
