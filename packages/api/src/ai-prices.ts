import type { AiDriver, AiFeature } from './ai-platform';

/**
 * What each AI action costs in credits. One table per feature and engine class: the built-in
 * engine (rules and retrieval on this server) is cheaper than a model, but not free, so metering
 * runs end to end whichever engine answers. A price is
 *   base + perThousandChars × ⌈textLength / 1000⌉ + perItem × items
 * where `items` counts what the feature repeats per call (a review's checkpoints).
 * docs/ai-credits.md shows the table in words; change both together.
 */
export interface CreditPrice {
  base: number;
  perThousandChars: number;
  perItem: number;
}

type PriceRow = { builtIn: CreditPrice; model: CreditPrice };
const p = (base: number, perThousandChars = 0, perItem = 0): CreditPrice => ({ base, perThousandChars, perItem });

export const AI_PRICES: Readonly<Record<AiFeature, PriceRow>> = {
  /** A whole-contract review: per 1,000 characters read and per checkpoint checked. */
  REVIEW: { builtIn: p(5, 1, 0), model: p(20, 4, 1) },
  EDIT_CLAUSE: { builtIn: p(1), model: p(5, 2) },
  REVIEW_CHAT: { builtIn: p(1), model: p(3, 1) },
  TRANSLATION: { builtIn: p(2), model: p(10, 5) },
  SUMMARY: { builtIn: p(1, 1), model: p(5, 2) },
  SIMILARITY: { builtIn: p(1), model: p(2, 1) },
  CLAUSE_ANALYSIS: { builtIn: p(1), model: p(3, 1) },
  PREDICTION: { builtIn: p(1), model: p(2, 1) },
  RESEARCH_CHAT: { builtIn: p(2), model: p(5, 1) },
  /** The statutes embedded with a workspace's own embedding model: its provider bills it, not the credits. */
  RESEARCH_INDEX: { builtIn: p(0), model: p(0) },
  /** A super admin's connection test is never charged. */
  TEST_CONNECTION: { builtIn: p(0), model: p(0) },
};

export interface EstimateInput {
  driver: AiDriver;
  /** Characters of input the feature reads (the contract, the clause, the question). */
  textLength?: number;
  items?: number;
}

/** The credits an action will debit; a whole number, never negative. */
export function estimateCredits(feature: AiFeature, input: EstimateInput): number {
  const row = AI_PRICES[feature];
  const price = input.driver === 'BUILT_IN' ? row.builtIn : row.model;
  const chars = Math.max(0, Math.floor(input.textLength ?? 0));
  const items = Math.max(0, Math.floor(input.items ?? 0));
  return price.base + price.perThousandChars * Math.ceil(chars / 1000) + price.perItem * items;
}
