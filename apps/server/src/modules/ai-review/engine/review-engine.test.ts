import type { AnalyzedClause, ClauseLabel } from '@legal/api';
import { describe, expect, it } from 'vitest';
import type { CheckpointRule, PlaybookCheckpoint } from '../playbook/playbook.types';
import { parseNumber, toRuleUnit } from './numbers';
import { reviewWithRules } from './review-engine';
import { checkpointsForPosition, runBuiltInReview } from './review-steps';
import { summarizeExtractive } from './summary';

/** A checkpoint of this test's own: only the rule and the texts the engine quotes matter. */
function cp(code: string, rule: CheckpointRule, protects: PlaybookCheckpoint['protects'] = 'BOTH'): PlaybookCheckpoint {
  return {
    code, contractType: 'SERVICE', label: rule.labels[0] ?? 'OTHER', protects, risk: 'HIGH',
    question: { ko: `${code} 질문`, en: `${code} question` },
    metWhen: { ko: `${code} 충족 조건`, en: `${code} met when` },
    rationale: { ko: `${code} 이유`, en: `${code} rationale` },
    standardClause: { ko: `${code} 표준 조항`, en: `${code} standard clause` },
    examples: { ko: [], en: [] }, legalBasis: [], rule,
  };
}

/** Clauses cut at the given headings, with real offsets into the text. */
function clausesOf(text: string, parts: Array<[string, ClauseLabel]>): AnalyzedClause[] {
  const starts = parts.map(([heading]) => text.indexOf(heading));
  return parts.map(([heading, label], i) => {
    const end = i + 1 < starts.length ? starts[i + 1]! - 1 : text.length;
    return { label, heading, text: text.slice(starts[i]!, end), startOffset: starts[i]!, endOffset: end, confidence: 0.95 };
  });
}

const KO = [
  '소프트웨어 개발 용역계약서',
  '갑과 을은 다음과 같이 용역계약을 체결한다.',
  '제1조 (목적) 이 계약은 갑이 을에게 위탁하는 시스템 개발 용역의 수행에 관한 사항을 정함을 목적으로 한다.',
  '제2조 (계약기간) 계약기간은 2026년 1월 1일부터 2026년 12월 31일까지로 한다.',
  '제3조 (대금의 지급) ① 계약금액은 금 100,000,000원으로 한다. ② 갑은 검수 완료 후 구십(90)일 이내에 대금을 지급한다. ③ 지연 시 월 1.5%의 지연이자를 지급한다.',
  '제4조 (해지) 갑은 언제든지 서면 통지로 이 계약을 해지할 수 있다. 상대방이 의무를 위반한 경우 14일 이상의 기간을 정하여 시정을 요구하고 그 기간 내 시정하지 않으면 해지할 수 있다.',
  '제5조 (손해배상) 각 당사자는 상대방에게 손해를 입힌 경우 이를 배상한다.',
].join('\n');
const KO_CLAUSES = clausesOf(KO, [['제1조 (목적)', 'PURPOSE'], ['제2조 (계약기간)', 'TERM'], ['제3조 (대금의 지급)', 'PAYMENT'], ['제4조 (해지)', 'TERMINATION'], ['제5조 (손해배상)', 'LIABILITY']]);

const PAY_DAYS = cp('T.PAY_DAYS', { kind: 'threshold', labels: ['PAYMENT'], patterns: { ko: ['([가-힣]*\\s*\\(?\\d+\\)?)\\s*일\\s*이내에?\\s*(?:대금|지급)'], en: ['within\\s+([a-z\\- ]*\\(?\\d*\\)?)\\s*days'] }, unit: 'DAYS', max: 60, missing: 'UNCLEAR' }, 'PARTY_B');
const INTEREST = cp('T.INTEREST', { kind: 'threshold', labels: ['PAYMENT'], patterns: { ko: ['(\\d+(?:\\.\\d+)?)\\s*%의?\\s*지연이자'], en: ['(\\d+(?:\\.\\d+)?)\\s*%\\s*per\\s*(?:month|annum)'] }, unit: 'PERCENT_PER_YEAR', max: 12, missing: 'NOT_APPLICABLE' });
const CAP = cp('T.CAP', { kind: 'present', labels: ['LIABILITY'], patterns: { ko: ['한도|초과하지\\s*않'], en: ['shall not exceed|cap'] } }, 'PARTY_B');
const AT_WILL = cp('T.AT_WILL', { kind: 'absent', labels: ['TERMINATION'], patterns: { ko: ['언제든지[^.]*해지'], en: ['at any time[^.]*terminat|terminat[^.]*for convenience'] }, unless: { ko: ['손실을\\s*보상'], en: ['compensat'] } }, 'PARTY_B');
const CURE = cp('T.CURE', { kind: 'threshold', labels: ['TERMINATION'], patterns: { ko: ['(\\d+)\\s*일\\s*이상의\\s*기간을\\s*정하여'], en: ['(\\d+)\\s*days[^.]*cure'] }, unit: 'DAYS', min: 7, missing: 'NOT_MET' });
const WARRANTY = cp('T.WARRANTY', { kind: 'threshold', labels: ['IP'], patterns: { ko: ['하자담보기간은\\s*(\\d+\\s*(?:개월|년))'], en: ['warranty period of ([a-z]+ \\(\\d+\\) (?:months|years))'] }, unit: 'MONTHS', min: 6, missing: 'NOT_APPLICABLE' });

