import type { AiCallOutcome, AiDriver, AiFeature } from '@legal/api';
import type { Db, Tx } from '../../platform/db/client';
import { aiCalls } from './ai-calls.table';
import type { CreditScope } from './credits.service';

export interface AiCallRecord {
  feature: AiFeature;
  driver: AiDriver;
  model: string | null;
  inputTokens?: number;
  outputTokens?: number;
  latencyMs: number;
  /** What the call cost in the end: 0 when it was refunded. */
  credits: number;
  outcome: AiCallOutcome;
  failureCode?: string | null;
  promptId?: number | null;
  creditEntryId?: number | null;
  reference?: string | null;
}

const int = (n: number | undefined) => Math.max(0, Math.min(2_000_000_000, Math.round(n ?? 0)));

/** Writes one call record (every AI call, whatever its outcome); answers its id. */
export async function recordAiCall(db: Db | Tx, scope: CreditScope, call: AiCallRecord): Promise<number> {
  const [row] = await db
    .insert(aiCalls)
    .values({
      tenantId: scope.tenantId,
      workspaceId: scope.workspaceId,
      userId: scope.userId,
      feature: call.feature,
      driver: call.driver,
      model: call.model,
      inputTokens: int(call.inputTokens),
      outputTokens: int(call.outputTokens),
      latencyMs: int(call.latencyMs),
      credits: int(call.credits),
      outcome: call.outcome,
      failureCode: call.failureCode ?? null,
      promptId: call.promptId ?? null,
      creditEntryId: call.creditEntryId ?? null,
      reference: call.reference?.slice(0, 200) ?? null,
    })
    .returning({ id: aiCalls.id });
  return row!.id;
}
