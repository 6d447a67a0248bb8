import createExpandPairTrait from 'docxtemplater/js/modules/expand-pair-trait.js';
import createLoopModule from 'docxtemplater/js/modules/loop.js';
import createRawXmlModule from 'docxtemplater/js/modules/rawxml.js';
import createRenderModule from 'docxtemplater/js/modules/render.js';
import type Docxtemplater from 'docxtemplater';
import type PizZip from 'pizzip';
import { sectionToBlocks } from '../../files';
import { entryText } from './docx-xml';

// HWPX (OWPML, KS X 6101) as a docxtemplater file type, so that a Hangul template is read, checked
// and filled by the same engine, markers and error messages as a Word one
// (docs/decisions/0006-docx-templating.md). A HWPX is a ZIP whose Contents/section{N}.xml hold
// paragraphs <hp:p> of runs <hp:run> whose text is in <hp:t>; Hancom splits text across runs and
// <hp:t> elements just as Word does, and docxtemplater joins the text of a paragraph's <hp:t>
// nodes before it looks for markers. What OWPML needs beyond docxtemplater's built-in DOCX/PPTX
// support is here: the file type, paragraph clauses (docxtemplater recognises only w:p, a:p and
// text:p as paragraphs), line breaks as <hp:lineBreak/>, the layout cache of edited paragraphs,
// and the refusal of a clause that would cut a table cell in two. Pure.

/** The body parts in reading order: Contents/section0.xml, section1.xml... */
export function sectionNames(zip: PizZip): string[] {
  return Object.keys(zip.files)
    .map((name) => ({ name, index: /^Contents\/section(\d+)\.xml$/i.exec(name)?.[1] }))
    .filter((s): s is { name: string; index: string } => s.index !== undefined)
    .sort((a, b) => Number(a.index) - Number(b.index))
    .map((s) => s.name);
}

/** A HWPX package: the OCF `mimetype` entry and at least one section (as the files module sniffs it). */
export function isHwpxZip(zip: PizZip): boolean {
  return zip.file('mimetype') !== null && sectionNames(zip).length > 0;
}

/** The paragraphs of a HWPX body as lines (the files module's reading; table cells line by line). */
export function readHwpxLines(zip: PizZip): string[] {
  const lines: string[] = [];
  for (const name of sectionNames(zip)) {
    for (const block of sectionToBlocks(entryText(zip, name))) {
      if (block.kind === 'table') for (const row of block.rows) for (const cell of row) lines.push(...cell.split('\n'));
      else lines.push(block.text);
    }
  }
  return lines;
}

/** Elements that may stand inside <hp:t> between pieces of text: lexed as tags, never as text. */
const INLINE_TAGS = ['hp:tab', 'hp:lineBreak', 'hp:hyphen', 'hp:nbSpace', 'hp:fwSpace', 'hp:markpenBegin', 'hp:markpenEnd', 'hp:titleMark', 'hp:insertBegin', 'hp:insertEnd', 'hp:deleteBegin', 'hp:deleteEnd'];
/** What a table cell holds when a clause removed every paragraph of it. */
const EMPTY_PARAGRAPH = '<hp:p id="0" paraPrIDRef="0" styleIDRef="0" pageBreak="0" columnBreak="0" merged="0"><hp:run charPrIDRef="0"/></hp:p>';

/** docxtemplater's description of the HWPX file type (a new object each time: docxtemplater extends it). */
function hwpxFileTypeConfig() {
  return {
    getTemplatedFiles: (zip: PizZip) => sectionNames(zip),
    textPath: (doc: { zip: PizZip }) => sectionNames(doc.zip)[0],
    tagsXmlTextArray: ['hp:t'],
    tagsXmlLexedArray: ['hs:sec', 'hp:p', 'hp:run', 'hp:tbl', 'hp:tr', 'hp:tc', 'hp:subList', 'hp:linesegarray', 'hp:lineseg', 'hp:ctrl', 'hp:secPr', ...INLINE_TAGS],
    droppedTagsInsidePlaceholder: ['hp:p', 'hp:lineBreak'],
    // No expansion of a clause to table rows: a row removed would leave the table's rowCnt and
    // the cells' rowAddr wrong. A clause across cells is refused instead (cellProblem).
    expandTags: [],
    onParagraphLoop: [{ contains: 'hp:p', expand: 'hp:p', onlyTextInTag: true }],
    tagRawXml: 'hp:p',
    baseModules: [createLoopModule, createExpandPairTrait, createRawXmlModule, createHwpxRenderModule],
    tagShouldContain: [
      { tag: 'hp:subList', shouldContain: ['hp:p'], value: EMPTY_PARAGRAPH },
      { tag: 'hp:tr', shouldContain: ['hp:tc'], drop: true },
      { tag: 'hp:tbl', shouldContain: ['hp:tr'], drop: true },
    ],
  };
}

/** The render module, with a value's line breaks written as OWPML's <hp:lineBreak/> inside its <hp:t>. */
function createHwpxRenderModule() {
  const module = createRenderModule();
  const render = module.render.bind(module);
  module.render = (part, options) => {
    const result = render(part, { ...options, linebreaks: false });
    if (options.linebreaks && result && typeof result.value === 'string') result.value = result.value.replace(/\r?\n/g, '<hp:lineBreak/>');
    return result;
  };
  return module;
}

/** A lexed piece of the XML as docxtemplater's modules see it. */
interface Part {
  type: string;
  tag?: string;
  position?: string;
  value: string;
  module?: string;
  expandTo?: string;
  subparsed?: Part[];
}