const review = (text: string, clauses: AnalyzedClause[], checkpoints: PlaybookCheckpoint[], language: 'ko' | 'en' = 'ko') =>
  reviewWithRules({ text, language, clauses, position: 'PARTY_B', checkpoints });

describe('reading numbers', () => {
  it('reads digits, Korean numerals, English words and the doubled forms', () => {
    expect(parseNumber('30')).toBe(30);
    expect(parseNumber('1,000')).toBe(1000);
    expect(parseNumber('삼십')).toBe(30);
    expect(parseNumber('이십사')).toBe(24);
    expect(parseNumber('구십(90)')).toBe(90);
    expect(parseNumber('thirty')).toBe(30);
    expect(parseNumber('forty-five')).toBe(45);
    expect(parseNumber('thirty (30)')).toBe(30);
    expect(parseNumber('없음')).toBeNull();
  });

  it('converts the written unit into the rule unit', () => {
    expect(toRuleUnit('3', '', '개월 이내', 'DAYS')).toBe(90);
    expect(toRuleUnit('2년', '', '', 'MONTHS')).toBe(24);
    expect(toRuleUnit('6 months', '', '', 'MONTHS')).toBe(6);
    expect(toRuleUnit('thirty', '', ' (30) days', 'DAYS')).toBe(30);
    expect(toRuleUnit('18', '', ' months', 'YEARS')).toBe(1.5);
    expect(toRuleUnit('10', '', '영업일', 'DAYS')).toBe(14);
    expect(toRuleUnit('1.5', '', '% per month', 'PERCENT_PER_YEAR')).toBe(18);
    expect(toRuleUnit('1.5', '지연 시 월 ', '%', 'PERCENT_PER_YEAR')).toBe(18);
    expect(toRuleUnit('15', '연 ', '%', 'PERCENT_PER_YEAR')).toBe(15);
    expect(toRuleUnit('15', '', '% per annum', 'PERCENT_PER_YEAR')).toBe(15);
    expect(toRuleUnit('0.1', '1일당 ', '%', 'PERCENT_PER_YEAR')).toBe(36.5);
    expect(toRuleUnit('200', '', '%', 'MULTIPLE_OF_FEES')).toBe(2);
  });
});

