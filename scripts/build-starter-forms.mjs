#!/usr/bin/env node
// Builds the starter standard-form library (issue 17):
//   apps/server/src/modules/standard-forms/starter/forms/*.docx
// from the originals in the shared data folder (contracts/ko: CC0 Korean contracts; contracts/docx:
// Common Paper (CC BY 4.0) and Bonterms (CC0) templates). Each form is a COPY of one original in which
// word/document.xml is edited by exact replacements listed below (search text -> marker, `{{key}}`
// for a value, `{{#key}}...{{/key}}` around an optional clause; docs/decisions/0006). Every edit
// states how many times its search text must occur; any other count fails the build, so a changed
// source is caught instead of silently producing a half-marked form.
//
// Search texts are matched against each paragraph's text (all its <w:t> runs joined), so a search text
// that Word split across runs is still found: the runs it spans are merged into the first of them
// (that run's formatting carries the marker; the text before and after keeps its own runs).
//
// Usage: node scripts/build-starter-forms.mjs [--check]
//   SHARED_DATA_DIR  the shared data folder (default: ../shared/data relative to the repository root,
//                    also tried relative to the main worktree when run from a git worktree)
//   --check          build in memory and fail when a committed form differs from the build output
//
// The committed DOCX files are this script's output (CI does not run it). Output is deterministic:
// the same sources give byte-identical files.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(repoRoot, 'apps/server/src/modules/standard-forms/starter/forms');

// ---------------------------------------------------------------------------------------------
// Edits
// ---------------------------------------------------------------------------------------------

/** Replace `find` (paragraph text) with `replace`; it must occur exactly `count` times. */
const r = (find, replace, count) => ({ kind: 'replace', find, replace, count });
/** A `{snake_case}` placeholder of the English templates becomes `{{camelCase}}`. */
const ph = (placeholder, key, count = 1) => r(`{${placeholder}}`, `{{${key}}}`, count);
/**
 * An optional clause: a paragraph holding only `{{#key}}` is inserted before the (one) paragraph
 * containing `from`, and one holding only `{{/key}}` after the (one) paragraph containing `to`
 * (default: the same paragraph). With docxtemplater's paragraphLoop, the marker paragraphs vanish
 * when the document is rendered, and the clause's paragraphs with them when it is unchecked.
 */
const section = (key, from, to = from) => ({ kind: 'section', key, from, to });
/** Removes the top-level body blocks from the one containing `from` up to (not including) the one containing `until`. */
const removeBlocks = (from, until) => ({ kind: 'remove', from, until });

/** Common signature-block edits of the Korean contracts: one search text per value. */
const party = (role, { name, nameCount = 2, address, registrationNumber, representative }) => [
  ...(name ? [r(name, `{{${role}Name}}`, nameCount)] : []),
  ...(address ? [r(address, `{{${role}Address}}`, 1)] : []),
  ...(registrationNumber ? [r(registrationNumber, `{{${role}RegistrationNumber}}`, 1)] : []),
  ...(representative ? [r(representative, `{{${role}Representative}}`, 1)] : []),
];

