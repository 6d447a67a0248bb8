import { type ContractType, listWorkspaceContractTypes, workspaceKey } from '@legal/api';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { type SessionState, useSession } from '../../lib/session';
import { useVocabulary } from './contract-vocabulary';

/** The query key prefix of the workspace's contract types (the admin settings invalidate it after a change). */
export const WORKSPACE_CONTRACT_TYPES_KEY = 'workspaceContractTypes';

const selectWorkspaceKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

/**
 * The contract type options of the workspace's pickers: its types in the order its admin set
 * (admin > standard forms; the server answers them in that order and they are not re-sorted here),
 * then any code in `keep` it no longer lists (a contract's current type, a filter already chosen).
 * The whole catalogue while the list loads or when it cannot be read.
 */
export function useContractTypeOptions(keep: readonly string[] = []): Array<{ value: ContractType; label: string }> {
  const vocabulary = useVocabulary();
  const query = useQuery({
    queryKey: [WORKSPACE_CONTRACT_TYPES_KEY, useSession(selectWorkspaceKey)],
    queryFn: ({ signal }) => api.call(listWorkspaceContractTypes, { signal, suppressErrorToast: true }),
    staleTime: 5 * 60_000,
  });
  if (!query.data) return vocabulary.options('contractType');
  const codes: string[] = query.data.map((type) => type.code);
  const kept = keep.filter((code) => !codes.includes(code));
  return [...codes, ...kept].map((code) => ({ value: code as ContractType, label: vocabulary.label('contractType', code) }));
}
