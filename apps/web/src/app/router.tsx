import { PERMISSION } from '@legal/api';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingState } from '../components/LoadingState';
import { RequirePermission } from '../features/auth/guards/RequirePermission';
import { RequireSignedIn } from '../features/auth/guards/RequireSignedIn';
import { ShellLayout } from './layouts/ShellLayout';
import { type RouteHandle } from './navigation/route-handle';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { PATHS } from './paths';

function FirstPaintLoading() {
  return <LoadingState isFullPage />;
}

/**
 * Feature pages load on demand so the first screen ships only the shell. Static paths rank
 * above `/:workspaceName`, so a workspace cannot shadow them.
 */
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
          {
            path: 'sign-in',
            lazy: async () => ({ Component: (await import('../features/auth/SignInPage')).SignInPage }),
          },
          {
            path: 'reset-password',
            lazy: async () => ({ Component: (await import('../features/auth/ResetPasswordPage')).ResetPasswordPage }),
          },
          {
            path: 'super-admin/sign-in',
            handle: { navVariant: 'superAdmin' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/auth/SignInPage')).SuperAdminSignInPage }),
          },
          {
            element: <RequireSignedIn />,
            children: [
              {
                path: 'workspaces',
                lazy: async () => ({ Component: (await import('../features/workspaces/LauncherPage')).LauncherPage }),
              },
              {
                path: 'profile',
                lazy: async () => ({ Component: (await import('../features/account/ProfilePage')).ProfilePage }),
              },
              {
                path: ':workspaceName',
                lazy: async () => ({ Component: (await import('../features/workspaces/WorkspaceHomePage')).WorkspaceHomePage }),
              },
              {
                path: ':workspaceName/files',
                lazy: async () => ({ Component: (await import('../features/files/FilesPage')).FilesPage }),
              },
            ],
          },
          {
            path: 'super-admin',
            handle: { navVariant: 'superAdmin' } satisfies RouteHandle,
            element: (
              <RequireSignedIn signInPath={PATHS.superAdminSignIn}>
                <RequirePermission name={PERMISSION.superAdminWorkspaceRead} />
              </RequireSignedIn>
            ),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('../features/super-admin/ClientErrorsPage')).ClientErrorsPage }),
              },
            ],
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
