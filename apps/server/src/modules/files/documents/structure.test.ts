import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildStructure, listArticles } from './structure';
import { DATA_DIR } from './test-fixtures';

describe('buildStructure: Korean', () => {
  const contract = [
    '용역계약서',
    '',
    '주식회사 갑(이하 "갑"이라 한다)과 을은 다음과 같이 계약을 체결한다.',
    '',
    '제1장 총칙',
    '제1조(목적) 이 계약은 용역의 범위와 대가를 정함을 목적으로 한다.',
    '제 2 조 (정의)',
    '① "용역"이란 별지에 정한 업무를 말한다.',
    '② 제1조 및 제3조에 따른 사항은 별도로 정한다.',
    '제2조의2【비밀유지】 을은 업무상 알게 된 비밀을 누설하지 아니한다.',
    '제3조(계약의 해지)',
    '갑은 을이 제2조를 위반한 때에는 계약을 해지할 수 있다.',
    '제3조 및 제4조에 따른 손해배상은 별도로 정한다.',
    '제10조 손해배상',
  ].join('\n');

  it('detects 제N조, 제 N 조, 제N조의M with titles in ( ) or 【 】', () => {
    const articles = listArticles(buildStructure([contract]));
    expect(articles.map((a) => [a.number, a.title])).toEqual([
      ['1', '목적'],
      ['2', '정의'],
      ['2의2', '비밀유지'],
      ['3', '계약의 해지'],
      ['10', undefined],
    ]);
    expect(articles[0]?.text).toBe('이 계약은 용역의 범위와 대가를 정함을 목적으로 한다.');
    expect(articles[1]?.text).toContain('② 제1조 및 제3조에 따른 사항은 별도로 정한다.');
    // A line starting with a cross-reference stays inside the article.
    expect(articles[3]?.text).toContain('제3조 및 제4조에 따른 손해배상은 별도로 정한다.');
    expect(articles[4]?.text).toBe('손해배상');
  });

  it('keeps the preamble as paragraphs and 장 as a heading', () => {
    const { blocks } = buildStructure([contract]);
    expect(blocks[0]).toEqual({ kind: 'paragraph', text: '용역계약서' });
    expect(blocks[1]).toMatchObject({ kind: 'paragraph', text: expect.stringContaining('계약을 체결한다') });
    expect(blocks[2]).toEqual({ kind: 'heading', level: 1, text: '제1장 총칙' });
  });

  it('reads every article of the Civil Act (민법) markdown', () => {
    const markdown = fs.readFileSync(path.join(DATA_DIR, 'law/current/민법/법률.md'), 'utf8');
    const body = markdown.replace(/^---[\s\S]*?\n---\n/, '');
    const { blocks } = buildStructure([body]);
    const addendaStart = blocks.findIndex((b) => b.kind === 'heading' && b.text === '부칙');
    expect(addendaStart).toBeGreaterThan(0);
    const articles = blocks.slice(0, addendaStart).filter((b) => b.kind === 'article');
    expect(articles).toHaveLength(1193); // every `##### 제N조` heading, no cross-reference taken for one
    expect(articles[0]).toMatchObject({ number: '1', title: '법원', text: expect.stringContaining('관습법에 의하고') });
    expect(articles.find((a) => a.number === '14의2')).toMatchObject({ title: '특정후견의 심판' });
    expect(articles.find((a) => a.number === '436')).toMatchObject({ text: expect.stringContaining('삭제') });
    expect(articles.at(-1)).toMatchObject({ number: '1118', title: '준용규정' });
    expect(blocks).toContainEqual({ kind: 'heading', level: 1, text: '제1편 총칙' });
    expect(blocks).toContainEqual({ kind: 'heading', level: 2, text: '제1장 통칙' });
    // The addenda's own articles (제1조 (구법의 정의) ...) are found too.
    expect(blocks.slice(addendaStart).find((b) => b.kind === 'article')).toMatchObject({ number: '1', title: '구법의 정의' });
  });
});

