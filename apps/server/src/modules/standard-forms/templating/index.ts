// The DOCX and HWPX templating engine of standard forms (issue 17): pure functions, no database, no HTTP.
// Markers: `{{key}}` for a value, `{{#key}}...{{/key}}` for an optional clause
// (docs/decisions/0006-docx-templating.md).
export { BLANK, inspectTemplate, NOT_A_TEMPLATE, templateFormatOf, type MarkerKind, type TemplateFormat, type TemplateInspection, type TemplateMarker } from './inspect';
export { defaultConfigs } from './configs';
export { compilePattern, defaultValueOf, formatValue, groupDigits, isMissing, parseIsoDate, templateData, validateValues, withDefaults, type ValidateOptions, type ValueProblem } from './values';
export { cleanTemplate, renderTemplate } from './render';
export { articleHeading, buildMakerDocx, makerProblems, type MakerBuild, type MakerProblem } from './maker';
export { parseArticleLine, readDocxBlocks, type DocxBlocks } from './blocks';
export { diffTemplateTexts, paragraphsOf } from './diff';
export { convertDocxToPdf, findSoffice, type PdfOptions } from '../../files';
