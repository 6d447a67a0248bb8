import { PRODUCT_TYPES, type RouteDescriptor } from '@legal/api';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness';
import { newUser, newWorkspace, signIn, workspaceHeaders } from '../../modules/auth/auth.test-support';
import { ROUTE_TABLE } from './route';

/**
 * Walks the registered route table and sends every route hostile input derived from its own zod
 * schemas: each path parameter, query field and body field (nested ones too) gets each mutation
 * of its kind, the rest of the request left plausible so that the mutation reaches as deep as it
 * can. Signed in as a workspace admin (who also manages contracts), and anonymously for public
 * routes. Every answer must be below 500 and, unless the route answers raw bytes, the JSON
 * envelope with a code.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
};

/** Placeholders replaced in the JSON text: numbers JavaScript cannot write exactly. */
const BIG = '__FUZZ_2_POW_53_PLUS_1__';
const RAW_NUMBERS: Record<string, string> = { [BIG]: '9007199254740993' };

const HUGE_STRING = 'x'.repeat(100_000);
const STRING_MUTATIONS: unknown[] = ['a\u0000b', '\ud800x', 'a\u202Eb', HUGE_STRING];
const NUMBER_MUTATIONS: unknown[] = [BIG, -1, 1e300];
const TYPE_MUTATIONS: unknown[] = [12345, null, 'text', { nested: { deeper: { deepest: [1, { a: 'b' }] } } }, ['a', 1, [null]]];

function toJsonSchema(schema: z.ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

function resolve(s: JsonSchema | undefined, root: JsonSchema): JsonSchema {
  if (!s) return {};
  if (s.$ref) {
    const name = s.$ref.split('/').pop() ?? '';
    return resolve(root.$defs?.[name], root);
  }
  const options = s.anyOf ?? s.oneOf;
  if (options) return resolve(options.find((o) => o.type !== 'null') ?? options[0], root);
  if (s.allOf?.[0]) return resolve({ ...s.allOf[0], ...s, allOf: undefined }, root);
  return s;
}

function typeOf(s: JsonSchema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  return undefined;
}

/** A plausible value for a schema (valid where the schema is simple), so mutations of other fields reach the handler. */
function sample(raw: JsonSchema | undefined, root: JsonSchema, depth = 0): unknown {
  const s = resolve(raw, root);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1, s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 ? [] : Array.from({ length: s.minItems ?? 0 }, () => sample(s.items, root, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const key of s.required ?? []) out[key] = sample(s.properties?.[key], root, depth + 1);
      return out;
    }
    default:
      return 'a';
  }
}

function sampleString(s: JsonSchema): string {
  const byFormat: Record<string, string> = {
    date: '2026-01-15',
    'date-time': '2026-01-15T09:00:00+09:00',
    email: 'fuzz@example.kr',
    uuid: '6f1c1f52-3f0e-4b8e-9a43-8d1b8f1f0c11',
    uri: 'https://example.kr/',
    url: 'https://example.kr/',
  };
  if (s.format && byFormat[s.format]) return byFormat[s.format]!;
  const min = Math.max(1, s.minLength ?? 1);
  const candidates = ['a'.repeat(min), '1'.repeat(min), '가'.repeat(min), 'A'.repeat(min), '2026-01-15', '#0A7AFF', 'ko'];
  if (s.pattern) {
    const re = new RegExp(s.pattern, 'u');
    return candidates.find((c) => re.test(c) && c.length >= min && (s.maxLength === undefined || c.length <= s.maxLength)) ?? candidates[0]!;
  }
  return candidates[0]!;
}

type Path = Array<string | number>;

/** Every field under an object schema (nested objects and the first item of arrays too), with its kind. */
function fieldsOf(raw: JsonSchema | undefined, root: JsonSchema, prefix: Path = [], depth = 0): Array<{ path: Path; kind: string; schema: JsonSchema }> {
  const s = resolve(raw, root);
  const out: Array<{ path: Path; kind: string; schema: JsonSchema }> = [];
  if (depth > 3) return out;
  for (const [key, child] of Object.entries(s.properties ?? {})) {
    const c = resolve(child, root);
    const kind = typeOf(c) ?? 'unknown';
    out.push({ path: [...prefix, key], kind, schema: c });
    if (kind === 'object') out.push(...fieldsOf(c, root, [...prefix, key], depth + 1));
    if (kind === 'array') {
      const item = resolve(c.items, root);
      const itemKind = typeOf(item) ?? 'unknown';
      out.push({ path: [...prefix, key, 0], kind: itemKind, schema: item });
      if (itemKind === 'object') out.push(...fieldsOf(item, root, [...prefix, key, 0], depth + 1));
    }
  }
  return out;
}

