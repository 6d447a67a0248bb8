import { type Notice } from '@legal/api';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatDateTime } from '../../../lib/i18n';
import { AdminDataTable, NEWEST_FIRST } from '../AdminDataTable';
import { useAdminWorkspace } from '../AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { confirmAction } from '../confirm';
import { NoticeFilterBar } from './NoticeFilterBar';
import { NoticeFormModal } from './NoticeFormModal';
import { IconPaperclip, IconPencil, IconPin, IconPlus, IconTrash } from './notice-icons';
import { useAdminNotices, useNoticeCreators, useNoticeMutations } from './notice-queries';
import { hasNoticeFilters, readNoticeFilters, writeNoticeFilters, type NoticeFilters } from './notices-search-params';
import { NoticeTypeBadge } from './NoticeTypeBadge';
import '../admin-i18n';
import './notices-i18n';

/** Which form is open: none, a new notice, or an existing one. */
type Editing = { notice: Notice | null } | null;

function useColumns(onEdit: (notice: Notice) => void, onDelete: (notice: Notice) => void): DataTableColumn<Notice>[] {
  const { t } = useTranslation('notices');
  const formatDateTime = useFormatDateTime();
  return [
    {
      accessor: 'title',
      title: t('admin.columns.title'),
      sortable: true,
      render: (notice) => (
        <Group gap={6} wrap="nowrap">
          {notice.isPinned ? <IconPin size={16} aria-label={t('pinned')} color="var(--mantine-color-orange-6)" /> : null}
          <Text size="sm" fw={500} lineClamp={1}>
            {notice.title}
          </Text>
          {notice.attachments.length > 0 ? (
            <Tooltip label={t('admin.attachmentCount', { count: notice.attachments.length })}>
              <IconPaperclip size={14} aria-label={t('admin.attachmentCount', { count: notice.attachments.length })} />
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
    { accessor: 'noticeType', title: t('admin.columns.type'), render: (notice) => <NoticeTypeBadge noticeType={notice.noticeType} /> },
    { accessor: 'creatorName', title: t('admin.columns.creator'), render: (notice) => notice.creatorName ?? t('unknownCreator') },
    { accessor: 'readCount', title: t('admin.columns.readCount'), textAlign: 'right', render: (notice) => t('admin.readCount', { count: notice.readCount }) },
    { accessor: 'createdAt', title: t('admin.columns.createdAt'), sortable: true, render: (notice) => formatDateTime(notice.createdAt) },
    {
      accessor: 'actions',
      title: t('admin.columns.actions'),
      textAlign: 'right',
      render: (notice) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={t('admin.editLabel', { title: notice.title })} onClick={(event) => { event.stopPropagation(); onEdit(notice); }}>
            <IconPencil size={16} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" aria-label={t('admin.deleteLabel', { title: notice.title })} onClick={(event) => { event.stopPropagation(); onDelete(notice); }}>
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ),
    },
  ];
}

/**
 * `/:workspaceName/admin/notices` (workspace.notice.write): every live notice of the workspace,
 * pinned first, filtered by keyword, types and authors (in the address); write, edit and delete.
 */
export function NoticesAdminPage() {
  const { t } = useTranslation('notices');
  const { t: ta } = useTranslation('admin');
  const entry = useAdminWorkspace();
  useDocumentTitle(`${t('admin.title')} · ${entry.workspaceName}`);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readNoticeFilters(searchParams);
  const query = useAdminNotices(filters);
  const creators = useNoticeCreators();
  const { remove } = useNoticeMutations();
  const [editing, setEditing] = useState<Editing>(null);

  const setFilters = (next: NoticeFilters) => setSearchParams(writeNoticeFilters(next));
  const askDelete = (notice: Notice) =>
    confirmAction({
      title: t('admin.deleteTitle'),
      message: t('admin.deleteMessage', { title: notice.title }),
      confirmLabel: ta('actions.delete'),
      cancelLabel: ta('actions.cancel'),
      isDestructive: true,
      onConfirm: () => remove.mutate(notice.id, { onSuccess: () => notifications.show({ color: 'green', message: ta('feedback.deleted') }) }),
    });
  const columns = useColumns((notice) => setEditing({ notice }), askDelete);

  return (
    <Stack gap="md">
      <AdminPageHeader
        title={t('admin.title')}
        description={t('admin.description')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing({ notice: null })}>
            {t('admin.create')}
          </Button>
        }
      />
      <NoticeFilterBar filters={filters} onChange={setFilters} creators={creators.data ?? []} />
      <AdminDataTable<Notice>
        caption={t('list.caption')}
        query={query}
        columns={columns}
        idAccessor="id"
        list={filters}
        onListChange={(next) => setFilters({ ...filters, ...next })}
        defaultSort={NEWEST_FIRST}
        onRowClick={(notice) => setEditing({ notice })}
        emptyTitle={hasNoticeFilters(filters) ? t('empty.filteredTitle') : t('empty.title')}
        emptyDescription={hasNoticeFilters(filters) ? t('empty.filteredDescription') : t('empty.description')}
      />
      <NoticeFormModal notice={editing?.notice ?? null} opened={editing !== null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
