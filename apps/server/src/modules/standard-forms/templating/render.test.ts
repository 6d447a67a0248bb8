import mammoth from 'mammoth';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { type VariableConfig } from '@legal/api';
import { AppError } from '../../../platform/http/errors';
import { BLANK, cleanTemplate, defaultConfigs, inspectTemplate, renderTemplate } from './index';
import { docxOf, numbered, numberingDef, para, run } from './test-fixtures';

async function textOf(docx: Buffer): Promise<string> {
  return (await mammoth.extractRawText({ buffer: docx })).value;
}

/** Word's way of saving `{{계약금액}}` after an edit: the marker in three runs, spell-check marks between them. */
const splitAmount = para([run('계약금액은 '), run('{{계약'), '<w:proofErr w:type="spellStart"/>', run('금', true), '<w:bookmarkStart w:id="0" w:name="_GoBack"/><w:bookmarkEnd w:id="0"/>', run('액}}'), '<w:proofErr w:type="spellEnd"/>', run('으로 한다.')]);

function config(key: string, type: VariableConfig['type'], extra: Partial<VariableConfig> = {}): VariableConfig {
  return { key, type, label: { ko: key, en: key }, required: true, help: null, defaultValue: null, order: 0, options: [], minLength: null, maxLength: null, pattern: null, mapsTo: null, ...extra };
}

