import { ROLE_REQUEST_STATUSES, type RoleRequestFormOptions, type RoleRequestStatus } from '@legal/api';
import { Button, Group, MultiSelect, Pill, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type RoleRequestFilters } from './role-requests-search-params';
import './role-requests-i18n';

export interface RoleRequestFilterBarProps {
  filters: RoleRequestFilters;
  onChange: (next: RoleRequestFilters) => void;
  roles: RoleRequestFormOptions['roles'];
  approvers: RoleRequestFormOptions['approvers'];
  /** The name of the requester the list is narrowed to (from the rows shown). */
  requesterName?: string;
}

/** Statuses, role, named approver and (set from a row) requester; any change goes back to the first page. */
export function RoleRequestFilterBar({ filters, onChange, roles, approvers, requesterName }: RoleRequestFilterBarProps) {
  const { t } = useTranslation('roleRequests');
  const change = (patch: Partial<RoleRequestFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const isFiltered = Boolean(filters.statuses || filters.roleId || filters.approveUserId || filters.requesterId);
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={t('filters.label')}>
      <MultiSelect
        label={t('filters.statuses')}
        placeholder={filters.statuses ? undefined : t('filters.statusesPlaceholder')}
        data={ROLE_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={filters.statuses ?? []}
        onChange={(values) => change({ statuses: values.length > 0 ? (values as RoleRequestStatus[]) : undefined })}
        clearable
        w={{ base: '100%', sm: 260 }}
      />
      <Select
        label={t('filters.role')}
        placeholder={t('filters.allRoles')}
        data={roles.map((r) => ({ value: String(r.id), label: r.name }))}
        value={filters.roleId ? String(filters.roleId) : null}
        onChange={(value) => change({ roleId: value ? Number(value) : undefined })}
        clearable
        searchable
      />
      <Select
        label={t('filters.approver')}
        placeholder={t('filters.allApprovers')}
        data={approvers.map((a) => ({ value: String(a.userId), label: a.displayName }))}
        value={filters.approveUserId ? String(filters.approveUserId) : null}
        onChange={(value) => change({ approveUserId: value ? Number(value) : undefined })}
        clearable
        searchable
      />
      {filters.requesterId ? (
        <Pill withRemoveButton onRemove={() => change({ requesterId: undefined })} removeButtonProps={{ 'aria-label': t('filters.clearRequester') }} mb={8}>
          {t('filters.requester', { name: requesterName ?? `#${filters.requesterId}` })}
        </Pill>
      ) : null}
      {isFiltered ? (
        <Button variant="subtle" onClick={() => onChange({ page: 1, sort: filters.sort })}>
          {t('filters.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
