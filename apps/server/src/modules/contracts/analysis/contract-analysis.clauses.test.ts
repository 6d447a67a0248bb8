import { describe, expect, it } from 'vitest';
import { findHeadings, splitClauses } from './contract-analysis.clauses';
import { CUAD_DIR, KO_LEASE, KO_NDA, KO_SERVICE, sharedContract } from './contract-analysis.fixtures';

const headingsOf = (text: string) => splitClauses(text).map((c) => c.heading);
const cuad = (name: string) => sharedContract(`${CUAD_DIR}/${name}`);

// Excerpts of CUAD v1 development contracts (../shared/data/contracts/cuad-dev/txt), as written there:
// whole sections run on one line, numbered "1.", "1.1", "4.3.".
/** InmodeLtd ... Manufacturing Agreement: "1. Precedence 1.1 ...", a date written 1.4.2011, titles CUAD runs into the first sentence. */
const INMODE = `This Turn - Key Manufacturing Agreement (the "Agreement") is effective as of the 1.4.2011 (the "Effective Date") by and between: INVASIX LTD. Now therefore, the parties hereto have agreed and do hereby agree as follows: 1. Precedence 1.1 The terms and conditions and appendices herein shall govern all services performed by Contractor pertaining to the subject matter. 1.2 It is the intent of the parties that this Agreement and its appendices represent the entire agreement and prevail over the terms and conditions of any purchase order, acknowledgment form or order instruction. 2. Term This Agreement shall commence on the Effective Date and shall continue for an initial term of year as of the Effective Date. 3. Scope Of Work Contractor will, pursuant to the written specifications given by Customer and pre approved by Contractor ("Specifications"), perform manufacturing services on behalf of Customer.

Source: INMODE LTD., F-1/A, 7/29/2019





4. Contractor's Obligations 4.1 Contractor shall provide Customer with the following services: - Material planning - Material procurement - Incoming Inspection`;

/** DUOSTECHNOLOGIESGROUP ... Strategic Alliance Agreement: capitals, runs of blanks, a cross-reference "described in 2.4 below". */
const DUOS = `Exhibit 10.1    STRATEGIC ALLIANCE AGREEMENT    This Strategic Alliance Agreement (this "Agreement"), effective as of 15 April, 2009.     1. DEFINITIONS.      1.1 Confidential Information shall mean all non-public information of a Party, which is disclosed to the other Party hereunder.     1.13 Term shall have the meaning ascribed thereto in Section 6.1.     1.14 Share Subscription Agreement shall mean the agreement in the agreed form between ISA and Rubicon whereby ISA shall subscribe  for shares in Rubicon.     2. ISA RESELLER SERVICES.





   2.1 Rubicon hereby grants to ISA during the Term (as defined below) and subject to the exclusions described in 2.4 below an exclusive, non-transferable license in the United States to market, sell, use, display, perform, sublicense and distribute the Rubicon Offerings.     3. RUBICON SERVICES.      3.1 Subject to the terms and conditions of this Agreement, Rubicon shall provide the Contract Services, as agreed between ISA to  Rubicon in the relevant SOW, to ISA's reasonable satisfaction.`;

/** INTERSECTENT ... Supply Agreement: "1. Definitions 1.1. ...", "4.3. Delivery Terms.", a page number between. */
const INTERSECT = `NOW THEREFORE, in consideration of the promises and the mutual covenants set forth herein, the Parties hereby agree and covenant as follows: 1. Definitions 1.1. "Active Pharmaceutical Ingredient" or "API" shall have the meaning given such term in the preamble hereof. 1.2. "Affiliate" means any entity controlling, controlled by or under common control with either Party hereto. 2. Manufacture and Sale 2.1. Supply. During the term of this Agreement, HOVIONE shall manufacture and sell to INTERSECT the API. 3. Costs. HOVIONE shall be responsible for all costs and expenses incurred in connection with the manufacture of the API. 4. Price, Orders and Terms of Payment 4.1. Pricing. The price for the API is set forth in Exhibit A. HOVIONE shall not be in breach of this Agreement if HOVIONE does not supply the excess. 2





4.3. Delivery Terms. Each purchase order shall specify: (i) an identification of the API ordered; (ii) quantity requested; (iii) the requested delivery date; and (iv) shipping instructions and address. 4.4. Payment Terms. HOVIONE shall invoice INTERSECT upon dispatch of the API.`;

/** PROFOUNDMEDICALCORP ... Supply Agreement: titles in capitals, a list restarting at "1." inside section 6. */
const PROFOUND = `1. DEFINITIONS The following terms used in this Agreement shall have the meaning set forth below: "Affiliate" means, with respect to any Person, any other Person that directly, or indirectly through one or more intermediaries, controls that Person. 2. GENERAL, SCOPE 2.1 During the Term, Philips shall manufacture and supply the Product to Customer. 3. DELIVERY CAPACITY, FORECAST 3.1 Philips shall maintain the capacity to deliver the Product. 4. PURCHASE ORDERS 4.1 Customer shall place Purchase Orders with Philips. 5. DELIVERY, TRANSFER OF RISK AND OWNERSHIP 5.1 [Redacted - Commercially Sensitive - Delivery Details] 6. PRICE AND PAYMENT 6.1 Prices are exclusive of any federal, state or local sales, use or excise taxes. The following applies: 1. Prices are firm and fixed for the Term. 7. CONFORMITY OF PRODUCTS 7.1 Philips represents and warrants that the Product conforms to the Specifications.`;

