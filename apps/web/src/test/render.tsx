import { render, type RenderOptions } from '@testing-library/react';
import { type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
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
