import type { AnalyzedClause, FindingVerdict, ReviewPosition } from '@legal/api';
import type { LocalizedText, PlaybookCheckpoint } from '../playbook/playbook.types';

/**
 * The built-in review engine's input and output: pure data, no database. The service (review job)
 * extracts the text, segments and labels clauses (contracts module's analyzer), picks the
 * checkpoints of the contract type that protect the position (or BOTH), and calls
 * `reviewWithRules(input)` (engine/review-engine.ts).
 */
export interface EngineInput {
  /** The revision's extracted text; every offset below points into it. */
  text: string;
  language: 'ko' | 'en';
  clauses: AnalyzedClause[];
  position: ReviewPosition;
  checkpoints: PlaybookCheckpoint[];
}

export interface EngineEvidence {
  startOffset: number;
  endOffset: number;
  text: string;
}

export interface EngineFinding {
  checkpointCode: string;
  verdict: FindingVerdict;
  /** The clause the verdict rests on (index into input.clauses), or null when no clause has the label. */
  clauseIndex: number | null;
  evidence: EngineEvidence[];
  /** Why this verdict, in both languages (the reader's language is picked when answering). */
  explanation: LocalizedText;
  /** The playbook's standard clause for NOT_MET findings; null otherwise. */
  suggestedEdit: LocalizedText | null;
  /** 0..1: how sure the rule is (a pattern hit in the labelled clause is surer than one elsewhere). */
  confidence: number;
}

export interface EngineSummary {
  /** Extractive: sentences of the contract itself, each with its offsets. */
  keyPoints: EngineEvidence[];
}

export interface EngineOutput {
  findings: EngineFinding[];
  summary: EngineSummary;
}
