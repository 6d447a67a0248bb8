import { type VariableConfig } from '@legal/api';
import { type TemplateMarker } from './inspect';

/**
 * The variable configs of a template's markers, in order of first appearance: a key that stays keeps
 * its previous config (only its order follows the new template); a new value marker is a required
 * TEXT labelled with its key; a new optional clause is an OPTIONAL_CLAUSE, not required, unchecked.
 * A previous config whose kind no longer fits (a value that became a clause, or back) is replaced.
 */
export function defaultConfigs(markers: readonly TemplateMarker[], previous: readonly VariableConfig[] = []): VariableConfig[] {
  const byKey = new Map(previous.map((c) => [c.key, c]));
  return markers.map((marker, order) => {
    const kept = byKey.get(marker.key);
    if (kept && (kept.type === 'OPTIONAL_CLAUSE') === (marker.kind === 'SECTION')) return { ...kept, order };
    return newConfig(marker, order);
  });
}

function newConfig(marker: TemplateMarker, order: number): VariableConfig {
  const isClause = marker.kind === 'SECTION';
  return {
    key: marker.key,
    type: isClause ? 'OPTIONAL_CLAUSE' : 'TEXT',
    label: { ko: marker.key, en: marker.key },
    required: !isClause,
    help: null,
    defaultValue: isClause ? 'false' : null,
    order,
    options: [],
    minLength: null,
    maxLength: null,
    pattern: null,
    mapsTo: null,
  };
}