describe('buildStructure: English', () => {
  const agreement = [
    'MASTER SERVICES AGREEMENT',
    '',
    'This Agreement is entered into by Acme Corp. and Beta LLC.',
    '',
    'ARTICLE I',
    'DEFINITIONS',
    '"Affiliate" means any entity controlling a party.',
    'Article 2 - Term and Termination',
    'This Agreement commences on the Effective Date.',
    'Section 2.1 Renewal. The term renews for one year.',
    '3. Confidentiality. Each party shall keep the other party\'s information secret.',
    '4.2 Limitation of Liability',
    'In no event shall either party be liable for indirect damages.',
    '5. The Company shall pay all fees within 30 days.',
    '1.5 million units are delivered every year.',
    'IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR INDIRECT',
    'OR CONSEQUENTIAL DAMAGES.',
  ].join('\n');

  it('detects ARTICLE I, Article 2, Section 2.1 and numbered clauses with titles', () => {
    const articles = listArticles(buildStructure([agreement]));
    expect(articles.map((a) => [a.number, a.title])).toEqual([
      ['I', 'DEFINITIONS'],
      ['2', 'Term and Termination'],
      ['2.1', 'Renewal'],
      ['3', 'Confidentiality'],
      ['4.2', 'Limitation of Liability'],
    ]);
    expect(articles[0]?.text).toContain('"Affiliate" means');
    expect(articles[2]?.text).toBe('The term renews for one year.');
    // Sentences that merely start with a number stay in the article body.
    expect(articles[4]?.text).toContain('5. The Company shall pay');
    expect(articles[4]?.text).toContain('1.5 million units');
    // A wrapped all-caps disclaimer line is body text, not a heading.
    expect(articles[4]?.text).toContain('IN NO EVENT SHALL EITHER PARTY BE LIABLE FOR INDIRECT\nOR CONSEQUENTIAL DAMAGES.');
  });

  it('reports an all-caps title line as a heading and keeps pages', () => {
    const { blocks } = buildStructure([
      { pageNumber: 1, text: 'MASTER SERVICES AGREEMENT\n\nIntro text.', method: 'text', status: 'done' },
      { pageNumber: 2, text: 'broken', method: 'ocr', status: 'failed', error: 'x' },
      { pageNumber: 3, text: '1. Definitions\nTerms used here.', method: 'text', status: 'done' },
    ]);
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, text: 'MASTER SERVICES AGREEMENT', page: 1 },
      { kind: 'paragraph', text: 'Intro text.', page: 1 },
      { kind: 'article', number: '1', title: 'Definitions', text: 'Terms used here.', page: 3 },
    ]);
  });
});

describe('buildStructure: table of contents lines', () => {
  it('drops dot leaders and page numbers from titles', () => {
    const articles = listArticles(buildStructure(['1.0 DEFINITIONS.................... 3\nARTICLE IV   TERM   AND   TERMINATION']));
    expect(articles.map((a) => [a.number, a.title])).toEqual([
      ['1.0', 'DEFINITIONS'],
      ['IV', 'TERM AND TERMINATION'],
    ]);
  });
});

describe('buildStructure: raw blocks', () => {
  it('turns heading blocks that are articles into articles and keeps tables in place', () => {
    const { blocks } = buildStructure([
      { kind: 'heading', level: 1, text: '계약서' },
      { kind: 'heading', level: 2, text: '제1조(목적)' },
      { kind: 'paragraph', text: '이 계약은 목적을 정한다.' },
      { kind: 'table', rows: [['구분', '금액'], ['용역비', '1,000,000원']] },
      { kind: 'paragraph', text: 'Closing words.' },
    ]);
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: '계약서' },
      { kind: 'article', number: '1', title: '목적', text: '이 계약은 목적을 정한다.' },
      { kind: 'table', rows: [['구분', '금액'], ['용역비', '1,000,000원']] },
      { kind: 'paragraph', text: 'Closing words.' },
    ]);
  });
});
