import { QueryClient } from '@tanstack/react-query';

/**
 * Server state defaults. No automatic retries: every failed call already tells the user
 * (toast) and the error service (report), so a retry would repeat both; screens offer a retry
 * button through ErrorState instead.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
