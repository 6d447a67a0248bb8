import { type ContractLanguage, type VariableConfig, type VariableValues } from '@legal/api';
import { AppError } from '../../../platform/http/errors';
import { compileTemplate, markersOf } from './inspect';
import { templateData } from './values';

// Filling a template: docxtemplater replaces each marker (whole again even where Word split it
// across runs), keeps or drops each optional clause, and writes line breaks of long texts as Word
// line breaks. Pure.

/** Compiles a template for rendering; a template with problems answers 400 ERROR_TEMPLATE_INVALID. */
function openForRender(docx: Buffer | Uint8Array) {
  const compiled = compileTemplate(docx);
  const problems = compiled.ok ? markersOf(compiled.inspect).problems : compiled.problems;
  if (!compiled.ok || problems.length > 0) throw new AppError('ERROR_TEMPLATE_INVALID', { data: { problems } });
  return compiled;
}

function toBuffer(doc: { getZip(): { generate(options: { type: 'nodebuffer'; compression: 'DEFLATE' }): Buffer } }): Buffer {
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * The template filled with the values (formatted for the language; defaults where a value is
 * missing; a blank line ＿＿＿＿ where there is neither). Validate the values first
 * (validateValues): this renders whatever it is given. Throws AppError ERROR_TEMPLATE_INVALID
 * (data.problems) for a template whose markers do not parse.
 */
export function renderTemplate(docx: Buffer | Uint8Array, configs: readonly VariableConfig[], values: VariableValues, language: ContractLanguage | string): Buffer {
  const { doc } = openForRender(docx);
  doc.render(templateData(configs, values, language));
  return toBuffer(doc);
}

/**
 * The template as a blank form: every value marker becomes a blank line ＿＿＿＿, every optional
 * clause keeps its text without its markers. Throws like renderTemplate.
 */
export function cleanTemplate(docx: Buffer | Uint8Array): Buffer {
  const { doc, inspect } = openForRender(docx);
  const data: Record<string, boolean> = {};
  for (const marker of markersOf(inspect).markers) if (marker.kind === 'SECTION') data[marker.key] = true;
  doc.render(data);
  return toBuffer(doc);
}
