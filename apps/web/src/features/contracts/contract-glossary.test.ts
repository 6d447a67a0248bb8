import { BULK_COLUMN_LABELS, CONTRACT_COLUMN_CATALOGUE, LOCALES } from '@legal/api';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/contracts.json';
import ko from '../../locales/ko/contracts.json';

/**
 * One glossary per language: a contract field has the same label in the create form, the detail,
 * the list's column headers and picker, the filters (the `fields.*` texts of the contracts
 * namespace), the Excel export and the bulk sheet (the catalogue of packages/api).
 */
const FIELDS = { ko: ko.fields, en: en.fields } as Record<string, Record<string, string>>;

describe('the contract glossary', () => {
  it.each(LOCALES)('gives every field one label in %s, on the web and in the exports', (locale) => {
    for (const column of CONTRACT_COLUMN_CATALOGUE) {
      expect({ field: column.code, label: FIELDS[locale]![column.code] }).toEqual({ field: column.code, label: column.name[locale] });
    }
    const glossary = new Map(CONTRACT_COLUMN_CATALOGUE.map((c) => [c.code as string, c.name[locale]]));
    const sameField: Record<string, string> = { groupName: 'group' };
    for (const [column, label] of Object.entries(BULK_COLUMN_LABELS)) {
      const field = sameField[column] ?? column;
      if (glossary.has(field)) expect({ column, label: label[locale] }).toEqual({ column, label: glossary.get(field) });
    }
  });

  it('uses the chosen Korean terms, never their old variants', () => {
    const korean = JSON.stringify(ko);
    for (const old of ['거래 상대방', '체결 방식', '우리 측 지위', '희망 검토 기한', '엑셀']) expect(korean).not.toContain(old);
  });
});
