import type { PermissionName, ProductType } from '@legal/api';
import type { TablerIcon } from '@tabler/icons-react';
import { type Namespace } from '../../lib/i18n/resources';
import { type NavVariant } from './nav-variants';

/**
 * One place of the signed-in navigation, contributed by the feature that owns the page (like a
 * server module's manifest): `features/<area>/<area>-nav.ts` exports its entries and
 * `nav-entries.ts` names them. The shell knows no feature.
 */
export interface NavEntry {
  /** Unique over every entry. */
  id: string;
  /** The navigation variants (spec section 1) that list the entry, in the order of NAV_ENTRIES. */
  variants: readonly NavVariant[];
  /** The product the workspace must have (the server answers ERROR_PRODUCT_NOT_AVAILABLE without it). */
  product?: ProductType;
  /** Any one of these is enough; omitted: every member (or super admin, in that variant) may go there. */
  permissions?: readonly PermissionName[];
  /** The address of the page in the workspace of that name (super-admin entries ignore it). */
  path: (workspaceName: string) => string;
  icon: TablerIcon;
  /** The feature's own i18n namespace (registered by the entry's file) and the key of the label in it. */
  namespace: Namespace;
  labelKey: string;
}

/** Declares one entry (typed; the registry test checks ids, labels and addresses). */
export function defineNavEntry(entry: NavEntry): NavEntry {
  return entry;
}

/** What decides which entries show: the area, the workspace's products and the caller's permissions. */
export interface NavAudience {
  variant: NavVariant;
  products: readonly { type: string }[];
  permissions: readonly { name: string }[];
}

/** The entries of a variant the workspace has and the user may use, in registry order. */
export function visibleNavEntries(entries: readonly NavEntry[], audience: NavAudience): NavEntry[] {
  const products = new Set(audience.products.map((p) => p.type));
  const permissions = new Set(audience.permissions.map((p) => p.name));
  return entries.filter(
    (entry) =>
      entry.variants.includes(audience.variant) &&
      (entry.product === undefined || products.has(entry.product)) &&
      (entry.permissions === undefined || entry.permissions.some((name) => permissions.has(name))),
  );
}

/**
 * The id of the entry the address is in: the one whose path is the address or its longest
 * prefix at a segment boundary (`/hanbit/contracts/42` is in "contracts", not in the home).
 */
export function currentNavEntryId(entries: readonly NavEntry[], workspaceName: string, pathname: string): string | null {
  const address = safeDecode(pathname);
  let best: { id: string; length: number } | null = null;
  for (const entry of entries) {
    const path = safeDecode(entry.path(workspaceName));
    const isInside = address === path || address.startsWith(path.endsWith('/') ? path : `${path}/`);
    if (isInside && (best === null || path.length > best.length)) best = { id: entry.id, length: path.length };
  }
  return best?.id ?? null;
}

/** Addresses compare decoded: the router may hand `/%ED%95%9C...` or `/한...` for the same place. */
function safeDecode(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
