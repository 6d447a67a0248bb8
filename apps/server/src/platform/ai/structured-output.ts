import { z } from 'zod';

/**
 * A zod schema as the JSON schema the providers take for structured output. Both want an object at
 * the root (OpenAI's json_schema, Anthropic's tool input_schema): any other schema is wrapped as
 * `{value: ...}` and unwrapped from the answer.
 */
export interface ProviderSchema {
  schema: Record<string, unknown>;
  isWrapped: boolean;
  /** OpenAI's strict mode takes only schemas whose objects list every property as required and allow no others. */
  isStrictCompatible: boolean;
}

export function toProviderSchema(schema: z.ZodType): ProviderSchema {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  const isWrapped = json.type !== 'object';
  const root = isWrapped ? { type: 'object', properties: { value: json }, required: ['value'], additionalProperties: false } : json;
  return { schema: root, isWrapped, isStrictCompatible: isStrict(root) };
}

function isStrict(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(isStrict);
  if (!node || typeof node !== 'object') return true;
  const record = node as Record<string, unknown>;
  if (record.type === 'object' && record.properties && typeof record.properties === 'object') {
    const keys = Object.keys(record.properties);
    const required = Array.isArray(record.required) ? (record.required as string[]) : [];
    if (record.additionalProperties !== false || keys.some((key) => !required.includes(key))) return false;
  }
  return Object.values(record).every(isStrict);
}

/** The model's value checked against the schema: the parsed value, or a reason it is not one. */
export function checkStructured<T>(raw: unknown, schema: z.ZodType<T>, isWrapped: boolean): { ok: true; value: T } | { ok: false; reason: string } {
  const candidate = isWrapped ? (raw as { value?: unknown } | null)?.value : raw;
  const parsed = schema.safeParse(candidate);
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, reason: `the answer does not match the schema (${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'})` };
}
