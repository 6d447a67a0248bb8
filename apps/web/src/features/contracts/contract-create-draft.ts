import {
  type ContractFileRole, type ContractLanguage, type ContractType, type CounterpartyInput, type CreateContractWithFilesBody, type DisputeResolutionMethod,
  type OurPosition, type REGISTRABLE_CONTRACT_STATUSES, type SigningType,
} from '@legal/api';
import { plainAmount } from './contract-format';

export type RegistrableStatus = (typeof REGISTRABLE_CONTRACT_STATUSES)[number];

/** The create form as typed: texts as they are, choices possibly empty. */
export interface ContractCreateDraft {
  title: string;
  contractType: ContractType | '';
  status: RegistrableStatus;
  language: ContractLanguage;
  counterparties: CounterpartyInput[];
  startDate: string;
  endDate: string;
  signedDate: string;
  amount: string;
  currency: string;
  ourPosition: OurPosition | '';
  signingType: SigningType | '';
  disputeResolutionMethod: DisputeResolutionMethod | '';
  governingLaw: string;
  owner: { userId: number; displayName: string | null } | null;
  group: { id: number; name: string } | null;
  hashtags: string[];
  memo: string;
}

/** The currency the form starts with, a real value rather than a grey hint; sent only with an amount. */
export const DEFAULT_CURRENCY = 'KRW';

export function emptyCreateDraft(): ContractCreateDraft {
  return {
    title: '', contractType: '', status: 'DRAFT', language: 'ko', counterparties: [], startDate: '', endDate: '', signedDate: '', amount: '',
    currency: DEFAULT_CURRENCY, ourPosition: '', signingType: '', disputeResolutionMethod: '', governingLaw: '', owner: null, group: null, hashtags: [], memo: '',
  };
}

/** A title from a file name: the name without its extension (`용역계약서_최종.pdf` -> `용역계약서_최종`). */
export function titleFromFileName(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim().slice(0, 200);
}

const orNull = (value: string) => value.trim() || null;

/**
 * The amount and its currency as the wire takes them: the currency goes with an amount, so the
 * preset currency of an empty amount is not sent (nor refused as "an amount needs a currency").
 */
export function amountWithCurrency(value: { amount: string; currency: string }): { amount: string | null; currency: string | null } {
  const amount = plainAmount(value.amount);
  return { amount, currency: amount === null ? null : orNull(value.currency.toUpperCase()) };
}
const choice = <T extends string>(value: T | '') => (value === '' ? null : value);

/** The v7 body; the shared schema then checks it exactly as the server will. */
export function createBodyOf(draft: ContractCreateDraft, files: Array<{ fileKey: string; role: ContractFileRole }>): CreateContractWithFilesBody {
  return {
    title: draft.title.trim(),
    contractType: (draft.contractType || undefined) as ContractType,
    status: draft.status,
    language: draft.language,
    counterparties: draft.counterparties,
    startDate: orNull(draft.startDate),
    endDate: orNull(draft.endDate),
    signedDate: orNull(draft.signedDate),
    ...amountWithCurrency(draft),
    ourPosition: choice(draft.ourPosition),
    signingType: choice(draft.signingType),
    disputeResolutionMethod: choice(draft.disputeResolutionMethod),
    governingLaw: orNull(draft.governingLaw),
    ...(draft.owner ? { ownerUserId: draft.owner.userId } : {}),
    groupId: draft.group?.id ?? null,
    hashtags: draft.hashtags,
    memo: orNull(draft.memo),
    files,
  };
}
