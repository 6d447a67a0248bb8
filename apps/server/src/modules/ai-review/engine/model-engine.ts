import type { AnalyzedClause } from '@legal/api';
import { z } from 'zod';
import { type AiFailure, type AiProvider, AiProviderError, type AiUsage } from '../../../platform/ai/provider';
import type { LocalizedText, PlaybookCheckpoint } from '../playbook/playbook.types';
import type { EngineEvidence, EngineFinding, EngineInput, EngineOutput } from './engine.types';
import { reviewWithRules } from './review-engine';
import { checkpointsForPosition, type ReviewProgress } from './review-steps';
import { summarizeExtractive } from './summary';

/**
 * The model-backed review engine: one structured call per applicable checkpoint (prompt
 * 'review.checkpoint' as the system message), a few at a time. The model quotes its evidence; the
 * engine finds each quote verbatim in the text for its offsets and drops any it cannot find. A
 * checkpoint whose call fails falls back to the built-in rule (the explanation says so); a provider
 * that is refused (key, model, address, no model) or answers no checkpoint at all fails the run.
 */

export const CheckpointAnswerSchema = z.object({
  verdict: z.enum(['MET', 'NOT_MET', 'UNCLEAR', 'NOT_APPLICABLE']),
  /** Sentences of the contract quoted verbatim. */
  evidence: z.array(z.string()),
  explanation: z.string(),
  suggestedEdit: z.string().nullable(),
  confidence: z.number(),
});
export type CheckpointAnswer = z.infer<typeof CheckpointAnswerSchema>;

/** Failures no other checkpoint's call would escape: the run stops at once. */
const FATAL: ReadonlySet<AiFailure> = new Set(['NOT_CONFIGURED', 'AUTH', 'UNKNOWN_MODEL', 'REFUSED_ADDRESS', 'CANCELLED']);
/** Characters of candidate clauses sent per checkpoint. */
const CANDIDATE_CHARS = 12_000;

export interface ModelReviewOptions {
  provider: AiProvider;
  /** The review.checkpoint prompt's text (the system message). */
  systemPrompt: string;
  contractType: string;
  /** Calls in flight at once (default 3). */
  concurrency?: number;
  signal?: AbortSignal;
  onProgress?: ReviewProgress;
}

export interface ModelReviewOutput extends EngineOutput {
  usage: AiUsage;
  model: string | null;
  /** Checkpoints the built-in rule decided because their model call failed, with the failure. */
  fallbacks: Array<{ code: string; failure: AiFailure | 'ERROR' }>;
}

const SIDE = { PARTY_A: { ko: '갑', en: 'Party A' }, PARTY_B: { ko: '을', en: 'Party B' }, NEUTRAL: { ko: '중립', en: 'neutral' } } as const;

/** The clauses a checkpoint is about (its labels), or all of them; at most CANDIDATE_CHARS. */
export function candidateClauses(input: EngineInput, cp: PlaybookCheckpoint): number[] {
  const labels = new Set<string>([cp.label, ...cp.rule.labels]);
  const all = input.clauses.map((_, i) => i);
  const labelled = all.filter((i) => labels.has(input.clauses[i]!.label));
  const picked: number[] = [];
  let size = 0;
  for (const i of labelled.length > 0 ? labelled : all) {
    const c = input.clauses[i]!;
    if (picked.length > 0 && size + (c.endOffset - c.startOffset) > CANDIDATE_CHARS) break;
    picked.push(i);
    size += c.endOffset - c.startOffset;
  }
  return picked;
}

function userMessage(input: EngineInput, cp: PlaybookCheckpoint, candidates: number[], contractType: string): string {
  const l = input.language;
  const clauseText = candidates.length > 0
    ? candidates.map((i) => {
      const c = input.clauses[i]!;
      return `[C${i + 1} offset ${c.startOffset}-${c.endOffset}]${c.heading ? ` ${c.heading}` : ''}\n${input.text.slice(c.startOffset, c.endOffset).trim()}`;
    }).join('\n\n')
    : `[offset 0-${Math.min(input.text.length, CANDIDATE_CHARS)}]\n${input.text.slice(0, CANDIDATE_CHARS)}`;
  const basis = cp.legalBasis.map((b) => `${b.lawName} ${b.article}${b.paragraph ? ` (${b.paragraph})` : ''}`).join('; ');
  return [
    `Contract type: ${contractType}`,
    `Reviewer's side: ${SIDE[input.position][l]} (${input.position})`,
    `Checkpoint ${cp.code} (protects ${cp.protects === 'BOTH' ? 'both parties' : SIDE[cp.protects][l]}, risk ${cp.risk})`,
    `Question: ${cp.question[l]}`,
    `Met when: ${cp.metWhen[l]}`,
    `Why it matters: ${cp.rationale[l]}`,
    `Standard clause: ${cp.standardClause[l]}`,
    `Legal basis: ${basis || '-'}`,
    `Candidate clauses (quote evidence verbatim from them):\n${clauseText}`,
  ].join('\n');
}

/**
 * A quote's offsets: first inside the candidate clauses, else anywhere in the text; null when not
 * there verbatim. One pair of quotation marks the model put around it is tried off only when the quote as
 * given is not found (the contract's own "갑" keeps its marks).
 */
