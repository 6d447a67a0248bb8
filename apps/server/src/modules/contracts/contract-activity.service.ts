import {
  type ActivityChange, type ActivitySummary, type ContractActivity, type ContractStatus, CONTRACT_STATUSES, type ListContractActivitiesQuerySchema, type Page,
  ACCESS_CONTRACT_EVENTS, PERSONAL_CONTRACT_EVENTS,
} from '@legal/api';
import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditEvents } from '../../platform/audit/audit.table';
import { files } from '../files';
import { fetchPage } from '../../platform/db/paging';
import { inScope } from '../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../platform/http/context';
import type { AppServices } from '../../platform/services';
import { FIELD_OF_COLUMN } from './contract-edits';
import * as repo from './contracts.repo';
import { contractContext, readableContract } from './contracts.service';

/**
 * The activity of a contract (7.6 activities/v1): its audit events, newest first, each with a
 * summary the web app words. The events are found by `data->>'contractId'` within the tenant and
 * workspace, exactly the expression of the audit_events_contract_idx index.
 */

type Services = Pick<AppServices, 'db'>;
type Data = Record<string, unknown>;

/** A summary before the names of the people, groups and files it mentions are looked up. */
type Pending = ActivitySummary & { refs: Array<{ change: ActivityChange; side: 'before' | 'after'; kind: 'user' | 'group'; id: number }>; fileNames: string[] };

const asStatus = (v: unknown): ContractStatus | null => ((CONTRACT_STATUSES as readonly unknown[]).includes(v) ? (v as ContractStatus) : null);
const asText = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : null);
const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
const obj = (v: unknown): Data => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : {});
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const COLUMN_FIELD = FIELD_OF_COLUMN as Record<string, string>;

/** The summary of one audit event (pure); names of people, groups and files are filled in afterwards. */
export function summarize(type: string, data: Data): Pending {
  const s: Pending = { fields: [], changes: [], names: [], fromStatus: null, toStatus: null, count: null, relatedContractId: null, revision: null, refs: [], fileNames: [] };
  switch (type) {
    case 'contract.created':
      s.toStatus = asStatus(data.status);
      break;
    case 'contract.status_changed':
      s.fromStatus = asStatus(data.from);
      s.toStatus = asStatus(data.to);
      break;
    case 'contract.updated': {
      s.fields = strings(data.fields);
      const before = obj(data.before);
      const after = obj(data.after);
      for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
        const [b, a] = [before[key] ?? null, after[key] ?? null];
        if (key === 'added' || key === 'removed') {
          const fileKey = typeof a === 'object' && a !== null ? asText(obj(a).fileKey) : asText(b);
          if (fileKey) s.fileNames.push(fileKey);
          continue;
        }
        if (Array.isArray(a)) {
          for (const item of a) if (typeof item === 'string') s.names.push(item);
          continue;
        }
        if (!isScalar(b) || !isScalar(a) || !(key in COLUMN_FIELD)) continue;
        const change: ActivityChange = { field: COLUMN_FIELD[key]!, before: asText(b), after: asText(a) };
        for (const side of ['before', 'after'] as const) {
          const id = side === 'before' ? b : a;
          if (typeof id === 'number' && (key === 'ownerUserId' || key === 'groupId')) s.refs.push({ change, side, kind: key === 'ownerUserId' ? 'user' : 'group', id });
        }
        s.changes.push(change);
      }
      break;
    }
    case 'counterparty.added':
    case 'counterparty.removed':
      s.names = [asText(data.name)].filter((n): n is string => n !== null);
      break;
    case 'counterparty.updated':
      s.names = [asText(obj(data.after).name) ?? asText(obj(data.before).name)].filter((n): n is string => n !== null);
      break;
    case 'contract.reminder_created':
    case 'contract.reminder_deleted':
      s.names = [asText(data.title)].filter((n): n is string => n !== null);
      break;
    case 'contract.reminder_updated':
      s.names = [asText(obj(data.after).title) ?? asText(obj(data.before).title)].filter((n): n is string => n !== null);
      break;
    case 'contract.reminder_sent':
      s.count = Array.isArray(data.mailedTo) ? data.mailedTo.length : null;
      break;
    case 'contract.clauses_labelled':
      s.count = typeof data.labelCount === 'number' ? data.labelCount : null;
      if (typeof data.fileKey === 'string') s.fileNames.push(data.fileKey);
      break;
    case 'contract.clause_labels_deleted':
      s.count = typeof data.deletedCount === 'number' ? data.deletedCount : null;
      break;
    case 'contract.completed': {
      s.fromStatus = asStatus(data.from);
      s.toStatus = asStatus(data.to);
      const before = obj(data.before);
      const after = obj(data.after);
      for (const field of ['signedDate', 'signingType']) {
        if (before[field] !== after[field]) s.changes.push({ field, before: asText(before[field]), after: asText(after[field]) });
      }
      if (typeof data.executedFileKey === 'string') s.fileNames.push(data.executedFileKey);
      break;
    }
    case 'contract.document_uploaded':
    case 'contract.document_adopted':
    case 'contract.document_rendered':
    case 'contract.document_edited':
      s.revision = typeof data.revision === 'number' ? data.revision : null;
      if (typeof data.fileKey === 'string') s.fileNames.push(data.fileKey);
      break;
    case 'contract.document_locked':
    case 'contract.document_unlocked':
      if (typeof data.fileKey === 'string') s.fileNames.push(data.fileKey);
      break;
    case 'contract.copied':
      s.relatedContractId = typeof data.sourceContractId === 'number' ? data.sourceContractId : null;
      break;
    case 'workflow.action': {
      // The workflow's own history tells the whole step; the contract's names the action (a code).
      const action = asText(data.action);
      if (action) s.names.push(action);
      break;
    }
    default:
      // Events of other features (documents, workflows): shown generically, with the fields they name.
      s.fields = strings(data.fields);
  }
  return s;
}

