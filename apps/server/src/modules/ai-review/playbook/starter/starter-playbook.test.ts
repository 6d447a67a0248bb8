import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CheckpointRule, LawReference } from '../playbook.types';
import { STARTER_PLAYBOOK } from './index';

// The skeleton's 69 codes (fixed: the evaluation set and the service rely on them).
const SKELETON_CODES = [
  'NDA.PURPOSE_LIMITATION', 'NDA.DEFINITION_MARKING', 'NDA.STANDARD_EXCLUSIONS', 'NDA.COMPELLED_DISCLOSURE', 'NDA.OBLIGATION_SURVIVAL',
  'NDA.NO_PERPETUAL_OBLIGATION', 'NDA.RETURN_OR_DESTROY', 'NDA.NO_LICENSE', 'NDA.NO_EXCESSIVE_PENALTY', 'NDA.INJUNCTIVE_RELIEF', 'NDA.GOVERNING_LAW_FORUM',
  'SERVICE.SCOPE_DEFINED', 'SERVICE.PAYMENT_DUE_DAYS', 'SERVICE.LATE_PAYMENT_INTEREST', 'SERVICE.ACCEPTANCE_DEEMED', 'SERVICE.LIABILITY_CAP',
  'SERVICE.NO_CONSEQUENTIAL', 'SERVICE.NO_TERMINATION_AT_WILL', 'SERVICE.CURE_PERIOD', 'SERVICE.IP_OWNERSHIP', 'SERVICE.CONFIDENTIALITY',
  'SERVICE.AUTO_RENEWAL_NOTICE', 'SERVICE.DISPUTE_FORUM',
  'SUPPLY.DELIVERY_TERMS', 'SUPPLY.INSPECTION_DEADLINE', 'SUPPLY.WARRANTY_PERIOD', 'SUPPLY.RISK_TRANSFER', 'SUPPLY.PAYMENT_DUE_DAYS',
  'SUPPLY.DELAY_PENALTY_CAP', 'SUPPLY.NO_UNILATERAL_PRICE_CHANGE', 'SUPPLY.LIABILITY_CAP', 'SUPPLY.TERMINATION_NOTICE',
  'LICENSE.GRANT_SCOPE', 'LICENSE.ROYALTY_TERMS', 'LICENSE.AUDIT_RIGHTS', 'LICENSE.NON_INFRINGEMENT', 'LICENSE.SUBLICENSE_CONSENT',
  'LICENSE.IMPROVEMENTS', 'LICENSE.POST_TERMINATION', 'LICENSE.LIABILITY_CAP',
  'EMPLOYMENT.WAGE_TERMS', 'EMPLOYMENT.WORKING_HOURS', 'EMPLOYMENT.ANNUAL_LEAVE', 'EMPLOYMENT.NO_PENALTY_CLAUSE', 'EMPLOYMENT.NON_COMPETE_LIMIT',
  'EMPLOYMENT.DISMISSAL_NOTICE', 'EMPLOYMENT.PROBATION_LIMIT', 'EMPLOYMENT.PLACE_AND_DUTIES',
  'LEASE.DEPOSIT_RETURN', 'LEASE.RENT_INCREASE_CAP', 'LEASE.RENEWAL_RIGHT', 'LEASE.REPAIRS', 'LEASE.RESTORATION_SCOPE', 'LEASE.ARREARS_TERMINATION',
  'LEASE.SUBLEASE_CONSENT',
  'SUBCONTRACT.WRITTEN_TERMS', 'SUBCONTRACT.PAYMENT_60_DAYS', 'SUBCONTRACT.LATE_INTEREST', 'SUBCONTRACT.NO_UNFAIR_RETURN', 'SUBCONTRACT.NO_PRICE_REDUCTION',
  'SUBCONTRACT.TECH_DATA', 'SUBCONTRACT.PRICE_ADJUSTMENT', 'SUBCONTRACT.INSPECTION_10_DAYS', 'SUBCONTRACT.NO_UNFAIR_CANCELLATION',
  'MOU.NON_BINDING', 'MOU.BINDING_CONFIDENTIALITY', 'MOU.TERM_EXPIRY', 'MOU.OWN_COSTS', 'MOU.NO_EXCLUSIVITY',
];

