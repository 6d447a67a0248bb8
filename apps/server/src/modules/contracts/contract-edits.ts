import type {
  AmountCurrencyBodySchema, ContractField, CounterpartiesBodySchema, DesiredReviewDeadlineBodySchema, DisputeResolutionBodySchema, FilesBodySchema,
  GoverningLawBodySchema, GroupBodySchema, HashtagsBodySchema, MemoBodySchema, OurPositionBodySchema, OwnerBodySchema, ReferenceGroupsBodySchema,
  RelatedReferencesBodySchema, ReplaceContractBodySchema, SignedDateBodySchema, SigningTypeBodySchema, SimpleUpdateBodySchema, StartEndDateBodySchema,
  TitleBodySchema, UsersBodySchema, VenueBodySchema, WatchersBodySchema,
} from '@legal/api';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import type { TenantScope } from '../../platform/http/context';
import type { AuditEvent } from '../../platform/audit/audit';
import * as children from './contract-children.repo';
import { type FieldProblem, type FileCaller, fileProblems, memberProblems, referenceProblems } from './contract-inputs';
import type { ContractActor } from './contracts.policy';
import type { ContractInsert, Executor } from './contracts.repo';
import { contractUsers, contractWatchers } from './contracts.table';

/**
 * Every edit of an existing contract, as data: the own columns it writes and the child lists it
 * replaces, with the action the caller needs. contracts.service.ts `editContract` applies one in
 * a transaction (read check, permission, version, frozen fields, input checks, write, audit), so
 * each PUT route is one line mapping its body to an edit.
 */

/** The own columns an edit may write. */
export type ContractColumns = Pick<
  ContractInsert,
  | 'title' | 'contractType' | 'language' | 'memo' | 'venue' | 'signingType' | 'signedDate' | 'startDate' | 'endDate' | 'amount' | 'currency'
  | 'governingLaw' | 'disputeResolutionMethod' | 'ourPosition' | 'desiredReviewDeadline' | 'ownerUserId' | 'groupId'
>;

/** The field a column belongs to, for state rules and audit. */
export const FIELD_OF_COLUMN: Record<keyof ContractColumns, ContractField> = {
  title: 'title', contractType: 'contractType', language: 'language', memo: 'memo', venue: 'venue', signingType: 'signingType',
  signedDate: 'signedDate', startDate: 'startDate', endDate: 'endDate', amount: 'amount', currency: 'currency', governingLaw: 'governingLaw',
  disputeResolutionMethod: 'disputeResolutionMethod', ourPosition: 'ourPosition', desiredReviewDeadline: 'desiredReviewDeadline',
  ownerUserId: 'owner', groupId: 'group',
};

export interface ListWriteContext {
  tx: Tx;
  scope: TenantScope;
  contractId: number;
  actor: ContractActor;
  /** Audit events besides the contract's own (e.g. hashtags created on the way). */
  record: (event: AuditEvent) => void;
}

/** A child list an edit replaces: its input checks (`caller` resolves file keys as they may read them), and the write answering what the audit shows. */
export interface ListWrite {
  check?: (db: Executor, scope: TenantScope, actor: ContractActor, contractId: number | null, caller: FileCaller) => Promise<FieldProblem[]>;
  write: (w: ListWriteContext) => Promise<unknown>;
}

export type ListField = 'counterparties' | 'hashtags' | 'files' | 'watchers' | 'users' | 'referenceGroups' | 'relatedReferences';

export interface ContractEdit {
  action: 'contract.update' | 'contract.changeOwner' | 'contract.manageWatchers';
  columns?: Partial<ContractColumns>;
  lists?: Partial<Record<ListField, ListWrite>>;
  /** PUT v2: the version the client read; another one answers 409. */
  expectedVersion?: number;
}

type Body<S extends z.ZodType> = z.output<S>;

// List writers (shared with contract creation) ----------------------------------------------------

export const listWrites = {
  counterparties: (list: children.CounterpartyFields[]): ListWrite => ({
    write: async ({ tx, scope, contractId }) => {
      await children.replaceCounterparties(tx, scope, contractId, list);
      return list.map((c) => c.name);
    },
  }),
  hashtags: (names: string[]): ListWrite => ({
    write: async ({ tx, scope, contractId, actor, record }) => {
      const { tags, created } = await children.replaceHashtags(tx, scope, contractId, names, actor.userId);
      for (const tag of created) record({ type: 'hashtag.created', data: { hashtagId: tag.id, name: tag.name } });
      return tags.map((t) => t.name);
    },
  }),
  files: (list: children.ContractFileInput[], field = 'body.files'): ListWrite => ({
    check: (db, _scope, _actor, _contractId, caller) => fileProblems(caller, db, list.map((f) => f.fileKey), field),
    write: async ({ tx, scope, contractId, actor }) => {
      await children.replaceFiles(tx, scope, contractId, list, actor.userId);
      return list.map((f) => ({ fileKey: f.fileKey, role: f.role }));
    },
  }),
  watchers: (userIds: number[], field = 'body.watcherUserIds'): ListWrite => ({
    check: (db, scope) => memberProblems(db, scope, userIds, field),
    write: async ({ tx, scope, contractId }) => {
      await children.replaceLinkedUsers(tx, scope, contractWatchers, contractId, userIds);
      return userIds;
    },
  }),
  users: (userIds: number[], field = 'body.userIds'): ListWrite => ({
    check: (db, scope) => memberProblems(db, scope, userIds, field),
    write: async ({ tx, scope, contractId }) => {
      await children.replaceLinkedUsers(tx, scope, contractUsers, contractId, userIds);
      return userIds;
    },
  }),
  referenceGroups: (groups: Array<{ name: string; references: children.ReferenceFields[] }>, field = 'body.referenceGroups'): ListWrite => ({
    check: (db, scope, actor, contractId) =>
      referenceProblems(db, scope, actor, groups.flatMap((g, gi) => g.references.map((r, ri) => ({ ...r, field: `${field}.${gi}.references.${ri}` }))), contractId),
    write: async ({ tx, scope, contractId }) => {
      await children.replaceReferences(tx, scope, contractId, 'GROUP', groups.flatMap((g) => g.references.map((r) => ({ ...r, groupName: g.name }))));
      return groups;
    },
  }),
  relatedReferences: (refs: children.ReferenceFields[], field = 'body.relatedReferences'): ListWrite => ({
    check: (db, scope, actor, contractId) => referenceProblems(db, scope, actor, refs.map((r, i) => ({ ...r, field: `${field}.${i}` })), contractId),
    write: async ({ tx, scope, contractId }) => {
      await children.replaceReferences(tx, scope, contractId, 'RELATED', refs.map((r) => ({ ...r, groupName: null })));
      return refs;
    },
  }),
};