describe('inspectTemplate', () => {
  it('reads a marker Word split across three runs as one marker, and the text with it whole', () => {
    const result = inspectTemplate(docxOf([para('용역계약서'), splitAmount]));
    expect(result.problems).toEqual([]);
    expect(result.markers).toEqual([{ key: '계약금액', kind: 'VALUE' }]);
    expect(result.text).toBe('용역계약서\n계약금액은 {{계약금액}}으로 한다.');
  });

  it('lists values and optional clauses once, in order of first appearance, headers included', () => {
    const docx = docxOf(
      [para('{{갑}}과 {{ 을 }}은'), para('{{#비밀유지}}'), para('{{갑}}은 비밀을 지킨다.'), para('{{/비밀유지}}'), para('{{을}}')],
      { header: para('문서번호 {{문서번호}}') },
    );
    const result = inspectTemplate(docx);
    expect(result.problems).toEqual([]);
    expect(result.markers).toEqual([
      { key: '갑', kind: 'VALUE' },
      { key: '을', kind: 'VALUE' },
      { key: '비밀유지', kind: 'SECTION' },
      { key: '문서번호', kind: 'VALUE' },
    ]);
  });

  it('writes the numbering labels Word shows into the text', () => {
    const numbering = numberingDef(1, [['decimal', '제%1조'], ['decimalEnclosedCircle', '%2']]) + numberingDef(2, [['ganada', '%1.']]);
    const docx = docxOf([numbered('(목적)', 1), numbered('첫 항', 1, 1), numbered('둘째 항', 1, 1), numbered('(정의)', 1), numbered('첫 항', 1, 1), numbered('가 항목', 2), numbered('나 항목', 2)], { numbering });
    expect(inspectTemplate(docx).text.split('\n')).toEqual(['제1조 (목적)', '① 첫 항', '② 둘째 항', '제2조 (정의)', '① 첫 항', '가. 가 항목', '나. 나 항목']);
  });

  it.each([
    ['an unclosed marker', '{{계약금액 은', /not closed: "\{\{계약금액/],
    ['a clause never closed', '{{#특약}} 특약 내용', /\{\{#특약\}\} has no closing \{\{\/특약\}\}/],
    ['a closing marker never opened', '내용 {{/특약}}', /\{\{\/특약\}\} closes an optional clause that was never opened/],
    ['a clause closed by another name', '{{#가}} 내용 {{/나}}', /\{\{#가\}\} is closed by \{\{\/나\}\}/],
    ['a raw XML tag', '{{@xml}}', /only \{\{name\}\} and/],
    ['an inverted section', '{{^특약}}x{{/특약}}', /only \{\{name\}\} and/],
    ['a name with a dot', '{{갑.이름}}', /a marker name is letters/],
  ])('reports %s as a problem', (_, text, problem) => {
    const result = inspectTemplate(docxOf([para(text)]));
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.problems.join('\n')).toMatch(problem);
  });

  it('reports a name used both as a value and as a clause', () => {
    const result = inspectTemplate(docxOf([para('{{특약}}'), para('{{#특약}}x{{/특약}}')]));
    expect(result.problems).toEqual([expect.stringMatching(/"특약" is used both as a value/)]);
  });

  it('refuses a DOCX that unpacks to more than 100 MB (a zip bomb)', () => {
    // The sizes a zip declares are what is checked (before anything is inflated): write 101 MB into
    // the local and central headers of a small entry rather than compress 101 MB in a test.
    const zip = new PizZip(docxOf([para('x')]));
    zip.file('word/media/filler.bin', 'a'.repeat(1000));
    const bytes = zip.generate({ type: 'nodebuffer', compression: 'STORE' });
    const declared = 101 * 1024 * 1024;
    for (const [signature, sizeAt, nameLengthAt, nameAt] of [[0x04034b50, 22, 26, 30], [0x02014b50, 24, 28, 46]] as const) {
      for (let i = 0; i < bytes.length - 4; i++) {
        if (bytes.readUInt32LE(i) !== signature) continue;
        const name = bytes.toString('utf8', i + nameAt, i + nameAt + bytes.readUInt16LE(i + nameLengthAt));
        if (name === 'word/media/filler.bin') bytes.writeUInt32LE(declared, i + sizeAt);
      }
    }
    expect(inspectTemplate(bytes).problems).toEqual([expect.stringMatching(/too large once unpacked/)]);
  });

  it('answers problems, never throws, for a file that is not a DOCX', () => {
    for (const bytes of [Buffer.from('%PDF-1.7 not a zip'), Buffer.alloc(0), docxOf([para('x')]).subarray(0, 200)]) {
      const result = inspectTemplate(bytes);
      expect(result.markers).toEqual([]);
      expect(result.problems).toEqual([expect.stringMatching(/neither a Word \(DOCX\) nor a Hangul \(HWPX\) document/)]);
    }
  });
});

describe('renderTemplate', () => {
  it('fills a marker Word split across runs: the value is in the text and the marker is gone', async () => {
    const out = renderTemplate(docxOf([splitAmount]), [config('계약금액', 'AMOUNT')], { 계약금액: { amount: '1500000', currency: 'KRW' } }, 'ko');
    const text = await textOf(out);
    expect(text).toContain('계약금액은 금 1,500,000원으로 한다.');
    expect(text).not.toMatch(/\{\{|\}\}|계약금액\}/);
  });

  it('keeps an optional clause when checked and removes its paragraphs when not; values inside it are filled', async () => {
    const template = docxOf([para('제1조 (목적) {{갑}}'), para('{{#비밀유지}}'), para('{{갑}}은 비밀을 지킨다.'), para('{{/비밀유지}}'), para('제2조 (기간)')]);
    const configs = defaultConfigs(inspectTemplate(template).markers);
    const kept = await textOf(renderTemplate(template, configs, { 갑: '주식회사 가나', 비밀유지: true }, 'ko'));
    expect(kept).toContain('주식회사 가나은 비밀을 지킨다.');
    expect(await textOf(renderTemplate(template, configs, { 갑: '주식회사 가나' }, 'ko'))).not.toContain('비밀을 지킨다');
    const dropped = await textOf(renderTemplate(template, configs, { 갑: '주식회사 가나', 비밀유지: false }, 'ko'));
    expect(dropped).not.toContain('비밀을 지킨다');
    expect(dropped.split('\n').filter(Boolean)).toEqual(['제1조 (목적) 주식회사 가나', '제2조 (기간)']);
  });

  it('applies defaults, leaves a blank line for a value without one, and writes long texts with line breaks', async () => {
    const template = docxOf([para('{{시작일}} / {{비고}} / {{특기사항}}'), para('{{#부칙}}부칙{{/부칙}}')]);
    const configs = [config('시작일', 'DATE', { defaultValue: '2026-11-27' }), config('비고', 'TEXT'), config('특기사항', 'LONG_TEXT'), config('부칙', 'OPTIONAL_CLAUSE', { defaultValue: 'true' })];
    const out = renderTemplate(template, configs, { 특기사항: '첫 줄\n둘째 줄' }, 'ko');
    expect(inspectTemplate(out).text).toBe(`2026년 11월 27일 / ${BLANK} / 첫 줄\n둘째 줄\n부칙`);
    expect(new PizZip(out).file('word/document.xml')!.asText()).toMatch(/첫 줄<\/w:t><\/w:r><w:r>(<w:rPr\/>)?<w:br\/>/);
  });

  it('fills headers too, in English formats', async () => {
    const template = docxOf([para('Effective {{date}}, fee {{fee}}')], { header: para('Ref. {{ref}}') });
    const out = renderTemplate(template, [config('date', 'DATE'), config('fee', 'AMOUNT'), config('ref', 'NUMBER')], { date: '2026-11-27', fee: { amount: '1500000.50', currency: 'USD' }, ref: '12345' }, 'en');
    expect(await textOf(out)).toContain('Effective November 27, 2026, fee 1,500,000.50 USD');
    expect(new PizZip(out).file('word/header1.xml')!.asText()).toContain('Ref. 12,345');
  });

  it('writes values literally: XML characters escaped, markers in a value not expanded, control characters dropped', async () => {
    const out = renderTemplate(docxOf([para('[{{a}}] [{{b}}]')]), [config('a', 'TEXT'), config('b', 'TEXT')], { a: '<w:p>&"\'', b: '{{a}}\u0001끝' }, 'ko');
    expect(await textOf(out)).toContain('[<w:p>&"\'] [{{a}}끝]');
  });

  it('does not read Object.prototype for a marker named like one of its members', async () => {
    const out = renderTemplate(docxOf([para('[{{constructor}}]')]), [], {}, 'ko');
    expect(await textOf(out)).toContain(`[${BLANK}]`);
  });

  it('refuses a template whose markers do not parse with ERROR_TEMPLATE_INVALID and the problems', () => {
    const attempt = () => renderTemplate(docxOf([para('{{#특약}} 끝나지 않음')]), [], {}, 'ko');
    expect(attempt).toThrow(AppError);
    try {
      attempt();
    } catch (error) {
      expect((error as AppError).code).toBe('ERROR_TEMPLATE_INVALID');
      expect((error as AppError).data?.problems).toEqual([expect.stringMatching(/\{\{#특약\}\} has no closing/)]);
    }
    expect(() => renderTemplate(Buffer.from('not a zip'), [], {}, 'ko')).toThrow(/ERROR_TEMPLATE_INVALID/);
  });
});

describe('cleanTemplate', () => {
  it('removes every marker: values become blanks, optional clauses keep their text', async () => {
    const template = docxOf([splitAmount, para('{{#비밀유지}}'), para('{{갑}}은 비밀을 지킨다.'), para('{{/비밀유지}}'), para('{{#특약}}특약 내용{{/특약}}')], { header: para('{{문서번호}}') });
    const out = cleanTemplate(template);
    const text = await textOf(out);
    expect(text).not.toContain('{{');
    expect(text).not.toContain('}}');
    expect(text).toContain(`계약금액은 ${BLANK}으로 한다.`);
    expect(text).toContain(`${BLANK}은 비밀을 지킨다.`);
    expect(text).toContain('특약 내용');
    expect(inspectTemplate(out).markers).toEqual([]);
    expect(inspectTemplate(out).text).not.toContain('{{');
  });
});
