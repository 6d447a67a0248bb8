import { type StandardFormSummary } from '@legal/api';
import { Anchor, Badge, Button, Card, Container, Group, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { WorkspacePageHeader } from '../../components/WorkspacePageHeader';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { useLocaleFormat } from '../../lib/i18n/locale-format';
import { useHasAnyPermission } from '../../lib/session';
import { useVocabulary } from '../contracts/contract-vocabulary';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { FormBookmarkToggle } from './FormBookmarkToggle';
import { FormStatusBadge } from './FormStatusBadge';
import { LibraryFilterBar } from './LibraryFilterBar';
import { countLibraryFilters, emptyLibraryFilters, type LibraryFilters, readLibraryFilters, writeLibraryFilters } from './library-search-params';
import { NewFormModal } from './NewFormModal';
import { IconPlus, IconWand } from './standard-form-icons';
import { useStandardForms } from './standard-form-queries';
import { formMakerPath, standardFormPath } from './standard-forms-path';
import { FORM_READ_PERMISSIONS, FORM_WRITE_PERMISSIONS } from './standard-forms-permissions';
import './standard-forms-i18n';

function FormCard({ workspaceName, form, canWrite }: { workspaceName: string; form: StandardFormSummary; canWrite: boolean }) {
  const { t } = useTranslation('standardForms');
  const vocabulary = useVocabulary();
  const format = useLocaleFormat();
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={form.title}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={standardFormPath(workspaceName, form.standardFormId)} fw={600} lineClamp={2}>
            {form.title}
          </Anchor>
          <FormBookmarkToggle standardFormId={form.standardFormId} title={form.title} isBookmarked={form.bookmarked} />
        </Group>
        <Group gap={6}>
          <Badge variant="light">{vocabulary.label('contractType', form.contractType)}</Badge>
          <Badge variant="outline" color="gray">{vocabulary.label('language', form.language)}</Badge>
          {form.categoryType ? <Badge variant="dot" color="gray">{form.categoryType}</Badge> : null}
          {form.scope === 'GLOBAL' ? <Badge variant="light" color="violet">{t('scope.GLOBAL')}</Badge> : null}
          {canWrite ? <FormStatusBadge status={form.activeStatus} /> : null}
        </Group>
        {form.description ? <Text size="sm" c="dimmed" lineClamp={2}>{form.description}</Text> : null}
        <Text size="xs" c="dimmed" mt="auto">
          {t('library.cardMeta', { version: form.latestVersion, variables: form.variableCount, date: format.instantDate(form.updatedAt) })}
        </Text>
      </Stack>
    </Card>
  );
}

function Library({ workspaceName, canWrite }: { workspaceName: string; canWrite: boolean }) {
  const { t } = useTranslation('standardForms');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readLibraryFilters(searchParams);
  const setFilters = (next: LibraryFilters) => setSearchParams(writeLibraryFilters(next));
  const list = useStandardForms(filters, canWrite);
  let body;
  if (list.error && !list.data) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <LoadingState />;
  else if (list.data.content.length === 0) {
    const isFiltered = Boolean(filters.keyword) || countLibraryFilters(filters) > 0;
    body = isFiltered ? (
      <EmptyState
        title={t('empty.notFoundTitle')}
        description={t('empty.notFoundDescription')}
        action={<Button variant="light" onClick={() => setFilters(emptyLibraryFilters())}>{t('library.clearFilters')}</Button>}
      />
    ) : (
      <EmptyState title={t('empty.title')} description={t(canWrite ? 'empty.description' : 'empty.descriptionReader')} />
    );
  } else {
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">{t('library.total', { count: list.data.totalElements })}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" aria-label={t('library.caption')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.data.content.map((form) => (
            <FormCard key={form.standardFormId} workspaceName={workspaceName} form={form} canWrite={canWrite} />
          ))}
        </SimpleGrid>
        {list.data.totalPages > 1 ? (
          <Group justify="center">
            <Pagination total={list.data.totalPages} value={filters.page} onChange={(page) => setFilters({ ...filters, page })} getControlProps={(control) => ({ 'aria-label': t(`library.pager.${control}`) })} />
          </Group>
        ) : null}
      </Stack>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('library.caption')}>
      <Stack gap="md">
        <LibraryFilterBar filters={filters} onChange={setFilters} canWrite={canWrite} />
        {body}
      </Stack>
    </Card>
  );
}

function LibraryScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('standardForms');
  useDocumentTitle(`${t('library.title')} · ${workspaceName}`);
  const canRead = useHasAnyPermission(FORM_READ_PERMISSIONS);
  const canWrite = useHasAnyPermission(FORM_WRITE_PERMISSIONS);
  const [isCreating, setIsCreating] = useState(false);
  if (!canRead) return <ForbiddenState />;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <WorkspacePageHeader
          workspaceName={workspaceName}
          title={t('library.title')}
          description={t('library.description')}
          aside={canWrite ? (
            <Group gap="xs">
              <Button variant="light" component={Link} to={formMakerPath(workspaceName)} leftSection={<IconWand size={16} aria-hidden="true" />}>
                {t('library.maker')}
              </Button>
              <Button onClick={() => setIsCreating(true)} leftSection={<IconPlus size={16} aria-hidden="true" />}>
                {t('library.create')}
              </Button>
            </Group>
          ) : null}
        />
        <Library workspaceName={workspaceName} canWrite={canWrite} />
      </Stack>
      {canWrite ? <NewFormModal workspaceName={workspaceName} isOpen={isCreating} onClose={() => setIsCreating(false)} /> : null}
    </Container>
  );
}

/** `/:workspaceName/standard-forms`: the workspace's form library (CLM). */
export function StandardFormsPage() {
  return <WorkspaceGate product="CLM">{(entry) => <LibraryScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