// One edit per route --------------------------------------------------------------------------------

const update = (columns: Partial<ContractColumns>): ContractEdit => ({ action: 'contract.update', columns });

/** PUT v2: every own field, absent optional ones cleared. */
export function replaceEdit(b: Body<typeof ReplaceContractBodySchema>): ContractEdit {
  return {
    action: 'contract.update',
    expectedVersion: b.version,
    columns: {
      title: b.title,
      contractType: b.contractType,
      language: b.language,
      memo: b.memo || null,
      venue: b.venue ?? null,
      signingType: b.signingType ?? null,
      signedDate: b.signedDate ?? null,
      startDate: b.startDate ?? null,
      endDate: b.endDate ?? null,
      amount: b.amount ?? null,
      currency: b.currency ?? null,
      governingLaw: b.governingLaw ?? null,
      disputeResolutionMethod: b.disputeResolutionMethod ?? null,
      ourPosition: b.ourPosition ?? null,
      desiredReviewDeadline: b.desiredReviewDeadline ?? null,
    },
  };
}

/** Only the keys present in the body (undefined = leave alone). */
function present<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export const fieldEdits = {
  venue: (b: Body<typeof VenueBodySchema>) => update({ venue: b.venue }),
  title: (b: Body<typeof TitleBodySchema>) => update({ title: b.title }),
  period: (b: Body<typeof StartEndDateBodySchema>) => update({ startDate: b.startDate, endDate: b.endDate }),
  simple: (b: Body<typeof SimpleUpdateBodySchema>) => update(present(b)),
  signingType: (b: Body<typeof SigningTypeBodySchema>) => update({ signingType: b.signingType }),
  signedDate: (b: Body<typeof SignedDateBodySchema>) => update({ signedDate: b.signedDate }),
  ourPosition: (b: Body<typeof OurPositionBodySchema>) => update({ ourPosition: b.ourPosition }),
  memo: (b: Body<typeof MemoBodySchema>) => update({ memo: b.memo || null }),
  governingLaw: (b: Body<typeof GoverningLawBodySchema>) => update({ governingLaw: b.governingLaw }),
  disputeResolution: (b: Body<typeof DisputeResolutionBodySchema>) => update({ disputeResolutionMethod: b.disputeResolutionMethod }),
  amountCurrency: (b: Body<typeof AmountCurrencyBodySchema>) => update({ amount: b.amount, currency: b.currency }),
  desiredReviewDeadline: (b: Body<typeof DesiredReviewDeadlineBodySchema>) => update({ desiredReviewDeadline: b.desiredReviewDeadline }),
  group: (b: Body<typeof GroupBodySchema>) => update({ groupId: b.groupId }),
  owner: (b: Body<typeof OwnerBodySchema>): ContractEdit => ({ action: 'contract.changeOwner', columns: { ownerUserId: b.ownerUserId } }),
  hashtags: (b: Body<typeof HashtagsBodySchema>): ContractEdit => ({ action: 'contract.update', lists: { hashtags: listWrites.hashtags(b.hashtags) } }),
  files: (b: Body<typeof FilesBodySchema>): ContractEdit => ({ action: 'contract.update', lists: { files: listWrites.files(b.files) } }),
  counterparties: (b: Body<typeof CounterpartiesBodySchema>): ContractEdit => ({ action: 'contract.update', lists: { counterparties: listWrites.counterparties(b.counterparties) } }),
  users: (b: Body<typeof UsersBodySchema>): ContractEdit => ({ action: 'contract.update', lists: { users: listWrites.users(b.userIds) } }),
  watchers: (b: Body<typeof WatchersBodySchema>): ContractEdit => ({ action: 'contract.manageWatchers', lists: { watchers: listWrites.watchers(b.watcherUserIds) } }),
  referenceGroups: (b: Body<typeof ReferenceGroupsBodySchema>): ContractEdit => ({ action: 'contract.update', lists: { referenceGroups: listWrites.referenceGroups(b.referenceGroups) } }),
  relatedReferences: (b: Body<typeof RelatedReferencesBodySchema>): ContractEdit => ({
    action: 'contract.update',
    lists: { relatedReferences: listWrites.relatedReferences(b.relatedReferences) },
  }),
};