describe('segmentation of sections numbered 1., 1.1, 4.3. (CUAD)', () => {
  it('splits at each section\'s heading written on the same line as its sub-sections ("1. Definitions 1.1. ...")', () => {
    expect(headingsOf(INTERSECT)).toEqual(['1. Definitions', '2. Manufacture and Sale', '3. Costs', '4. Price, Orders and Terms of Payment']);
    const clauses = splitClauses(INTERSECT);
    // Sub-sections stay inside their section, across the page number.
    expect(clauses[0]!.text).toContain('1.2. "Affiliate" means');
    expect(clauses[3]!.text).toContain('4.3. Delivery Terms.');
    expect(clauses[3]!.text).toMatch(/4\.4\. Payment Terms\. HOVIONE shall invoice INTERSECT upon dispatch of the API\.$/);
    expect(clauses.map((c) => c.label)).toEqual(['DEFINITIONS', 'OTHER', 'OTHER', 'PAYMENT']);
    for (const c of clauses) expect(INTERSECT.slice(c.startOffset, c.endOffset)).toBe(c.text);
  });

  it('reads titles in capitals, with or without a full stop, after a run of blanks; a list restarting at 1. does not split', () => {
    expect(headingsOf(PROFOUND)).toEqual([
      '1. DEFINITIONS', '2. GENERAL, SCOPE', '3. DELIVERY CAPACITY, FORECAST', '4. PURCHASE ORDERS', '5. DELIVERY, TRANSFER OF RISK AND OWNERSHIP', '6. PRICE AND PAYMENT', '7. CONFORMITY OF PRODUCTS',
    ]);
    expect(splitClauses(PROFOUND)[5]!.text).toContain('1. Prices are firm and fixed for the Term.');
    expect(headingsOf(DUOS)).toEqual(['1. DEFINITIONS', '2. ISA RESELLER SERVICES', '3. RUBICON SERVICES']);
    // "Exhibit 10.1" and "Section 6.1" are not headings; "2.4 below" is a cross-reference.
    const [definitions, reseller] = splitClauses(DUOS);
    expect(definitions!.text).toContain('Section 6.1.');
    expect(reseller!.text).toContain('described in 2.4 below');
  });

  it('starts a section at its first sub-section where its title is not recognised; a date (1.4.2011) splits nothing', () => {
    const clauses = splitClauses(INMODE);
    expect(clauses.map((c) => c.heading)).toEqual(['1. Precedence', "4. Contractor's Obligations"]);
    // Sections 2 and 3 ("2. Term This Agreement ...") run into the first sentence: they stay in section 1.
    expect(clauses[0]!.text).toContain('3. Scope Of Work');
    expect(clauses[0]!.startOffset).toBe(INMODE.indexOf('1. Precedence'));
    const noTopHeading = INTERSECT.replace('4. Price, Orders and Terms of Payment ', '');
    expect(headingsOf(noTopHeading).at(-1)).toBe('4.1. Pricing');
  });

  it('segments whole CUAD contracts whose sections the plain "1. Title." reading missed', () => {
    const intersect = splitClauses(cuad('INTERSECTENT,INC_05_11_2020-EX-10.1-SUPPLY AGREEMENT.txt'));
    expect(intersect.map((c) => c.heading)).toEqual([
      '1. Definitions', '2. Manufacture and Sale', '3. Costs', '4. Price, Orders and Terms of Payment', '5. Manufacture and Delivery of API', '6. Warranties', '7. Confidentiality',
      '8. Indemnification', '9. Insurance', '10. Term and Termination', '11. Continuing Obligations; Survival', '12. Agreement to Consummate; Further Assurances', '13. Force Majeure',
      '14. General Provisions',
    ]);
    expect(intersect.find((c) => c.heading === '13. Force Majeure')?.label).toBe('FORCE_MAJEURE');
    const profound = splitClauses(cuad('PROFOUNDMEDICALCORP_08_29_2019-EX-4.5-SUPPLY AGREEMENT.txt'));
    expect(profound.map((c) => c.heading?.split(' ')[0])).toEqual(Array.from({ length: 18 }, (_, i) => `${i + 1}.`));
    expect(profound.find((c) => c.heading === '14. CONFIDENTIALITY')?.label).toBe('CONFIDENTIALITY');
  });
});

describe('Korean and already segmented documents keep their segmentation', () => {
  it('제N조 articles stay the clauses of a Korean contract', () => {
    for (const text of [KO_SERVICE, KO_LEASE, KO_NDA]) {
      const headings = findHeadings(text);
      expect(headings.length).toBeGreaterThanOrEqual(5);
      for (const h of headings) expect(h.heading).toMatch(/^제\s*\d+\s*조/);
    }
  });

  it('a contract numbered "1. Services." keeps those sections (CUAD services agreement)', () => {
    const clauses = splitClauses(sharedContract(`${CUAD_DIR}/SCOUTCAMINC_05_12_2020-EX-10.22-SERVICES AGREEMENT.txt`));
    expect(clauses.map((c) => c.heading).slice(0, 3)).toEqual(['1. Services', '2. Duties', '3. Term']);
    expect(clauses).toHaveLength(15);
  });
});