export const FORMS = [
  {
    out: 'ko-software-development-services.docx',
    source: 'contracts/ko/01-software-development-services.docx',
    edits: [
      r('소프트웨어 개발 용역계약서', '{{contractTitle}}', 1),
      r('하늘물산 주식회사', '{{clientName}}', 2),
      r('주식회사 다온테크', '{{vendorName}}', 2),
      r('갑의 통합 주문·재고관리 시스템 구축을 위한', '{{systemName}} 구축을 위한', 1),
      r('"하늘물산 통합 주문·재고관리 시스템"', '"{{systemName}}"', 1),
      r('2026년 9월 21일부터 2027년 3월 31일까지', '{{startDate}}부터 {{endDate}}까지', 1),
      r('금 일억팔천육백만원정(₩186,000,000)', '{{contractAmount}}', 1),
      r('계약금액의 100분의 30에 해당하는 금 55,800,000원', '계약금액의 100분의 30에 해당하는 금액', 2),
      r('계약금액의 100분의 40에 해당하는 금 74,400,000원', '계약금액의 100분의 40에 해당하는 금액', 1),
      section('lateInterest', '④ 갑이 제2항에 따른 기한까지 대금을 지급하지 아니한 경우'),
      r('최종 검수 합격일부터 12개월 동안', '최종 검수 합격일부터 {{warrantyMonths}}개월 동안', 1),
      r('이 계약은 대한민국 법률에 따라', '이 계약은 {{governingLaw}}에 따라', 1),
      r('소송은 서울중앙지방법원을', '소송은 {{venue}}을', 1),
      r('2026년 9월 14일', '{{signedDate}}', 1),
      ...party('client', { address: '서울특별시 중구 예시로 100, 12층', registrationNumber: '000-81-00101', representative: '대표이사 홍길동' }),
      ...party('vendor', { address: '서울특별시 금천구 샘플로 25, 7층', registrationNumber: '000-86-00102', representative: '대표이사 김철수' }),
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// DOCX editing
// ---------------------------------------------------------------------------------------------

const decode = (s) =>
  s.replace(/&(lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-fA-F]+));/g, (m, name, dec, hex) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' }[name]);
const encode = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const PARAGRAPH = /<w:p(?:\s[^>]*[^/>])?>[\s\S]*?<\/w:p>/g;
const TEXT_NODE = /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g;

/** The text of a paragraph's XML: its <w:t> contents joined. */
export function paragraphText(pXml) {
  return [...pXml.matchAll(TEXT_NODE)].map((m) => decode(m[1])).join('');
}

function occurrences(text, find) {
  const at = [];
  for (let i = text.indexOf(find); i !== -1; i = text.indexOf(find, i + find.length)) at.push(i);
  return at;
}

/** Replaces every occurrence of `find` in the paragraph's text; returns the new XML and the count. */
function replaceInParagraph(pXml, find, replace) {
  const nodes = [...pXml.matchAll(TEXT_NODE)];
  const texts = nodes.map((m) => decode(m[1]));
  const starts = [];
  let offset = 0;
  for (const t of texts) {
    starts.push(offset);
    offset += t.length;
  }
  const hits = occurrences(texts.join(''), find);
  if (hits.length === 0) return { xml: pXml, count: 0 };
  const nodeAt = (pos) => {
    let i = 0;
    while (i + 1 < texts.length && starts[i + 1] <= pos) i++;
    return i;
  };
  const changed = new Set();
  for (const s of [...hits].reverse()) {
    const e = s + find.length;
    const i = nodeAt(s);
    const j = nodeAt(e - 1);
    const first = texts[i];
    if (i === j) {
      texts[i] = first.slice(0, s - starts[i]) + replace + first.slice(e - starts[i]);
    } else {
      texts[i] = first.slice(0, s - starts[i]) + replace;
      for (let k = i + 1; k < j; k++) texts[k] = '';
      texts[j] = texts[j].slice(e - starts[j]);
      for (let k = i + 1; k <= j; k++) changed.add(k);
    }
    changed.add(i);
  }
  let k = 0;
  const xml = pXml.replace(TEXT_NODE, (whole) => {
    const idx = k++;
    return changed.has(idx) ? `<w:t xml:space="preserve">${encode(texts[idx])}</w:t>` : whole;
  });
  return { xml, count: hits.length };
}

const markerParagraph = (marker) => `<w:p><w:r><w:t xml:space="preserve">${encode(marker)}</w:t></w:r></w:p>`;

function paragraphsContaining(xml, text) {
  return [...xml.matchAll(PARAGRAPH)].filter((m) => paragraphText(m[0]).includes(text)).map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

/** Top-level children of <w:body> as [start, end) offsets into the XML. */
function bodyBlocks(xml) {
  const open = xml.indexOf('<w:body>');
  const close = xml.lastIndexOf('</w:body>');
  if (open === -1 || close === -1) throw new Error('no <w:body>');
  const TAG = /<(\/?)([A-Za-z][\w.-]*(?::[\w.-]+)?)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;
  TAG.lastIndex = open + '<w:body>'.length;
  const blocks = [];
  let depth = 0;
  let start = -1;
  for (let m = TAG.exec(xml); m && m.index < close; m = TAG.exec(xml)) {
    const [, closing, , , selfClosing] = m;
    if (closing) {
      depth--;
      if (depth === 0) blocks.push({ start, end: m.index + m[0].length });
    } else if (selfClosing) {
      if (depth === 0) blocks.push({ start: m.index, end: m.index + m[0].length });
    } else {
      if (depth === 0) start = m.index;
      depth++;
    }
  }
  return blocks;
}

function applyEdit(xml, edit, where) {
  if (edit.kind === 'replace') {
    let total = 0;
    const out = xml.replace(PARAGRAPH, (p) => {
      const { xml: next, count } = replaceInParagraph(p, edit.find, edit.replace);
      total += count;
      return next;
    });
    if (total !== edit.count) throw new Error(`${where}: "${edit.find}" found ${total} times, expected ${edit.count}`);
    return out;
  }
  if (edit.kind === 'section') {
    const from = paragraphsContaining(xml, edit.from);
    const to = paragraphsContaining(xml, edit.to);
    if (from.length !== 1) throw new Error(`${where}: section ${edit.key}: "${edit.from}" is in ${from.length} paragraphs, expected 1`);
    if (to.length !== 1) throw new Error(`${where}: section ${edit.key}: "${edit.to}" is in ${to.length} paragraphs, expected 1`);
    if (to[0].start < from[0].start) throw new Error(`${where}: section ${edit.key}: its end comes before its start`);
    return (
      xml.slice(0, from[0].start) +
      markerParagraph(`{{#${edit.key}}}`) +
      xml.slice(from[0].start, to[0].end) +
      markerParagraph(`{{/${edit.key}}}`) +
      xml.slice(to[0].end)
    );
  }
  if (edit.kind === 'remove') {
    const blocks = bodyBlocks(xml);
    const text = (b) => [...xml.slice(b.start, b.end).matchAll(PARAGRAPH)].map((m) => paragraphText(m[0])).join('\n');
    const first = blocks.findIndex((b) => text(b).includes(edit.from));
    const last = blocks.findIndex((b, i) => i > first && text(b).includes(edit.until));
    if (first === -1 || blocks.filter((b) => text(b).includes(edit.from)).length !== 1) throw new Error(`${where}: remove: "${edit.from}" must be in exactly one block`);
    if (last === -1) throw new Error(`${where}: remove: "${edit.until}" not found after "${edit.from}"`);
    return xml.slice(0, blocks[first].start) + xml.slice(blocks[last].start);
  }
  throw new Error(`${where}: unknown edit ${edit.kind}`);
}

export async function buildForm(form, sharedDir) {
  const sourcePath = join(sharedDir, form.source);
  const zip = await JSZip.loadAsync(readFileSync(sourcePath));
  const entry = zip.file('word/document.xml');
  if (!entry) throw new Error(`${form.source}: no word/document.xml`);
  let xml = await entry.async('string');
  if (xml.includes('<w:txbxContent')) throw new Error(`${form.source}: text boxes are not supported by this script`);
  if (xml.includes('{{')) throw new Error(`${form.source}: the original already contains "{{"`);
  form.edits.forEach((edit, i) => {
    xml = applyEdit(xml, edit, `${form.out} edit ${i + 1}`);
  });
  zip.file('word/document.xml', xml, { date: entry.date, createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 }, platform: 'UNIX' });
}

// ---------------------------------------------------------------------------------------------
// Shared data folder
// ---------------------------------------------------------------------------------------------

function sharedDataCandidates() {
  const fromEnv = process.env.SHARED_DATA_DIR;
  if (fromEnv) return [isAbsolute(fromEnv) ? fromEnv : resolve(repoRoot, fromEnv)];
  const candidates = [resolve(repoRoot, '../shared/data')];
  try {
    // In a git worktree the repository root's sibling is not the main checkout's sibling.
    const common = execFileSync('git', ['rev-parse', '--path-format=absolute', '--git-common-dir'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    candidates.push(resolve(dirname(common), '../shared/data'));
  } catch {
    // not a git checkout: the first candidate only
  }
  return [...new Set(candidates)];
}

export function resolveSharedDataDir() {
  const candidates = sharedDataCandidates();
  const found = candidates.find((dir) => existsSync(join(dir, 'contracts/ko')) && existsSync(join(dir, 'contracts/docx')));
  if (!found) throw new Error(`shared data folder not found (tried ${candidates.join(', ')}); set SHARED_DATA_DIR`);
  return found;
}

async function main() {
  const check = process.argv.includes('--check');
  const sharedDir = resolveSharedDataDir();
  mkdirSync(outDir, { recursive: true });
  let stale = 0;
  for (const form of FORMS) {
    const bytes = await buildForm(form, sharedDir);
    const target = join(outDir, form.out);
    if (check) {
      const same = existsSync(target) && Buffer.compare(readFileSync(target), bytes) === 0;
      if (!same) stale++;
      console.log(`${same ? 'ok     ' : 'DIFFERS'} ${form.out}`);
    } else {
      writeFileSync(target, bytes);
      console.log(`wrote ${form.out} (${bytes.length} bytes, ${form.edits.length} edits) from ${form.source}`);
    }
  }
  if (stale) {
    console.error(`${stale} form(s) differ from the build output: run node scripts/build-starter-forms.mjs`);
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
