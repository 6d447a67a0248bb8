import { type RouteObject } from 'react-router';
import { appRoutes } from '../router';

/** Every address pattern the router defines (index routes count as their parent's path). */
export function routedPaths(routes: RouteObject[] = appRoutes): string[] {
  const paths: string[] = [];
  const walk = (level: RouteObject[], parent: string) => {
    for (const route of level) {
      const own = route.path ? (route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`) : parent;
      if (route.index || (route.path && route.path !== '*' && !route.children)) paths.push(own);
      if (route.children) walk(route.children, own);
    }
  };
  walk(routes, '');
  return paths;
}