// One clause per language that violates each checkpoint (NOT_MET), written here, apart from the playbook.
const COUNTER_EXAMPLES: Record<string, { ko: string; en: string }> = {
  'NDA.PURPOSE_LIMITATION': { ko: '을은 비밀정보를 선량한 관리자의 주의로 관리한다.', en: 'The Recipient shall keep the Confidential Information secure.' },
  'NDA.DEFINITION_MARKING': { ko: '비밀정보란 갑이 을에게 제공하는 일체의 정보를 말한다.', en: 'Confidential Information means all information disclosed by the Discloser.' },
  'NDA.STANDARD_EXCLUSIONS': { ko: '을은 모든 비밀정보를 예외 없이 비밀로 유지한다.', en: 'The Recipient shall keep all Confidential Information secret without exception.' },
  'NDA.COMPELLED_DISCLOSURE': { ko: '을은 어떠한 경우에도 비밀정보를 제3자에게 공개할 수 없다.', en: 'The Recipient shall under no circumstances disclose Confidential Information to anyone.' },
  'NDA.OBLIGATION_SURVIVAL': { ko: '본 계약의 유효기간은 1년으로 한다.', en: 'This Agreement has a term of one year.' },
  'NDA.NO_PERPETUAL_OBLIGATION': { ko: '수령자의 비밀유지의무는 기간의 제한 없이 영구히 존속한다.', en: 'The obligations of confidentiality shall continue in perpetuity.' },
  'NDA.RETURN_OR_DESTROY': { ko: '계약이 종료되면 수령자는 비밀정보를 더 이상 사용하지 않는다.', en: 'After termination the Recipient will stop using the information.' },
  'NDA.NO_LICENSE': { ko: '공개자는 필요한 정보를 수령자에게 제공한다.', en: 'The Discloser will provide the information the Recipient needs.' },
  'NDA.NO_EXCESSIVE_PENALTY': { ko: '을이 본 계약을 위반하는 경우 위반 1회당 금 1억 원을 위약벌로 갑에게 지급한다.', en: 'The Recipient shall pay liquidated damages of USD 100,000 for each breach.' },
  'NDA.INJUNCTIVE_RELIEF': { ko: '당사자는 분쟁을 협의로 해결한다.', en: 'The parties shall settle disputes by negotiation.' },
  'NDA.GOVERNING_LAW_FORUM': { ko: '본 계약에 정하지 않은 사항은 상관례에 따른다.', en: 'Matters not covered are settled by good-faith negotiation.' },
  'SERVICE.SCOPE_DEFINED': { ko: '갑은 을에게 업무를 위탁하고 을은 이를 성실히 수행한다.', en: 'The Client engages the Provider, who agrees to perform in good faith.' },
  'SERVICE.PAYMENT_DUE_DAYS': { ko: '갑은 세금계산서를 받은 날부터 90일 이내에 대금을 지급한다.', en: 'The Client shall pay each invoice within ninety (90) days of receipt.' },
  'SERVICE.LATE_PAYMENT_INTEREST': { ko: '갑은 대금을 지급기일에 현금으로 지급한다.', en: 'The Client shall pay the fees in cash on the due date.' },
  'SERVICE.ACCEPTANCE_DEEMED': { ko: '갑은 산출물을 검수하고 그 결과를 을에게 통지한다.', en: 'The Client shall inspect the deliverables and notify the result.' },
  'SERVICE.LIABILITY_CAP': { ko: '을은 본 계약 위반으로 갑에게 발생한 모든 손해를 배상한다.', en: 'The Provider shall indemnify the Client for all losses arising from any breach.' },
  'SERVICE.NO_CONSEQUENTIAL': { ko: '을은 간접손해를 포함하여 갑에게 발생한 모든 손해를 배상한다.', en: 'The Provider is liable for all damages, including indirect damages.' },
  'SERVICE.NO_TERMINATION_AT_WILL': { ko: '갑은 언제든지 사유 없이 본 계약을 해지할 수 있다.', en: 'The Client may terminate this Agreement at any time for convenience.' },
  'SERVICE.CURE_PERIOD': { ko: '당사자 일방이 계약을 위반하면 상대방은 3일 이내에 시정할 것을 요구하고 시정되지 않으면 해지할 수 있다.', en: 'A party may terminate if a breach is not cured within 2 days of notice.' },
  'SERVICE.IP_OWNERSHIP': { ko: '산출물에 관한 모든 권리는 을에게 귀속한다.', en: 'The Provider retains all rights in the work product.' },
  'SERVICE.CONFIDENTIALITY': { ko: '을은 업무상 알게 된 갑의 정보를 누설하여서는 아니 된다.', en: 'The Provider shall keep the Client\'s information confidential.' },
  'SERVICE.AUTO_RENEWAL_NOTICE': { ko: '본 계약은 기간 만료 시 동일한 조건으로 1년씩 자동 연장된다.', en: 'This Agreement renews automatically for successive one-year terms.' },
  'SERVICE.DISPUTE_FORUM': { ko: '분쟁은 당사자 간 협의로 해결한다.', en: 'Disputes are resolved amicably by the parties.' },
  'SUPPLY.DELIVERY_TERMS': { ko: '을은 물품을 갑에게 공급한다.', en: 'The Supplier shall supply the Products to the Buyer.' },
  'SUPPLY.INSPECTION_DEADLINE': { ko: '갑은 물품을 수령한 날부터 60일 이내에 검사하여야 한다.', en: 'The Buyer shall inspect the Products within sixty (60) days after delivery.' },
  'SUPPLY.WARRANTY_PERIOD': { ko: '을은 납품 후 3개월간 하자를 보증한다.', en: 'The Supplier warrants the Products for a period of 3 months from delivery.' },
  'SUPPLY.RISK_TRANSFER': { ko: '을은 물품을 안전하게 포장하여 운송한다.', en: 'The Supplier shall pack the Products safely for transport.' },
  'SUPPLY.PAYMENT_DUE_DAYS': { ko: '갑은 물품을 수령한 날부터 120일 이내에 대금을 지급한다.', en: 'Payment is due within 120 days after delivery.' },
  'SUPPLY.DELAY_PENALTY_CAP': { ko: '을이 납기를 지체한 경우 지체일수 1일당 계약금액의 1,000분의 3을 지체상금으로 지급한다.', en: 'The Supplier shall pay liquidated damages of 1% of the price per day of delay.' },
  'SUPPLY.NO_UNILATERAL_PRICE_CHANGE': { ko: '갑은 시장 상황에 따라 단가를 일방적으로 조정할 수 있다.', en: 'The Buyer may unilaterally change the prices on notice.' },
  'SUPPLY.LIABILITY_CAP': { ko: '을은 물품의 하자로 갑에게 발생한 모든 손해를 배상한다.', en: 'The Supplier shall compensate all losses caused by defective Products.' },
  'SUPPLY.TERMINATION_NOTICE': { ko: '갑은 을이 계약을 위반한 때 즉시 계약을 해지할 수 있다.', en: 'The Buyer may terminate this Agreement immediately upon any breach.' },
  'LICENSE.GRANT_SCOPE': { ko: '허락권자는 사용권자에게 본 기술의 사용을 허락한다.', en: 'The Licensor permits the Licensee to use the Technology.' },
  'LICENSE.ROYALTY_TERMS': { ko: '사용권자는 허락권자에게 소정의 사용료를 지급한다.', en: 'The Licensee shall pay royalties as agreed from time to time.' },
  'LICENSE.AUDIT_RIGHTS': { ko: '사용권자는 매 분기 판매 수량을 허락권자에게 보고한다.', en: 'The Licensee shall report quarterly sales to the Licensor.' },
  'LICENSE.NON_INFRINGEMENT': { ko: '허락권자는 본 기술을 현 상태대로 제공하며 어떠한 보증도 하지 아니한다.', en: 'The Licensed Technology is provided as is without any warranty.' },
  'LICENSE.SUBLICENSE_CONSENT': { ko: '사용권자는 제3자에게 재실시권을 허락할 수 있다.', en: 'The Licensee may grant sublicenses freely.' },
  'LICENSE.IMPROVEMENTS': { ko: '사용권자는 본 기술을 계약 목적 범위에서 사용한다.', en: 'The Licensee shall use the Technology within the Field.' },
  'LICENSE.POST_TERMINATION': { ko: '본 계약의 유효기간은 3년으로 한다.', en: 'This Agreement has a term of three years.' },
  'LICENSE.LIABILITY_CAP': { ko: '허락권자는 본 계약과 관련하여 발생한 모든 손해를 배상한다.', en: 'The Licensor shall compensate the Licensee for all losses.' },
  'EMPLOYMENT.WAGE_TERMS': { ko: '근로자의 임금은 회사 내규에 따른다.', en: 'The Employee\'s pay follows the Company\'s internal rules.' },
  'EMPLOYMENT.WORKING_HOURS': { ko: '1주 소정근로시간은 휴게시간을 제외하고 48시간으로 한다.', en: 'The regular working hours are 50 hours per week.' },
  'EMPLOYMENT.ANNUAL_LEAVE': { ko: '휴일은 주휴일로 한다.', en: 'The Employee shall have Sundays off.' },
  'EMPLOYMENT.NO_PENALTY_CLAUSE': { ko: '근로자가 1년 이내에 퇴사하는 경우 위약금으로 300만 원을 회사에 지급한다.', en: 'If the Employee resigns within one year, the Employee shall pay a penalty of KRW 3,000,000.' },
  'EMPLOYMENT.NON_COMPETE_LIMIT': { ko: '근로자는 퇴직 후 3년간 회사와 경쟁관계에 있는 업체에 취업하지 아니한다.', en: 'For 36 months after the termination of employment the Employee shall not work for a competitor.' },
  'EMPLOYMENT.DISMISSAL_NOTICE': { ko: '회사는 근로자를 해고하려면 7일 전에 통지한다.', en: 'The Company may dismiss the Employee on 7 days\' notice.' },
  'EMPLOYMENT.PROBATION_LIMIT': { ko: '수습기간은 입사일부터 6개월로 한다.', en: 'The probation period is 6 months from the start date.' },
  'EMPLOYMENT.PLACE_AND_DUTIES': { ko: '근로자는 회사의 지시에 따라 성실히 근무한다.', en: 'The Employee shall work diligently as instructed.' },
  'LEASE.DEPOSIT_RETURN': { ko: '임차인은 계약 시 보증금 1억 원을 임대인에게 지급한다.', en: 'The Tenant shall pay a deposit of KRW 100,000,000 on signing.' },
  'LEASE.RENT_INCREASE_CAP': { ko: '임대인은 매년 차임을 10% 증액할 수 있다.', en: 'The Landlord may increase the rent by 10% each year.' },
  'LEASE.RENEWAL_RIGHT': { ko: '임대차기간은 2년으로 한다.', en: 'The lease term is two years.' },
  'LEASE.REPAIRS': { ko: '임차인은 임차건물을 사무실 용도로만 사용한다.', en: 'The Tenant shall use the Premises only as an office.' },
  'LEASE.RESTORATION_SCOPE': { ko: '임차인은 계약 종료 시 임차건물을 원상으로 복구하여 반환한다.', en: 'On expiry the Tenant shall restore the Premises to their original state.' },
  'LEASE.ARREARS_TERMINATION': { ko: '임차인이 차임을 1회라도 연체하는 경우 임대인은 즉시 계약을 해지할 수 있다.', en: 'If the rent is overdue for 1 month, the Landlord may terminate immediately.' },
  'LEASE.SUBLEASE_CONSENT': { ko: '임차인은 임차건물의 일부를 자유롭게 전대할 수 있다.', en: 'The Tenant may freely sublet any part of the Premises.' },
  'SUBCONTRACT.WRITTEN_TERMS': { ko: '수급사업자는 원사업자의 지시에 따라 물품을 제조한다.', en: 'The Subcontractor shall manufacture the goods as instructed.' },
  'SUBCONTRACT.PAYMENT_60_DAYS': { ko: '원사업자는 목적물을 수령한 날부터 90일 이내에 하도급대금을 지급한다.', en: 'The subcontract price is payable within 90 days after receipt of the goods.' },
  'SUBCONTRACT.LATE_INTEREST': { ko: '원사업자는 하도급대금을 현금으로 지급한다.', en: 'The Contractor shall pay the subcontract price in cash.' },
  'SUBCONTRACT.NO_UNFAIR_RETURN': { ko: '원사업자는 판매 부진 등 사정에 따라 납품받은 목적물을 반품할 수 있다.', en: 'The Contractor may return unsold goods at its discretion.' },
  'SUBCONTRACT.NO_PRICE_REDUCTION': { ko: '원사업자는 경영 사정이 악화된 경우 하도급대금을 감액할 수 있다.', en: 'The Contractor may reduce the subcontract price if its business conditions worsen.' },
  'SUBCONTRACT.TECH_DATA': { ko: '수급사업자는 원사업자가 요청하는 경우 제품의 설계도면 등 기술자료를 제공하여야 한다.', en: 'The Subcontractor shall provide any technical data the Contractor requests.' },
  'SUBCONTRACT.PRICE_ADJUSTMENT': { ko: '하도급대금은 계약기간 동안 고정된다.', en: 'The subcontract price is fixed for the term.' },
  'SUBCONTRACT.INSPECTION_10_DAYS': { ko: '원사업자는 목적물을 수령한 날부터 30일 이내에 검사 결과를 통지한다.', en: 'The Contractor shall notify the inspection result within 30 days after delivery.' },
  'SUBCONTRACT.NO_UNFAIR_CANCELLATION': { ko: '원사업자는 경영상 필요에 따라 발주를 취소할 수 있다.', en: 'The Contractor may cancel any purchase order at any time for any reason.' },
  'MOU.NON_BINDING': { ko: '양 당사자는 본 양해각서에 따른 의무를 성실히 이행한다.', en: 'The parties shall perform their obligations under this MOU in good faith.' },
  'MOU.BINDING_CONFIDENTIALITY': { ko: '양 당사자는 협력 과정에서 알게 된 정보를 공유할 수 있다.', en: 'The parties may share information during the cooperation.' },
  'MOU.TERM_EXPIRY': { ko: '양 당사자는 상호 협력 분야를 지속적으로 발굴한다.', en: 'The parties will keep exploring areas of cooperation.' },
  'MOU.OWN_COSTS': { ko: '본 양해각서의 이행에 필요한 비용은 갑이 부담한다.', en: 'Party A shall bear all costs of the cooperation.' },
  'MOU.NO_EXCLUSIVITY': { ko: '양 당사자는 본 양해각서의 유효기간 동안 제3자와 동일한 사업에 관하여 협상하여서는 아니 된다.', en: 'The parties shall work together exclusively on the Project.' },
};