describe('reviewWithRules', () => {
  it('threshold: a 90-day payment term is NOT_MET, with the number, the evidence and the standard clause', () => {
    const [f] = review(KO, KO_CLAUSES, [PAY_DAYS]).findings;
    expect(f!.verdict).toBe('NOT_MET');
    expect(f!.clauseIndex).toBe(2);
    expect(f!.explanation.ko).toContain('90일로 기준(60일 이내)을 넘습니다');
    expect(f!.explanation.en).toContain('90 days is above the limit (at most 60 days)');
    expect(f!.suggestedEdit).toEqual(PAY_DAYS.standardClause);
    const ev = f!.evidence[0]!;
    expect(KO.slice(ev.startOffset, ev.endOffset)).toBe(ev.text);
    expect(ev.text).toContain('구십(90)일 이내에 대금을 지급한다');
  });

  it('threshold: 1.5% per month is read as 18% a year, above 12%', () => {
    const [f] = review(KO, KO_CLAUSES, [INTEREST]).findings;
    expect(f!.verdict).toBe('NOT_MET');
    expect(f!.explanation.ko).toContain('연 18%로');
  });

  it('threshold: within the limit is MET, below a minimum is NOT_MET', () => {
    const ok = KO.replace('구십(90)일', '30일');
    expect(review(ok, clausesOf(ok, [['제3조 (대금의 지급)', 'PAYMENT']]), [PAY_DAYS]).findings[0]!.verdict).toBe('MET');
    expect(review(KO, KO_CLAUSES, [CURE]).findings[0]!.verdict).toBe('MET');
    const short = KO.replace('14일 이상의', '3일 이상의');
    const f = review(short, clausesOf(short, [['제4조 (해지)', 'TERMINATION']]), [CURE]).findings[0]!;
    expect(f.verdict).toBe('NOT_MET');
    expect(f.explanation.ko).toContain('3일로 기준(7일 이상)에 못 미칩니다');
  });

  it('threshold: several numbers in one clause, the captured one counts', () => {
    // 100,000,000원 and 1.5% are in the same clause; only the payment period is captured.
    const f = review(KO, KO_CLAUSES, [PAY_DAYS]).findings[0]!;
    expect(f.explanation.en).toContain('90 days');
  });

  it('threshold: clause without a figure is UNCLEAR; no clause gives the rule\'s missing verdict', () => {
    const text = '제1조 (대금) 갑은 을과 협의한 날에 대금을 지급한다.';
    expect(review(text, clausesOf(text, [['제1조 (대금)', 'PAYMENT']]), [PAY_DAYS]).findings[0]!.verdict).toBe('UNCLEAR');
    const none = '제1조 (목적) 이 계약은 목적을 정한다.';
    const cl = clausesOf(none, [['제1조 (목적)', 'PURPOSE']]);
    expect(review(none, cl, [INTEREST]).findings[0]!.verdict).toBe('NOT_APPLICABLE');
    expect(review(none, cl, [CURE]).findings[0]!).toMatchObject({ verdict: 'NOT_MET', clauseIndex: null, evidence: [] });
    expect(review(none, cl, [PAY_DAYS]).findings[0]!.verdict).toBe('UNCLEAR');
  });

  it('threshold: English words, months and years', () => {
    const en = 'Section 1. Warranty\nSupplier gives a warranty period of three (3) months from delivery.';
    const cl = clausesOf(en, [['Section 1. Warranty', 'IP']]);
    const f = review(en, cl, [WARRANTY], 'en').findings[0]!;
    expect(f.verdict).toBe('NOT_MET');
    expect(f.explanation.en).toContain('3 months is below the limit (at least 6 months)');
    const year = en.replace('three (3) months', 'one (1) years');
    expect(review(year, clausesOf(year, [['Section 1. Warranty', 'IP']]), [WARRANTY], 'en').findings[0]!.verdict).toBe('MET');
  });

  it('present: a missing cap is NOT_MET with the clause heading as evidence; a cap is MET', () => {
    const f = review(KO, KO_CLAUSES, [CAP]).findings[0]!;
    expect(f.verdict).toBe('NOT_MET');
    expect(f.clauseIndex).toBe(4);
    expect(f.evidence[0]!.text).toBe('제5조 (손해배상)');
    expect(KO.slice(f.evidence[0]!.startOffset, f.evidence[0]!.endOffset)).toBe('제5조 (손해배상)');
    const capped = `${KO} 다만, 배상액은 계약금액을 한도로 한다.`;
    const m = review(capped, clausesOf(capped, [['제5조 (손해배상)', 'LIABILITY']]), [CAP]).findings[0]!;
    expect(m.verdict).toBe('MET');
    expect(m.suggestedEdit).toBeNull();
    expect(m.evidence[0]!.text).toContain('한도로 한다');
  });

  it('present: patterns only search the labelled clauses when there are any, the whole text otherwise', () => {
    const text = '제1조 (목적) 배상액은 계약금액을 한도로 한다.\n제2조 (손해배상) 손해를 배상한다.';
    const labelled = clausesOf(text, [['제1조 (목적)', 'PURPOSE'], ['제2조 (손해배상)', 'LIABILITY']]);
    expect(review(text, labelled, [CAP]).findings[0]!.verdict).toBe('NOT_MET');
    const unlabelled = clausesOf(text, [['제1조 (목적)', 'PURPOSE'], ['제2조 (손해배상)', 'OTHER']]);
    const f = review(text, unlabelled, [CAP]).findings[0]!;
    expect(f.verdict).toBe('MET');
    expect(f.clauseIndex).toBe(0);
    // Found outside a labelled clause: less sure.
    const inClause = `${text} 한도로 한다.`;
    const sure = review(inClause, clausesOf(inClause, [['제1조 (목적)', 'PURPOSE'], ['제2조 (손해배상)', 'LIABILITY']]), [CAP]).findings[0]!;
    expect(sure.verdict).toBe('MET');
    expect(sure.confidence).toBeGreaterThan(f.confidence);
  });

  it('absent: a termination at will is NOT_MET unless the same clause compensates', () => {
    const f = review(KO, KO_CLAUSES, [AT_WILL]).findings[0]!;
    expect(f.verdict).toBe('NOT_MET');
    expect(f.evidence[0]!.text).toContain('언제든지 서면 통지로 이 계약을 해지할 수 있다');
    const comp = KO.replace('해지할 수 있다. 상대방이', '해지할 수 있으며, 이 경우 을의 손실을 보상한다. 상대방이');
    expect(review(comp, clausesOf(comp, [['제4조 (해지)', 'TERMINATION']]), [AT_WILL]).findings[0]!.verdict).toBe('MET');
    const fair = KO.replace('갑은 언제든지 서면 통지로 이 계약을 해지할 수 있다. ', '');
    const met = review(fair, clausesOf(fair, [['제4조 (해지)', 'TERMINATION']]), [AT_WILL]).findings[0]!;
    expect(met).toMatchObject({ verdict: 'MET', suggestedEdit: null });
  });

  it('skips patterns that do not compile instead of failing the review', () => {
    const broken = cp('T.BROKEN', { kind: 'present', labels: ['LIABILITY'], patterns: { ko: ['(unclosed', '배상한다'], en: [] } });
    expect(review(KO, KO_CLAUSES, [broken]).findings[0]!.verdict).toBe('MET');
  });
});

