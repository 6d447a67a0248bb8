import { describe, expect, it } from 'vitest';
import { AI_FEATURES, type AiFeature } from './ai-platform';
import { AI_PRICES, estimateCredits } from './ai-prices';

/** Never charged: a super admin's connection test; the statutes embedded with a workspace's own model (its provider bills it). */
const FREE: readonly AiFeature[] = ['TEST_CONNECTION', 'RESEARCH_INDEX'];

describe('estimateCredits', () => {
  it('charges base, per started 1,000 characters and per item', () => {
    expect(estimateCredits('REVIEW', { driver: 'OPENAI_COMPATIBLE', textLength: 0, items: 0 })).toBe(20);
    expect(estimateCredits('REVIEW', { driver: 'OPENAI_COMPATIBLE', textLength: 1, items: 0 })).toBe(24);
    expect(estimateCredits('REVIEW', { driver: 'OPENAI_COMPATIBLE', textLength: 1000, items: 0 })).toBe(24);
    expect(estimateCredits('REVIEW', { driver: 'OPENAI_COMPATIBLE', textLength: 1001, items: 10 })).toBe(20 + 8 + 10);
    expect(estimateCredits('REVIEW', { driver: 'ANTHROPIC', textLength: 30_000, items: 12 })).toBe(20 + 120 + 12);
    expect(estimateCredits('REVIEW', { driver: 'BUILT_IN', textLength: 30_000, items: 12 })).toBe(5 + 30);
  });

  it('the built-in engine is cheaper than a model but not free, for every charged feature', () => {
    for (const feature of AI_FEATURES) {
      if (FREE.includes(feature)) continue;
      const args = { textLength: 12_345, items: 7 };
      const builtIn = estimateCredits(feature, { driver: 'BUILT_IN', ...args });
      const model = estimateCredits(feature, { driver: 'OPENAI_COMPATIBLE', ...args });
      expect(builtIn, feature).toBeGreaterThan(0);
      expect(builtIn, feature).toBeLessThan(model);
      expect(Number.isInteger(builtIn) && Number.isInteger(model)).toBe(true);
    }
  });

  it('a connection test and the statutes embedded with a workspace model are free; negative or fractional inputs never lower the price below base', () => {
    for (const feature of FREE) expect(estimateCredits(feature, { driver: 'OPENAI_COMPATIBLE', textLength: 99_999, items: 9 })).toBe(0);
    expect(estimateCredits('EDIT_CLAUSE', { driver: 'ANTHROPIC', textLength: -500, items: -3 })).toBe(AI_PRICES.EDIT_CLAUSE.model.base);
    expect(estimateCredits('SUMMARY', { driver: 'BUILT_IN', textLength: 1500.7 })).toBe(1 + 2);
  });
});
