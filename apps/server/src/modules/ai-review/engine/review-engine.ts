import type { AnalyzedClause } from '@legal/api';
import type { CheckpointRule, LocalizedPatterns, LocalizedText, PlaybookCheckpoint } from '../playbook/playbook.types';
import type { EngineEvidence, EngineFinding, EngineInput, EngineOutput } from './engine.types';
import { type ThresholdUnit, toRuleUnit } from './numbers';
import { summarizeExtractive } from './summary';

/**
 * The built-in review engine: each checkpoint's rule (playbook.types.ts) evaluated against the
 * segmented clauses. Pure and synchronous; patterns that do not compile are skipped.
 */
export function reviewWithRules(input: EngineInput, options: { summary?: boolean } = {}): EngineOutput {
  return {
    findings: input.checkpoints.map((cp) => reviewCheckpoint(input, cp)),
    summary: options.summary === false ? { keyPoints: [] } : summarizeExtractive(input.text, input.clauses, input.language),
  };
}

/** A stretch of text the rule searches: a labelled clause, or the whole text. */
interface Scope {
  start: number;
  end: number;
  clauseIndex: number | null;
  /** The segmenter's confidence in the clause's label (1 for the whole text). */
  labelConfidence: number;
  labelled: boolean;
}

interface Hit {
  scope: Scope;
  start: number;
  end: number;
  /** Group 1 of the match, with its offsets (threshold rules). */
  group: { text: string; start: number; end: number } | null;
}

const regexCache = new Map<string, RegExp | null>();

function compile(source: string): RegExp | null {
  let re = regexCache.get(source);
  if (re === undefined) {
    try {
      re = new RegExp(source, 'giud');
    } catch {
      re = null;
    }
    regexCache.set(source, re);
  }
  return re;
}

function patternsFor(patterns: LocalizedPatterns | undefined, language: 'ko' | 'en'): RegExp[] {
  return (patterns?.[language] ?? []).map(compile).filter((r): r is RegExp => r !== null);
}

function scopesFor(input: EngineInput, rule: CheckpointRule): { scopes: Scope[]; labelledFound: boolean } {
  const wanted = new Set(rule.labels);
  const labelled: Scope[] = [];
  input.clauses.forEach((c, i) => {
    if (wanted.has(c.label)) labelled.push({ start: c.startOffset, end: c.endOffset, clauseIndex: i, labelConfidence: c.confidence, labelled: true });
  });
  if (labelled.length > 0) return { scopes: labelled, labelledFound: true };
  return { scopes: [{ start: 0, end: input.text.length, clauseIndex: null, labelConfidence: 1, labelled: false }], labelledFound: false };
}

function findHits(text: string, scope: Scope, patterns: RegExp[], clauses: AnalyzedClause[]): Hit[] {
  const slice = text.slice(scope.start, scope.end);
  const hits: Hit[] = [];
  for (const re of patterns) {
    re.lastIndex = 0;
    for (const m of slice.matchAll(re)) {
      if (m[0].length === 0) continue;
      const start = scope.start + m.index;
      const span = m.indices?.[1];
      const group = m[1] !== undefined && span ? { text: m[1], start: scope.start + span[0], end: scope.start + span[1] } : null;
      // A hit in the whole text belongs to the clause it falls in, if any.
      const at = scope.clauseIndex === null ? clauseAt(clauses, start) : null;
      const hitScope = at === null ? scope : { ...scope, clauseIndex: at, start: clauses[at]!.startOffset, end: clauses[at]!.endOffset };
      hits.push({ scope: hitScope, start, end: start + m[0].length, group });
    }
  }
  return hits.sort((a, b) => a.start - b.start);
}

function clauseAt(clauses: AnalyzedClause[], offset: number): number | null {
  const i = clauses.findIndex((c) => c.startOffset <= offset && offset < c.endOffset);
  return i < 0 ? null : i;
}

const SENTENCE_END = /[.!?。]\s|다\.|\n/gu;

