import { type Seal } from '@legal/api';
import { ActionIcon, Badge, Card, Group, Menu, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SealImage } from './SealImage';
import { SEAL_STATUS_COLOR, useSealLabels, usePersonLabel } from './seal-labels';
import { IconBan, IconCircleCheck, IconCopy, IconDotsVertical, IconListDetails, IconPencil, IconTrash } from './seals-icons';
import { sealsPath } from './seals-path';
import './seals-i18n';

export type SealCardAction = 'edit' | 'copy' | 'unavailable' | 'available' | 'delete';

/** One seal of the registry: impression, type, status, custodian, allowed groups, usage; the manager's actions in a menu. */
export function SealCard({ seal, workspaceName, canManage, canSeeLedger, onAction }: {
  seal: Seal;
  workspaceName: string;
  canManage: boolean;
  canSeeLedger: boolean;
  onAction: (action: SealCardAction, seal: Seal) => void;
}) {
  const { t } = useTranslation('seals');
  const labels = useSealLabels();
  const nameOf = usePersonLabel();
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={seal.name}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <SealImage seal={seal} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={600} truncate title={seal.name}>
              {seal.name}
            </Text>
            {canManage || canSeeLedger ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('registry.menu', { name: seal.name })}>
                    <IconDotsVertical size={18} aria-hidden="true" />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {canSeeLedger ? (
                    <Menu.Item component={Link} to={`${sealsPath(workspaceName, 'ledger')}?seal=${seal.sealId}`} leftSection={<IconListDetails size={16} aria-hidden="true" />}>
                      {t('registry.ledger')}
                    </Menu.Item>
                  ) : null}
                  {canManage ? (
                    <>
                      <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => onAction('edit', seal)}>
                        {t('registry.edit')}
                      </Menu.Item>
                      <Menu.Item leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={() => onAction('copy', seal)}>
                        {t('registry.copy')}
                      </Menu.Item>
                      {seal.status === 'VALID' ? (
                        <Menu.Item leftSection={<IconBan size={16} aria-hidden="true" />} onClick={() => onAction('unavailable', seal)}>
                          {t('registry.markUnavailable')}
                        </Menu.Item>
                      ) : (
                        <Menu.Item leftSection={<IconCircleCheck size={16} aria-hidden="true" />} onClick={() => onAction('available', seal)}>
                          {t('registry.markAvailable')}
                        </Menu.Item>
                      )}
                      <Menu.Divider />
                      <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => onAction('delete', seal)}>
                        {t('registry.delete')}
                      </Menu.Item>
                    </>
                  ) : null}
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </Group>
          <Group gap={6}>
            <Badge variant="light" color="indigo">
              {labels.type(seal.type)}
            </Badge>
            <Badge variant="light" color={SEAL_STATUS_COLOR[seal.status]}>
              {labels.status(seal.status)}
            </Badge>
          </Group>
          {seal.status === 'UNAVAILABLE' && seal.unavailableReason ? (
            <Text size="xs" c="orange.8" lineClamp={2}>
              {t('registry.unavailableReason', { reason: seal.unavailableReason })}
            </Text>
          ) : null}
          <Text size="sm">
            <Text span c="dimmed" size="sm">
              {t('registry.custodian')}:{' '}
            </Text>
            {nameOf(seal.custodian)}
          </Text>
          <Text size="sm" lineClamp={2}>
            <Text span c="dimmed" size="sm">
              {t('registry.groups')}:{' '}
            </Text>
            {seal.allowedGroups.length > 0 ? seal.allowedGroups.map((g) => g.name).join(', ') : t('registry.allGroups')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('registry.usageCount', { count: seal.usageCount })}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
