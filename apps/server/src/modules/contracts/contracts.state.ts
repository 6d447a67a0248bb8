import type { ContractField, ContractStatus } from '@legal/api';

/**
 * The lifecycle of a contract, as pure rules. The repository registers contracts as DRAFT or as
 * executed (SIGNED, ACTIVE, EXPIRED, TERMINATED); the workflow engine (a later issue) moves a draft
 * through review, approval and signing by calling `changeContractStatus` in contracts.service.ts,
 * the one seam that moves `status` once a contract exists (no HTTP edit touches it).
 */
export const CONTRACT_TRANSITIONS: Readonly<Record<ContractStatus, readonly ContractStatus[]>> = {
  DRAFT: ['IN_REVIEW', 'IN_APPROVAL', 'IN_SIGNING', 'SIGNED', 'CANCELED'],
  IN_REVIEW: ['DRAFT', 'IN_APPROVAL', 'IN_SIGNING', 'CANCELED'],
  IN_APPROVAL: ['DRAFT', 'IN_REVIEW', 'IN_SIGNING', 'CANCELED'],
  IN_SIGNING: ['DRAFT', 'SIGNED', 'CANCELED'],
  SIGNED: ['ACTIVE', 'EXPIRED', 'TERMINATED'],
  ACTIVE: ['EXPIRED', 'TERMINATED'],
  // A renewal brings an expired contract back.
  EXPIRED: ['ACTIVE', 'TERMINATED'],
  TERMINATED: [],
  CANCELED: [],
};

/** Calendar dates of contracts (end dates, created-date filters) are Korean dates: the product's home time zone. */
export const HOME_TIME_ZONE = 'Asia/Seoul';

/**
 * Executed statuses that lapse into EXPIRED once the end date has passed. Expiry is derived when
 * the contract is read, not stored: nothing has to run at midnight, and moving the end date (a
 * renewal) brings the contract back at once. Every read (detail, list, search filter and sort,
 * stats, Excel) presents the same status; transitions still start from the stored one.
 */
export const LAPSING_STATUSES: readonly ContractStatus[] = ['SIGNED', 'ACTIVE'];

/** The status a contract is presented with on `today` (YYYY-MM-DD in HOME_TIME_ZONE). */
export function presentedStatus(row: { status: ContractStatus; endDate: string | null }, today: string): ContractStatus {
  return LAPSING_STATUSES.includes(row.status) && row.endDate !== null && row.endDate < today ? 'EXPIRED' : row.status;
}

export function canTransition(from: ContractStatus, to: ContractStatus): boolean {
  return CONTRACT_TRANSITIONS[from].includes(to);
}

/** What the parties agree on: approvers and signers must see exactly what they approve or sign. */
export const CONTENT_FIELDS: readonly ContractField[] = [
  'title', 'contractType', 'language', 'counterparties', 'files', 'amount', 'currency', 'startDate', 'endDate',
  'governingLaw', 'disputeResolutionMethod', 'ourPosition', 'venue', 'signingType', 'signedDate',
];

const FROZEN_BY_STATUS: Partial<Record<ContractStatus, readonly ContractField[]>> = {
  IN_APPROVAL: CONTENT_FIELDS,
  IN_SIGNING: CONTENT_FIELDS,
};

/** Fields nobody may edit in this status (memo, hashtags, people and references stay editable). */
export function frozenFields(status: ContractStatus): ContractField[] {
  return [...(FROZEN_BY_STATUS[status] ?? [])];
}

/** The frozen fields among those an edit changes; empty when the edit may go ahead. */
export function frozenAmong(status: ContractStatus, changed: readonly ContractField[]): ContractField[] {
  const frozen = new Set(FROZEN_BY_STATUS[status] ?? []);
  return changed.filter((f) => frozen.has(f));
}

/** A running approval or signing must be cancelled before the contract can be deleted. */
export function canDelete(status: ContractStatus): boolean {
  return status !== 'IN_APPROVAL' && status !== 'IN_SIGNING';
}