/** The sentence (or list item) holding [start, end), kept inside the scope and at most ~300 characters. */
export function sentenceAround(text: string, start: number, end: number, lo = 0, hi = text.length): EngineEvidence {
  let s = start;
  while (s > lo && text[s - 1] !== '\n' && !(/[.!?。]/u.test(text[s - 1]!) && /\s/u.test(text[s] ?? ''))) s--;
  SENTENCE_END.lastIndex = end;
  const m = SENTENCE_END.exec(text);
  let e = m ? Math.min(hi, m.index + m[0].trimEnd().length) : hi;
  if (e < end) e = end;
  while (s < start && /[\s#>*\-①-⑳]/u.test(text[s]!)) s++;
  if (start - s > 200) s = start;
  if (e - end > 200) e = end;
  return { startOffset: s, endOffset: e, text: text.slice(s, e) };
}

/** The clause's heading as it stands in the text (the evidence of a missing provision). */
function headingEvidence(text: string, clause: AnalyzedClause): EngineEvidence {
  const slice = text.slice(clause.startOffset, clause.endOffset);
  const at = clause.heading ? slice.indexOf(clause.heading) : -1;
  if (at >= 0) {
    const s = clause.startOffset + at;
    return { startOffset: s, endOffset: s + clause.heading!.length, text: clause.heading! };
  }
  const line = /^[^\n]*\S/u.exec(slice)?.[0] ?? slice;
  return { startOffset: clause.startOffset, endOffset: clause.startOffset + line.length, text: line };
}

/** 로 or 으로 after a word, by its last syllable (a final consonant other than ㄹ takes 으로). */
function ro(word: string): string {
  const code = word.charCodeAt(word.length - 1) - 0xac00;
  return code >= 0 && code < 11172 && code % 28 !== 0 && code % 28 !== 8 ? `${word}으로` : `${word}로`;
}

const clamp = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 100) / 100;

/** Confidence scaled by how sure the segmenter was of the clause's label. */
function sure(base: number, scope: Scope): number {
  return clamp(base * (0.7 + 0.3 * scope.labelConfidence));
}

const quote = (s: string, max = 80) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

const UNIT_TEXT: Record<ThresholdUnit, { ko: (n: number) => string; en: (n: number) => string }> = {
  DAYS: { ko: (n) => `${n}일`, en: (n) => `${n} days` },
  MONTHS: { ko: (n) => `${n}개월`, en: (n) => `${n} months` },
  YEARS: { ko: (n) => `${n}년`, en: (n) => `${n} years` },
  PERCENT: { ko: (n) => `${n}%`, en: (n) => `${n}%` },
  PERCENT_PER_YEAR: { ko: (n) => `연 ${n}%`, en: (n) => `${n}% per year` },
  MULTIPLE_OF_FEES: { ko: (n) => `대금의 ${n}배`, en: (n) => `${n} times the fees` },
};

function limitText(unit: ThresholdUnit, min: number | undefined, max: number | undefined): LocalizedText {
  const u = UNIT_TEXT[unit];
  const ko: string[] = [];
  const en: string[] = [];
  if (min !== undefined) { ko.push(`${u.ko(min)} 이상`); en.push(`at least ${u.en(min)}`); }
  if (max !== undefined) { ko.push(`${u.ko(max)} 이내`); en.push(`at most ${u.en(max)}`); }
  return { ko: ko.join(', '), en: en.join(' and ') };
}

function finding(
  cp: PlaybookCheckpoint, verdict: EngineFinding['verdict'], clauseIndex: number | null, evidence: EngineEvidence[],
  explanation: LocalizedText, confidence: number,
): EngineFinding {
  return {
    checkpointCode: cp.code, verdict, clauseIndex, evidence, explanation,
    suggestedEdit: verdict === 'NOT_MET' ? cp.standardClause : null,
    confidence: clamp(confidence),
  };
}

function reviewCheckpoint(input: EngineInput, cp: PlaybookCheckpoint): EngineFinding {
  const { text, clauses, language } = input;
  const rule = cp.rule;
  const { scopes, labelledFound } = scopesFor(input, rule);
  const patterns = patternsFor(rule.patterns, language);
  const hits = scopes.flatMap((scope) => findHits(text, scope, patterns, clauses));
  const firstClause = scopes[0]!.clauseIndex;
  const missingEvidence = (): EngineEvidence[] => (firstClause === null ? [] : [headingEvidence(text, clauses[firstClause]!)]);
  const where = (scope: Scope): LocalizedText =>
    scope.clauseIndex !== null && clauses[scope.clauseIndex]?.heading
      ? { ko: `${clauses[scope.clauseIndex]!.heading}에서 `, en: `In ${clauses[scope.clauseIndex]!.heading}: ` }
      : { ko: '', en: '' };

  if (rule.kind === 'present') {
    const hit = hits[0];
    if (hit) {
      const ev = sentenceAround(text, hit.start, hit.end, hit.scope.start, hit.scope.end);
      const w = where(hit.scope);
      return finding(cp, 'MET', hit.scope.clauseIndex, [ev], {
        ko: `${w.ko}기준을 충족하는 문구를 찾았습니다: "${quote(ev.text)}". (${cp.metWhen.ko})`,
        en: `${w.en}found wording that meets the checkpoint: "${quote(ev.text)}". (${cp.metWhen.en})`,
      }, sure(hit.scope.labelled ? 0.85 : 0.65, hit.scope));
    }
    return finding(cp, 'NOT_MET', firstClause, missingEvidence(), labelledFound
      ? {
        ko: `관련 조항은 있으나 다음 내용이 없습니다: ${cp.metWhen.ko}. ${cp.rationale.ko}`,
        en: `The clause exists but does not provide: ${cp.metWhen.en}. ${cp.rationale.en}`,
      }
      : {
        ko: `계약서에 다음 내용이 없습니다: ${cp.metWhen.ko}. ${cp.rationale.ko}`,
        en: `The contract does not provide: ${cp.metWhen.en}. ${cp.rationale.en}`,
      }, labelledFound ? sure(0.7, scopes[0]!) : 0.6);
  }

  if (rule.kind === 'absent') {
    const unless = patternsFor(rule.unless, language);
    const offending = hits.find((h) => !unless.some((re) => {
      re.lastIndex = 0;
      return re.test(text.slice(h.scope.start, h.scope.end));
    }));
    if (offending) {
      const ev = sentenceAround(text, offending.start, offending.end, offending.scope.start, offending.scope.end);
      const w = where(offending.scope);
      return finding(cp, 'NOT_MET', offending.scope.clauseIndex, [ev], {
        ko: `${w.ko}불리한 문구가 있습니다: "${quote(ev.text)}". ${cp.rationale.ko}`,
        en: `${w.en}unfavourable wording found: "${quote(ev.text)}". ${cp.rationale.en}`,
      }, sure(offending.scope.labelled ? 0.8 : 0.65, offending.scope));
    }
    const excused = hits[0];
    return finding(cp, 'MET', excused?.scope.clauseIndex ?? firstClause, excused ? [sentenceAround(text, excused.start, excused.end, excused.scope.start, excused.scope.end)] : [], excused
      ? {
        ko: `관련 문구가 있으나 같은 조항의 예외·제한으로 충족됩니다. (${cp.metWhen.ko})`,
        en: `Related wording exists but the same clause limits it, so the checkpoint is met. (${cp.metWhen.en})`,
      }
      : {
        ko: `문제되는 문구가 없습니다. (${cp.metWhen.ko})`,
        en: `No such wording was found. (${cp.metWhen.en})`,
      }, excused ? sure(0.65, excused.scope) : labelledFound ? sure(0.65, scopes[0]!) : 0.55);
  }

  // threshold
  const limit = limitText(rule.unit, rule.min, rule.max);
  const values = hits
    .filter((h) => h.group !== null)
    .map((h) => {
      const g = h.group!;
      const value = toRuleUnit(g.text, text.slice(Math.max(h.scope.start, g.start - 12), g.start), text.slice(g.end, Math.min(h.scope.end, g.end + 30)), rule.unit);
      return { hit: h, value };
    })
    .filter((v): v is { hit: Hit; value: number } => v.value !== null);
  if (values.length === 0) {
    if (!labelledFound && hits.length === 0) {
      const verdict = rule.missing;
      return finding(cp, verdict, null, [], verdict === 'NOT_APPLICABLE'
        ? { ko: `관련 조항이 없어 이 기준은 해당하지 않습니다.`, en: `The contract has no such clause, so the checkpoint does not apply.` }
        : verdict === 'NOT_MET'
          ? { ko: `관련 조항이 없습니다(기준: ${limit.ko}). ${cp.rationale.ko}`, en: `The contract has no such clause (expected: ${limit.en}). ${cp.rationale.en}` }
          : { ko: `관련 조항을 찾지 못해 기준(${limit.ko}) 충족 여부를 판단할 수 없습니다.`, en: `No such clause was found, so compliance with the limit (${limit.en}) cannot be judged.` },
      0.5);
    }
    const h = hits[0];
    return finding(cp, 'UNCLEAR', h?.scope.clauseIndex ?? firstClause, h ? [sentenceAround(text, h.start, h.end, h.scope.start, h.scope.end)] : missingEvidence(), {
      ko: `관련 조항은 있으나 기준(${limit.ko})과 비교할 수치를 찾지 못했습니다. 직접 확인하십시오.`,
      en: `The clause exists but no figure to compare with the limit (${limit.en}) was found. Check it yourself.`,
    }, 0.4);
  }
  const breach = (v: number) => (rule.max !== undefined && v > rule.max) || (rule.min !== undefined && v < rule.min);
  const bad = values.find((v) => breach(v.value));
  const chosen = bad ?? values[0]!;
  const ev = sentenceAround(text, chosen.hit.start, chosen.hit.end, chosen.hit.scope.start, chosen.hit.scope.end);
  const u = UNIT_TEXT[rule.unit];
  const w = where(chosen.hit.scope);
  if (bad) {
    const over = rule.max !== undefined && bad.value > rule.max;
    return finding(cp, 'NOT_MET', bad.hit.scope.clauseIndex, [ev], {
      ko: `${w.ko}${ro(u.ko(bad.value))} 기준(${limit.ko})${over ? '을 넘습니다' : '에 못 미칩니다'}. ${cp.rationale.ko}`,
      en: `${w.en}${u.en(bad.value)} is ${over ? 'above' : 'below'} the limit (${limit.en}). ${cp.rationale.en}`,
    }, sure(bad.hit.scope.labelled ? 0.9 : 0.7, bad.hit.scope));
  }
  return finding(cp, 'MET', chosen.hit.scope.clauseIndex, [ev], {
    ko: `${w.ko}${ro(u.ko(chosen.value))} 기준(${limit.ko})을 충족합니다.`,
    en: `${w.en}${u.en(chosen.value)} is within the limit (${limit.en}).`,
  }, sure(chosen.hit.scope.labelled ? 0.9 : 0.7, chosen.hit.scope));
}
