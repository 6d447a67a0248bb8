import fs from 'node:fs';
import path from 'node:path';
import { ContractSuggestionsSchema } from '@legal/api';
import { describe, expect, it } from 'vitest';
import { articleNumber, findHeadings, labelClause, splitClauses } from './contract-analysis.clauses';
import { analyzeText, builtInAnalyzer } from './contract-analysis.engine';
import { addPeriod, decimalString, detectLanguage, findAmount, findDates, findVat, isoDate, parseKoreanAmount } from './contract-analysis.fields';
import { COMMON_PAPER_NDA, CUAD_DIR, CUAD_SERVICES, EN_SUPPLY, KO_LEASE, KO_NDA, KO_SERVICE, SHARED_CONTRACTS, sharedContract } from './contract-analysis.fixtures';

const labelsOf = (text: string) => splitClauses(text).map((c) => c.label);

describe('the built-in analysis engine: Korean contracts', () => {
  it('reads every field of a service contract (제N조 (제목), 금 일억원정(₩...), signature blocks)', () => {
    const { suggestions, evidence } = analyzeText(KO_SERVICE);
    expect(suggestions).toEqual({
      title: '소프트웨어 개발 용역계약서',
      contractType: 'SERVICE',
      language: 'ko',
      counterparties: [
        { counterpartyType: 'COMPANY', name: '주식회사 한빛소프트', businessRegistrationNumber: '123-45-67890', representative: '김민준', address: '서울특별시 중구 세종대로 110', role: '갑' },
        { counterpartyType: 'COMPANY', name: '주식회사 새솔테크', businessRegistrationNumber: '220-81-12345', representative: '이서연', address: '경기도 성남시 분당구 판교역로 235', role: '을' },
      ],
      startDate: '2025-03-01',
      endDate: '2025-12-31',
      signedDate: '2025-02-20',
      amount: '100000000',
      currency: 'KRW',
      vat: 'EXCLUDED',
      governingLaw: '대한민국 법',
      disputeResolutionMethod: 'LITIGATION',
    });
    expect(ContractSuggestionsSchema.parse(suggestions)).toEqual(suggestions);
    // Evidence points at the very words, by offset into the text as given.
    for (const e of evidence) expect(KO_SERVICE.slice(e.startOffset, e.endOffset)).toBe(e.text);
    expect(evidence.find((e) => e.field === 'amount')?.text).toBe('금 일억원정(₩100,000,000)');
    expect(evidence.find((e) => e.field === 'disputeResolutionMethod')?.text).toContain('서울중앙지방법원');
  });

  it('splits the articles and labels each one by its heading', () => {
    const clauses = splitClauses(KO_SERVICE);
    expect(clauses.map((c) => [c.heading, c.label])).toEqual([
      ['제1조 (목적)', 'PURPOSE'], ['제2조 (정의)', 'DEFINITIONS'], ['제3조 (계약기간)', 'TERM'], ['제4조 (계약금액 및 지급방법)', 'PAYMENT'],
      ['제5조 (비밀유지)', 'CONFIDENTIALITY'], ['제6조 (지식재산권의 귀속)', 'IP'], ['제7조 (검수)', 'OTHER'], ['제8조 (계약의 해지)', 'TERMINATION'],
      ['제9조 (손해배상)', 'LIABILITY'], ['제10조 (권리의무의 양도 금지)', 'ASSIGNMENT'], ['제11조 (불가항력)', 'FORCE_MAJEURE'], ['제12조 (통지)', 'NOTICE'],
      ['제13조 (준거법)', 'GOVERNING_LAW'], ['제14조 (분쟁의 해결)', 'DISPUTE_RESOLUTION'], ['제15조 (기타)', 'OTHER'],
    ]);
    for (const c of clauses) {
      expect(KO_SERVICE.slice(c.startOffset, c.endOffset)).toBe(c.text);
      expect(c.confidence).toBeGreaterThan(0);
      expect(c.confidence).toBeLessThanOrEqual(1);
    }
    // A cross-reference inside an article ("제7조에 따른") does not start an article; the last one stops before the signatures.
    expect(clauses[3]!.text).toContain('제7조에 따른 검수');
    expect(clauses.at(-1)!.text.endsWith('관계 법령과 일반 상관례에 따른다.')).toBe(true);
    // An unknown heading is OTHER with less confidence than a recognised one.
    expect(clauses[6]!.confidence).toBeLessThan(clauses[0]!.confidence);
  });

  it('reads a lease: spaced title, 제 N 조 [제목], a period given by its length, amounts in 만원, a dotted date alone on its line', () => {
    const { suggestions, clauses } = analyzeText(KO_LEASE);
    expect(suggestions).toMatchObject({
      title: '상가임대차계약서', contractType: 'LEASE', language: 'ko', startDate: '2025-04-01', endDate: '2027-03-31', signedDate: '2025-03-15',
      // The formal 금 ... 원정 wins over the deposit written in 만원; the late-payment rate is never an amount.
      amount: '2500000', currency: 'KRW', vat: 'EXCLUDED', governingLaw: null, disputeResolutionMethod: 'LITIGATION',
    });
    expect(suggestions.counterparties).toEqual([
      { counterpartyType: 'PERSON', name: '홍길동', businessRegistrationNumber: null, representative: null, address: null, role: '갑' },
      { counterpartyType: 'COMPANY', name: '주식회사 바른커피', businessRegistrationNumber: null, representative: null, address: null, role: '을' },
    ]);
    expect(clauses.map((c) => c.label)).toEqual(['PURPOSE', 'TERM', 'PAYMENT', 'TERMINATION', 'OTHER', 'DISPUTE_RESOLUTION']);
    // "임대목적물" is not a purpose clause.
    expect(clauses[4]!.heading).toBe('제 5 조 [원상회복]');
  });

  it('reads the parties of the short definition form (이하 \'갑\') as well as (이하 "갑"이라 한다)', () => {
    const text = ['용역 계약서', "주식회사 한빛(이하 '갑')과 주식회사 새솔(이하 '을')은 다음과 같이 계약을 체결한다.", '제1조(목적) 을은 갑에게 용역을 제공한다.'].join('\n');
    expect(analyzeText(text).suggestions.counterparties.map((c) => [c.role, c.name])).toEqual([['갑', '주식회사 한빛'], ['을', '주식회사 새솔']]);
  });

  it('reads an NDA: headings on the body line, "Korean head noun last" headings, arbitration, a labelled signing date', () => {
    const { suggestions, clauses } = analyzeText(KO_NDA);
    expect(suggestions).toMatchObject({
      title: '비밀유지계약서', contractType: 'NDA', startDate: '2025-01-15', endDate: '2026-01-14', signedDate: '2025-01-10', amount: null, currency: null, vat: null,
      disputeResolutionMethod: 'ARBITRATION',
    });
    expect(suggestions.counterparties.map((c) => [c.name, c.businessRegistrationNumber, c.representative])).toEqual([
      ['주식회사 가온바이오', '105-86-54321', '박지훈'],
      ['주식회사 누리데이터', '214-87-98765', '정하늘'],
    ]);
    expect(clauses.map((c) => c.label)).toEqual(['PURPOSE', 'DEFINITIONS', 'CONFIDENTIALITY', 'TERM', 'CONFIDENTIALITY', 'LIABILITY', 'DISPUTE_RESOLUTION']);
    // "제3조에 따른 의무는" on its own line is a reference inside 제3조, not a second 제3조.
    expect(clauses[2]!.text).toContain('제3조에 따른 의무는');
  });
});