// Test-local evaluator of the rule semantics (playbook.types.ts) on one clause carrying the labels.
type Verdict = 'MET' | 'NOT_MET' | 'UNCLEAR';
const UNIT_DAYS = { DAYS: 1, MONTHS: 30, YEARS: 365 } as const;

function unitAfter(rest: string): keyof typeof UNIT_DAYS | 'PERCENT' | null {
  const s = rest.replace(/^\)?\s*/, '');
  if (/^(?:%|퍼센트|프로|percent)/iu.test(s)) return 'PERCENT';
  if (/^(?:개월|월|달|기|회|months?|periods?|instal+ments?|times)/iu.test(s)) return 'MONTHS';
  if (/^(?:년|years?)/iu.test(s)) return 'YEARS';
  if (/^(?:일|(?:calendar\s+|business\s+|working\s+)?days?)/iu.test(s)) return 'DAYS';
  return null;
}

function evaluate(rule: CheckpointRule, clause: string, lang: 'ko' | 'en'): Verdict {
  const any = (sources: string[] | undefined) => (sources ?? []).some((s) => new RegExp(s, 'iu').test(clause));
  if (rule.kind === 'present') return any(rule.patterns[lang]) ? 'MET' : 'NOT_MET';
  if (rule.kind === 'absent') return any(rule.patterns[lang]) && !any(rule.unless?.[lang]) ? 'NOT_MET' : 'MET';
  for (const source of rule.patterns[lang]) {
    const m = new RegExp(source, 'iud').exec(clause);
    if (!m?.[1] || !m.indices?.[1]) continue;
    let value = Number(m[1]);
    const unit = unitAfter(clause.slice(m.indices[1][1]));
    if (rule.unit in UNIT_DAYS && unit && unit in UNIT_DAYS) {
      value = (value * UNIT_DAYS[unit as keyof typeof UNIT_DAYS]) / UNIT_DAYS[rule.unit as keyof typeof UNIT_DAYS];
    }
    if (rule.max !== undefined && value > rule.max) return 'NOT_MET';
    if (rule.min !== undefined && value < rule.min) return 'NOT_MET';
    return 'MET';
  }
  return 'UNCLEAR';
}

