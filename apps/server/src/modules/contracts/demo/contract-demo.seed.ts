import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CreateContractWithFilesBodySchema, REMINDER_SUGGESTION_HOUR } from '@legal/api';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { inScope } from '../../../platform/db/tenancy';
import type { RequestContext, TenantScope } from '../../../platform/http/context';
import type { AppServices } from '../../../platform/services';
import { groups } from '../../admin';
import { demoSeedContext, users, workspaces } from '../../auth';
import { createContract } from '../contracts.service';
import { contracts } from '../contracts.table';
import { loadActor } from '../contracts.visibility';
import { storeStream, writeMainRevision } from '../documents/contract-documents.store';
import { createContractReminder } from '../reminders/reminders.service';
import { type DemoContract, DEMO_CONTRACT_WORKSPACES } from './contract-demo.catalogue';

const SEED_LOCK = 727_103;
const DAY_MS = 24 * 3600_000;

/**
 * The folder of the demo documents (apps/server/demo-data/contracts), found from this file in the
 * sources (tsx, vitest) and from the bundle (apps/server/dist/main.js); null when absent.
 */
export function findDemoDocuments(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    for (const candidate of [path.join(dir, 'demo-data', 'contracts'), path.join(dir, 'apps', 'server', 'demo-data', 'contracts')]) {
      if (fs.existsSync(path.join(candidate, 'README.md'))) return candidate;
    }
    dir = path.dirname(dir);
  }
  return null;
}

/** One CSV record's fields (quoted fields may hold commas and doubled quotes). */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  for (const match of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)) fields.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] ?? ''));
  return fields;
}

/** The licence note of each document, from the SOURCES.csv of its folder: `ko/01-....docx` -> note. */
export function readLicenceNotes(root: string): Map<string, string> {
  const notes = new Map<string, string>();
  for (const folder of fs.readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const file = path.join(root, folder.name, 'SOURCES.csv');
    if (!fs.existsSync(file)) continue;
    const [header, ...rows] = fs.readFileSync(file, 'utf8').split(/\r?\n/).filter(Boolean);
    const columns = csvFields(header!);
    const at = (name: string) => columns.indexOf(name);
    for (const row of rows) {
      const f = csvFields(row);
      const source = f[at('source_path')] || f[at('source_url')] || '';
      notes.set(`${folder.name}/${f[at('file')]}`, `${f[at('attribution_text')]} (${f[at('license')]}; ${source})`);
    }
  }
  return notes;
}

const isoDay = (offsetDays: number, today: Date) => new Date(today.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);

type CreateBody = Omit<z.output<typeof CreateContractWithFilesBodySchema>, 'files'>;

/** The statuses a workflow brings a contract to: registered as drafts, the workflows module's demo seed takes them on. */
const WORKFLOW_STATUSES: ReadonlySet<string> = new Set(['IN_REVIEW', 'IN_APPROVAL', 'IN_SIGNING']);
const isUnderWay = (status: DemoContract['status']): status is 'IN_REVIEW' | 'IN_APPROVAL' | 'IN_SIGNING' => WORKFLOW_STATUSES.has(status);

/** The create body of one demo contract: executed statuses are registered as such, the rest as drafts. */
function createBody(c: DemoContract, ids: { owner: number; group: number | null; watchers: number[]; related: number[] }, memo: string, today: Date): CreateBody {
  const [start, end] = c.term ?? [null, null];
  const registered = isUnderWay(c.status) ? 'DRAFT' : c.status;
  const isExecuted = registered !== 'DRAFT';
  return {
    title: c.title,
    contractType: c.contractType,
    language: c.language,
    status: registered,
    memo,
    ownerUserId: ids.owner,
    groupId: ids.group,
    startDate: start === null ? null : isoDay(start, today),
    endDate: end === null || end === undefined ? null : isoDay(end, today),
    signedDate: isExecuted && start !== null ? isoDay(start - 7, today) : null,
    signingType: isExecuted ? (c.language === 'ko' ? 'PAPER' : 'ELECTRONIC') : null,
    amount: c.amount?.[0] ?? null,
    currency: c.amount?.[1] ?? null,
    governingLaw: c.governingLaw ?? null,
    disputeResolutionMethod: c.disputeResolutionMethod ?? null,
    ourPosition: c.ourPosition ?? null,
    hashtags: c.hashtags,
    counterparties: c.counterparties.map((p) => ({ counterpartyType: p.isPerson ? 'PERSON' : 'COMPANY', name: p.name, contacts: [] })),
    watcherUserIds: ids.watchers,
    userIds: ids.related,
    referenceGroups: [],
    relatedReferences: [],
  };
}