describe('the built-in analysis engine: English contracts', () => {
  it('reads an English supply agreement with ARTICLE headings', () => {
    const { suggestions, clauses } = analyzeText(EN_SUPPLY);
    expect(suggestions).toMatchObject({
      title: 'Supply Agreement', contractType: 'SUPPLY', language: 'en', startDate: '2025-04-01', endDate: '2027-03-31', signedDate: '2025-03-03',
      amount: '250000', currency: 'USD', vat: 'EXCLUDED', governingLaw: 'Laws of the Republic of Korea', disputeResolutionMethod: 'ARBITRATION',
    });
    expect(suggestions.counterparties.map((c) => [c.name, c.counterpartyType, c.role])).toEqual([
      ['Hanbit Electronics Co., Ltd.', 'COMPANY', 'Buyer'],
      ['Pacific Components Inc.', 'COMPANY', 'Supplier'],
    ]);
    expect(clauses.map((c) => c.label)).toEqual(['DEFINITIONS', 'TERM', 'PAYMENT', 'CONFIDENTIALITY', 'INDEMNIFICATION', 'TERMINATION', 'FORCE_MAJEURE', 'GOVERNING_LAW']);
    // The last article ends before IN WITNESS WHEREOF.
    expect(clauses.at(-1)!.text).not.toContain('IN WITNESS');
  });

  it('reads a real CUAD services agreement whose articles run inline ("... as follows: 1. Services. ...")', () => {
    const text = sharedContract(CUAD_SERVICES);
    const { suggestions, clauses } = analyzeText(text);
    expect(suggestions).toMatchObject({
      title: 'Services Agreement', contractType: 'SERVICE', language: 'en', signedDate: '2019-04-01',
      // "shall commence on the date hereof"
      startDate: '2019-04-01', amount: '1000', currency: 'USD', governingLaw: 'Laws of the State of New York', disputeResolutionMethod: 'LITIGATION',
    });
    expect(suggestions.counterparties.map((c) => [c.name, c.counterpartyType])).toEqual([['Idan Maimon', 'PERSON'], ['Intellisense Solutions, Inc.', 'COMPANY']]);
    expect(clauses.map((c) => c.heading)).toEqual([
      '1. Services', '2. Duties', '3. Term', '4. Compensation', '5. Termination', '6. Reimbursement', '7. Confidential Information',
      '8. Conflicts of Interest, Non-Competition, Non-Solicitation', '9. Waiver of Breach', '10. Binding Effect; Benefits', '11. Entire Agreement; Amendments',
      '12. Severability', '13. Governing Law; Consent to Jurisdiction', '14. Headings', '15. Counterparts',
    ]);
    expect(clauses.filter((c) => c.label !== 'OTHER').map((c) => [c.heading, c.label])).toEqual([
      ['3. Term', 'TERM'], ['4. Compensation', 'PAYMENT'], ['5. Termination', 'TERMINATION'], ['6. Reimbursement', 'PAYMENT'],
      ['7. Confidential Information', 'CONFIDENTIALITY'], ['10. Binding Effect; Benefits', 'ASSIGNMENT'], ['13. Governing Law; Consent to Jurisdiction', 'GOVERNING_LAW'],
    ]);
    // "$1,000" and "30 days" inside the articles do not split them.
    expect(clauses[3]!.text).toContain('$1,000');
  });

  it('reads the Common Paper Mutual NDA standard terms (Markdown, "1. **Introduction**.")', () => {
    const text = sharedContract(COMMON_PAPER_NDA);
    const { suggestions, clauses } = analyzeText(text);
    expect(suggestions).toMatchObject({ title: 'Mutual Non-Disclosure Agreement', contractType: 'NDA', language: 'en', counterparties: [], amount: null });
    // "the laws of the State designated on the Cover Page" names no law.
    expect(suggestions.governingLaw).toBeNull();
    expect(clauses.slice(0, 3).map((c) => [c.heading, c.label])).toEqual([
      ['1. Introduction', 'PURPOSE'], ['2. Use and Protection of Confidential Information', 'CONFIDENTIALITY'], ['3. Exceptions', 'CONFIDENTIALITY'],
    ]);
    expect(clauses.find((c) => c.heading === '9. Governing Law and Jurisdiction')?.label).toBe('GOVERNING_LAW');
  });

  it('answers well-formed results for every CUAD development contract, each clause inside the text', () => {
    const dir = path.join(SHARED_CONTRACTS, CUAD_DIR);
    const names = fs.readdirSync(dir).filter((n) => n.endsWith('.txt'));
    expect(names.length).toBeGreaterThan(30);
    let withClauses = 0;
    for (const name of names) {
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      const { suggestions, clauses, evidence } = analyzeText(text);
      ContractSuggestionsSchema.parse(suggestions);
      let previousEnd = 0;
      for (const c of clauses) {
        expect(c.startOffset, name).toBeGreaterThanOrEqual(previousEnd);
        expect(text.slice(c.startOffset, c.endOffset), name).toBe(c.text);
        previousEnd = c.endOffset;
      }
      for (const e of evidence) expect(text.slice(e.startOffset, e.endOffset), name).toBe(e.text);
      if (clauses.length >= 3) withClauses++;
      expect(suggestions.language, name).toBe('en');
    }
    expect(withClauses).toBeGreaterThan(names.length / 2);
  });
});

