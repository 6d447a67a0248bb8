import { type VariableConfig, type VariableType } from '@legal/api';

/** A new variable's config: labelled with its key (to be renamed), optional, in the given place. */
export function configOfKey(key: string, type: VariableType, order: number): VariableConfig {
  return {
    key, type, label: { ko: key, en: key }, required: false, help: null, defaultValue: null, order, options: [],
    minLength: null, maxLength: null, pattern: null, mapsTo: null,
  };
}
