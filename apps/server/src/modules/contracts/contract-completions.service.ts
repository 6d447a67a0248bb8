import {
  COMPLETABLE_STATUSES, type CompleteContractBodySchema, CONTRACT_STATUS_CATALOGUE, type ContractDetail, type ContractStatus, type CopyContractBodySchema,
  type CreateContractWithFilesBodySchema,
} from '@legal/api';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../platform/db/client';
import { groups } from '../admin';
import { memberships } from '../auth';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import { conflict, forbidden } from '../../platform/http/errors';
import type { AppServices } from '../../platform/services';
import { type AuditEvent, auditMetaOf, recordAudit } from '../../platform/audit/audit';
import { appendFile } from './contract-children.repo';
import { contractDetail } from './contract-dto';
import { fileProblems, throwIfAny } from './contract-inputs';
import { allow, type ContractActor } from './contracts.policy';
import * as repo from './contracts.repo';
import { authorize, changeContractStatus, contractContext, createContract, readableContract } from './contracts.service';
import { canTransition } from './contracts.state';
import { contracts } from './contracts.table';
import { visibleTo } from './contracts.visibility';

/**
 * Completion and copy (7.6 completions/v2, completions/copy/v1). Completion moves the status only
 * through `changeContractStatus`, the one seam for status changes; copy registers the new
 * contract through `createContract`, so its checks and search indexing are those of any creation.
 */

type Services = Pick<AppServices, 'db' | 'attachments'>;
type CompleteInput = z.output<typeof CompleteContractBodySchema>;
type CopyInput = z.output<typeof CopyContractBodySchema>;
type CreateInput = Omit<z.output<typeof CreateContractWithFilesBodySchema>, 'files'> & { files?: z.output<typeof CreateContractWithFilesBodySchema>['files'] };

const audit = (tx: Tx, ctx: RequestContext, scope: TenantScope, actor: ContractActor, event: AuditEvent) =>
  recordAudit(tx, event, { ...auditMetaOf(ctx, actor.userId), ...scope });

/**
 * The status moves that mark a contract executed, each one allowed by contracts.state.ts:
 * DRAFT -> SIGNED (-> ACTIVE); IN_REVIEW has no direct way to SIGNED, so its review is closed
 * first (IN_REVIEW -> DRAFT -> SIGNED). Null when the contract cannot be completed from `from`.
 */
export function completionPath(from: ContractStatus, to: 'SIGNED' | 'ACTIVE'): ContractStatus[] | null {
  if (!(COMPLETABLE_STATUSES as readonly ContractStatus[]).includes(from)) return null;
  const path: ContractStatus[] = [];
  let at = from;
  if (!canTransition(at, 'SIGNED')) {
    if (!canTransition(at, 'DRAFT')) return null;
    path.push('DRAFT');
    at = 'DRAFT';
  }
  if (!canTransition(at, 'SIGNED')) return null;
  path.push('SIGNED');
  if (to === 'ACTIVE') path.push('ACTIVE');
  return path;
}

const statusName = (status: ContractStatus) => CONTRACT_STATUS_CATALOGUE.find((s) => s.code === status)!.name;

export async function completeContract(services: Services, ctx: RequestContext, contractId: number, input: CompleteInput): Promise<ContractDetail> {
  const { scope, actor } = await contractContext(services, ctx);
  return services.db.transaction(async (tx) => {
    const { row, facts } = await readableContract(tx, scope, actor, contractId, { forUpdate: true });
    authorize(actor, 'contract.update', facts);
    if (input.executedFileKey) {
      throwIfAny((await fileProblems({ services, ctx }, tx, [input.executedFileKey], 'body')).map((p) => ({ ...p, field: 'body.executedFileKey' })));
    }
    const path = completionPath(row.status, input.status);
    if (!path) {
      const name = statusName(row.status);
      throw conflict(
        { ko: `'${name.ko}' 상태의 계약은 체결 완료로 처리할 수 없습니다.`, en: `A contract in status '${name.en}' cannot be marked as executed.` },
        { status: row.status, to: input.status, completableStatuses: [...COMPLETABLE_STATUSES] },
      );
    }
    if (input.executedFileKey) await appendFile(tx, scope, contractId, { fileKey: input.executedFileKey, role: 'MAIN' }, actor.userId);
    const signingType = input.signingType ?? row.signingType;
    await repo.writeContract(tx, scope, contractId, { signedDate: input.signedDate, signingType });
    for (const to of path) await changeContractStatus(tx, scope, contractId, to, { actorUserId: actor.userId, reason: 'COMPLETION', ctx });
    await audit(tx, ctx, scope, actor, {
      type: 'contract.completed',
      data: {
        contractId, from: row.status, to: input.status, executedFileKey: input.executedFileKey ?? null,
        before: { signedDate: row.signedDate, signingType: row.signingType }, after: { signedDate: input.signedDate, signingType },
      },
    });
    const fresh = await readableContract(tx, scope, actor, contractId);
    return contractDetail(tx, scope, actor, fresh.row, fresh.facts);
  });
}

