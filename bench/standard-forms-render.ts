// npx tsx bench/standard-forms-render.ts [N=30] — rendering a standard form (issue 17 budget: a
// 20-page form with 50 variables in under 2 s). Builds (with `docx`) a Korean form of 20 numbered articles x 14 paragraphs
// (about 20 A4 pages; counted when LibreOffice is installed) whose 50 markers are each split across
// three runs the way Word saves them, then times, N times each: renderTemplate (compile, fill,
// zip), inspectTemplate (upload check), cleanTemplate (blank form), and a bare baseline (unzip and
// zip the same DOCX with pizzip, nothing else). Prints median and p95 ms. Figures: docs/performance.md.
import { AlignmentType, Document, HeadingLevel, LevelFormat, Packer, Paragraph, TextRun } from 'docx';
import PizZip from 'pizzip';
import { type VariableConfig } from '@legal/api';
import { cleanTemplate, convertDocxToPdf, defaultConfigs, findSoffice, inspectTemplate, renderTemplate } from '../apps/server/src/modules/standard-forms/templating';

const N = Number(process.argv[2] ?? 30);
const VARIABLES = 50;
const ARTICLES = 20;
const PARAGRAPHS_PER_ARTICLE = 14;

const TYPES: Array<VariableConfig['type']> = ['TEXT', 'DATE', 'AMOUNT', 'NUMBER', 'PARTY'];
const keys = Array.from({ length: VARIABLES }, (_, i) => `변수${i + 1}`);
const sentence = '을은 갑의 사전 서면 동의 없이 이 계약에 따른 권리와 의무의 전부 또는 일부를 제3자에게 양도하거나 담보로 제공할 수 없으며, 이를 위반한 경우 갑은 즉시 이 계약을 해지할 수 있다.';

/** A marker in three runs: `{{변`, `수1`, `2}}`, as Word leaves it after an edit. */
function splitMarker(key: string): TextRun[] {
  const marker = `{{${key}}}`;
  return [new TextRun(marker.slice(0, 3)), new TextRun({ text: marker.slice(3, 5), bold: true }), new TextRun(marker.slice(5))];
}

async function buildForm(): Promise<Buffer> {
  const font = { ascii: 'Malgun Gothic', eastAsia: 'Malgun Gothic', hAnsi: 'Malgun Gothic', cs: 'Malgun Gothic' };
  const children = [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun('물품공급계약서')] })];
  let v = 0;
  for (let a = 0; a < ARTICLES; a++) {
    children.push(new Paragraph({ numbering: { reference: 'articles', level: 0 }, children: [new TextRun({ text: `(조항 ${a + 1})`, bold: true })] }));
    for (let p = 0; p < PARAGRAPHS_PER_ARTICLE; p++) {
      // 50 markers spread over the document; two optional clauses hold some text too.
      const text = `${p + 1}. 제${a + 1}조 제${p + 1}항에 따라 ${sentence}`;
      const withMarker = v < VARIABLES && (a * PARAGRAPHS_PER_ARTICLE + p) % Math.floor((ARTICLES * PARAGRAPHS_PER_ARTICLE) / VARIABLES) === 0;
      children.push(new Paragraph({ children: withMarker ? [new TextRun(`${p + 1}. `), ...splitMarker(keys[v++]!), new TextRun(text)] : [new TextRun(text)] }));
    }
    if (a === 5 || a === 12) children.push(new Paragraph(`{{#특약${a}}}`), new Paragraph(sentence), new Paragraph(sentence), new Paragraph(`{{/특약${a}}}`));
  }
  if (v !== VARIABLES) throw new Error(`placed ${v} of ${VARIABLES} variables`);
  const document = new Document({
    styles: { default: { document: { run: { font, size: 22 } } } },
    numbering: { config: [{ reference: 'articles', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '제%1조', alignment: AlignmentType.LEFT }] }] },
    sections: [{ children }],
  });
  return Packer.toBuffer(document);
}

function valueFor(config: VariableConfig, i: number) {
  switch (config.type) {
    case 'DATE':
      return '2026-11-27';
    case 'AMOUNT':
      return { amount: String(1_000_000 * (i + 1)), currency: 'KRW' };
    case 'NUMBER':
      return String(1234 * (i + 1));
    case 'PARTY':
      return { name: `주식회사 당사자${i}` };
    case 'OPTIONAL_CLAUSE':
      return i % 2 === 0;
    default:
      return `값 ${i}`;
  }
}

function time(label: string, task: () => unknown): { median: number; p95: number } {
  task(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < N; i++) {
    const started = performance.now();
    task();
    ms.push(performance.now() - started);
  }
  ms.sort((x, y) => x - y);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]!;
  const result = { median: at(0.5), p95: at(0.95) };
  console.log(`${label.padEnd(36)} median ${result.median.toFixed(1).padStart(7)} ms   p95 ${result.p95.toFixed(1).padStart(7)} ms`);
  return result;
}

const docx = await buildForm();
const inspection = inspectTemplate(docx);
if (inspection.problems.length) throw new Error(inspection.problems.join('\n'));
const configs = defaultConfigs(inspection.markers).map((c, i) => (c.type === 'OPTIONAL_CLAUSE' ? c : { ...c, type: TYPES[i % TYPES.length]! }));
const values = Object.fromEntries(configs.map((c, i) => [c.key, valueFor(c, i)]));
const valueMarkers = inspection.markers.filter((m) => m.kind === 'VALUE').length;
console.log(`form: ${(docx.length / 1024).toFixed(0)} KB DOCX, ${inspection.text.split('\n').length} paragraphs, ${inspection.text.length} characters, ${valueMarkers} value markers (each split over 3 runs) + ${inspection.markers.length - valueMarkers} optional clauses; N = ${N}, Node ${process.version}`);

const baseline = time('baseline: pizzip unzip + zip', () => new PizZip(docx).generate({ type: 'nodebuffer', compression: 'DEFLATE' }));
const render = time('renderTemplate (50 values)', () => renderTemplate(docx, configs, values, 'ko'));
time('inspectTemplate (upload check)', () => inspectTemplate(docx));
time('cleanTemplate (blank form)', () => cleanTemplate(docx));
console.log(`render minus baseline: median ${(render.median - baseline.median).toFixed(1)} ms; budget 2000 ms: ${render.p95 < 2000 ? 'met' : 'NOT met'}`);

if (findSoffice()) {
  const rendered = renderTemplate(docx, configs, values, 'ko');
  const started = performance.now();
  const pdf = await convertDocxToPdf(rendered);
  const ms = performance.now() - started;
  const { getDocumentProxy } = await import('unpdf');
  const pages = (await getDocumentProxy(new Uint8Array(pdf))).numPages;
  console.log(`PDF by LibreOffice (one run, not in the budget): ${ms.toFixed(0)} ms, ${pages} pages`);
} else {
  console.log('PDF: soffice not on the PATH, page count not measured');
}
