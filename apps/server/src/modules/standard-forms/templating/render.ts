import { type ContractLanguage, type VariableConfig, type VariableValues } from '@legal/api';
import { AppError } from '../../../platform/http/errors';
import { generateHwpx } from './hwpx-xml';
import { compileTemplate, markersOf } from './inspect';
import { templateData } from './values';

// Filling a template: docxtemplater replaces each marker (whole again even where Word or Hangul
// split it across runs), keeps or drops each optional clause, and writes line breaks of long texts
// as Word (<w:br/>) or Hangul (<hp:lineBreak/>) line breaks. The result has the template's format
// (DOCX or HWPX). Pure.

/** Compiles a template for rendering; a template with problems answers 400 ERROR_TEMPLATE_INVALID. */
function openForRender(docx: Buffer | Uint8Array) {
  const compiled = compileTemplate(docx);
  const problems = compiled.ok ? markersOf(compiled.inspect).problems : compiled.problems;
  if (!compiled.ok || problems.length > 0) throw new AppError('ERROR_TEMPLATE_INVALID', { data: { problems } });
  return compiled;
}

function toBuffer(compiled: ReturnType<typeof openForRender>): Buffer {
  const zip = compiled.doc.getZip();
  return compiled.format === 'HWPX' ? generateHwpx(zip) : zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * The template filled with the values (formatted for the language; defaults where a value is
 * missing; a blank line ＿＿＿＿ where there is neither). Validate the values first
 * (validateValues): this renders whatever it is given. Throws AppError ERROR_TEMPLATE_INVALID
 * (data.problems) for a template whose markers do not parse.
 */
export function renderTemplate(template: Buffer | Uint8Array, configs: readonly VariableConfig[], values: VariableValues, language: ContractLanguage | string): Buffer {
  const compiled = openForRender(template);
  compiled.doc.render(templateData(configs, values, language));
  return toBuffer(compiled);
}

/**
 * The template as a blank form: every value marker becomes a blank line ＿＿＿＿, every optional
 * clause keeps its text without its markers. Throws like renderTemplate.
 */
export function cleanTemplate(template: Buffer | Uint8Array): Buffer {
  const compiled = openForRender(template);
  const data: Record<string, boolean> = {};
  for (const marker of markersOf(compiled.inspect).markers) if (marker.kind === 'SECTION') data[marker.key] = true;
  compiled.doc.render(data);
  return toBuffer(compiled);
}