// Test-local reader of apps/server/law-data/current (the statute copies this playbook cites).
const LAW_ROOT = new URL('../../../../../law-data/current/', import.meta.url);
const lawFiles = new Map(
  readFileSync(new URL('MANIFEST.csv', LAW_ROOT), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(','))
    .map(([folder, file, , , , title]) => [title!, `${folder}/${file}`] as const),
);
const CIRCLED = '①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮';

function articleText(ref: LawReference): string | null {
  const file = lawFiles.get(ref.lawName);
  if (!file) return null;
  const text = readFileSync(new URL(file, LAW_ROOT), 'utf8');
  const start = text.indexOf(`##### ${ref.article} (`);
  if (start < 0) return null;
  const next = text.slice(start + 6).search(/\n#{1,5} /);
  const body = next < 0 ? text.slice(start) : text.slice(start, start + 6 + next);
  if (/^##### [^(]+\(삭제\)|^[^\n]*\n+\s*삭제/.test(body)) return null;
  if (ref.paragraph !== undefined && !body.includes(`**${CIRCLED[ref.paragraph - 1]}**`)) return null;
  return body;
}

describe('starter playbook', () => {
  it('has exactly the skeleton\'s checkpoint codes, each once', () => {
    const codes = STARTER_PLAYBOOK.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual([...SKELETON_CODES].sort());
  });

  it.each(STARTER_PLAYBOOK.map((c) => [c.code, c] as const))('%s: texts, patterns, law and examples', (code, c) => {
    expect(code.startsWith(`${c.contractType}.`)).toBe(true);
    for (const text of [c.question, c.metWhen, c.rationale, c.standardClause]) {
      expect(text.ko.trim()).not.toBe('');
      expect(text.en.trim()).not.toBe('');
      expect(text.ko).toMatch(/[가-힣]/);
    }
    const rule = c.rule;
    const sources = [...rule.patterns.ko, ...rule.patterns.en, ...(rule.kind === 'absent' ? [...(rule.unless?.ko ?? []), ...(rule.unless?.en ?? [])] : [])];
    expect(rule.patterns.ko.length).toBeGreaterThan(0);
    expect(rule.patterns.en.length).toBeGreaterThan(0);
    for (const s of sources) expect(() => new RegExp(s, 'iu')).not.toThrow();
    if (rule.kind === 'threshold') {
      expect(rule.min !== undefined || rule.max !== undefined).toBe(true);
      for (const s of [...rule.patterns.ko, ...rule.patterns.en]) expect(new RegExp(`${s}|`, 'u').exec('')!.length).toBeGreaterThan(1);
    }
    for (const ref of c.legalBasis) expect(articleText(ref), `${ref.lawName} ${ref.article} ${ref.paragraph ?? ''}`).not.toBeNull();

    for (const lang of ['ko', 'en'] as const) {
      expect(c.examples[lang].length).toBeGreaterThanOrEqual(2);
      for (const example of c.examples[lang]) expect(evaluate(rule, example, lang), `${lang}: ${example}`).toBe('MET');
      const counter = COUNTER_EXAMPLES[code]![lang];
      expect(evaluate(rule, counter, lang), `${lang} counter: ${counter}`).toBe('NOT_MET');
    }
  });

  it('the law reader rejects what does not exist', () => {
    expect(articleText({ lawName: '민법', article: '제398조', paragraph: 2 })).not.toBeNull();
    expect(articleText({ lawName: '민법', article: '제398조', paragraph: 9 })).toBeNull();
    expect(articleText({ lawName: '민법', article: '제9999조' })).toBeNull();
    expect(articleText({ lawName: '없는 법', article: '제1조' })).toBeNull();
  });
});

describe('positions and question examples', () => {
  it('name both sides and neutral, and give 5 questions per language, for every contract type', async () => {
    const { REVIEW_CONTRACT_TYPES } = await import('@legal/api');
    const { CONTRACT_TYPE_POSITIONS, QUESTION_EXAMPLES } = await import('../index');
    for (const type of REVIEW_CONTRACT_TYPES) {
      for (const position of ['PARTY_A', 'PARTY_B', 'NEUTRAL'] as const) {
        expect(CONTRACT_TYPE_POSITIONS[type][position].ko).toMatch(/[가-힣]/);
        expect(CONTRACT_TYPE_POSITIONS[type][position].en.trim()).not.toBe('');
      }
      expect(QUESTION_EXAMPLES[type].ko).toHaveLength(5);
      expect(QUESTION_EXAMPLES[type].en).toHaveLength(5);
      expect(new Set(QUESTION_EXAMPLES[type].ko).size).toBe(5);
      expect(STARTER_PLAYBOOK.some((c) => c.contractType === type)).toBe(true);
    }
  });
});