export function locateQuote(text: string, quote: string, within: Array<{ startOffset: number; endOffset: number }>): EngineEvidence | null {
  const asGiven = quote.trim();
  const unquoted = (/^["'“‘「](.*)["'”’」]$/su.exec(asGiven)?.[1] ?? asGiven).trim();
  for (const q of asGiven === unquoted ? [asGiven] : [asGiven, unquoted]) {
    if (q.length === 0) continue;
    for (const range of within) {
      const at = text.indexOf(q, range.startOffset);
      if (at >= 0 && at + q.length <= range.endOffset) return { startOffset: at, endOffset: at + q.length, text: q };
    }
    const at = text.indexOf(q);
    if (at >= 0) return { startOffset: at, endOffset: at + q.length, text: q };
  }
  return null;
}

function clauseIndexAt(clauses: AnalyzedClause[], offset: number): number | null {
  const i = clauses.findIndex((c) => c.startOffset <= offset && offset < c.endOffset);
  return i < 0 ? null : i;
}

export function findingFromAnswer(input: EngineInput, cp: PlaybookCheckpoint, candidates: number[], answer: CheckpointAnswer): EngineFinding {
  const ranges = candidates.map((i) => input.clauses[i]!);
  const evidence: EngineEvidence[] = [];
  for (const quote of answer.evidence) {
    const found = locateQuote(input.text, quote, ranges);
    if (found && !evidence.some((e) => e.startOffset === found.startOffset && e.endOffset === found.endOffset)) evidence.push(found);
  }
  const labelled = candidates.find((i) => input.clauses[i]!.label === cp.label);
  const clauseIndex = evidence.length > 0 ? clauseIndexAt(input.clauses, evidence[0]!.startOffset) : (labelled ?? null);
  const explanation = answer.explanation.trim();
  const edit = answer.suggestedEdit?.trim() ?? '';
  const wantsEdit = answer.verdict === 'NOT_MET' || answer.verdict === 'UNCLEAR';
  return {
    checkpointCode: cp.code,
    verdict: answer.verdict,
    clauseIndex,
    evidence,
    // The model writes in the contract's language; the reader sees that text in either UI language.
    explanation: { ko: explanation, en: explanation },
    suggestedEdit: !wantsEdit ? null : edit ? { ko: edit, en: edit } : answer.verdict === 'NOT_MET' ? cp.standardClause : null,
    confidence: Math.round(Math.min(1, Math.max(0, Number.isFinite(answer.confidence) ? answer.confidence : 0)) * 100) / 100,
  };
}

function fallbackFinding(input: EngineInput, cp: PlaybookCheckpoint, failure: string): EngineFinding {
  const rule = reviewWithRules({ ...input, checkpoints: [cp] }, { summary: false }).findings[0]!;
  const note: LocalizedText = {
    ko: `AI 모델 호출이 실패하여(${failure}) 이 체크포인트는 규칙 엔진으로 판정했습니다. `,
    en: `The AI model call failed (${failure}), so the built-in rule decided this checkpoint. `,
  };
  return { ...rule, explanation: { ko: note.ko + rule.explanation.ko, en: note.en + rule.explanation.en } };
}

/** Reviews every checkpoint that applies to the side with the model; the summary stays extractive. */
export async function runModelReview(input: EngineInput, options: ModelReviewOptions): Promise<ModelReviewOutput> {
  const { provider } = options;
  const applicable = checkpointsForPosition(input.checkpoints, input.position);
  const findings: Array<EngineFinding | undefined> = new Array(applicable.length);
  const fallbacks: ModelReviewOutput['fallbacks'] = [];
  const usage: AiUsage = { inputTokens: 0, outputTokens: 0 };
  let model: string | null = null;
  let answered = 0;
  let finished = 0;
  let lastError: unknown = null;
  let fatal: unknown = null;
  // A fatal failure cancels the calls still in flight.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const progress = options.onProgress ?? (() => {});
  progress('CHECK', 0);

  let next = 0;
  const worker = async () => {
    while (fatal === null && next < applicable.length) {
      const index = next++;
      const cp = applicable[index]!;
      const candidates = candidateClauses(input, cp);
      try {
        const result = await provider.structured({
          signal,
          temperature: 0,
          schema: CheckpointAnswerSchema,
          schemaName: 'checkpoint_verdict',
          messages: [
            { role: 'system', content: options.systemPrompt },
            { role: 'user', content: userMessage(input, cp, candidates, options.contractType) },
          ],
        });
        usage.inputTokens += result.usage.inputTokens;
        usage.outputTokens += result.usage.outputTokens;
        model = result.model;
        answered++;
        findings[index] = findingFromAnswer(input, cp, candidates, result.value);
      } catch (err) {
        const failure = err instanceof AiProviderError ? err.failure : 'ERROR';
        if (fatal !== null) return;
        if (options.signal?.aborted || (err instanceof AiProviderError && FATAL.has(err.failure))) {
          fatal = err;
          stop.abort();
          return;
        }
        lastError = err;
        fallbacks.push({ code: cp.code, failure });
        findings[index] = fallbackFinding(input, cp, failure);
      }
      finished++;
      progress('CHECK', Math.floor((finished / applicable.length) * 90));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 3, applicable.length)) }, worker));
  if (fatal !== null) throw fatal;
  // Not one checkpoint answered: the provider is not usable, the run fails rather than pass off the rules as the model's.
  if (answered === 0 && applicable.length > 0) throw lastError;

  progress('SUMMARIZE', 90);
  const summary = summarizeExtractive(input.text, input.clauses, input.language);
  progress('SUMMARIZE', 100);
  return { findings: findings.filter((f): f is EngineFinding => f !== undefined), summary, usage, model, fallbacks };
}
