import { render, type RenderOptions } from '@testing-library/react';
import { type ReactElement, type ReactNode } from 'react';
import { MemoryRouter, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { appRoutes } from '../app/router';
import { AppThemeProvider } from '../app/theme/AppThemeProvider';

interface Options extends Omit<RenderOptions, 'wrapper'> {
  /** Wrap in a memory router at this address. */
  route?: string;
}

/** Renders with the app's theme provider (Mantine in test mode) and, if asked, a router. */
export function renderWithProviders(ui: ReactElement, { route, ...options }: Options = {}) {
  function Wrapper({ children }: { children: ReactNode }) {
    const content = route === undefined ? children : <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>;
    return <AppThemeProvider env="test">{content}</AppThemeProvider>;
  }
  return render(ui, { wrapper: Wrapper, ...options });
}

/**
 * Renders the app's routes (or the given ones) at an address inside the app's providers
 * (Mantine in test mode, a fresh query client, modals and notifications). Answers the router,
 * so tests can follow `router.state.location`.
 */
export function renderApp(initialEntry: string, routes: RouteObject[] = appRoutes) {
  const router = createMemoryRouter(routes, { initialEntries: [initialEntry] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient, ...view };
}
