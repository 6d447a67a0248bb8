import { describe, expect, it } from 'vitest';
import { sectionToBlocks } from './extract-hwpx';
import { htmlToBlocks } from './html-blocks';

describe('htmlToBlocks (mammoth HTML)', () => {
  it('keeps headings, splits clause-headings, flattens nested tables into their cell', () => {
    const html =
      '<h1>Service</h1><h2>Access and Use. During the Subscription Period, Customer may access and use the Cloud Service.</h2>' +
      '<p>A &amp; B<br />second line</p>' +
      '<table><tr><td><p>Term</p><table><tr><td>inner</td></tr></table></td><td><p>1 year</p><p>renews</p></td></tr></table>' +
      '<ol><li>first item</li><li>second item</li></ol>';
    expect(htmlToBlocks(html)).toEqual([
      { kind: 'heading', level: 1, text: 'Service' },
      { kind: 'heading', level: 2, text: 'Access and Use' },
      { kind: 'paragraph', text: 'During the Subscription Period, Customer may access and use the Cloud Service.' },
      { kind: 'paragraph', text: 'A & B\nsecond line' },
      { kind: 'table', rows: [['Term inner', '1 year\nrenews']] },
      { kind: 'paragraph', text: 'first item' },
      { kind: 'paragraph', text: 'second item' },
    ]);
  });
});

describe('sectionToBlocks (HWPX section XML)', () => {
  it('reads hp:t runs, tabs and line breaks, and ignores text outside hp:t', () => {
    const xml =
      '<hs:sec xmlns:hs="s" xmlns:hp="p"><hp:p><hp:run><hp:t>제1조(목적)<hp:tab/>본문</hp:t></hp:run><hp:run><hp:t>이어짐&amp;끝</hp:t></hp:run></hp:p>' +
      '<hp:p><hp:run><hp:t>첫 줄</hp:t><hp:lineBreak/><hp:t>둘째 줄</hp:t></hp:run><hp:ctrl>무시</hp:ctrl></hp:p></hs:sec>';
    expect(sectionToBlocks(xml, 2)).toEqual([
      { kind: 'paragraph', text: '제1조(목적)\t본문이어짐&끝', page: 2 },
      { kind: 'paragraph', text: '첫 줄\n둘째 줄', page: 2 },
    ]);
  });
});
