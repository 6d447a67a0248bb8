import fs from 'node:fs';
import path from 'node:path';
import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractDocument } from './extract';
import { sniffFileType } from './sniff';
import { listArticles } from './structure';
import { buildHwpx, buildMsg, buildScannedPdf, buildTextPdf, buildZip, DATA_DIR, renderTextImage } from './test-fixtures';

const CUAD = path.join(DATA_DIR, 'contracts/cuad-dev');
const SPONSORSHIP = 'CURAEGISTECHNOLOGIES,INC_05_26_2010-EX-1-CORPORATE SPONSORSHIP AGREEMENT';
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

describe('extractDocument: DOCX', () => {
  it('reads a template: text, tables and headings', async () => {
    const bytes = fs.readFileSync(path.join(DATA_DIR, 'contracts/docx/common-paper-cloud-service-agreement.docx'));
    const result = await extractDocument({ bytes, fileType: 'docx' });
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]).toMatchObject({ pageNumber: 1, status: 'done', method: 'text' });
    expect(oneLine(result.pages[0]?.text ?? '')).toContain('During the Subscription Period and subject to the terms of this Agreement, Customer may');
    expect(result.language).toBe('en');
    const blocks = result.structure.blocks;
    expect(blocks.some((b) => b.kind === 'table')).toBe(true);
    // Word's automatic numbering is in the text: "1.1 Access and Use. During ..." reads as article 1.1.
    expect(blocks).toContainEqual(expect.objectContaining({ kind: 'article', number: '1.1', title: 'Access and Use' }));
    expect(result.pages[0]?.text).toMatch(/^1\. Service$/m);
  });

  it('reads a generated Korean DOCX with an article heading and a table', async () => {
    const document = new Document({
      sections: [
        {
          children: [
            new Paragraph({ text: '물품공급계약서', heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
            new Paragraph({ text: '제1조(목적)', heading: HeadingLevel.HEADING_2 }),
            new Paragraph({ children: [new TextRun('이 계약은 갑이 을에게 물품을 공급하는 조건을 정한다.')] }),
            new Table({
              rows: [
                new TableRow({ children: [new TableCell({ children: [new Paragraph('품목')] }), new TableCell({ children: [new Paragraph('수량')] })] }),
                new TableRow({ children: [new TableCell({ children: [new Paragraph('노트북')] }), new TableCell({ children: [new Paragraph('10대')] })] }),
              ],
            }),
          ],
        },
      ],
    });
    const bytes = await Packer.toBuffer(document);
    const result = await extractDocument({ bytes, fileType: 'docx' });
    expect(result.language).toBe('ko');
    expect(listArticles(result.structure)).toEqual([{ kind: 'article', number: '1', title: '목적', text: '이 계약은 갑이 을에게 물품을 공급하는 조건을 정한다.' }]);
    expect(result.structure.blocks).toContainEqual({ kind: 'table', rows: [['품목', '수량'], ['노트북', '10대']] });
  });

  it('refuses a DOCX-shaped zip bomb and XML with a DTD, as a failed page', async () => {
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: Buffer.alloc(20 * 1024 * 1024, 0x20) },
    ]);
    const bombResult = await extractDocument({ bytes: bomb, fileType: 'docx' });
    expect(bombResult.safety).toEqual({ ok: false, reason: 'SUSPICIOUS_RATIO' });
    expect(bombResult.pages[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('zip bomb') });

    const xxe = buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><w:document>&x;</w:document>' },
    ]);
    const xxeResult = await extractDocument({ bytes: xxe, fileType: 'docx' });
    expect(xxeResult.safety).toEqual({ ok: false, reason: 'DTD_OR_ENTITY' });
    expect(xxeResult.pages[0]?.status).toBe('failed');
  });
});

