import { createHash } from 'node:crypto';
import type { ClauseLabel, ReviewContractType, ReviewPosition } from '@legal/api';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client';
import { inScope } from '../../../platform/db/tenancy';
import type { TenantScope } from '../../../platform/http/context';
import { aiReviewCheckpointExamples, aiReviewCheckpointSettings, aiReviewStarterCheckpoints, aiReviewWorkspaceCheckpoints } from '../ai-review.table';
import { STARTER_PLAYBOOK } from './index';
import type { PlaybookCheckpoint } from './playbook.types';

/**
 * The playbook of a workspace: the starter checkpoints (stored once, globally, by code, so their
 * ids are stable) that the workspace has not switched off, plus its own checkpoints.
 */
export interface PlaybookEntry {
  checkpointId: number;
  origin: 'STARTER' | 'WORKSPACE';
  isActive: boolean;
  definition: PlaybookCheckpoint;
}

const synced = new WeakMap<object, Promise<void>>();

/** Upserts STARTER_PLAYBOOK by code once per database handle (a changed definition is updated in place). */
export function ensureStarterCheckpoints(db: Db): Promise<void> {
  let done = synced.get(db);
  if (!done) {
    done = (async () => {
      for (const definition of STARTER_PLAYBOOK) {
        await db
          .insert(aiReviewStarterCheckpoints)
          .values({ code: definition.code, contractType: definition.contractType, definition })
          .onConflictDoUpdate({ target: aiReviewStarterCheckpoints.code, set: { contractType: definition.contractType, definition, updatedAt: sql`now()` } });
      }
    })();
    done.catch(() => synced.delete(db));
    synced.set(db, done);
  }
  return done;
}

type WorkspaceRow = typeof aiReviewWorkspaceCheckpoints.$inferSelect;

/** A workspace checkpoint as the engine reads it: its texts as written serve both languages unless English ones were given. */
export function workspaceDefinition(row: WorkspaceRow): PlaybookCheckpoint {
  const en = row.english ?? {};
  const both = (text: string, english?: string) => ({ ko: text, en: english ?? text });
  return {
    code: row.code,
    contractType: row.contractType,
    label: row.label as ClauseLabel,
    protects: row.protects,
    risk: row.risk,
    question: both(row.question, en.question),
    metWhen: both(row.metWhen, en.metWhen),
    rationale: both(row.rationale, en.rationale),
    standardClause: both(row.standardClause, en.standardClause),
    examples: { ko: row.clauseExamples, en: en.clauseExamples ?? row.clauseExamples },
    legalBasis: row.legalBasis,
    rule: row.rule,
  };
}

/** Every checkpoint of the workspace playbook (active or not), of one contract type when given. */
export async function listPlaybook(db: Db, scope: TenantScope, contractType?: ReviewContractType): Promise<PlaybookEntry[]> {
  await ensureStarterCheckpoints(db);
  const starters = await db
    .select()
    .from(aiReviewStarterCheckpoints)
    .where(contractType ? eq(aiReviewStarterCheckpoints.contractType, contractType) : undefined)
    .orderBy(aiReviewStarterCheckpoints.id);
  const settings = starters.length === 0 ? [] : await db
    .select({ checkpointId: aiReviewCheckpointSettings.checkpointId, isActive: aiReviewCheckpointSettings.isActive })
    .from(aiReviewCheckpointSettings)
    .where(and(inScope(aiReviewCheckpointSettings, scope), inArray(aiReviewCheckpointSettings.checkpointId, starters.map((s) => s.id))));
  const switched = new Map(settings.map((s) => [s.checkpointId, s.isActive]));
  const extraRows = starters.length === 0 ? [] : await db
    .select({ checkpointId: aiReviewCheckpointExamples.checkpointId, examples: aiReviewCheckpointExamples.examples })
    .from(aiReviewCheckpointExamples)
    .where(and(inScope(aiReviewCheckpointExamples, scope), inArray(aiReviewCheckpointExamples.checkpointId, starters.map((s) => s.id))));
  const extras = new Map(extraRows.map((e) => [e.checkpointId, e.examples]));
  const own = await db
    .select()
    .from(aiReviewWorkspaceCheckpoints)
    .where(and(inScope(aiReviewWorkspaceCheckpoints, scope), isNull(aiReviewWorkspaceCheckpoints.deletedAt), contractType ? eq(aiReviewWorkspaceCheckpoints.contractType, contractType) : undefined))
    .orderBy(aiReviewWorkspaceCheckpoints.id);
  return [
    ...starters.map((s): PlaybookEntry => ({ checkpointId: s.id, origin: 'STARTER', isActive: switched.get(s.id) ?? true, definition: withExtras(s.definition, extras.get(s.id)) })),
    ...own.map((w): PlaybookEntry => ({ checkpointId: w.id, origin: 'WORKSPACE', isActive: w.isActive, definition: workspaceDefinition(w) })),
  ];
}

/** A starter definition with the workspace's added examples after the shipped ones. */
function withExtras(definition: PlaybookCheckpoint, extra: { ko: string[]; en: string[] } | undefined): PlaybookCheckpoint {
  if (!extra || (extra.ko.length === 0 && extra.en.length === 0)) return definition;
  return { ...definition, examples: { ko: [...definition.examples.ko, ...extra.ko], en: [...definition.examples.en, ...extra.en] } };
}

/** The checkpoints a review of this type from this side evaluates. */
export function checkpointsFor(entries: readonly PlaybookEntry[], position: ReviewPosition): PlaybookEntry[] {
  return entries.filter((e) => e.isActive && (e.definition.protects === 'BOTH' || position === 'NEUTRAL' || e.definition.protects === position));
}

/** The playbook version a review ran against: a hash of the evaluated checkpoints' ids and definitions. */
export function playbookVersion(entries: readonly PlaybookEntry[]): string {
  const hash = createHash('sha256');
  for (const e of [...entries].sort((a, b) => a.checkpointId - b.checkpointId)) hash.update(`${e.checkpointId}\u0000${JSON.stringify(e.definition)}\u0001`);
  return hash.digest('base64url').slice(0, 22);
}
