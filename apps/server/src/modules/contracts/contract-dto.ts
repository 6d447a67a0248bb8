import type { ContractBasic, ContractDetail, ContractSummary, Counterparty } from '@legal/api';
import type { TenantScope } from '../../platform/http/context';
import { localDate } from '../../platform/time';
import { abilitiesOf, type ContractActor } from './contracts.policy';
import { HOME_TIME_ZONE, presentedStatus } from './contracts.state';
import * as repo from './contracts.repo';

/** `1500000.0000` -> `1500000`, `12.5000` -> `12.5`: the decimal string without padding zeros. */
export function trimDecimal(value: string | null): string | null {
  if (value === null) return null;
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** Contract lines of a denormalized name list (contracts.counterparty_names, hashtag_names). */
export const linesOf = (text: string): string[] => (text === '' ? [] : text.split('\n'));

/** A counterparty, or a counterparty bookmark's counterparty fields. */
export function counterpartyDto(row: Pick<repo.CounterpartyRow, 'id' | 'counterpartyType' | 'name' | 'businessRegistrationNumber' | 'representative' | 'address' | 'contacts'>): Counterparty {
  return {
    id: row.id,
    counterpartyType: row.counterpartyType,
    name: row.name,
    businessRegistrationNumber: row.businessRegistrationNumber,
    representative: row.representative,
    address: row.address,
    contacts: row.contacts,
  };
}

type Facts = Awaited<ReturnType<typeof repo.factsOf>>;

const userRef = (names: Map<number, string>, userId: number) => ({ userId, displayName: names.get(userId) ?? null });

async function header(db: repo.Executor, scope: TenantScope, actor: ContractActor, row: repo.ContractRow, facts: Facts, extraUserIds: number[] = []) {
  const [names, groupNames, bookmarked] = await Promise.all([
    repo.displayNames(db, scope, [row.ownerUserId, ...(row.createdByUserId ? [row.createdByUserId] : []), ...extraUserIds]),
    repo.groupNames(db, scope, [row.groupId]),
    repo.bookmarkedAmong(db, scope, actor.userId, [row.id]),
  ]);
  const basic: ContractBasic = {
    id: row.id,
    title: row.title,
    contractType: row.contractType,
    language: row.language,
    status: presentedStatus(row, localDate(new Date(), HOME_TIME_ZONE)),
    signedDate: row.signedDate,
    startDate: row.startDate,
    endDate: row.endDate,
    amount: trimDecimal(row.amount),
    currency: row.currency,
    owner: userRef(names, row.ownerUserId),
    group: row.groupId !== null && groupNames.has(row.groupId) ? { id: row.groupId, name: groupNames.get(row.groupId)! } : null,
    desiredReviewDeadline: row.desiredReviewDeadline,
    version: row.version,
    isBookmarked: bookmarked.has(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: abilitiesOf(actor, facts),
  };
  return { basic, names };
}

export async function contractBasic(db: repo.Executor, scope: TenantScope, actor: ContractActor, row: repo.ContractRow, facts: Facts): Promise<ContractBasic> {
  return (await header(db, scope, actor, row, facts)).basic;
}

export async function contractDetail(db: repo.Executor, scope: TenantScope, actor: ContractActor, row: repo.ContractRow, facts: Facts): Promise<ContractDetail> {
  const [{ basic, names }, parties, tags, attached, references] = await Promise.all([
    header(db, scope, actor, row, facts, [...facts.watcherIds, ...facts.relatedIds]),
    repo.counterpartiesOf(db, scope, row.id),
    repo.hashtagsOf(db, scope, row.id),
    repo.filesOf(db, scope, row.id),
    repo.referencesOf(db, scope, row.id),
  ]);
  const groups = new Map<string, ContractDetail['referenceGroups'][number]>();
  for (const r of references.filter((x) => x.kind === 'GROUP')) {
    const name = r.groupName ?? '';
    if (!groups.has(name)) groups.set(name, { name, references: [] });
    groups.get(name)!.references.push({ referenceType: r.referenceType, referenceId: r.referenceId, label: r.label });
  }
  return {
    ...basic,
    memo: row.memo,
    venue: row.venue,
    signingType: row.signingType,
    governingLaw: row.governingLaw,
    disputeResolutionMethod: row.disputeResolutionMethod,
    ourPosition: row.ourPosition,
    conhubContractId: row.conhubContractId,
    createdBy: row.createdByUserId ? userRef(names, row.createdByUserId) : null,
    counterparties: parties.map(counterpartyDto),
    hashtags: tags,
    files: attached,
    watchers: facts.watcherIds.map((id) => userRef(names, id)),
    users: facts.relatedIds.map((id) => userRef(names, id)),
    referenceGroups: [...groups.values()],
    relatedReferences: references.filter((x) => x.kind === 'RELATED').map((r) => ({ referenceType: r.referenceType, referenceId: r.referenceId, label: r.label })),
  };
}

/** List rows: names come from the denormalized columns, people and groups in one query each. */
export async function contractSummaries(db: repo.Executor, scope: TenantScope, actor: ContractActor, rows: repo.SummaryRow[]): Promise<ContractSummary[]> {
  const [names, groupNames, bookmarked] = await Promise.all([
    repo.displayNames(db, scope, rows.map((r) => r.ownerUserId)),
    repo.groupNames(db, scope, rows.map((r) => r.groupId)),
    repo.bookmarkedAmong(db, scope, actor.userId, rows.map((r) => r.id)),
  ]);
  const today = localDate(new Date(), HOME_TIME_ZONE);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    contractType: row.contractType,
    status: presentedStatus(row, today),
    counterpartyNames: linesOf(row.counterpartyNames),
    hashtags: linesOf(row.hashtagNames),
    owner: userRef(names, row.ownerUserId),
    group: row.groupId !== null && groupNames.has(row.groupId) ? { id: row.groupId, name: groupNames.get(row.groupId)! } : null,
    signedDate: row.signedDate,
    startDate: row.startDate,
    endDate: row.endDate,
    amount: trimDecimal(row.amount),
    currency: row.currency,
    isBookmarked: bookmarked.has(row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}
