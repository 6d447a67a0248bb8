import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../lib/i18n';
import { LazyMantineOverlays } from './LazyMantineOverlays';
import { AppThemeProvider } from './theme/AppThemeProvider';
import { type WorkspaceThemeController } from './theme/workspace-theme-controller';

export interface AppProvidersProps {
  children: ReactNode;
  queryClient: QueryClient;
  themeController?: WorkspaceThemeController;
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient, themeController, env }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <AppThemeProvider controller={themeController} env={env}>
          {children}
          <LazyMantineOverlays />
        </AppThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
