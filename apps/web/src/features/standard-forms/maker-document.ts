import { type ContractLanguage, type MakerBlock, type VariableConfig } from '@legal/api';
import { markerKeys } from './template-text';
import { configOfKey } from './maker-variables';

export type MakerBlockType = MakerBlock['type'];

/**
 * The text the maker's blocks make, as the server will number it: ARTICLE blocks are
 * 제1조 (제목) / Article 1 (Title) in order; an OPTIONAL_CLAUSE wraps its text in the markers of
 * its checkbox variable. The live preview shows this text with its markers highlighted.
 */
export function makerText(blocks: readonly MakerBlock[], language: ContractLanguage): string {
  let article = 0;
  return blocks
    .map((block) => {
      switch (block.type) {
        case 'HEADING':
          return block.title ?? block.text;
        case 'ARTICLE': {
          article += 1;
          const head = language === 'ko' ? `제${article}조` : `Article ${article}`;
          return `${head}${block.title ? ` (${block.title})` : ''}\n${block.text}`.trimEnd();
        }
        case 'OPTIONAL_CLAUSE':
          return block.variableKey ? `{{#${block.variableKey}}}${block.text}{{/${block.variableKey}}}` : block.text;
        default:
          return block.text;
      }
    })
    .join('\n');
}

/** Markers used but not declared, and variables declared but never used (the server refuses both). */
export function makerProblems(blocks: readonly MakerBlock[], variables: readonly VariableConfig[]): { undeclared: string[]; unused: string[] } {
  const used = markerKeys(makerText(blocks, 'ko'));
  const declared = new Set(variables.map((v) => v.key));
  return { undeclared: used.filter((key) => !declared.has(key)), unused: variables.map((v) => v.key).filter((key) => !used.includes(key)) };
}

/** Declares the undeclared markers (TEXT, labelled with their key; an optional clause's key as a checkbox). */
export function declareMissing(blocks: readonly MakerBlock[], variables: readonly VariableConfig[]): VariableConfig[] {
  const clauseKeys = new Set(blocks.flatMap((b) => (b.type === 'OPTIONAL_CLAUSE' && b.variableKey ? [b.variableKey] : [])));
  const { undeclared } = makerProblems(blocks, variables);
  return [...variables, ...undeclared.map((key, i) => configOfKey(key, clauseKeys.has(key) ? 'OPTIONAL_CLAUSE' : 'TEXT', variables.length + i))];
}

/** Inserts `{{key}}` into a text at a cursor position (the end when unknown). */
export function insertMarker(text: string, key: string, at?: number): { text: string; cursor: number } {
  const position = at === undefined || at < 0 || at > text.length ? text.length : at;
  const marker = `{{${key}}}`;
  return { text: `${text.slice(0, position)}${marker}${text.slice(position)}`, cursor: position + marker.length };
}
