import { describe, expect, it } from 'vitest';
import { formatCounter, openDocx, paragraphLine, readParagraphs } from './docx-xml';
import { docxOf, numberingDef, para, run } from './test-fixtures';

const lines = (docx: Buffer) => readParagraphs(openDocx(docx)!).map(paragraphLine);

describe('readParagraphs', () => {
  it('reads tables cell by cell, tabs and breaks, entities; not deleted text or a text box fallback twice', () => {
    const table = `<w:tbl><w:tr><w:tc>${para('갑')}</w:tc><w:tc>${para('을')}</w:tc></w:tr></w:tbl>`;
    const tracked = `<w:p><w:r><w:t>남은</w:t></w:r><w:del><w:r><w:delText>지운</w:delText></w:r></w:del><w:ins><w:r><w:t xml:space="preserve"> 넣은</w:t></w:r></w:ins></w:p>`;
    const textBox = `<w:p><w:r><mc:AlternateContent><mc:Choice><w:drawing><w:txbxContent>${para('상자')}</w:txbxContent></w:drawing></mc:Choice><mc:Fallback><w:pict><w:txbxContent>${para('상자')}</w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent></w:r>${run('뒤')}</w:p>`;
    const tabs = `<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>a</w:t><w:tab/><w:t>b</w:t><w:br/><w:t>c &amp; &lt;d&gt; &#xAC00;</w:t></w:r></w:p>`;
    expect(lines(docxOf([table, tracked, textBox, tabs, '<w:p/>']))).toEqual(['갑', '을', '남은 넣은', '상자', '뒤', 'a\tb\nc & <d> 가', '']);
  });

  it('numbers by style (a heading style linked to a list), restarts deeper levels and honours start overrides', () => {
    const styles = '<w:style w:type="paragraph" w:styleId="H1"><w:name w:val="heading 1"/><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr><w:outlineLvl w:val="0"/></w:pPr></w:style><w:style w:type="paragraph" w:styleId="H2"><w:name w:val="heading 2"/><w:basedOn w:val="H1"/><w:pPr><w:numPr><w:ilvl w:val="1"/></w:numPr></w:pPr></w:style>';
    const numbering = `${numberingDef(1, [['decimal', '%1.'], ['decimal', '%1.%2']])}<w:abstractNum w:abstractNumId="9"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="upperRoman"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum><w:num w:numId="9"><w:abstractNumId w:val="9"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="4"/></w:lvlOverride></w:num>`;
    const h1 = (t: string) => para(t, '<w:pStyle w:val="H1"/>');
    const h2 = (t: string) => para(t, '<w:pStyle w:val="H2"/>');
    const roman = para('로마', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="9"/></w:numPr>');
    const docx = docxOf([h1('총칙'), h2('정의'), h2('해석'), h1('본칙'), h2('계약'), roman, para('본문')], { styles, numbering });
    const paragraphs = readParagraphs(openDocx(docx)!);
    expect(paragraphs.map(paragraphLine)).toEqual(['1. 총칙', '1.1 정의', '1.2 해석', '2. 본칙', '2.1 계약', 'IV. 로마', '본문']);
    expect(paragraphs.map((p) => [p.styleName, p.outlineLevel])).toEqual([['heading 1', 0], ['heading 2', 1], ['heading 2', 1], ['heading 1', 0], ['heading 2', 1], [null, null], [null, null]]);
  });

  it('formats Word counters', () => {
    expect([1, 2, 14, 15].map((n) => formatCounter(n, 'ganada'))).toEqual(['가', '나', '하', '가']);
    expect([1, 3].map((n) => formatCounter(n, 'chosung'))).toEqual(['ㄱ', 'ㄷ']);
    expect([1, 20, 21].map((n) => formatCounter(n, 'decimalEnclosedCircle'))).toEqual(['①', '⑳', '21']);
    expect([1, 27].map((n) => formatCounter(n, 'lowerLetter'))).toEqual(['a', 'aa']);
    expect(formatCounter(1994, 'upperRoman')).toBe('MCMXCIV');
    expect([1, 10, 11, 21, 105].map((n) => formatCounter(n, 'koreanCounting'))).toEqual(['일', '십', '십일', '이십일', '백오']);
    expect(formatCounter(7, 'decimalZero')).toBe('07');
    expect(formatCounter(3, 'bogus')).toBe('3');
  });
});