async function fileNamesOf(db: repo.Executor, scope: TenantScope, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db.select({ fileKey: files.fileKey, displayName: files.displayName }).from(files).where(and(inScope(files, scope), inArray(files.fileKey, keys)));
  return new Map(rows.map((r) => [r.fileKey, r.displayName]));
}

/** The events of one contract in the scope: the columns and expression of audit_events_contract_idx. */
export function activityWhere(scope: TenantScope, contractId: number) {
  return and(
    eq(auditEvents.tenantId, scope.tenantId),
    eq(auditEvents.workspaceId, scope.workspaceId),
    sql`(${auditEvents.data}->>'contractId') = ${String(contractId)}`,
    notInArray(auditEvents.type, [...PERSONAL_CONTRACT_EVENTS, ...ACCESS_CONTRACT_EVENTS]),
  );
}

export async function listContractActivities(services: Services, ctx: RequestContext, contractId: number, query: z.output<typeof ListContractActivitiesQuerySchema>): Promise<Page<ContractActivity>> {
  const { scope, actor } = await contractContext(services, ctx);
  const { db } = services;
  await readableContract(db, scope, actor, contractId);
  const where = activityWhere(scope, contractId);
  return fetchPage(
    query,
    async (limit, offset) => {
      const rows = await db.select().from(auditEvents).where(where).orderBy(desc(auditEvents.createdAt), desc(auditEvents.id)).limit(limit).offset(offset);
      const pending = rows.map((r) => summarize(r.type, r.data));
      const userIds = [...rows.map((r) => r.actorUserId), ...pending.flatMap((p) => p.refs.filter((x) => x.kind === 'user').map((x) => x.id))].filter((id): id is number => id !== null);
      const [users, groupNames, fileNames] = await Promise.all([
        repo.displayNames(db, scope, userIds),
        repo.groupNames(db, scope, pending.flatMap((p) => p.refs.filter((x) => x.kind === 'group').map((x) => x.id))),
        fileNamesOf(db, scope, [...new Set(pending.flatMap((p) => p.fileNames))]),
      ]);
      return rows.map((r, i) => {
        const { refs, fileNames: keys, ...summary } = pending[i]!;
        for (const ref of refs) {
          const name = ref.kind === 'user' ? users.get(ref.id) : groupNames.get(ref.id);
          if (name) ref.change[ref.side] = name;
        }
        summary.names = [...summary.names, ...keys.map((k) => fileNames.get(k) ?? k)];
        return {
          id: r.id,
          type: r.type,
          actor: r.actorUserId === null ? null : { userId: r.actorUserId, displayName: users.get(r.actorUserId) ?? null },
          createdAt: r.createdAt.toISOString(),
          summary,
        };
      });
    },
    async () => Number((await db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(where))[0]?.n ?? 0),
  );
}