describe('extractDocument: PDF', () => {
  it('reads a CUAD PDF page by page; the text matches its TXT twin', async () => {
    const bytes = fs.readFileSync(path.join(CUAD, 'pdf', `${SPONSORSHIP}.PDF`));
    const twin = fs.readFileSync(path.join(CUAD, 'txt', `${SPONSORSHIP}.txt`), 'utf8');
    const phrase = 'shall commence on the Effective Date and conclude on October 31, 2010';
    expect(oneLine(twin)).toContain(phrase);
    const result = await extractDocument({ bytes, fileType: 'pdf' });
    expect(result.totalPages).toBe(result.pages.length);
    expect(result.pages.every((p) => p.status === 'done' && p.method === 'text')).toBe(true);
    expect(oneLine(result.pages[0]?.text ?? '')).toContain(phrase);
    expect(listArticles(result.structure).slice(0, 2).map((a) => [a.number, a.title, a.page])).toEqual([
      ['1', 'Term', 1],
      ['2', 'Termination', 1],
    ]);
  });

  it('reads the Korean text layer of a PDF', async () => {
    const bytes = await buildTextPdf(['제1조(목적) 이 계약은 갑과 을의 권리와 의무를 정한다.', '제2조(계약의 해지) 을은 손해배상 책임을 진다.']);
    const result = await extractDocument({ bytes, fileType: 'pdf' });
    expect(result.pages[0]).toMatchObject({ method: 'text', status: 'done', text: expect.stringContaining('을은 손해배상 책임을 진다.') });
    expect(result.language).toBe('ko');
    expect(listArticles(result.structure).map((a) => [a.number, a.title])).toEqual([
      ['1', '목적'],
      ['2', '계약의 해지'],
    ]);
  });

  it('honours maxPages and reports a scanned page without OCR as failed, not empty', async () => {
    const bytes = fs.readFileSync(path.join(CUAD, 'pdf', `${SPONSORSHIP}.PDF`));
    const limited = await extractDocument({ bytes, fileType: 'pdf' }, { maxPages: 1 });
    expect(limited.pages).toHaveLength(1);
    expect(limited.totalPages).toBeGreaterThan(1);

    const image = renderTextImage(['scanned page']);
    const scanned = await buildScannedPdf(await image.png(), image.width, image.height);
    const result = await extractDocument({ bytes: scanned, fileType: 'pdf' });
    expect(result.pages).toEqual([
      { pageNumber: 1, text: '', method: 'text', status: 'failed', error: expect.stringContaining('no text layer') },
    ]);
  });

  it('turns a broken PDF into one failed page instead of throwing', async () => {
    const result = await extractDocument({ bytes: Buffer.from('%PDF-1.7\n garbage without objects'), fileType: 'pdf' });
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('PDF') });
  });
});

describe('extractDocument: HWPX', () => {
  it('reads Korean paragraphs, a 제1조 article and a table from section XML', async () => {
    const bytes = buildHwpx(
      ['용역계약서', '제1조(목적) 이 계약은 "갑"과 "을" 사이의 용역 제공 조건을 정한다.', '제2조(계약금액) 계약금액은 아래 표와 같다.'],
      [['항목', '금액'], ['설계', '5,000,000원']],
    );
    const result = await extractDocument({ bytes, fileType: 'hwpx' });
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]?.status).toBe('done');
    expect(result.pages[0]?.text).toContain('이 계약은 "갑"과 "을" 사이의 용역 제공 조건을 정한다.');
    expect(result.language).toBe('ko');
    expect(listArticles(result.structure).map((a) => [a.number, a.title])).toEqual([
      ['1', '목적'],
      ['2', '계약금액'],
    ]);
    expect(result.structure.blocks).toContainEqual({ kind: 'table', rows: [['항목', '금액'], ['설계', '5,000,000원']], page: 1 });
  });
});

describe('extractDocument: TXT', () => {
  const text = '제1조(목적) 이 계약은 목적을 정한다.\r\nArticle 2 Term\r\n';

  it('decodes UTF-8 with and without BOM', async () => {
    for (const bytes of [Buffer.from(text), Buffer.from(`\uFEFF${text}`)]) {
      const result = await extractDocument({ bytes, fileType: 'txt' });
      expect(result.pages[0]?.text).toBe('제1조(목적) 이 계약은 목적을 정한다.\nArticle 2 Term\n');
      expect(listArticles(result.structure).map((a) => a.number)).toEqual(['1', '2']);
    }
  });

  it('decodes UTF-16 LE and BE with BOM', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);
    for (const bytes of [le, be]) {
      const result = await extractDocument({ bytes, fileType: 'txt' });
      expect(result.pages[0]?.text).toContain('이 계약은 목적을 정한다.');
      expect(result.language).toBe('mixed');
    }
  });

  it('reads a CUAD TXT contract', async () => {
    const bytes = fs.readFileSync(path.join(CUAD, 'txt', `${SPONSORSHIP}.txt`));
    const result = await extractDocument({ bytes, fileType: 'txt' });
    expect(result.language).toBe('en');
    expect(listArticles(result.structure).map((a) => a.title)).toContain('Termination');
  });
});