// Copy --------------------------------------------------------------------------------------------------

/** Of these users, the active members of the workspace (people who left are not carried over). */
async function activeMembers(db: repo.Executor, scope: TenantScope, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(inScope(memberships, scope), inArray(memberships.userId, userIds), eq(memberships.status, 'ACTIVE')));
  return new Set(rows.map((r) => r.userId));
}

/** Of these contract ids, those the caller can read: a copy never carries a reference its maker could not open. */
async function readableIds(db: repo.Executor, scope: TenantScope, actor: ContractActor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(inScope(contracts, scope), inArray(contracts.id, ids), isNull(contracts.deletedAt), visibleTo(actor)));
  return new Set(rows.map((r) => r.id));
}

/** The create body of a copy: the source's fields and children, minus what no longer exists or the caller cannot see. */
async function copyBody(db: repo.Executor, scope: TenantScope, actor: ContractActor, source: repo.ContractRow, facts: { watcherIds: number[]; relatedIds: number[] }, input: CopyInput, locale: 'ko' | 'en'): Promise<CreateInput> {
  const [parties, tags, references, attached, members] = await Promise.all([
    repo.counterpartiesOf(db, scope, source.id),
    repo.hashtagsOf(db, scope, source.id),
    repo.referencesOf(db, scope, source.id),
    input.copyFiles ? repo.filesOf(db, scope, source.id) : Promise.resolve([]),
    activeMembers(db, scope, [...facts.watcherIds, ...facts.relatedIds]),
  ]);
  const referenced = references.filter((r) => r.referenceType === 'CONTRACT').map((r) => Number(r.referenceId));
  const readable = await readableIds(db, scope, actor, referenced);
  const kept = references.filter((r) => r.referenceType !== 'CONTRACT' || readable.has(Number(r.referenceId)));
  const reference = (r: (typeof references)[number]) => ({ referenceType: r.referenceType, referenceId: r.referenceId, label: r.label });
  const referenceGroups: CreateInput['referenceGroups'] = [];
  for (const r of kept.filter((k) => k.kind === 'GROUP')) {
    const name = r.groupName ?? '';
    const group = referenceGroups.find((g) => g.name === name) ?? referenceGroups[referenceGroups.push({ name, references: [] }) - 1]!;
    group.references.push(reference(r));
  }
  const [group] = source.groupId === null ? [] : await db.select({ id: groups.id }).from(groups).where(and(inScope(groups, scope), eq(groups.id, source.groupId)));
  const suffix = locale === 'ko' ? ' (사본)' : ' (copy)';
  return {
    title: input.title ?? `${source.title.slice(0, 200 - suffix.length)}${suffix}`,
    contractType: source.contractType,
    language: source.language,
    status: 'DRAFT',
    memo: source.memo,
    venue: source.venue,
    signingType: source.signingType,
    startDate: source.startDate,
    endDate: source.endDate,
    amount: source.amount,
    currency: source.currency,
    governingLaw: source.governingLaw,
    disputeResolutionMethod: source.disputeResolutionMethod,
    ourPosition: source.ourPosition,
    desiredReviewDeadline: source.desiredReviewDeadline,
    groupId: group ? group.id : null,
    hashtags: tags.map((t) => t.name),
    counterparties: parties.map((p) => ({
      counterpartyType: p.counterpartyType, name: p.name, businessRegistrationNumber: p.businessRegistrationNumber, representative: p.representative, address: p.address,
      contacts: p.contacts,
    })),
    watcherUserIds: facts.watcherIds.filter((id) => members.has(id) && id !== actor.userId),
    userIds: facts.relatedIds.filter((id) => members.has(id)),
    referenceGroups,
    relatedReferences: kept.filter((k) => k.kind === 'RELATED').map(reference),
    ...(attached.length > 0 ? { files: attached.map((f) => ({ fileKey: f.fileKey, role: f.role })) } : {}),
  };
}

export async function copyContract(services: Services, ctx: RequestContext, contractId: number, input: CopyInput): Promise<ContractDetail> {
  const { scope, actor } = await contractContext(services, ctx);
  const { row, facts } = await readableContract(services.db, scope, actor, contractId);
  if (!allow(actor, 'contract.create')) throw forbidden();
  return services.db.transaction(async (tx) => {
    const body = await copyBody(tx, scope, actor, row, facts, input, ctx.locale);
    // The ordinary creation, as a savepoint of this transaction: its checks, indexing and audit, then ours.
    const created = await createContract({ db: tx, attachments: services.attachments }, ctx, body);
    await audit(tx, ctx, scope, actor, { type: 'contract.copied', data: { contractId: created.id, sourceContractId: contractId, copyFiles: input.copyFiles } });
    return created;
  });
}