describe('runBuiltInReview', () => {
  it('checks only the checkpoints of the position (or BOTH) and reports CHECK then SUMMARIZE', () => {
    const a = cp('T.A_ONLY', CAP.rule, 'PARTY_A');
    const all = [PAY_DAYS, INTEREST, CAP, AT_WILL, CURE, a];
    expect(checkpointsForPosition(all, 'NEUTRAL').map((c) => c.code)).toEqual(['T.INTEREST', 'T.CURE']);
    expect(checkpointsForPosition(all, 'PARTY_A').map((c) => c.code)).toEqual(['T.INTEREST', 'T.CURE', 'T.A_ONLY']);
    const steps: Array<[string, number]> = [];
    const out = runBuiltInReview({ text: KO, language: 'ko', clauses: KO_CLAUSES, position: 'PARTY_B', checkpoints: all }, (s, p) => steps.push([s, p]));
    expect(out.findings.map((f) => f.checkpointCode)).toEqual(['T.PAY_DAYS', 'T.INTEREST', 'T.CAP', 'T.AT_WILL', 'T.CURE']);
    expect(steps[0]).toEqual(['CHECK', 0]);
    expect(steps.at(-1)).toEqual(['SUMMARIZE', 100]);
    expect(steps.map(([, p]) => p)).toEqual([...steps.map(([, p]) => p)].sort((x, y) => x - y));
    expect(out.summary.keyPoints.length).toBeGreaterThan(0);
  });

  it('reviews a 30-page contract well under a second', () => {
    const body = Array.from({ length: 300 }, (_, i) => `제${i + 1}조 (대금의 지급) 갑은 검수 완료 후 ${30 + (i % 40)}일 이내에 대금을 지급한다. 손해를 배상한다. 언제든지 해지할 수 있다.`).join('\n');
    const clauses = clausesOf(body, Array.from({ length: 300 }, (_, i): [string, ClauseLabel] => [`제${i + 1}조 (대금의 지급)`, 'PAYMENT']));
    const t0 = performance.now();
    const out = runBuiltInReview({ text: body, language: 'ko', clauses, position: 'PARTY_B', checkpoints: [PAY_DAYS, INTEREST, CAP, AT_WILL, CURE] });
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(out.findings[0]!.verdict).toBe('NOT_MET'); // 61..69 days occur
  });
});

describe('summarizeExtractive', () => {
  it('picks one sentence of the contract per key topic, with exact offsets, in text order', () => {
    const { keyPoints } = summarizeExtractive(KO, KO_CLAUSES, 'ko');
    for (const k of keyPoints) expect(KO.slice(k.startOffset, k.endOffset)).toBe(k.text);
    const texts = keyPoints.map((k) => k.text);
    expect(texts.some((t) => t.includes('목적'))).toBe(true);
    expect(texts.some((t) => t.includes('2026년 1월 1일부터'))).toBe(true);
    expect(texts.some((t) => t.includes('구십(90)일 이내') || t.includes('100,000,000원'))).toBe(true);
    expect(texts.some((t) => t.includes('해지'))).toBe(true);
    expect(texts.some((t) => t.includes('배상'))).toBe(true);
    expect(keyPoints.map((k) => k.startOffset)).toEqual([...keyPoints.map((k) => k.startOffset)].sort((a, b) => a - b));
    expect(texts.every((t) => !/^제\d+조 \([^)]*\)$/.test(t))).toBe(true);
  });

  it('falls back to the weightiest sentences when no clause is labelled, and is empty for empty text', () => {
    const text = 'This letter confirms that the buyer shall pay USD 10,000 within 30 days. Thanks for your attention to this.';
    expect(summarizeExtractive(text, [], 'en').keyPoints[0]!.text).toContain('USD 10,000');
    expect(summarizeExtractive('', [], 'en').keyPoints).toEqual([]);
  });
});
