import { describe, expect, it } from 'vitest';
import { RESEARCH_CONFIG_DEFAULTS, RESEARCH_CONFIG_KEYS, researchConfigMeta, ResearchConfigOverridesSchema, ResearchConfigValuesSchema } from './research-config';

describe('research configs', () => {
  it('every key has a schema, its default fits it, and its meta names a type, bounds or options', () => {
    expect(Object.keys(ResearchConfigValuesSchema.shape).sort()).toEqual([...RESEARCH_CONFIG_KEYS].sort());
    expect(ResearchConfigValuesSchema.parse(RESEARCH_CONFIG_DEFAULTS)).toEqual(RESEARCH_CONFIG_DEFAULTS);
    for (const m of researchConfigMeta()) {
      if (m.type === 'INTEGER' || m.type === 'NUMBER') expect([m.min, m.max, m.step].every((v) => typeof v === 'number')).toBe(true);
      if (m.type === 'ENUM') expect(m.options?.length).toBeGreaterThan(1);
    }
  });

  it('overrides: known keys within their meta only, each problem under its key', () => {
    expect(ResearchConfigOverridesSchema.parse({ topK: 3, declineThreshold: 0.45 })).toEqual({ topK: 3, declineThreshold: 0.45 });
    const bad = ResearchConfigOverridesSchema.safeParse({ topK: 2.5, declineThreshold: 0.42, answerEngine: 'GPT', toString: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['answerEngine', 'declineThreshold', 'toString', 'topK']);
    // A prototype key from JSON is never taken for a config.
    const proto = ResearchConfigOverridesSchema.safeParse(JSON.parse('{"__proto__": {"topK": 1}}'));
    expect(proto.success ? Object.keys(proto.data) : proto.error.issues.map((i) => i.path.join('.'))).not.toContain('topK');
  });
});
