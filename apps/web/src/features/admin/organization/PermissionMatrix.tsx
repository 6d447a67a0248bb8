import { type PermissionCatalogue, type RoleMatrix, UpdateRoleMatrixBodySchema } from '@legal/api';
import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ErrorState';
import { LoadingState } from '../../../components/LoadingState';
import { confirmAction } from '../confirm';
import { IconLock } from './organization-icons';
import { usePermissionCatalogue, useRoleMatrix, useRoleMutations } from './organization-queries';
import { EMPTY_DRAFT, isChanged, isGranted, matrixChanges, toggleGrant, type MatrixDraft } from './permission-matrix';
import { roleLabel } from './role-names';
import { useUiLocale } from './use-ui-locale';
import '../admin-i18n';
import './organization-i18n';

/** The permission matrix screen: rows are permissions by area, columns are roles; changes are saved together. */
export function PermissionMatrix({ canEdit }: { canEdit: boolean }) {
  const catalogue = usePermissionCatalogue();
  const matrix = useRoleMatrix();
  if (catalogue.isPending || matrix.isPending) return <LoadingState />;
  if (catalogue.isError || matrix.isError) {
    return (
      <ErrorState
        error={catalogue.error ?? matrix.error}
        onRetry={() => {
          void catalogue.refetch();
          void matrix.refetch();
        }}
      />
    );
  }
  return <MatrixEditor matrix={matrix.data} catalogue={catalogue.data} canEdit={canEdit} />;
}

function MatrixEditor({ matrix, catalogue, canEdit }: { matrix: RoleMatrix; catalogue: PermissionCatalogue; canEdit: boolean }) {
  const { t } = useTranslation('organization');
  const { t: ta } = useTranslation('admin');
  const locale = useUiLocale();
  const { saveMatrix } = useRoleMutations();
  const [draft, setDraft] = useState<MatrixDraft>(EMPTY_DRAFT);
  const changes = useMemo(() => matrixChanges(matrix, draft), [matrix, draft]);
  const hasChanges = changes.cellCount > 0;

  const save = () => {
    // The shared schema checks the body (catalogue names only) before anything is asked or sent.
    const body = UpdateRoleMatrixBodySchema.safeParse({ roles: changes.roles });
    if (!body.success) {
      notifications.show({ color: 'red', message: t('matrix.invalid') });
      return;
    }
    confirmAction({
      title: t('matrix.confirmTitle'),
      message: t('matrix.confirmMessage', { roles: changes.roles.length, count: changes.cellCount }),
      confirmLabel: t('matrix.save'),
      cancelLabel: ta('actions.cancel'),
      onConfirm: () =>
        saveMatrix.mutate(body.data, {
          onSuccess: () => {
            setDraft(EMPTY_DRAFT);
            notifications.show({ color: 'green', message: t('matrix.saved') });
          },
        }),
    });
  };

  return (
    <Stack gap="sm">
      {canEdit ? (
        <Paper withBorder p="xs" radius="md">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" aria-live="polite" c={hasChanges ? undefined : 'dimmed'}>
              {hasChanges ? t('matrix.changes', { count: changes.cellCount, roles: changes.roles.length }) : t('matrix.noChanges')}
            </Text>
            <Group gap="xs">
              <Button variant="default" disabled={!hasChanges || saveMatrix.isPending} onClick={() => setDraft(EMPTY_DRAFT)}>
                {t('matrix.reset')}
              </Button>
              <Button disabled={!hasChanges} loading={saveMatrix.isPending} onClick={save}>
                {t('matrix.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      <Table.ScrollContainer minWidth={320 + matrix.roles.length * 120} maxHeight="70vh">
        <Table stickyHeader withTableBorder withColumnBorders verticalSpacing={6} aria-label={t('matrix.caption')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th miw={280}>{t('matrix.permission')}</Table.Th>
              {matrix.roles.map((role) => (
                <Table.Th key={role.id} ta="center" miw={110}>
                  <Stack gap={2} align="center">
                    <Text size="sm" fw={600}>
                      {roleLabel(role, locale)}
                    </Text>
                    {role.isLocked ? (
                      <Tooltip label={t('matrix.lockedHint')}>
                        <Badge size="xs" variant="light" color="gray" leftSection={<IconLock size={10} aria-hidden="true" />}>
                          {t('roles.locked')}
                        </Badge>
                      </Tooltip>
                    ) : !role.isBuiltIn ? (
                      <Badge size="xs" variant="light">
                        {t('roles.custom')}
                      </Badge>
                    ) : null}
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {catalogue.areas.map((area) => (
              <Fragment key={area.area}>
                <Table.Tr bg="var(--mantine-color-default-hover)">
                  <Table.Th scope="colgroup" colSpan={matrix.roles.length + 1}>
                    {area.label[locale]}
                  </Table.Th>
                </Table.Tr>
                {area.permissions.map((permission) => (
                  <Table.Tr key={permission.name}>
                    <Table.Th scope="row" fw={400}>
                      <Text size="sm">{permission.description[locale]}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {permission.name}
                      </Text>
                    </Table.Th>
                    {matrix.roles.map((role) => {
                      const changed = isChanged(draft, role, permission.name);
                      return (
                        <Table.Td key={role.id} ta="center" bg={changed ? 'var(--mantine-color-yellow-light)' : undefined} data-changed={changed || undefined}>
                          <Checkbox
                            styles={{ body: { justifyContent: 'center' } }}
                            aria-label={t('matrix.cell', { role: roleLabel(role, locale), permission: permission.description[locale] })}
                            checked={isGranted(draft, role, permission.name)}
                            disabled={!canEdit || role.isLocked}
                            onChange={() => setDraft((current) => toggleGrant(current, role, permission.name))}
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
