import { SimpleGrid, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useHasAnyPermission } from '../../../lib/session';
import { useAdminWorkspace } from '../AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { JobItemList } from './JobItemList';
import './organization-i18n';

/** `/:workspaceName/admin/job-titles` (workspace.group.write): job titles (직책) and job positions (직위), two ordered lists. */
export function JobTitlesPage() {
  const { t } = useTranslation('organization');
  const entry = useAdminWorkspace();
  useDocumentTitle(`${t('jobs.title')} · ${entry.workspaceName}`);
  const canEdit = useHasAnyPermission(['workspace.group.write']);
  return (
    <Stack gap="md">
      <AdminPageHeader title={t('jobs.title')} description={t('jobs.description')} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <JobItemList kind="titles" canEdit={canEdit} />
        <JobItemList kind="positions" canEdit={canEdit} />
      </SimpleGrid>
    </Stack>
  );
}
