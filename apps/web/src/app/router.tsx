import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingState } from '../components/LoadingState';
import { ShellLayout } from './layouts/ShellLayout';
import { type RouteHandle } from './navigation/route-handle';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';

function FirstPaintLoading() {
  return <LoadingState isFullPage />;
}

/** Feature pages load on demand so the first screen ships only the shell. */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: ShellLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: FirstPaintLoading,
    children: [
      {
        // Errors of a page render inside the shell, with the navigation still usable.
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            index: true,
            handle: { navVariant: 'general' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/welcome/WelcomePage')).WelcomePage }),
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