describe('extractDocument: EML', () => {
  it('reads headers and a quoted-printable UTF-8 body, listing attachments', async () => {
    const eml = [
      'From: =?UTF-8?B?6rmA7LKg7IiY?= <kim@example.co.kr>',
      'To: legal@example.com',
      'Subject: =?UTF-8?Q?=EA=B3=84=EC=95=BD=EC=84=9C_=EA=B2=80=ED=86=A0?= request',
      'Date: Mon, 2 Mar 2026 10:00:00 +0900',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative; boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/plain; charset=UTF-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '=EC=95=88=EB=85=95=ED=95=98=EC=84=B8=EC=9A=94. Please review the contract =',
      'draft.',
      '--inner',
      'Content-Type: text/html; charset=UTF-8',
      '',
      '<p>HTML version</p>',
      '--inner--',
      '--outer',
      'Content-Type: application/pdf; name="contract.pdf"',
      'Content-Disposition: attachment; filename="contract.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      'JVBERi0xLjQK',
      '--outer--',
      '',
    ].join('\r\n');
    const result = await extractDocument({ bytes: Buffer.from(eml), fileType: 'eml' });
    const page = result.pages[0]?.text ?? '';
    expect(page).toContain('From: 김철수 <kim@example.co.kr>');
    expect(page).toContain('Subject: 계약서 검토 request');
    expect(page).toContain('안녕하세요. Please review the contract draft.');
    expect(page).not.toContain('HTML version');
    expect(page).toContain('[Attachment: contract.pdf]');
  });

  it('decodes a base64 EUC-KR (ks_c_5601-1987) body and falls back to HTML', async () => {
    const body = new Uint8Array([0xb0, 0xe8, 0xbe, 0xe0, 0xbc, 0xad]); // "계약서" in EUC-KR
    const eml = [
      'From: a@example.com',
      'Subject: test',
      'Content-Type: text/html; charset="ks_c_5601-1987"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from(Buffer.concat([Buffer.from('<html><body><p>'), body, Buffer.from(' &amp; terms</p><script>x()</script></body></html>')])).toString('base64'),
    ].join('\n');
    const result = await extractDocument({ bytes: Buffer.from(eml), fileType: 'eml' });
    expect(result.pages[0]?.text).toContain('계약서 & terms');
    expect(result.pages[0]?.text).not.toContain('x()');
  });
});

