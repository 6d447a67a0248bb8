import { type Invitation } from '@legal/api';
import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormatDateTime } from '../../../lib/i18n';
import { AdminDataTable, NEWEST_FIRST } from '../AdminDataTable';
import { useAdminWorkspace } from '../AdminLayout';
import { AdminPageHeader } from '../AdminPageHeader';
import { confirmAction } from '../confirm';
import { IconCircleX, IconMailForward } from './invitation-icons';
import { useInvitationList, useInvitationMutations } from './invitation-queries';
import { InvitationFilterBar } from './InvitationFilterBar';
import { InvitationStatusBadge } from './InvitationStatusBadge';
import { readInvitationFilters, writeInvitationFilters, type InvitationFilters } from './invitations-search-params';
import { InviteForm } from './InviteForm';
import '../admin-i18n';
import './invitations-i18n';

function useColumns(onResend: (invitation: Invitation) => void, onCancel: (invitation: Invitation) => void): DataTableColumn<Invitation>[] {
  const { t } = useTranslation('invitations');
  const formatDateTime = useFormatDateTime();
  const none = t('table.none');
  return [
    {
      accessor: 'loginId',
      title: t('table.loginId'),
      sortable: true,
      render: (invitation) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {invitation.loginId}
          </Text>
          {invitation.displayName ? (
            <Text size="xs" c="dimmed">
              {invitation.displayName}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { accessor: 'status', title: t('table.status'), render: (invitation) => <InvitationStatusBadge status={invitation.status} expired={invitation.expired} /> },
    { accessor: 'roles', title: t('table.roles'), render: (invitation) => invitation.roles.map((r) => r.name).join(', ') || none },
    { accessor: 'group', title: t('table.group'), render: (invitation) => invitation.group?.name ?? none },
    { accessor: 'sendCount', title: t('table.sendCount'), textAlign: 'right' },
    { accessor: 'lastSentAt', title: t('table.lastSentAt'), sortable: true, render: (invitation) => formatDateTime(invitation.lastSentAt) },
    { accessor: 'expiresAt', title: t('table.expiresAt'), sortable: true, render: (invitation) => formatDateTime(invitation.expiresAt) },
    { accessor: 'invitedBy', title: t('table.invitedBy'), render: (invitation) => invitation.invitedBy?.displayName ?? none },
    { accessor: 'createdAt', title: t('table.createdAt'), sortable: true, render: (invitation) => formatDateTime(invitation.createdAt) },
    {
      accessor: 'actions',
      title: t('table.actions'),
      textAlign: 'right',
      render: (invitation) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {invitation.abilities.canResend ? (
            <Tooltip label={t('actions.resend')}>
              <ActionIcon variant="subtle" aria-label={t('actions.resendLabel', { loginId: invitation.loginId })} onClick={() => onResend(invitation)}>
                <IconMailForward size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {invitation.abilities.canCancel ? (
            <Tooltip label={t('actions.cancel')}>
              <ActionIcon variant="subtle" color="red" aria-label={t('actions.cancelLabel', { loginId: invitation.loginId })} onClick={() => onCancel(invitation)}>
                <IconCircleX size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
  ];
}

/**
 * `/:workspaceName/admin/invitations` (workspace.user.write): invite by e-mail with group,
 * positions and roles; the invitations with their status and expired flag (filters in the
 * address), resend and cancel after a confirmation.
 */
export function InvitationsAdminPage() {
  const { t } = useTranslation('invitations');
  const entry = useAdminWorkspace();
  useDocumentTitle(`${t('documentTitle')} · ${entry.workspaceName}`);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readInvitationFilters(searchParams);
  const query = useInvitationList(filters);
  const { resend, cancel } = useInvitationMutations();
  const setFilters = (next: InvitationFilters) => setSearchParams(writeInvitationFilters(next));

  const askResend = (invitation: Invitation) =>
    confirmAction({
      title: t('confirm.resendTitle'),
      message: t('confirm.resendMessage', { loginId: invitation.loginId }),
      confirmLabel: t('confirm.resendConfirm'),
      cancelLabel: t('confirm.keep'),
      onConfirm: () => resend.mutate(invitation.id, { onSuccess: () => notifications.show({ color: 'green', message: t('feedback.resent') }) }),
    });
  const askCancel = (invitation: Invitation) =>
    confirmAction({
      title: t('confirm.cancelTitle'),
      message: t('confirm.cancelMessage', { loginId: invitation.loginId }),
      confirmLabel: t('confirm.cancelConfirm'),
      cancelLabel: t('confirm.keep'),
      isDestructive: true,
      onConfirm: () => cancel.mutate(invitation.id, { onSuccess: () => notifications.show({ color: 'green', message: t('feedback.canceled') }) }),
    });
  const columns = useColumns(askResend, askCancel);

  return (
    <Stack gap="md">
      <AdminPageHeader title={t('title')} description={t('description')} />
      <InviteForm />
      <InvitationFilterBar filters={filters} onChange={setFilters} />
      <AdminDataTable<Invitation>
        caption={t('table.caption')}
        query={query}
        columns={columns}
        idAccessor="id"
        list={filters}
        onListChange={(next) => setFilters({ ...filters, ...next })}
        defaultSort={NEWEST_FIRST}
        emptyTitle={t('table.emptyTitle')}
        emptyDescription={t('table.emptyDescription')}
      />
    </Stack>
  );
}
