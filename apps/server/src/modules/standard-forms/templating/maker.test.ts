import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { type z } from 'zod';
import { type MakerDocument, MakerDocumentSchema } from '@legal/api';
import { AppError } from '../../../platform/http/errors';
import { buildMakerDocx, defaultConfigs, inspectTemplate, makerProblems, readDocxBlocks, renderTemplate, validateValues } from './index';
import { docxOf, numbered, numberingDef, para } from './test-fixtures';

const nda = {
  title: '비밀유지계약서',
  language: 'ko',
  blocks: [
    { type: 'PARAGRAPH', text: '{{갑}}(이하 "갑")과 {{을}}(이하 "을")은 다음과 같이 계약을 체결한다.' },
    { type: 'ARTICLE', title: '목적', text: '이 계약은 비밀정보의 보호를 목적으로 한다.' },
    { type: 'ARTICLE', title: '계약금액', text: '계약금액은 {{계약금액}}으로 한다.\n부가가치세는 별도로 한다.' },
    { type: 'OPTIONAL_CLAUSE', variableKey: '위약벌', title: '위약벌', text: '을이 이 계약을 위반한 경우 {{위약금}}을 지급한다.' },
    { type: 'ARTICLE', title: '계약기간', text: '계약기간은 {{시작일}}부터 1년으로 한다.' },
    { type: 'HEADING', title: '부칙' },
    { type: 'PARAGRAPH', text: '이 계약은 서명한 날부터 효력이 생긴다.' },
  ],
  variables: [
    { key: '갑', type: 'PARTY', label: { ko: '갑', en: 'Party A' }, required: true, order: 0 },
    { key: '을', type: 'PARTY', label: { ko: '을', en: 'Party B' }, required: true, order: 1 },
    { key: '계약금액', type: 'AMOUNT', label: { ko: '계약금액', en: 'Amount' }, required: true, order: 2 },
    { key: '위약벌', type: 'OPTIONAL_CLAUSE', label: { ko: '위약벌', en: 'Penalty' }, required: false, defaultValue: 'false', order: 3 },
    { key: '위약금', type: 'AMOUNT', label: { ko: '위약금', en: 'Penalty amount' }, required: false, order: 4 },
    { key: '시작일', type: 'DATE', label: { ko: '시작일', en: 'Start' }, required: true, order: 5 },
  ],
} satisfies z.input<typeof MakerDocumentSchema>;

async function textOf(docx: Buffer): Promise<string[]> {
  return (await mammoth.extractRawText({ buffer: docx })).value.split('\n').filter((line) => line.trim());
}

