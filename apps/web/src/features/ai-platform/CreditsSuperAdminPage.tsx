import { grantCredits, listWorkspaceCreditLedger } from '@legal/api';
import { Button, Card, Container, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { api } from '../../lib/api';
import { CreditsSummary } from './CreditsSummary';
import { useWorkspaceTarget, WorkspaceTargetPicker, type WorkspaceTarget } from './WorkspaceTargetPicker';
import './ai-platform-i18n';

/** `/super-admin/credits?tenantId=&workspaceId=`: a workspace's credits, and a grant form. */
export function CreditsSuperAdminPage() {
  const { t } = useTranslation('aiPlatform');
  useDocumentTitle(t('credits.title'));
  const target = useWorkspaceTarget();
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1}>{t('credits.title')}</Title>
        <WorkspaceTargetPicker />
        {target ? <WorkspaceCredits key={`${target.tenantId}:${target.workspaceId}`} target={target} /> : <Text c="dimmed">{t('target.choose')}</Text>}
      </Stack>
    </Container>
  );
}

function WorkspaceCredits({ target }: { target: WorkspaceTarget }) {
  const { t } = useTranslation('aiPlatform');
  const [page, setPage] = useState(0);
  const queryClient = useQueryClient();
  const [credits, setCredits] = useState<string | number>(100);
  const [memo, setMemo] = useState('');
  const query = useQuery({
    queryKey: ['super-admin', 'credits', target, page],
    queryFn: ({ signal }) => api.call(listWorkspaceCreditLedger, { signal, query: { ...target, page, size: 30 } }),
    placeholderData: keepPreviousData,
  });
  const grant = useMutation({
    mutationFn: () => api.call(grantCredits, { body: { ...target, credits: Number(credits), memo: memo.trim() } }),
    onSuccess: () => {
      setMemo('');
      notifications.show({ color: 'green', message: t('credits.grantedOk') });
      void queryClient.invalidateQueries({ queryKey: ['super-admin', 'credits', target] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate();
  };
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t('credits.grant')}>
        <form onSubmit={submit}>
          <Group align="end">
            <NumberInput label={t('credits.amount')} value={credits} onChange={setCredits} min={1} max={10_000_000} allowDecimal={false} w={160} required />
            <TextInput label={t('credits.memo')} value={memo} onChange={(e) => setMemo(e.currentTarget.value)} required style={{ flex: 1 }} maxLength={500} />
            <Button type="submit" loading={grant.isPending} disabled={!memo.trim() || !(Number(credits) > 0)}>
              {t('credits.grant')}
            </Button>
          </Group>
          {grant.isError ? <ErrorState error={grant.error} /> : null}
        </form>
      </Card>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <CreditsSummary credits={query.data} onPage={setPage} />
      )}
    </Stack>
  );
}
