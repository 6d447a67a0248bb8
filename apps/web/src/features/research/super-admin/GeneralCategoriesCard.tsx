import { type GeneralCategoryKind, getSuperAdminWorkspaceGeneralCategories, putSuperAdminWorkspaceGeneralCategories, type WorkspaceGeneralCategories, type WorkspaceTarget } from '@legal/api';
import { Alert, Badge, Button, Group, Stack, Switch } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { SectionCard } from '../../../components/SectionCard';
import { api } from '../../../lib/api';
import { useLocaleFormat } from '../../../lib/i18n/locale-format';
import '../research-i18n';

function CategorySwitches({ target, initial }: { target: WorkspaceTarget; initial: WorkspaceGeneralCategories }) {
  const { t } = useTranslation('research');
  const { locale } = useLocaleFormat();
  const client = useQueryClient();
  const [enabled, setEnabled] = useState<GeneralCategoryKind[]>(initial.categories.filter((c) => c.isEnabled).map((c) => c.kind));
  const save = useMutation({
    mutationFn: () => api.call(putSuperAdminWorkspaceGeneralCategories, { body: { ...target, enabled }, suppressErrorToast: true }),
    onSuccess: (saved) => client.setQueryData(['super-admin', 'research-general-categories', target], saved),
  });
  return (
    <Stack gap="sm">
      {initial.categories.map((c) => (
        <Group key={c.kind} gap="xs">
          <Switch
            label={c.label[locale]}
            checked={enabled.includes(c.kind)}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setEnabled((current) => (on ? [...current, c.kind] : current.filter((k) => k !== c.kind)));
            }}
          />
          {c.hasSource ? null : <Badge size="xs" color="gray" variant="light" tt="none">{t('admin.general.noSource')}</Badge>}
        </Group>
      ))}
      {enabled.length === 0 ? <Alert color="yellow" variant="light">{t('admin.general.noneEnabled')}</Alert> : null}
      {save.isError ? <ErrorState error={save.error} title={t('admin.settings.saveFailed')} /> : null}
      {save.isSuccess ? <Alert color="teal" variant="light" role="status">{t('admin.settings.saved')}</Alert> : null}
      <Group justify="flex-end">
        <Button onClick={() => save.mutate()} loading={save.isPending}>{t('admin.general.save')}</Button>
      </Group>
    </Stack>
  );
}

/** Which built-in legal source kinds (statutes, precedents, rules, ordinances) the workspace's research searches. */
export function GeneralCategoriesCard({ target }: { target: WorkspaceTarget }) {
  const { t } = useTranslation('research');
  const categories = useQuery({
    queryKey: ['super-admin', 'research-general-categories', target],
    queryFn: ({ signal }) => api.call(getSuperAdminWorkspaceGeneralCategories, { signal, query: target }),
  });
  return (
    <SectionCard title={t('admin.general.title')} description={t('admin.general.description')} order={2}>
      {categories.isPending ? (
        <LoadingState />
      ) : categories.isError ? (
        <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />
      ) : categories.data.categories.length === 0 ? (
        <EmptyState title={t('admin.general.empty')} />
      ) : (
        <CategorySwitches target={target} initial={categories.data} />
      )}
    </SectionCard>
  );
}