describe('the engine\'s parts', () => {
  it('parses Korean amounts in words, figures and units', () => {
    expect(parseKoreanAmount('일억')).toBe(100_000_000);
    expect(parseKoreanAmount('일억오천만')).toBe(150_000_000);
    expect(parseKoreanAmount('1억 5천만')).toBe(150_000_000);
    expect(parseKoreanAmount('5,000만')).toBe(50_000_000);
    expect(parseKoreanAmount('삼천이백만')).toBe(32_000_000);
    expect(parseKoreanAmount('이백오십만')).toBe(2_500_000);
    expect(parseKoreanAmount('십')).toBe(10);
    expect(parseKoreanAmount('계약')).toBeNull();
    expect(decimalString(1234.5)).toBe('1234.5');
    expect(decimalString(0)).toBeNull();
  });

  it('finds the contract amount, not a penalty, and its currency and VAT treatment', () => {
    const penaltyFirst = '지체상금은 1일당 100,000원으로 한다. 총 계약금액은 30,000,000원(VAT 포함)이다.';
    expect(findAmount(penaltyFirst, [])?.value).toEqual({ amount: '30000000', currency: 'KRW' });
    expect(findVat(penaltyFirst, penaltyFirst.indexOf('30,000,000원'))).toBe('INCLUDED');
    expect(findAmount('The fee is EUR 12,500.50 per year.', [])?.value).toEqual({ amount: '12500.5', currency: 'EUR' });
    expect(findAmount('미화 10,000달러를 지급한다.', [])?.value).toEqual({ amount: '10000', currency: 'USD' });
    expect(findAmount('대금은 ￦3,300,000으로 한다.', [])?.value).toEqual({ amount: '3300000', currency: 'KRW' });
    expect(findVat('부가가치세 불포함', null)).toBe('EXCLUDED');
    expect(findAmount('이 계약에는 금액이 없다.', [])).toBeNull();
  });

  it('reads dates in every written form and refuses impossible ones', () => {
    const text = '2025년 3월 1일, 2025-04-02, 2025.5.3., 2025/06/04, July 5, 2025, 6th day of August, 2025, 2025년 2월 30일';
    expect(findDates(text).map((d) => d.value)).toEqual(['2025-03-01', '2025-04-02', '2025-05-03', '2025-06-04', '2025-07-05', '2025-08-06']);
    expect(isoDate(2025, 2, 29)).toBeNull();
    expect(addPeriod('2024-02-29', 1, 'year')).toBe('2025-02-28');
    expect(addPeriod('2025-01-31', 1, 'month')).toBe('2025-03-02');
    // A business registration number is not a date.
    expect(findDates('사업자등록번호 123-45-67890')).toEqual([]);
  });

  it('labels by heading first, by the words of the text otherwise', () => {
    expect(labelClause('준거법 및 관할', '')).toMatchObject({ label: 'GOVERNING_LAW' });
    expect(labelClause('비밀정보의 정의', '')).toMatchObject({ label: 'DEFINITIONS', confidence: 0.95 });
    expect(labelClause('Limitation of Liability', '')).toMatchObject({ label: 'LIABILITY' });
    expect(labelClause('Force Majeure', '')).toMatchObject({ label: 'FORCE_MAJEURE' });
    expect(labelClause(null, 'Licensee shall indemnify, defend and hold harmless Licensor against any claim.')).toMatchObject({ label: 'INDEMNIFICATION' });
    expect(labelClause(null, '이 조항은 아무 내용도 없다.')).toEqual({ label: 'OTHER', confidence: 0.3 });
    expect(articleNumber('XIV')).toBe(14);
    expect(findHeadings('ARTICLE I\nDEFINITIONS\nterms\nARTICLE II\nTERM\nOne year.').map((h) => [h.number, h.title])).toEqual([[1, 'DEFINITIONS'], [2, 'TERM']]);
    expect(splitClauses('아무 조항이 없는 메모입니다.')).toEqual([]);
  });

  it('detects the language by script', () => {
    expect(detectLanguage(KO_SERVICE)).toBe('ko');
    expect(detectLanguage(EN_SUPPLY)).toBe('en');
    expect(detectLanguage('本契約は、甲と乙との間で締結される業務委託契約である。')).toBe('ja');
    expect(detectLanguage('12345')).toBeNull();
  });

  it('is the BUILT_IN engine behind the analyzer interface, and deterministic', async () => {
    expect(builtInAnalyzer.engine).toBe('BUILT_IN');
    expect(await builtInAnalyzer.analyze(KO_NDA)).toEqual(analyzeText(KO_NDA));
    expect(labelsOf(KO_NDA)).toEqual(labelsOf(KO_NDA));
  });
});