function mutationsOf(kind: string): unknown[] {
  if (kind === 'string') return [...STRING_MUTATIONS, 12345, { nested: { a: 'b' } }, ['a']];
  if (kind === 'integer' || kind === 'number') return [...NUMBER_MUTATIONS, 'abc', { nested: 1 }, [1]];
  return TYPE_MUTATIONS;
}

/** `base` with `value` at `path`, creating the containers on the way (arrays get one item). */
function withValue(base: unknown, path: Path, value: unknown, root: JsonSchema, schema: JsonSchema | undefined): unknown {
  const copy = structuredClone(base ?? {}) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  let nodeSchema = resolve(schema, root);
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const childSchema = typeof key === 'number' ? resolve(nodeSchema.items, root) : resolve(nodeSchema.properties?.[key], root);
    if (node[key] === undefined || node[key] === null || typeof node[key] !== 'object') {
      node[key] = typeof path[i + 1] === 'number' ? [] : (sample(childSchema, root) ?? {});
    }
    const next = node[key] as Record<string | number, unknown>;
    if (Array.isArray(next) && typeof path[i + 1] === 'number' && next.length === 0) next.push(sample(resolve(childSchema.items, root), root));
    node = next;
    nodeSchema = childSchema;
  }
  node[path[path.length - 1]!] = value;
  return copy;
}

function jsonText(value: unknown): string {
  let text = JSON.stringify(value);
  for (const [placeholder, raw] of Object.entries(RAW_NUMBERS)) text = text.split(`"${placeholder}"`).join(raw);
  return text;
}

