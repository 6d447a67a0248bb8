import { describe, expect, it } from 'vitest';
import { formatNumber, numberParagraphs, parseNumbering } from './docx-numbering';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const lvl = (ilvl: number, fmt: string, text: string, extra = '') =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="1"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/>${extra}<w:pPr><w:ind w:left="720"/></w:pPr><w:rPr><w:b/></w:rPr></w:lvl>`;
const NUMBERING = `<w:numbering ${W}>
  <w:abstractNum w:abstractNumId="0">${lvl(0, 'decimal', '%1.', '<w:pStyle w:val="Heading1"/>')}${lvl(1, 'decimal', '%1.%2', '<w:suff w:val="space"/>')}${lvl(2, 'lowerLetter', '(%3)')}</w:abstractNum>
  <w:abstractNum w:abstractNumId="1">${lvl(0, 'bullet', '●')}</w:abstractNum>
  <w:abstractNum w:abstractNumId="2">${lvl(0, 'decimal', '제%1조', '<w:suff w:val="nothing"/>')}${lvl(1, 'ganada', '%2.')}${lvl(2, 'decimalEnclosedCircle', '%3')}</w:abstractNum>
  <w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
  <w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
  <w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>
  <w:num w:numId="4"><w:abstractNumId w:val="2"/><w:lvlOverride w:ilvl="1"><w:startOverride w:val="1"/></w:lvlOverride></w:num>
</w:numbering>`;
const STYLES = `<w:styles ${W}>
  <w:style w:type="paragraph" w:styleId="Heading1"><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>
  <w:style w:type="paragraph" w:styleId="Clause"><w:basedOn w:val="Heading1"/></w:style>
</w:styles>`;

const p = (text: string, pPr = '') => `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}<w:r><w:t>${text}</w:t></w:r></w:p>`;
const num = (numId: number, ilvl = 0) => `<w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr>`;
const style = (id: string) => `<w:pStyle w:val="${id}"/>`;

/** The paragraphs' text after numbering, one string per paragraph. */
function numbered(body: string, numbering = NUMBERING, styles: string | null = STYLES): string[] {
  const xml = numberParagraphs(`<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`, parseNumbering(numbering, styles));
  return [...xml.matchAll(/<w:p>([\s\S]*?)<\/w:p>/g)].map((m) => [...m[1]!.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''));
}

describe('Word automatic numbering in the text', () => {
  it('numbers headings through their style (basedOn too), sub-levels by template, and restarts deeper levels', () => {
    expect(
      numbered(
        [
          p('Service', style('Heading1')),
          p('Access and Use.', num(1, 1)),
          p('No reverse engineering', num(1, 2)),
          p('No resale', num(1, 2)),
          p('Support.', num(1, 1)),
          p('Only a remark'),
          p('Payment', style('Clause')),
          p('Fees.', num(1, 1)),
          p('No list here', num(0)),
        ].join(''),
      ),
    ).toEqual(['1. Service', '1.1 Access and Use.', '(a) No reverse engineering', '(b) No resale', '1.2 Support.', 'Only a remark', '2. Payment', '2.1 Fees.', 'No list here']);
  });

  it('leaves bullets and empty paragraphs unnumbered, and ignores numbering inside run properties and tracked changes', () => {
    const empty = `<w:p><w:pPr>${style('Heading1')}</w:pPr></w:p><w:p><w:pPr>${style('Heading1')}</w:pPr><w:r><w:t xml:space="preserve">  </w:t></w:r></w:p>`;
    const changed = `<w:p><w:pPr><w:pPrChange><w:pPr>${num(1, 2)}</w:pPr></w:pPrChange></w:pPr><w:r><w:t>Plain</w:t></w:r></w:p>`;
    expect(numbered(`${empty}${p('Point', num(2))}${changed}${p('Term', style('Heading1'))}`)).toEqual(['', '  ', 'Point', 'Plain', '1. Term']);
  });

  it('writes Korean articles and items: 제1조 without a separator, 가. and ①, a list that restarts with its own instance', () => {
    expect(
      numbered(
        [p('(목적)', num(3)), p('(정의)', num(3)), p('첫째', num(3, 1)), p('둘째', num(3, 1)), p('항', num(3, 2)), p('(기간)', num(3)), p('다시', num(4, 1))].join(''),
      ),
    ).toEqual(['제1조(목적)', '제2조(정의)', '가. 첫째', '나. 둘째', '① 항', '제3조(기간)', '가. 다시']);
  });

  it('escapes what it writes, and answers the document unchanged without numbering', () => {
    const amp = `<w:numbering ${W}><w:abstractNum w:abstractNumId="0">${lvl(0, 'upperRoman', 'A&amp;B %1')}</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`;
    expect(numbered(p('Part', num(1)), amp, null)).toEqual(['A&amp;B I Part']);
    const doc = `<w:document ${W}><w:body>${p('Text', num(1))}</w:body></w:document>`;
    expect(numberParagraphs(doc, parseNumbering(null, null))).toBe(doc);
  });

  it('formats counters as Word does', () => {
    expect([1, 2, 26, 27].map((n) => formatNumber(n, 'lowerLetter'))).toEqual(['a', 'b', 'z', 'aa']);
    expect([4, 9, 14].map((n) => formatNumber(n, 'upperRoman'))).toEqual(['IV', 'IX', 'XIV']);
    expect([1, 14, 15].map((n) => formatNumber(n, 'ganada'))).toEqual(['가', '하', '가']);
    expect(formatNumber(3, 'decimalEnclosedCircle')).toBe('③');
    expect(formatNumber(7, 'decimalZero')).toBe('07');
    expect(formatNumber(5, 'someNewFormat')).toBe('5');
  });
});
