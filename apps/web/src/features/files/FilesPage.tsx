import { type FileMetadata } from '@legal/api';
import { Card, Container, Group, Pagination, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { WorkspacePageHeader } from '../../components/WorkspacePageHeader';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { ForbiddenState } from '../../components/ForbiddenState';
import { LoadingState } from '../../components/LoadingState';
import { useHasAnyPermission } from '../../lib/session';
import { WorkspaceGate } from '../workspaces/WorkspaceGate';
import { FILE_PERMISSIONS } from './file-permissions';
import { useFileList } from './file-queries';
import { FileDrawer } from './FileDrawer';
import { FileFilterBar } from './FileFilterBar';
import { FilesTable } from './FilesTable';
import { FileUploadPanel } from './FileUploadPanel';
import { readFileFilters, writeFileFilters, type FileFilters } from './files-search-params';
import './files-i18n';

const FILE_PARAM = 'file';

function FileList() {
  const { t } = useTranslation('files');
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFileFilters(searchParams);
  const openFileKey = searchParams.get(FILE_PARAM);
  const query = useFileList(filters);

  const setFilters = (next: FileFilters) => setSearchParams(writeFileFilters(next));
  const setOpenFile = (file: FileMetadata | null) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (file) params.set(FILE_PARAM, file.fileKey);
      else params.delete(FILE_PARAM);
      return params;
    });

  const isFiltered = Boolean(filters.keyword || filters.fileType || filters.isDeleted);
  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) body = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.content.length === 0) {
    body = isFiltered ? (
      <EmptyState title={t('empty.notFoundTitle')} description={t('empty.notFoundDescription')} />
    ) : (
      <EmptyState title={t('empty.title')} description={t('empty.description')} />
    );
  } else {
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('table.total', { count: query.data.totalElements })}
        </Text>
        <FilesTable files={query.data.content} onOpen={setOpenFile} />
        {query.data.totalPages > 1 ? (
          <Group justify="center">
            <Pagination
              total={query.data.totalPages}
              value={filters.page}
              onChange={(page) => setFilters({ ...filters, page })}
              aria-label={t('table.pagination')}
            />
          </Group>
        ) : null}
      </Stack>
    );
  }
  const openTitle = query.data?.content.find((file) => file.fileKey === openFileKey)?.displayName;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t('table.caption')}>
      <Stack gap="md">
        <FileFilterBar filters={filters} onChange={setFilters} />
        {body}
      </Stack>
      <FileDrawer fileKey={openFileKey} title={openTitle} onClose={() => setOpenFile(null)} />
    </Card>
  );
}

function FilesScreen({ workspaceName }: { workspaceName: string }) {
  const { t } = useTranslation('files');
  useDocumentTitle(`${t('documentTitle')} · ${workspaceName}`);
  const canRead = useHasAnyPermission([FILE_PERMISSIONS.read]);
  const canWrite = useHasAnyPermission([FILE_PERMISSIONS.write]);
  if (!canRead) return <ForbiddenState />;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <WorkspacePageHeader workspaceName={workspaceName} title={t('title')} description={t('description')} />
        {canWrite ? <FileUploadPanel /> : null}
        <FileList />
      </Stack>
    </Container>
  );
}

/**
 * `/:workspaceName/files`: the files of a workspace. The address picks the workspace (WorkspaceGate);
 * the page needs `file.file.read` (the upload panel needs `file.file.write`). Filters, page and
 * the open file live in the address.
 */
export function FilesPage() {
  return <WorkspaceGate>{(entry) => <FilesScreen workspaceName={entry.workspaceName} />}</WorkspaceGate>;
}
