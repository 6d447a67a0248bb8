import { API_BASE_PATH, type Service } from '@legal/api';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryInput = Record<string, QueryValue | readonly QueryValue[]>;

/** `{host}/api/{service}` (spec section 7). */
export function serviceBase(host: string, service: Service): string {
  return `${trimTrailingSlash(host)}${API_BASE_PATH}/${service}`;
}

/** Joins host, an absolute `/api/...` path and a query; arrays repeat the key, empty values are left out. */
export function buildUrl(host: string, path: string, query?: QueryInput): string {
  if (!path.startsWith('/')) throw new Error(`API paths are absolute: ${path}`);
  const search = new URLSearchParams();
  for (const [key, raw] of Object.entries(query ?? {})) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as QueryValue[]) {
      if (value === undefined || value === null) continue;
      search.append(key, String(value));
    }
  }
  const qs = search.toString();
  return `${trimTrailingSlash(host)}${path}${qs ? `?${qs}` : ''}`;
}

function trimTrailingSlash(host: string): string {
  return host.endsWith('/') ? host.slice(0, -1) : host;
}
