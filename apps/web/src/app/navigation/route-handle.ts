import { useMatches } from 'react-router';
import { isNavVariant, type NavVariant } from './nav-variants';

/** What a route tells the shell about itself (`handle` of the route object). */
export interface RouteHandle {
  /** The area of the app shell the route belongs to; routes without one are public pages (simple header). */
  navVariant?: NavVariant;
}

/** The navigation variant of the deepest matched route that names one; null on public pages. */
export function navVariantOf(matches: ReadonlyArray<{ handle?: unknown; route?: { handle?: unknown } }>): NavVariant | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const handle = (match?.handle ?? match?.route?.handle) as RouteHandle | undefined;
    if (isNavVariant(handle?.navVariant)) return handle.navVariant;
  }
  return null;
}

export function useNavVariant(): NavVariant | null {
  return navVariantOf(useMatches());
}

/** The `:workspaceName` of the address, as the deepest matched route sees it; null outside a workspace. */
export function useRouteWorkspaceName(): string | null {
  const matches = useMatches();
  return matches[matches.length - 1]?.params.workspaceName ?? null;
}
