import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { type MakerBlock, type MakerDocument, type VariableConfig, VariableKeySchema } from '@legal/api';
import { inspectTemplate } from './inspect';

// The form maker: a simple document built in the browser (headings, numbered articles, paragraphs,
// optional clauses) checked against its declared variables and written as a DOCX template. Pure.

export interface MakerProblem {
  /** Relative to the maker document: `blocks.3.text`, `variables.1.key`, `title`. */
  path: string;
  message: string;
}

export type MakerBuild = { docx: Buffer; problems: [] } | { docx: null; problems: MakerProblem[] };

/** Hangul needs a font that has it; Word and LibreOffice fall back along the list where it is missing. */
const FONT = { ascii: 'Malgun Gothic', eastAsia: 'Malgun Gothic', hAnsi: 'Malgun Gothic', cs: 'Malgun Gothic' };

/** The heading line of the n-th article: 제1조 (목적) in Korean, Article 1 (Purpose) otherwise. */
export function articleHeading(n: number, title: string | undefined, language: string): string {
  const head = language === 'ko' ? `제${n}조` : `Article ${n}`;
  return title ? `${head} (${title})` : head;
}

const MARKER = /\{\{([^{}]*)\}\}/g;

/**
 * What is wrong with a maker document: markers of undeclared variables, declared variables no block
 * uses, keys declared twice, optional-clause markers written by hand, optional clause blocks without
 * a declared OPTIONAL_CLAUSE variable, a clause variable used as a value, stray braces. Empty: fine.
 */
export function makerProblems(doc: MakerDocument): MakerProblem[] {
  const problems: MakerProblem[] = [];
  const declared = new Map<string, VariableConfig>();
  doc.variables.forEach((v, i) => {
    if (declared.has(v.key)) problems.push({ path: `variables.${i}.key`, message: `"${v.key}" is declared twice.` });
    else declared.set(v.key, v);
  });
  const used = new Set<string>();
  const checkText = (text: string, path: string) => {
    for (const match of text.matchAll(MARKER)) {
      const inner = match[1]!.trim();
      if (/^[#/^@]/.test(inner)) {
        problems.push({ path, message: `${match[0]}: optional clauses are OPTIONAL_CLAUSE blocks; write only {{name}} markers in texts.` });
        continue;
      }
      if (!VariableKeySchema.safeParse(inner).success) {
        problems.push({ path, message: `${match[0]}: a marker name is letters (Hangul too), digits and _, not starting with a digit, up to 64 characters.` });
        continue;
      }
      const variable = declared.get(inner);
      if (!variable) problems.push({ path, message: `{{${inner}}} is not a declared variable.` });
      else if (variable.type === 'OPTIONAL_CLAUSE') problems.push({ path, message: `{{${inner}}} is an optional clause: use it as the variable of an OPTIONAL_CLAUSE block, not as a value.` });
      used.add(inner);
    }
    const rest = text.replace(MARKER, '');
    if (rest.includes('{{') || rest.includes('}}')) problems.push({ path, message: 'Unbalanced braces: a marker is written {{name}}.' });
  };
  checkText(doc.title, 'title');
  doc.blocks.forEach((block, i) => {
    if (block.title) checkText(block.title, `blocks.${i}.title`);
    checkText(block.text, `blocks.${i}.text`);
    if (block.type !== 'OPTIONAL_CLAUSE') return;
    const key = block.variableKey;
    const variable = key ? declared.get(key) : undefined;
    if (!key) problems.push({ path: `blocks.${i}.variableKey`, message: 'An optional clause needs its checkbox variable.' });
    else if (!variable) problems.push({ path: `blocks.${i}.variableKey`, message: `"${key}" is not a declared variable.` });
    else if (variable.type !== 'OPTIONAL_CLAUSE') problems.push({ path: `blocks.${i}.variableKey`, message: `"${key}" must be an OPTIONAL_CLAUSE variable.` });
    if (key) used.add(key);
  });
  doc.variables.forEach((v, i) => {
    if (!used.has(v.key)) problems.push({ path: `variables.${i}.key`, message: `"${v.key}" is declared but no block uses it.` });
  });
  return problems;
}

function lines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

function blockParagraphs(block: MakerBlock, articleNumber: number, language: string): Paragraph[] {
  const body = lines(block.text).map((line) => new Paragraph({ children: [new TextRun(line)], spacing: { after: 120 } }));
  switch (block.type) {
    case 'HEADING':
      return [new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(block.title || block.text)], spacing: { before: 240, after: 120 } })];
    case 'ARTICLE':
      return [new Paragraph({ keepNext: true, children: [new TextRun({ text: articleHeading(articleNumber, block.title, language), bold: true })], spacing: { before: 240, after: 120 } }), ...body];
    case 'PARAGRAPH':
      return body;
    case 'OPTIONAL_CLAUSE': {
      // The markers in paragraphs of their own: with paragraphLoop, an unchecked clause leaves no empty line.
      const key = block.variableKey!;
      const title = block.title ? [new Paragraph({ keepNext: true, children: [new TextRun({ text: block.title, bold: true })] })] : [];
      return [new Paragraph(`{{#${key}}}`), ...title, ...body, new Paragraph(`{{/${key}}}`)];
    }
  }
}

/**
 * The maker document as a DOCX template: its title, HEADING blocks as headings, ARTICLE blocks
 * numbered in order (제1조 (목적) / Article 1 (Purpose)) with their text, PARAGRAPH blocks, and
 * OPTIONAL_CLAUSE blocks between the markers of their variable; one paragraph per line of text.
 * With problems (makerProblems, or a generated template that would not compile) no DOCX is made.
 */
export async function buildMakerDocx(doc: MakerDocument): Promise<MakerBuild> {
  const problems = makerProblems(doc);
  if (problems.length > 0) return { docx: null, problems };
  let article = 0;
  const children = [
    new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, children: [new TextRun(doc.title)], spacing: { after: 360 } }),
    ...doc.blocks.flatMap((block) => blockParagraphs(block, block.type === 'ARTICLE' ? ++article : article, doc.language)),
  ];
  const document = new Document({
    title: doc.title,
    styles: {
      default: {
        document: { run: { font: FONT, size: 22 } },
        title: { run: { font: FONT, size: 36, bold: true, color: '000000' } },
        heading1: { run: { font: FONT, size: 26, bold: true, color: '000000' } },
      },
    },
    sections: [{ children }],
  });
  const docx = await Packer.toBuffer(document);
  const compiled = inspectTemplate(docx);
  if (compiled.problems.length > 0) return { docx: null, problems: compiled.problems.map((message) => ({ path: 'blocks', message })) };
  return { docx, problems: [] };
}
