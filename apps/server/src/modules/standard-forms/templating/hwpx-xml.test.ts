import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { type VariableConfig } from '@legal/api';
import { extractDocument } from '../../files';
import { hwpxParagraph as p, hwpxRun as run, hwpxSections, hwpxTable } from '../../files/files.test-support';
import { BLANK, cleanTemplate, defaultConfigs, inspectTemplate, renderTemplate, templateFormatOf } from './index';

// The HWPX file type of the templating engine (hwpx-xml.ts): markers Hangul split across runs and
// <hp:t> nodes, Korean text, optional clauses, line breaks, tables, the layout cache, the package.

function config(key: string, type: VariableConfig['type'], extra: Partial<VariableConfig> = {}): VariableConfig {
  return { key, type, label: { ko: key, en: key }, required: true, help: null, defaultValue: null, order: 0, options: [], minLength: null, maxLength: null, pattern: null, mapsTo: null, ...extra };
}

const section = (hwpx: Buffer, index = 0) => new PizZip(hwpx).file(`Contents/section${index}.xml`)!.asText();
/** The text the files module extracts from the rendered document (what a drafted contract's search reads), blank lines left out. */
const textOf = async (hwpx: Buffer) => (await extractDocument({ bytes: hwpx, fileType: 'hwpx' })).pages.flatMap((page) => page.text.split('\n')).filter(Boolean).join('\n');

/** `{{계약금액}}` as Hangul may save it: across two runs of different character shapes, and across two <hp:t> of one run. */
const splitAmount = p([run('계약금액은 {{계'), run('약', 1), `<hp:run charPrIDRef="0"><hp:t>금</hp:t><hp:t>액}}으로 한다.</hp:t></hp:run>`], 3);