/** When a reminder goes out: `days` before the end at 09:00 KST, or tomorrow when that has passed. */
function remindAt(endDate: string, days: number, now: Date): string {
  const due = new Date(`${isoDay(-days, new Date(`${endDate}T00:00:00Z`))}T${REMINDER_SUGGESTION_HOUR}`);
  return (due.getTime() > now.getTime() ? due : new Date(`${isoDay(1, now)}T${REMINDER_SUGGESTION_HOUR}`)).toISOString();
}

/**
 * Registers one demo contract through the contract services, as its registrar would: the
 * contract with its people, counterparties and hashtags, its document stored through the files
 * rules (text extraction queued as a job), a reminder. A contract under review, in approval or
 * signing stays a draft here: the workflows module's demo seed starts its workflow (which moves it).
 */
async function registerDemoContract(services: AppServices, ctx: RequestContext, scope: TenantScope, c: DemoContract, ids: Parameters<typeof createBody>[1], root: string, memo: string) {
  const today = new Date();
  const body = createBody(c, ids, memo, today);
  const detail = await createContract(services, ctx, body);
  if (c.file) {
    const actor = await loadActor(services.db, ctx, scope);
    const bytes = await storeStream(services, scope, fs.createReadStream(path.join(root, c.file)), { name: path.basename(c.file) });
    await writeMainRevision(services, {
      scope, actor, contractId: detail.id, ctx, bytes,
      checkLock: async () => undefined,
      // Whatever users upload while the demo documents wait is extracted first.
      extractionPriority: -1,
      event: (saved) => ({ type: 'contract.document_uploaded', data: { contractId: detail.id, ...saved } }),
    });
  }
  if (c.reminder && body.endDate) {
    await createContractReminder(services, ctx, detail.id, {
      title: c.reminder.title, memo: null, kind: c.reminder.kind, recipients: [ids.owner], remindAt: remindAt(body.endDate, c.reminder.daysBeforeEnd, today),
    });
  }
}

/**
 * The demo contracts of the demo workspaces (contract-demo.catalogue.ts), registered through the
 * services so that they carry audit events, search text, extracted documents and reminders.
 * Idempotent by title: a contract whose title the workspace already has (deleted ones included)
 * is left alone, so a restart adds nothing and a demo contract a user deleted stays deleted
 * (and a restart completes a run cut off by a shutdown).
 */
export async function seedDemoContracts(services: AppServices, signal?: AbortSignal): Promise<void> {
  const root = findDemoDocuments();
  if (!root) {
    services.logger.warn('demo contract documents not found (apps/server/demo-data/contracts); no demo contracts');
    return;
  }
  const notes = readLicenceNotes(root);
  let created = 0;
  await services.database.withLock(SEED_LOCK, async () => {
    for (const plan of DEMO_CONTRACT_WORKSPACES) {
      const [ws] = await services.db.select({ tenantId: workspaces.tenantId, workspaceId: workspaces.id }).from(workspaces).where(eq(workspaces.name, plan.workspace));
      if (!ws) continue;
      const scope: TenantScope = ws;
      const existing = new Set((await services.db.select({ title: contracts.title }).from(contracts).where(inScope(contracts, scope))).map((r) => r.title));
      const missing = plan.contracts.filter((c) => !existing.has(c.title));
      if (missing.length === 0) continue;
      const loginIds = [...new Set([plan.registrar, ...missing.flatMap((c) => [c.owner, ...(c.watchers ?? []), ...(c.relatedUsers ?? [])])])];
      const people = new Map((await services.db.select({ id: users.id, loginId: users.loginId }).from(users).where(inArray(users.loginId, loginIds))).map((u) => [u.loginId, u.id]));
      const groupIds = new Map((await services.db.select({ id: groups.id, name: groups.name }).from(groups).where(inScope(groups, scope))).map((g) => [g.name, g.id]));
      const registrar = people.get(plan.registrar);
      if (!registrar) continue;
      const ctx = await demoSeedContext(services.db, scope, registrar);
      if (!ctx) throw new Error(`demo registrar ${registrar} is not a member of workspace ${scope.workspaceId}`);
      const idOf = (loginId: string) => people.get(loginId);
      for (const c of missing) {
        if (signal?.aborted) return;
        const owner = idOf(c.owner);
        if (!owner) continue;
        const ids = {
          owner,
          group: c.group ? (groupIds.get(c.group) ?? null) : null,
          watchers: (c.watchers ?? []).map(idOf).filter((id): id is number => id !== undefined),
          related: (c.relatedUsers ?? []).map(idOf).filter((id): id is number => id !== undefined),
        };
        const licence = c.file ? notes.get(c.file) : undefined;
        const memo = [c.summary, licence ? `출처 · Source: ${licence}` : null].filter(Boolean).join('\n\n');
        await registerDemoContract(services, ctx, scope, c, ids, root, memo);
        created += 1;
      }
    }
  });
  services.logger.info({ created }, 'demo contracts ready');
}

