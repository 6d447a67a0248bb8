import type { ClauseLabel, ReviewContractType, ReviewPosition, ReviewRisk } from '@legal/api';

/**
 * A checkpoint of a playbook as written in source (the starter playbook in `starter/`) or stored
 * for a workspace: a question about one kind of clause of one contract type, the side it protects,
 * what "met" looks like, and the rule the built-in engine evaluates. Texts are given in Korean and
 * English; a review in one language reads the matching patterns.
 */
export interface LocalizedText {
  ko: string;
  en: string;
}

/**
 * A statute article the checkpoint rests on, as the law data names it: the Act's title as in its
 * front matter (`제목`, e.g. '하도급거래 공정화에 관한 법률'), the article ('제13조', '제13조의2') and
 * optionally a paragraph (1 for ①). A basis that does not resolve to article text in the version in
 * force is never shown (modules/law resolves it).
 */
export interface LawReference {
  lawName: string;
  article: string;
  paragraph?: number;
}

/** Regular-expression sources (flags `iu` are added), per language; a rule matches if any does. */
export interface LocalizedPatterns {
  ko: string[];
  en: string[];
}

/**
 * What the built-in engine checks. Patterns are searched in the clauses carrying one of `labels`
 * (the whole text when `labels` is empty or no clause has them).
 * - present: MET when any `patterns` matches (e.g. a liability cap exists); NOT_MET otherwise.
 * - absent: NOT_MET when any `patterns` matches and no `unless` pattern matches in the same clause
 *   (e.g. a one-sided termination right of the counterparty); MET otherwise.
 * - threshold: reads the number captured by group 1 of `patterns` (e.g. 연 (\d+(?:\.\d+)?)\s*%),
 *   converted to `unit`; NOT_MET when above `max` or below `min`; UNCLEAR when the clause exists
 *   but no number is found; `missing` says the verdict when no clause has the labels at all.
 */
export type CheckpointRule =
  | { kind: 'present'; labels: ClauseLabel[]; patterns: LocalizedPatterns }
  | { kind: 'absent'; labels: ClauseLabel[]; patterns: LocalizedPatterns; unless?: LocalizedPatterns }
  | {
      kind: 'threshold';
      labels: ClauseLabel[];
      patterns: LocalizedPatterns;
      unit: 'PERCENT_PER_YEAR' | 'PERCENT' | 'DAYS' | 'MONTHS' | 'YEARS' | 'MULTIPLE_OF_FEES';
      max?: number;
      min?: number;
      missing: 'NOT_MET' | 'NOT_APPLICABLE' | 'UNCLEAR';
    };

export interface PlaybookCheckpoint {
  /** Stable code, e.g. 'SERVICE.LIABILITY_CAP'; unique in the playbook. */
  code: string;
  contractType: ReviewContractType;
  /** The clause label the checkpoint is about (it appears under this label in the review). */
  label: ClauseLabel;
  /** The side it protects; BOTH applies to every position. */
  protects: ReviewPosition | 'BOTH';
  risk: ReviewRisk;
  question: LocalizedText;
  /** What a clause that meets the checkpoint says. */
  metWhen: LocalizedText;
  /** Why it matters, shown as the explanation of a NOT_MET finding. */
  rationale: LocalizedText;
  /** The clause to propose when NOT_MET (the built-in engine's suggested edit). */
  standardClause: LocalizedText;
  /** Example clauses that meet it, per language (kept apart from the evaluation set). */
  examples: { ko: string[]; en: string[] };
  legalBasis: LawReference[];
  rule: CheckpointRule;
}
