import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../files';
import { CONTRACTS as SHARED_CONTRACTS } from '../../files/files.test-support';
import { analyzeText } from './contract-analysis.engine';

/**
 * Clause analysis of every Word document in the shared data (contracts/docx: Bonterms, Common
 * Paper, Open Agreements; contracts/ko: the Korean demo contracts), read as an upload is read:
 * extracted by the files module, then analysed. The lower bounds were counted by reading each
 * document; the Korean counts come from the Markdown each DOCX was generated from.
 */

async function analyzed(file: string) {
  const result = await extractDocument({ bytes: readFileSync(file), fileType: 'docx' });
  const text = result.pages.map((p) => p.text).join('\n\n');
  return { text, clauses: analyzeText(text).clauses };
}

const DOCX = path.join(SHARED_CONTRACTS, 'docx');
const KO = path.join(SHARED_CONTRACTS, 'ko');
const docxIn = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.docx')).sort();

/**
 * Fewest clauses each English document must yield: its numbered sections (Word auto-numbering),
 * or for a cover page, order form or amendment the rows of its key-terms table. The letter of
 * intent has neither (headings only, every paragraph styled as one): no lower bound.
 */
const EN_AT_LEAST: Record<string, number> = {
  'bonterms-mutual-nda.docx': 6,
  'bonterms-professional-services-agreement.docx': 4,
  'common-paper-ai-addendum.docx': 4,
  'common-paper-amendment.docx': 2,
  'common-paper-business-associate-agreement.docx': 6,
  'common-paper-cloud-service-agreement.docx': 13,
  'common-paper-csa-with-ai.docx': 13,
  'common-paper-csa-with-sla.docx': 13,
  'common-paper-data-processing-agreement.docx': 11,
  'common-paper-design-partner-agreement.docx': 8,
  'common-paper-independent-contractor-agreement.docx': 10,
  'common-paper-letter-of-intent.docx': 0,
  'common-paper-mutual-nda.docx': 5,
  'common-paper-one-way-nda.docx': 11,
  'common-paper-order-form.docx': 8,
  'common-paper-partnership-agreement.docx': 13,
  'common-paper-pilot-agreement.docx': 8,
  'common-paper-professional-services-agreement.docx': 13,
  'common-paper-software-license-agreement.docx': 11,
  'common-paper-statement-of-work.docx': 6,
  'openagreements-board-consent-safe.docx': 2,
  'openagreements-confidentiality-invention-assignment-agreement.docx': 5,
  'openagreements-employment-offer-letter.docx': 15,
  'openagreements-founder-stock-repurchase-agreement.docx': 4,
  'openagreements-restrictive-covenant-new-york.docx': 7,
};

describe('clause analysis of the shared English DOCX contracts', () => {
  it('covers every document of the folder', () => {
    expect(docxIn(DOCX)).toEqual(Object.keys(EN_AT_LEAST).sort());
  });

  it.each(docxIn(DOCX))('%s yields its clauses, in order, numbered 1, 2, 3 ...', async (name) => {
    const { text, clauses } = await analyzed(path.join(DOCX, name));
    expect(clauses.length).toBeGreaterThanOrEqual(EN_AT_LEAST[name] ?? Infinity);
    for (const [i, clause] of clauses.entries()) {
      expect(text.slice(clause.startOffset, clause.endOffset)).toBe(clause.text);
      expect(clause.text.startsWith(clause.heading ?? '')).toBe(true);
      if (i > 0) expect(clause.startOffset).toBeGreaterThanOrEqual(clauses[i - 1]!.endOffset);
      // Numbered sections are numbered in sequence, as the document shows them.
      if (/^\d+\./.test(clause.heading ?? '')) expect(clause.heading).toMatch(new RegExp(`^${i + 1}\\. `));
    }
  });

  it('names the sections as the documents do and labels what they are about', async () => {
    const csa = await analyzed(path.join(DOCX, 'common-paper-cloud-service-agreement.docx'));
    expect(csa.clauses.slice(0, 4).map((c) => c.heading)).toEqual(['1. Service', '2. Restrictions & Obligations', '3. Privacy & Security', '4. Payment & Taxes']);
    expect(csa.clauses.find((c) => c.heading === '9. Indemnification')?.label).toBe('INDEMNIFICATION');
    // Sub-sections stay inside their section, with the numbers Word shows.
    expect(csa.clauses[0]!.text).toMatch(/\n1\.1 Access and Use\. During the Subscription Period/);
    expect(csa.clauses[1]!.text).toMatch(/\n\(a\) Except as expressly permitted/);

    const nda = await analyzed(path.join(DOCX, 'common-paper-one-way-nda.docx'));
    expect(nda.clauses.map((c) => c.heading).slice(0, 3)).toEqual(['1. Introduction', '2. Use and Protection of Confidential Information', '3. Exceptions']);
    expect(nda.clauses.find((c) => c.heading === '9. Governing Law and Jurisdiction')?.label).toBe('GOVERNING_LAW');

    const offer = await analyzed(path.join(DOCX, 'openagreements-employment-offer-letter.docx'));
    expect(offer.clauses[0]?.heading).toBe('1. Position, Scope, and Reporting');

    // A cover page: the key terms are its clauses; the signature table is not one.
    const psa = await analyzed(path.join(DOCX, 'bonterms-professional-services-agreement.docx'));
    expect(psa.clauses.map((c) => [c.heading, c.label])).toEqual([
      ['Effective Date', 'TERM'],
      ['Rights in Deliverables', expect.any(String)],
      ['Governing Law', 'GOVERNING_LAW'],
      ['Courts', expect.any(String)],
    ]);
    expect(psa.clauses[2]!.text).toBe('Governing Law\t{governing_law}');
  });
});

describe('clause analysis of the Korean DOCX contracts', () => {
  const markdownOf = (docx: string) => readFileSync(path.join(KO, docx.replace(/\.docx$/, '.md')), 'utf8');

  it.each(docxIn(KO))('%s yields one clause per 제N조 of its source, and the list numbers Word adds', async (name) => {
    const markdown = markdownOf(name);
    const articles = [...markdown.matchAll(/^#+\s*(제\d+조\s*\([^)\n]+\))/gm)].map((m) => m[1]);
    expect(articles.length).toBeGreaterThanOrEqual(10);
    const { text, clauses } = await analyzed(path.join(KO, name));
    expect(clauses.map((c) => c.heading)).toEqual(articles);
    // "1. ..." and "가. ..." come from numbering.xml in the DOCX: the text carries them as the source writes them.
    for (const item of markdown.matchAll(/^\s*(?:- )?(\d+|[가-하])\. (.{1,12})/gm)) expect(text).toContain(`\n${item[1]}. ${item[2]}`);
  });

  it('labels the Korean NDA: purpose, definitions, confidentiality', async () => {
    const { clauses } = await analyzed(path.join(KO, '03-mutual-nda.docx'));
    expect(clauses.slice(0, 4).map((c) => [c.heading, c.label])).toEqual([
      ['제1조 (목적)', 'PURPOSE'],
      ['제2조 (정의)', 'DEFINITIONS'],
      ['제3조 (비밀정보의 예외)', 'CONFIDENTIALITY'],
      ['제4조 (비밀유지의무)', 'CONFIDENTIALITY'],
    ]);
  });
});