describe('buildMakerDocx and the round trip', () => {
  it('builds a Korean form with numbered articles that inspects, renders and reads back', async () => {
    const doc: MakerDocument = MakerDocumentSchema.parse(nda);
    const build = await buildMakerDocx(doc);
    expect(build.problems).toEqual([]);
    const docx = build.docx!;

    const inspection = inspectTemplate(docx);
    expect(inspection.problems).toEqual([]);
    expect(inspection.markers).toEqual([
      { key: '갑', kind: 'VALUE' },
      { key: '을', kind: 'VALUE' },
      { key: '계약금액', kind: 'VALUE' },
      { key: '위약벌', kind: 'SECTION' },
      { key: '위약금', kind: 'VALUE' },
      { key: '시작일', kind: 'VALUE' },
    ]);
    expect(inspection.text).toContain('제1조 (목적)\n이 계약은 비밀정보의 보호를 목적으로 한다.');
    const configs = defaultConfigs(inspection.markers, doc.variables);
    expect(configs.map((c) => c.type)).toEqual(['PARTY', 'PARTY', 'AMOUNT', 'OPTIONAL_CLAUSE', 'AMOUNT', 'DATE']);

    const values = { 갑: { name: '주식회사 가나' }, 을: { name: '다라 유한회사' }, 계약금액: { amount: '30000000', currency: 'KRW' }, 시작일: '2026-12-01', 위약금: { amount: '5000000', currency: 'KRW' } };
    expect(validateValues(configs, { ...values, 위약벌: true }, { requireAll: true, language: 'ko' })).toEqual([]);

    const withClause = await textOf(renderTemplate(docx, configs, { ...values, 위약벌: true }, 'ko'));
    expect(withClause).toEqual([
      '비밀유지계약서',
      '주식회사 가나(이하 "갑")과 다라 유한회사(이하 "을")은 다음과 같이 계약을 체결한다.',
      '제1조 (목적)',
      '이 계약은 비밀정보의 보호를 목적으로 한다.',
      '제2조 (계약금액)',
      '계약금액은 금 30,000,000원으로 한다.',
      '부가가치세는 별도로 한다.',
      '위약벌',
      '을이 이 계약을 위반한 경우 금 5,000,000원을 지급한다.',
      '제3조 (계약기간)',
      '계약기간은 2026년 12월 1일부터 1년으로 한다.',
      '부칙',
      '이 계약은 서명한 날부터 효력이 생긴다.',
    ]);
    const without = await textOf(renderTemplate(docx, configs, { ...values, 위약벌: false }, 'ko'));
    expect(without).not.toContain('위약벌');
    expect(without.join('\n')).not.toContain('위반한 경우');
    expect(without.filter((line) => /^제\d+조/.test(line))).toEqual(['제1조 (목적)', '제2조 (계약금액)', '제3조 (계약기간)']);
    expect(without.join('\n')).not.toMatch(/\{\{|\}\}/);

    const read = readDocxBlocks(docx);
    expect(read.markers).toEqual(['갑', '을', '계약금액', '위약벌', '위약금', '시작일']);
    expect(read.blocks).toEqual([
      { type: 'HEADING', title: '비밀유지계약서', text: '' },
      { type: 'PARAGRAPH', text: nda.blocks[0]!.text },
      { type: 'ARTICLE', title: '목적', text: '이 계약은 비밀정보의 보호를 목적으로 한다.' },
      { type: 'ARTICLE', title: '계약금액', text: '계약금액은 {{계약금액}}으로 한다.\n부가가치세는 별도로 한다.' },
      { type: 'OPTIONAL_CLAUSE', variableKey: '위약벌', text: '위약벌\n을이 이 계약을 위반한 경우 {{위약금}}을 지급한다.' },
      { type: 'ARTICLE', title: '계약기간', text: '계약기간은 {{시작일}}부터 1년으로 한다.' },
      { type: 'HEADING', title: '부칙', text: '' },
      { type: 'PARAGRAPH', text: '이 계약은 서명한 날부터 효력이 생긴다.' },
    ]);
  });

  it('numbers articles "Article N (title)" in English', async () => {
    const build = await buildMakerDocx(MakerDocumentSchema.parse({ title: 'NDA', language: 'en', blocks: [{ type: 'ARTICLE', title: 'Purpose', text: 'Protect {{party}}.' }, { type: 'ARTICLE', title: 'Term', text: 'One year.' }], variables: [{ key: 'party', type: 'TEXT', label: { ko: '당사자', en: 'Party' }, required: true, order: 0 }] }));
    expect(await textOf(build.docx!)).toEqual(['NDA', 'Article 1 (Purpose)', 'Protect {{party}}.', 'Article 2 (Term)', 'One year.']);
  });

  it('answers problems and no file for undeclared, unused, misused and duplicate variables', async () => {
    const doc = MakerDocumentSchema.parse({
      ...nda,
      blocks: [
        { type: 'PARAGRAPH', text: '{{없는변수}} {{위약벌}} {{#손}} {{bad.key}} {{갑' },
        { type: 'OPTIONAL_CLAUSE', text: '변수 없는 조항' },
        { type: 'OPTIONAL_CLAUSE', variableKey: '갑', text: 'x' },
        { type: 'OPTIONAL_CLAUSE', variableKey: '미선언', text: 'x' },
      ],
      variables: [...nda.variables, { key: '갑', type: 'TEXT', label: { ko: '갑', en: 'A' }, required: true, order: 9 }],
    });
    const build = await buildMakerDocx(doc);
    expect(build.docx).toBeNull();
    const messages = build.problems.map((p) => `${p.path}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        'variables.6.key: "갑" is declared twice.',
        'blocks.0.text: {{없는변수}} is not a declared variable.',
        expect.stringMatching(/^blocks\.0\.text: \{\{위약벌\}\} is an optional clause/),
        expect.stringMatching(/^blocks\.0\.text: \{\{#손\}\}: optional clauses are OPTIONAL_CLAUSE blocks/),
        expect.stringMatching(/^blocks\.0\.text: \{\{bad\.key\}\}: a marker name/),
        'blocks.0.text: Unbalanced braces: a marker is written {{name}}.',
        'blocks.1.variableKey: An optional clause needs its checkbox variable.',
        'blocks.2.variableKey: "갑" must be an OPTIONAL_CLAUSE variable.',
        'blocks.3.variableKey: "미선언" is not a declared variable.',
        'variables.1.key: "을" is declared but no block uses it.',
        'variables.5.key: "시작일" is declared but no block uses it.',
      ]),
    );
    expect(makerProblems(MakerDocumentSchema.parse(nda))).toEqual([]);
  });
});

describe('readDocxBlocks', () => {
  it('reads automatically numbered articles (제%1조), headings and paragraphs', () => {
    const styles = '<w:style w:type="paragraph" w:styleId="1"><w:name w:val="heading 1"/></w:style>';
    const docx = docxOf([para('총칙', '<w:pStyle w:val="1"/>'), para('이 서식은 예시이다.'), numbered('(목적) 이 계약은 목적을 정한다.', 1), para('둘째 문단.'), numbered('(기간)', 1), para('제5조에 따라 통지한다.'), para('제3조의2【정의】 용어의 뜻.'), para('{{#특약}}특약 내용 {{금액}}{{/특약}}'), para('Article 7. Notices'), para('By mail.')], { styles, numbering: numberingDef(1, [['decimal', '제%1조']]) });
    expect(readDocxBlocks(docx)).toEqual({
      blocks: [
        { type: 'HEADING', title: '총칙', text: '' },
        { type: 'PARAGRAPH', text: '이 서식은 예시이다.' },
        { type: 'ARTICLE', title: '목적', text: '이 계약은 목적을 정한다.\n둘째 문단.' },
        { type: 'ARTICLE', title: '기간', text: '제5조에 따라 통지한다.' },
        { type: 'ARTICLE', title: '정의', text: '용어의 뜻.' },
        { type: 'OPTIONAL_CLAUSE', variableKey: '특약', text: '특약 내용 {{금액}}' },
        { type: 'ARTICLE', title: 'Notices', text: 'By mail.' },
      ],
      markers: ['특약', '금액'],
    });
  });

  it('refuses bytes that are not a DOCX with ERROR_UNSUPPORTED_FILE_TYPE', () => {
    expect(() => readDocxBlocks(Buffer.from('plain text'))).toThrow(AppError);
    expect(() => readDocxBlocks(Buffer.from('plain text'))).toThrow(/ERROR_UNSUPPORTED_FILE_TYPE/);
  });
});
