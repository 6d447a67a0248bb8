import { getWorkspaceCredits } from '@legal/api';
import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { api } from '../../../lib/api';
import { useSession } from '../../../lib/session';
import { CreditsSummary } from '../../ai-platform/CreditsSummary';
import '../../ai-platform/ai-platform-i18n';
import { AdminPageHeader } from '../AdminPageHeader';

/** `/:workspaceName/admin/credits`: the workspace's AI credit balance and ledger (30 a page, the page in the address). */
export function WorkspaceCreditsPage() {
  const { t } = useTranslation('aiPlatform');
  useDocumentTitle(t('credits.workspaceTitle'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, (Number.parseInt(params.get('page') ?? '1', 10) || 1) - 1);
  const workspaceId = useSession((s) => s.workspaceId);
  const query = useQuery({
    queryKey: ['workspace-credits', workspaceId, page],
    queryFn: ({ signal }) => api.call(getWorkspaceCredits, { signal, query: { page, size: 30 } }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('credits.workspaceTitle')} description={t('credits.workspaceDescription')} />
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <CreditsSummary credits={query.data} onPage={(next) => setParams(() => (next > 0 ? new URLSearchParams({ page: String(next + 1) }) : new URLSearchParams()))} />
      )}
    </Stack>
  );
}
