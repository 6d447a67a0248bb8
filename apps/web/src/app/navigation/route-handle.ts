import { useMatches } from 'react-router';
import { isNavVariant, type NavVariant } from './nav-items';

/** What a route tells the shell about itself (`handle` of the route object). */
export interface RouteHandle {
  navVariant?: NavVariant;
}

/** The navigation variant of the deepest matched route that names one; general otherwise. */
export function useNavVariant(): NavVariant {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (isNavVariant(handle?.navVariant)) return handle.navVariant;
  }
  return 'general';
}
