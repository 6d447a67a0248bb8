import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { extractDocument } from '../../files';
import { buildRedline, redlineDocx, RedlineInputError, type RedlineEdit } from './docx-redline';

const FIXTURE = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/01-software-development-services.docx'));
const AUTHOR = '김검토 (AI 검토)';
const DATE = new Date('2026-03-02T09:30:00.000Z');

async function documentXml(bytes: Buffer): Promise<string> {
  return (await JSZip.loadAsync(bytes)).file('word/document.xml')!.async('string');
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The document as Word shows it with all changes rejected (original) or accepted (edited), per paragraph. */
function views(xml: string): { rejected: string[]; accepted: string[] } {
  const paragraphs = xml.match(/<w:p[\s>][\s\S]*?<\/w:p>/g) ?? [];
  const texts = (fragment: string, tag: 't' | 'delText') =>
    [...fragment.matchAll(new RegExp(`<w:${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</w:${tag}>`, 'g'))].map((m) => unescape(m[1]!)).join('');
  return {
    accepted: paragraphs.map((p) => texts(p.replace(/<w:del\s[\s\S]*?<\/w:del>/g, ''), 't')),
    rejected: paragraphs.map((p) => {
      const withoutIns = p.replace(/<w:ins\s[\s\S]*?<\/w:ins>/g, '');
      return [...withoutIns.matchAll(/<w:(t|delText)(?:\s[^>]*)?>([\s\S]*?)<\/w:\1>/g)].map((m) => unescape(m[2]!)).join('');
    }),
  };
}

function applyEdits(text: string, edits: readonly RedlineEdit[]): string {
  let out = '';
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    out += text.slice(at, edit.start) + edit.insert;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** An edit replacing the n-th occurrence of `find` in `text`. */
function replace(text: string, find: string, insert: string, occurrence = 0): RedlineEdit {
  let start = -1;
  for (let i = 0; i <= occurrence; i++) start = text.indexOf(find, start + 1);
  if (start === -1) throw new Error(`"${find}" is not in the text`);
  return { start, end: start + find.length, insert };
}

async function extractedText(bytes: Buffer): Promise<string> {
  const result = await extractDocument({ bytes, fileType: 'docx' });
  return result.pages.map((p) => p.text).join('\n');
}

function revisions(xml: string): Array<{ kind: string; id: string; author: string; date: string }> {
  return [...xml.matchAll(/<w:(ins|del) w:id="(\d+)" w:author="([^"]*)" w:date="([^"]*)">/g)].map((m) => ({ kind: m[1]!, id: m[2]!, author: unescape(m[3]!), date: m[4]! }));
}

describe('redlineDocx from a text original', () => {
  const text = '제1조 (목적)\n\n갑은 을에게 대금을 지급한다.\n\n제2조 (해지)\n\n갑은 언제든지 이 계약을 해지할 수 있다.';

  it('builds a DOCX whose changes are tracked w:del / w:ins by the author, readable by mammoth', async () => {
    const edits = [
      replace(text, '대금을', '계약금액을 검수 후 30일 이내에'),
      replace(text, '갑은 언제든지', '각 당사자는 30일 전에 서면으로 통지하고'),
      { start: text.length, end: text.length, insert: ' 다만, 을의 귀책사유가 있는 경우에는 그러하지 아니하다.' },
    ];
    const bytes = await redlineDocx({ original: { kind: 'text' }, text, edits, author: AUTHOR, date: DATE, title: '용역계약서 수정안' });
    const xml = await documentXml(bytes);
    expect(xml).toContain('<w:delText xml:space="preserve">대금을</w:delText>');
    expect(xml).toContain('<w:t xml:space="preserve">계약금액을 검수 후 30일 이내에</w:t>');
    const changes = revisions(xml);
    expect(changes.map((c) => c.kind)).toEqual(['del', 'ins', 'del', 'ins', 'ins']);
    expect(new Set(changes.map((c) => c.id)).size).toBe(changes.length);
    for (const change of changes) expect(change).toMatchObject({ author: AUTHOR, date: '2026-03-02T09:30:00Z' });

    const { rejected, accepted } = views(xml);
    expect(rejected).toEqual(['제1조 (목적)', '갑은 을에게 대금을 지급한다.', '제2조 (해지)', '갑은 언제든지 이 계약을 해지할 수 있다.']);
    expect(accepted.join('\n\n')).toBe(applyEdits(text, edits));

    const raw = await mammoth.extractRawText({ buffer: bytes });
    expect(raw.value).toContain('계약금액을 검수 후 30일 이내에 지급한다.');
    expect(raw.value).not.toContain('대금을');
    const core = await (await JSZip.loadAsync(bytes)).file('docProps/core.xml')!.async('string');
    expect(core).toContain('<dc:title>용역계약서 수정안</dc:title>');
  });

  it('deletes across paragraphs, escapes XML and reports mode rebuilt', async () => {
    const edits = [{ start: text.indexOf('지급한다.'), end: text.indexOf('갑은 언제든지'), insert: '지급 <및> "정산" & 한다.' }];
    const outcome = await buildRedline({ original: { kind: 'text' }, text, edits, author: 'A & B <법무팀>', date: DATE });
    expect(outcome.mode).toBe('rebuilt');
    const xml = await documentXml(outcome.bytes);
    expect(xml).toContain('w:author="A &amp; B &lt;법무팀&gt;"');
    expect(xml).toContain('지급 &lt;및&gt; &quot;정산&quot; &amp; 한다.');
    const { rejected, accepted } = views(xml);
    expect(rejected).toEqual(['제1조 (목적)', '갑은 을에게 대금을 지급한다.', '제2조 (해지)', '갑은 언제든지 이 계약을 해지할 수 있다.']);
    expect(accepted).toEqual(['제1조 (목적)', '갑은 을에게 대금을 지급 <및> "정산" & 한다.', '', '갑은 언제든지 이 계약을 해지할 수 있다.']);
  });

  it('refuses edits out of range or overlapping', async () => {
    const base = { original: { kind: 'text' as const }, text, author: AUTHOR, date: DATE };
    await expect(redlineDocx({ ...base, edits: [{ start: 0, end: text.length + 1, insert: '' }] })).rejects.toBeInstanceOf(RedlineInputError);
    await expect(redlineDocx({ ...base, edits: [{ start: 5, end: 2, insert: '' }] })).rejects.toBeInstanceOf(RedlineInputError);
    await expect(redlineDocx({ ...base, edits: [{ start: 0, end: 5, insert: 'a' }, { start: 3, end: 6, insert: 'b' }] })).rejects.toBeInstanceOf(RedlineInputError);
  });
});

describe('redlineDocx from a DOCX original', () => {
  it('rewrites only the edited paragraphs of the real contract; extraction of the result is the edited text', async () => {
    const text = await extractedText(FIXTURE);
    const edits = [
      replace(text, '2027년 3월 31일', '2027년 4월 30일'),
      // Inside an automatically numbered item ("1. " is Word's numbering, not in the runs).
      { start: text.indexOf('웹 관리자 화면, ') + 10, end: text.indexOf('웹 관리자 화면, ') + 10, insert: '관리자용 통계 대시보드, ' },
      replace(text, '부가가치세는 별도로 한다', '부가가치세를 포함한다'),
    ];
    const outcome = await buildRedline({ original: { kind: 'docx', bytes: FIXTURE }, text, edits, author: AUTHOR, date: DATE });
    expect(outcome.mode).toBe('in-place');
    expect(outcome.fallbackReason).toBeUndefined();

    const before = await documentXml(FIXTURE);
    const after = await documentXml(outcome.bytes);
    const changes = revisions(after);
    expect(changes.map((c) => c.kind)).toEqual(['ins', 'del', 'ins', 'del', 'ins']);
    expect(after).toContain('<w:delText xml:space="preserve">2027년 3월 31일</w:delText>');
    expect(after).toMatch(/웹 관리자 화면, <\/w:t><\/w:r><w:ins [^>]*><w:r><w:t xml:space="preserve">관리자용 통계 대시보드, <\/w:t><\/w:r><\/w:ins><w:r><w:t xml:space="preserve">현장용/);

    // Changes rejected: the original, paragraph by paragraph. Untouched paragraphs: byte for byte.
    const paragraphsBefore = before.match(/<w:p[\s>][\s\S]*?<\/w:p>/g)!;
    const paragraphsAfter = after.match(/<w:p[\s>][\s\S]*?<\/w:p>/g)!;
    expect(paragraphsAfter).toHaveLength(paragraphsBefore.length);
    expect(views(after).rejected).toEqual(views(before).rejected);
    const changed = paragraphsAfter.filter((p, i) => p !== paragraphsBefore[i]);
    expect(changed).toHaveLength(3);
    expect(after.slice(0, after.indexOf('<w:body>'))).toBe(before.slice(0, before.indexOf('<w:body>')));

    // Changes accepted: what the project's own extraction (mammoth) reads is the text with the edits.
    expect(await extractedText(outcome.bytes)).toBe(applyEdits(text, edits));
    const raw = await mammoth.extractRawText({ buffer: outcome.bytes });
    expect(raw.value).toContain('관리자용 통계 대시보드');
    expect(raw.value).not.toContain('2027년 3월 31일');
  });

  it('edits a table cell (cells are tab-separated in the text) in place', async () => {
    const text = await extractedText(FIXTURE);
    const edits = [replace(text, '하늘물산 주식회사\t', '하늘물산 주식회사 (대표이사 홍길동)\t')];
    // The tab belongs to no run: the edit keeps it by replacing only the visible part.
    edits[0] = { ...edits[0]!, end: edits[0]!.end - 1, insert: '하늘물산 주식회사 (대표이사 홍길동)' };
    const outcome = await buildRedline({ original: { kind: 'docx', bytes: FIXTURE }, text, edits, author: AUTHOR, date: DATE });
    expect(outcome.mode).toBe('in-place');
    const xml = await documentXml(outcome.bytes);
    expect(xml).toMatch(/<w:tc>(?:(?!<\/w:tc>)[\s\S])*<w:delText xml:space="preserve">하늘물산 주식회사<\/w:delText>/);
    expect(await extractedText(outcome.bytes)).toBe(applyEdits(text, edits));
  });

  it('splits runs at the edit boundaries and keeps each run\'s properties', async () => {
    const zip = await JSZip.loadAsync(FIXTURE);
    const original = await zip.file('word/document.xml')!.async('string');
    const paragraph =
      '<w:p><w:pPr><w:jc w:val="both"/></w:pPr><w:r><w:rPr><w:b/></w:rPr><w:t>제10조 (손해배상)</w:t></w:r><w:r><w:t xml:space="preserve"> 을은 </w:t></w:r>' +
      '<w:hyperlink w:anchor="clause10"><w:r><w:rPr><w:i/></w:rPr><w:t>모든 손해</w:t></w:r></w:hyperlink><w:r><w:tab/><w:t xml:space="preserve">를 배상한다.</w:t></w:r></w:p>';
    zip.file('word/document.xml', original.replace('<w:body>', `<w:body>${paragraph}`));
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    const text = await extractedText(bytes);
    expect(text.slice(0, 40)).toBe('제10조 (손해배상) 을은 모든 손해 를 배상한다.\n\n소프트웨어 개발 용역'.slice(0, 40));

    const edits = [replace(text, '모든', '직접'), replace(text, '배상한다', '계약금액의 범위에서 배상한다')];
    const outcome = await buildRedline({ original: { kind: 'docx', bytes }, text, edits, author: AUTHOR, date: DATE });
    expect(outcome.mode).toBe('in-place');
    const xml = await documentXml(outcome.bytes);
    const rewritten = xml.match(/<w:p>[\s\S]*?<\/w:p>/)![0];
    // "모든" deleted in the italic run inside the hyperlink; the insertion takes that run's properties.
    expect(rewritten).toMatch(/<w:hyperlink w:anchor="clause10"><w:del [^>]*><w:r><w:rPr><w:i\/><\/w:rPr><w:delText xml:space="preserve">모든<\/w:delText><\/w:r><\/w:del>/);
    expect(rewritten).toMatch(/<w:ins [^>]*><w:r><w:rPr><w:i\/><\/w:rPr><w:t xml:space="preserve">직접<\/w:t><\/w:r><\/w:ins>/);
    expect(rewritten).toContain('<w:r><w:rPr><w:i/></w:rPr><w:t xml:space="preserve"> 손해</w:t></w:r></w:hyperlink>');
    // The bold heading run is untouched, the tab kept in its run.
    expect(rewritten).toContain('<w:r><w:rPr><w:b/></w:rPr><w:t>제10조 (손해배상)</w:t></w:r>');
    expect(rewritten).toMatch(/<w:r><w:tab\/><w:t xml:space="preserve">를 <\/w:t><\/w:r><w:del /);
    expect(views(rewritten).accepted[0]).toBe('제10조 (손해배상) 을은 직접 손해를 계약금액의 범위에서 배상한다.');
    expect(views(rewritten).rejected[0]).toBe('제10조 (손해배상) 을은 모든 손해를 배상한다.');
    expect(await extractedText(outcome.bytes)).toBe(applyEdits(text, edits));
  });

  it('numbers its revisions above the ids the document already uses', async () => {
    const zip = await JSZip.loadAsync(FIXTURE);
    const original = await zip.file('word/document.xml')!.async('string');
    zip.file('word/document.xml', original.replace('<w:body>', '<w:body><w:p><w:bookmarkStart w:id="41" w:name="x"/><w:r><w:t>서문</w:t></w:r><w:bookmarkEnd w:id="41"/></w:p>'));
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    const text = await extractedText(bytes);
    const xml = await documentXml(await redlineDocx({ original: { kind: 'docx', bytes }, text, edits: [replace(text, '서문', '전문')], author: AUTHOR, date: DATE }));
    expect(revisions(xml).map((r) => Number(r.id))).toEqual([42, 43]);
  });

  it('rebuilds from the text, saying why, when an edit reaches a numbering label that is not in the runs', async () => {
    const text = await extractedText(FIXTURE);
    const label = text.indexOf('1. "목적 시스템"');
    const edits = [{ start: label, end: label + 3, insert: '가. ' }];
    const outcome = await buildRedline({ original: { kind: 'docx', bytes: FIXTURE }, text, edits, author: AUTHOR, date: DATE });
    expect(outcome.mode).toBe('rebuilt');
    expect(outcome.fallbackReason).toMatch(/numbering label/);
    const xml = await documentXml(outcome.bytes);
    expect(xml).toContain('<w:delText xml:space="preserve">1. </w:delText>');
    expect(revisions(xml)).toHaveLength(2);
    expect((await mammoth.extractRawText({ buffer: outcome.bytes })).value).toContain('가. "목적 시스템"');
  });
});