/** A query or path value as URL text; a lone surrogate (no UTF-8 form) as the bytes a client would still send. */
function urlText(value: unknown): string {
  const text = typeof value === 'string' ? (RAW_NUMBERS[value] ?? value) : typeof value === 'object' ? JSON.stringify(value) : String(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return text.replace(/[\ud800-\udfff]/g, '%ED%A0%80').replace(/[^%\w]/g, (c) => encodeURIComponent(c));
  }
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) parts.push(`${urlText(key)}=${urlText(v)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

interface Probe {
  url: string;
  body?: string;
  label: string;
}

function probesOf(route: RouteDescriptor, ids: Record<string, string>): Probe[] {
  const querySchema = toJsonSchema(route.schemas.query);
  const bodySchema = toJsonSchema(route.schemas.body);
  const paramNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
  const baseParams = Object.fromEntries(paramNames.map((name) => [name, ids[name] ?? '1']));
  const baseQuery = querySchema ? (sample(querySchema, querySchema) as Record<string, unknown>) : {};
  const baseBody = bodySchema ? sample(bodySchema, bodySchema) : undefined;
  const pathOf = (params: Record<string, string>) => route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => params[name]!);
  const probes: Probe[] = [];
  const add = (params: Record<string, string>, query: Record<string, unknown>, body: unknown, label: string, rawBody?: string) =>
    probes.push({ url: pathOf(params) + queryString(query), body: rawBody ?? (body === undefined ? undefined : jsonText(body)), label });

  for (const name of paramNames) {
    for (const value of [...STRING_MUTATIONS, BIG, '-1', '1e300', 'abc', '__proto__']) {
      add({ ...baseParams, [name]: urlText(value) }, baseQuery, baseBody, `params.${name}=${String(value).slice(0, 12)}`);
    }
  }
  if (querySchema) {
    for (const field of fieldsOf(querySchema, querySchema).filter((f) => f.path.length === 1)) {
      const key = String(field.path[0]);
      const values = field.kind === 'integer' || field.kind === 'number' ? [...NUMBER_MUTATIONS, 'abc', ['1', '2']] : [...STRING_MUTATIONS, ['a', 'b'], '{"a":{"b":1}}'];
      for (const value of values) add(baseParams, { ...baseQuery, [key]: value }, baseBody, `query.${key}=${String(value).slice(0, 12)}`);
    }
    const base = pathOf(baseParams) + queryString(baseQuery);
    probes.push({ url: `${base}${base.includes('?') ? '&' : '?'}__proto__=x&constructor=y&toString=z&k%00=v`, body: baseBody === undefined ? undefined : jsonText(baseBody), label: 'query prototype keys' });
  }
  if (bodySchema) {
    for (const field of fieldsOf(bodySchema, bodySchema)) {
      for (const value of mutationsOf(field.kind)) {
        add(baseParams, baseQuery, withValue(baseBody, field.path, value, bodySchema, bodySchema), `body.${field.path.join('.')}=${String(value).slice(0, 12)}`);
      }
    }
    const base = (typeof baseBody === 'object' && baseBody !== null && !Array.isArray(baseBody) ? baseBody : {}) as Record<string, unknown>;
    const rest = JSON.stringify(base).slice(1);
    add(baseParams, baseQuery, undefined, 'body __proto__', `{"__proto__":{"isAdmin":true}${rest === '}' ? '}' : `,${rest}`}`);
    add(baseParams, baseQuery, undefined, 'body constructor.prototype', `{"constructor":{"prototype":{"isAdmin":true}}${rest === '}' ? '}' : `,${rest}`}`);
    add(baseParams, baseQuery, { ...base, constructor: 'x', toString: 'y', 'k\u0000': 1, '\ud800': 2 }, 'body odd keys');
    for (const whole of [[base], 'text', null]) add(baseParams, baseQuery, whole, `body=${JSON.stringify(whole).slice(0, 12)}`);
  }
  return probes;
}

let t: TestApp;
let routes: RouteDescriptor[];
let admin: { loginId: string; password: string };
let headers: Record<string, string>;
let anonymousHeaders: Record<string, string>;
const ids: Record<string, string> = {};
let ip = 0;

/** A new client address per request: the fuzz measures answers, not the per-IP rate limits. */
function nextAddress() {
  ip++;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
}

async function send(route: RouteDescriptor, probe: Probe, who: Record<string, string>): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: route.method,
    url: probe.url,
    headers: { ...who, ...(probe.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    remoteAddress: nextAddress(),
    ...(probe.body !== undefined ? { payload: probe.body } : {}),
  });
}

async function signInAgainIfSignedOut() {
  const check = await t.app.inject({ method: 'GET', url: '/api/auth/token/verify/v1', headers, remoteAddress: nextAddress() });
  if (check.statusCode === 200) return;
  headers = workspaceHeaders(wsScope, await signIn(t, admin.loginId, admin.password));
}

let wsScope: { tenantId: number; workspaceId: number };

beforeAll(async () => {
  t = await createTestApp({ startJobs: false });
  await t.app.ready();
  routes = t.app[ROUTE_TABLE];
  // Every product, so that each route is fuzzed past its product check (with the defaults, the
  // research, e-sign and seal routes only ever answered 403 "product not available").
  const ws = await newWorkspace(t, { products: [...PRODUCT_TYPES] });
  wsScope = ws;
  // A member first, so that the admin is not user 1 (the default id of path parameters).
  const target = await newUser(t, { workspace: ws, roles: ['GENERAL_MEMBER'] });
  admin = await newUser(t, { workspace: ws, roles: ['WORKSPACE_ADMIN', 'LEGAL_MANAGER'] });
  headers = workspaceHeaders(ws, await signIn(t, admin.loginId, admin.password));
  anonymousHeaders = workspaceHeaders(ws);
  const contract = await t.app.inject({ method: 'POST', url: '/api/alex/contracts/v6', headers, payload: { title: '퍼즈 계약', contractType: 'SUPPLY' } });
  expect(contract.statusCode, contract.body).toBe(200);
  ids.contractId = String(contract.json().data.id);
  ids.userId = String(target.userId);
  ids.workspaceId = String(ws.workspaceId);
}, 60_000);
afterAll(() => t.close());

/**
 * Run last, because they end the session the fuzz signs in with: logout, and the routes that
 * end sessions or change the signed-in user's credentials. Between routes the session is
 * checked and renewed if something else ended it.
 */
const LAST = new Set(['POST /api/auth/logout/v1', 'DELETE /api/auth/sessions/others/v1', 'DELETE /api/auth/sessions/:sessionId/v1', 'PUT /api/auth/credentials/password/v1']);

describe('every route under hostile input', () => {
  it('answers below 500, in the envelope, to mutated params, query and body of every route', async () => {
    const ordered = [...routes.filter((r) => !LAST.has(`${r.method} ${r.path}`)), ...routes.filter((r) => LAST.has(`${r.method} ${r.path}`))];
    const failures: string[] = [];
    let sent = 0;
    for (const route of ordered) {
      const probes = probesOf(route, ids);
      const callers = route.access === 'public' ? [headers, anonymousHeaders] : [headers];
      for (const who of callers) {
        for (const probe of probes) {
          const res = await send(route, probe, who);
          sent++;
          const isEnvelope = (() => {
            try {
              return typeof res.json().code === 'string';
            } catch {
              return false;
            }
          })();
          // Raw routes answer in their own format (WOPI answers bare status codes, as its clients expect).
          if (res.statusCode >= 500 || (!route.raw && !isEnvelope)) {
            failures.push(`${route.method} ${route.path} [${probe.label}] ${who === headers ? 'admin' : 'anonymous'} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
          }
        }
      }
      await signInAgainIfSignedOut();
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures, failures.slice(0, 50).join('\n')).toEqual([]);
  }, 600_000);
});