describe('extractDocument: spreadsheets and presentations', () => {
  it('reads every worksheet of an XLSX as a table, shared and inline strings included', async () => {
    const bytes = buildZip([
      { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
      { name: 'xl/workbook.xml', data: '<?xml version="1.0"?><workbook/>' },
      { name: 'xl/sharedStrings.xml', data: '<?xml version="1.0"?><sst><si><t>계약명</t></si><si><r><t>계약</t></r><r><t>금액</t></r></si><si><t>용역 계약 &amp; 유지보수</t></si></sst>' },
      { name: 'xl/worksheets/sheet1.xml', data: '<?xml version="1.0"?><worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"/><c r="C2"><v>15000000</v></c></row></sheetData></worksheet>' },
      { name: 'xl/worksheets/sheet2.xml', data: '<?xml version="1.0"?><worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Renewal</t></is></c></row></sheetData></worksheet>' },
    ]);
    const result = await extractDocument({ bytes, fileType: 'xlsx' });
    expect(result.pages.map((p) => p.status)).toEqual(['done', 'done']);
    expect(result.pages[0]?.text).toBe('계약명\t\t계약금액\n용역 계약 & 유지보수\t\t15000000');
    expect(result.pages[1]?.text).toBe('Renewal');
    expect(result.structure.blocks[0]).toMatchObject({ kind: 'table', rows: [['계약명', '', '계약금액'], ['용역 계약 & 유지보수', '', '15000000']] });
  });

  it('reads every slide of a PPTX in order, one paragraph per line', async () => {
    const slide = (paragraphs: string[]) => `<?xml version="1.0"?><p:sld xmlns:a="a" xmlns:p="p"><p:cSld><p:spTree>${paragraphs.map((t) => `<a:p><a:r><a:t>${t}</a:t></a:r></a:p>`).join('')}</p:spTree></p:cSld></p:sld>`;
    const bytes = buildZip([
      { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types/>' },
      { name: 'ppt/slides/slide10.xml', data: slide(['마지막 장']) },
      { name: 'ppt/slides/slide2.xml', data: slide(['제1조 (목적)', '이 계약은 ...']) },
      { name: 'ppt/slides/slide1.xml', data: slide(['계약 검토 보고']) },
    ]);
    const result = await extractDocument({ bytes, fileType: 'pptx' });
    expect(result.pages.map((p) => p.text)).toEqual(['계약 검토 보고', '제1조 (목적)\n이 계약은 ...', '마지막 장']);
  });

  it('refuses an unsafe workbook before reading it', async () => {
    const bytes = buildZip([{ name: 'xl/worksheets/sheet1.xml', data: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><worksheet/>' }]);
    const result = await extractDocument({ bytes, fileType: 'xlsx' });
    expect(result.pages[0]?.status).toBe('failed');
  });
});

describe('extractDocument: mail and archives', () => {
  it('reads an Outlook message: sender, subject and body', async () => {
    const bytes = buildMsg({ subject: '계약 검토 요청', body: '첨부한 용역 계약서를 검토해 주세요.\r\n\r\n감사합니다.', senderName: '김변호사' });
    expect(sniffFileType(bytes)).toBe('msg');
    const result = await extractDocument({ bytes, fileType: 'msg' });
    expect(result.pages[0]).toMatchObject({ status: 'done' });
    expect(result.pages[0]?.text).toContain('From: 김변호사');
    expect(result.pages[0]?.text).toContain('Subject: 계약 검토 요청');
    expect(result.pages[0]?.text).toContain('첨부한 용역 계약서를 검토해 주세요.');
  });

  it('reads the documents inside a ZIP, each page headed by its entry, skipping what it cannot read', async () => {
    const inner = buildHwpx(['제1조(목적) 이 계약은 용역의 범위를 정한다.']);
    const bytes = buildZip([
      { name: '계약/본계약.hwpx', data: inner },
      { name: '계약/메모.txt', data: '갱신 조건 확인 필요' },
      { name: 'tool.exe', data: Buffer.from('MZ\x90\x00') },
      { name: 'nested.zip', data: buildZip([{ name: 'x.txt', data: 'hidden' }]) },
    ]);
    const result = await extractDocument({ bytes, fileType: 'zip' });
    const texts = result.pages.map((p) => p.text);
    expect(texts.some((t) => t.startsWith('[계약/본계약.hwpx]') && t.includes('용역의 범위'))).toBe(true);
    expect(texts.some((t) => t.startsWith('[계약/메모.txt]') && t.includes('갱신 조건'))).toBe(true);
    expect(texts.join('\n')).not.toContain('hidden');
    expect(result.structure.blocks.some((b) => b.kind === 'article')).toBe(true);
  });
});

describe('extractDocument: types without extraction yet', () => {
  it('answers an honest failed page for an unreadable HWP or MSG and an archive of nothing readable', async () => {
    const zip = buildZip([{ name: 'program.bin', data: Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 0]) }]);
    for (const [fileType, bytes, phrase] of [
      ['hwp', Buffer.alloc(10), 'HWP'],
      ['msg', Buffer.alloc(10), 'Outlook'],
      ['zip', zip, 'archive'],
    ] as const) {
      const result = await extractDocument({ bytes, fileType });
      expect(result.pages, fileType).toEqual([{ pageNumber: 1, text: '', method: 'text', status: 'failed', error: expect.stringContaining(phrase) }]);
      expect(result.structure.blocks).toEqual([]);
    }
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(extractDocument({ bytes: Buffer.from('text'), fileType: 'txt' }, { signal: controller.signal })).rejects.toThrow();
  });
});