describe('HWPX templates', () => {
  it('reads a marker split across runs and <hp:t> nodes whole, with the Korean text of the body', async () => {
    const template = await hwpxSections([p([run('용역계약서')]), splitAmount]);
    expect(templateFormatOf(template)).toBe('HWPX');
    const result = inspectTemplate(template);
    expect(result.problems).toEqual([]);
    expect(result.markers).toEqual([{ key: '계약금액', kind: 'VALUE' }]);
    expect(result.text).toBe('용역계약서\n계약금액은 {{계약금액}}으로 한다.');
  });

  it('fills the split marker in the first <hp:t> holding its start, removes the rest, keeps the runs and resets the layout cache', async () => {
    const template = await hwpxSections([splitAmount, p([run('변경 없는 문단')], 2)]);
    const out = renderTemplate(template, [config('계약금액', 'AMOUNT')], { 계약금액: { amount: '1500000', currency: 'KRW' } }, 'ko');
    const xml = section(out);
    expect(xml).toContain('<hp:run charPrIDRef="0"><hp:t>계약금액은 금 1,500,000원</hp:t></hp:run><hp:run charPrIDRef="1"><hp:t></hp:t></hp:run>');
    expect(xml).toContain('<hp:t></hp:t><hp:t>으로 한다.</hp:t>');
    // The edited paragraph keeps one line of its cache; the untouched one keeps both of its lines.
    const caches = [...xml.matchAll(/<hp:linesegarray>(.*?)<\/hp:linesegarray>/g)].map((m) => (m[1]!.match(/<hp:lineseg /g) ?? []).length);
    expect(caches).toEqual([1, 2]);
    expect(await textOf(out)).toBe('계약금액은 금 1,500,000원으로 한다.\n변경 없는 문단');
  });

  it('keeps or removes an optional clause by whole paragraphs, values inside it filled, and an inline clause by its text', async () => {
    const template = await hwpxSections([
      p([run('제1조 (목적) {{갑}}')]), p([run('{{#비밀'), run('유지}}')]), p([run('{{갑}}은 비밀을 지킨다.')]), p([run('{{/비밀유지}}')]), p([run('특약: {{#특약}}있음{{/특약}}.')]), p([run('제2조 (기간)')]),
    ]);
    const configs = defaultConfigs(inspectTemplate(template).markers);
    expect(configs.map((c) => [c.key, c.type])).toEqual([['갑', 'TEXT'], ['비밀유지', 'OPTIONAL_CLAUSE'], ['특약', 'OPTIONAL_CLAUSE']]);
    const kept = await textOf(renderTemplate(template, configs, { 갑: '주식회사 한빛', 비밀유지: true, 특약: true }, 'ko'));
    expect(kept.split('\n')).toEqual(['제1조 (목적) 주식회사 한빛', '주식회사 한빛은 비밀을 지킨다.', '특약: 있음.', '제2조 (기간)']);
    const keptXml = section(renderTemplate(template, configs, { 갑: '주식회사 한빛', 비밀유지: true, 특약: true }, 'ko'));
    expect(keptXml.match(/<hp:p /g)).toHaveLength(4); // the two marker paragraphs are gone
    const dropped = await textOf(renderTemplate(template, configs, { 갑: '주식회사 한빛', 비밀유지: false, 특약: false }, 'ko'));
    expect(dropped.split('\n')).toEqual(['제1조 (목적) 주식회사 한빛', '특약: .', '제2조 (기간)']);
  });

  it('writes a long text with <hp:lineBreak/>, escapes XML in values and leaves a blank for a value without one', async () => {
    const template = await hwpxSections([p([run('{{특기사항}} / {{비고}} / {{회사}}')])]);
    const out = renderTemplate(template, [config('특기사항', 'LONG_TEXT'), config('비고', 'TEXT'), config('회사', 'TEXT')], { 특기사항: '첫 줄\n둘째 줄', 회사: '<hp:p>가&나' }, 'ko');
    expect(section(out)).toContain(`<hp:t>첫 줄<hp:lineBreak/>둘째 줄 / ${BLANK} / &lt;hp:p&gt;가&amp;나</hp:t>`);
    expect(await textOf(out)).toBe(`첫 줄\n둘째 줄 / ${BLANK} / <hp:p>가&나`);
  });

  it('fills markers in table cells and removes a clause within a cell, keeping the cell a paragraph', async () => {
    const template = await hwpxSections([hwpxTable([[p([run('갑: {{갑}}')])], [p([run('{{#연대보증}}')]), p([run('보증인 {{보증인}}')]), p([run('{{/연대보증}}')])]])]);
    const configs = defaultConfigs(inspectTemplate(template).markers);
    const out = renderTemplate(template, configs, { 갑: '한빛', 연대보증: false }, 'ko');
    const xml = section(out);
    expect(xml).toContain('갑: 한빛');
    expect(xml).not.toContain('보증인');
    expect(xml).toMatch(/<hp:subList><hp:p [^>]*><hp:run charPrIDRef="0"\/><\/hp:p><\/hp:subList>/);
    expect(xml).toContain('rowCnt="1"');
  });

  it('refuses a clause that opens in one table cell and closes in another, like the other marker problems', async () => {
    const across = await hwpxSections([hwpxTable([[p([run('{{#특약}}')])], [p([run('{{/특약}}')])]])]);
    expect(inspectTemplate(across).problems).toEqual([expect.stringMatching(/\{\{#특약\}\} and \{\{\/특약\}\} must both be inside the same table cell/)]);
    const broken = await hwpxSections([p([run('{{계약금액 은')]), p([run('{{@raw}}')]), p([run('{{갑.이름}}')])]);
    const problems = inspectTemplate(broken).problems.join('\n');
    expect(problems).toMatch(/not closed: "\{\{계약금액/);
    expect(problems).toMatch(/in the body/);
    expect(() => renderTemplate(broken, [], {}, 'ko')).toThrow(/ERROR_TEMPLATE_INVALID/);
  });

  it('reads every section in order, and writes a package Hancom opens: mimetype first and stored', async () => {
    const template = await hwpxSections([p([run('{{갑}}')])], [p([run('둘째 구역 {{을}}')])]);
    expect(inspectTemplate(template).markers.map((m) => m.key)).toEqual(['갑', '을']);
    const out = renderTemplate(template, [config('갑', 'TEXT'), config('을', 'TEXT')], { 갑: '가', 을: '나' }, 'ko');
    expect(out.readUInt32LE(0)).toBe(0x04034b50);
    expect(out.readUInt16LE(8)).toBe(0); // compression method: stored
    expect(out.toString('utf8', 30, 30 + out.readUInt16LE(26))).toBe('mimetype');
    expect(section(out, 1)).toContain('둘째 구역 나');
  });

  it('cleans a HWPX form: blanks for values, clauses kept without their markers', async () => {
    const template = await hwpxSections([splitAmount, p([run('{{#특약}}')]), p([run('특약 내용')]), p([run('{{/특약}}')])]);
    const out = cleanTemplate(template);
    expect(templateFormatOf(out)).toBe('HWPX');
    expect(inspectTemplate(out).text).toBe(`계약금액은 ${BLANK}으로 한다.\n특약 내용`);
  });
});