const isTag = (part: Part, tag: string, position: string) => part.type === 'tag' && part.tag === tag && part.position === position;
const isContent = (part: Part) => part.type === 'placeholder' || (part.type === 'content' && part.position === 'insidetag');
const isWhiteSpace = (part: Part | undefined) => part?.type === 'content' && /^[ \n\r\t]+$/.test(part.value);

/**
 * A clause whose markers stand in paragraphs of their own drops those two paragraphs when it is
 * kept, as docxtemplater's paragraphLoop does for w:p: the parts of the loop are whole paragraphs
 * (the expansion to hp:p made them so); the first and the last are left out when they hold no text.
 */
function trimMarkerParagraphs(parsed: Part[]): Part[] {
  if (parsed.length === 0 || !isTag(parsed[0]!, 'hp:p', 'start') || !isTag(parsed.at(-1)!, 'hp:p', 'end')) return parsed;
  const chunks: Part[][] = [];
  let depth = 0;
  for (const part of parsed) {
    if (depth === 0) chunks.push([]);
    chunks.at(-1)!.push(part);
    if (isTag(part, 'hp:p', 'start')) depth += 1;
    else if (isTag(part, 'hp:p', 'end')) depth -= 1;
  }
  const first = chunks[0]!;
  const last = chunks.at(-1)!;
  if (chunks.length < 2) return parsed;
  let from = first.some(isContent) ? 0 : first.length;
  let to = last.some(isContent) ? parsed.length : parsed.length - last.length;
  if (from > 0 && isWhiteSpace(parsed[from])) from += 1;
  if (to < parsed.length && isWhiteSpace(parsed[to - 1])) to -= 1;
  return parsed.slice(from, to);
}

/** A clause that opens in one table cell and closes outside it would cut the cell in two. */
function cellProblem(parsed: Part[], tag: string): Error | null {
  let depth = 0;
  for (const part of parsed) {
    if (isTag(part, 'hp:tc', 'start')) depth += 1;
    else if (isTag(part, 'hp:tc', 'end')) depth -= 1;
    if (depth < 0) break;
  }
  if (depth === 0) return null;
  const explanation = `The clause "${tag}" opens and closes in different table cells`;
  return Object.assign(new Error(explanation), { name: 'TemplateError', properties: { id: 'loop_position_invalid', xtag: tag, explanation } });
}

/**
 * The paragraphs whose text a marker changes keep only the first line of their layout cache
 * (<hp:linesegarray>): the cached line breaks and positions belong to the old text, and Hancom
 * Office lays out again a paragraph whose cache says one line. Others keep their cache.
 */
function resetLayoutCaches(parts: Part[], open: Array<{ templated: boolean; segments: Part[] }> = []): void {
  for (const part of parts) {
    if (isTag(part, 'hp:p', 'start')) open.push({ templated: false, segments: [] });
    else if (isTag(part, 'hp:p', 'end')) {
      const paragraph = open.pop();
      if (paragraph?.templated) for (const segment of paragraph.segments.slice(1)) segment.value = '';
    } else if (part.type === 'tag' && part.tag === 'hp:lineseg') open.at(-1)?.segments.push(part);
    else if (part.type === 'placeholder') {
      if (open.length > 0) open.at(-1)!.templated = true;
      if (part.subparsed) resetLayoutCaches(part.subparsed, open);
    }
  }
}

/** docxtemplater's module and options types (its declarations do not export their namespace). */
type DxtModule = Docxtemplater['modules'][number];
type DxtOptions = Parameters<Docxtemplater['setOptions']>[0];

interface Docxtemplaterish {
  zip: PizZip;
  filesContentTypes?: Record<string, string>;
  invertedContentTypes?: Record<string, string[]>;
}

/**
 * The module that makes docxtemplater take a HWPX (give it with `hwpxOptions()`'s fileTypeConfig).
 * Typed as docxtemplater's Module: its declaration of postparse (modules as second argument, parts
 * only as the answer) is not what docxtemplater 3.71 calls (options second; parts or parts and errors).
 */
export function createHwpxModule(): DxtModule {
  const module = {
    name: 'HwpxFileType',
    getFileType: ({ zip }: { zip: PizZip }) => (isHwpxZip(zip) ? 'hwpx' : undefined),
    optionsTransformer(options: DxtOptions, doc: Docxtemplater) {
      // A HWPX has no [Content_Types].xml: nothing to map, and no such file to read.
      const templater = doc as unknown as Docxtemplaterish;
      templater.filesContentTypes ??= {};
      templater.invertedContentTypes ??= {};
      const withFiles = options as DxtOptions & { xmlFileNames: string[] };
      withFiles.xmlFileNames = withFiles.xmlFileNames.filter((name) => templater.zip.files[name] !== undefined);
      return options;
    },
    postparse(parsed: Part[], options: { basePart?: Part }) {
      const base = options.basePart;
      if (!base) {
        resetLayoutCaches(parsed);
        return parsed;
      }
      if (base.module !== 'loop') return parsed;
      const problem = cellProblem(parsed, base.value);
      if (problem) return { postparsed: parsed, errors: [problem] };
      return base.expandTo === 'auto' ? trimMarkerParagraphs(parsed) : parsed;
    },
  };
  return module as unknown as DxtModule;
}

/** The docxtemplater options a HWPX is compiled with, on top of the shared ones. */
export function hwpxOptions() {
  return { fileTypeConfig: hwpxFileTypeConfig() };
}

/** The zip as bytes: OCF wants `mimetype` first and stored uncompressed. */
export function generateHwpx(zip: PizZip): Buffer {
  const mimetype = zip.file('mimetype');
  if (mimetype) zip.file('mimetype', mimetype.asText(), { compression: 'STORE' });
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
