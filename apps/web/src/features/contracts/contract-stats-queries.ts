import { ContractStatsQuerySchema, getContractStats } from '@legal/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useContractsKey } from './contract-queries';

export interface StatsRange {
  dateStart?: string;
  dateEnd?: string;
}

/** Counts of the readable contracts created in the range (the server's default: the last twelve months). */
export function useContractStats(range: StatsRange, isEnabled: boolean) {
  const base = useContractsKey();
  const isValid = ContractStatsQuerySchema.safeParse(range).success;
  return useQuery({
    queryKey: [...base, 'stats', range],
    queryFn: ({ signal }) => api.call(getContractStats, { signal, query: range }),
    enabled: isEnabled && isValid,
    placeholderData: keepPreviousData,
  });
}
