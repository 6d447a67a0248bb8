import { Button, Menu, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths';
import { IconCheck, IconChevronDown, IconLayoutGrid } from '../../components/icons';
import { selectCurrentWorkspace, useSession, type SessionState } from '../../lib/session';
import { useOpenWorkspace } from './use-open-workspace';
import './workspaces-i18n';

const selectLauncher = (s: SessionState) => s.launcher;

/** The header menu that shows the selected workspace and switches to another reachable one. */
export function WorkspaceSwitcher() {
  const { t } = useTranslation('workspaces');
  const entries = useSession(selectLauncher);
  const current = useSession(selectCurrentWorkspace);
  const openWorkspace = useOpenWorkspace();

  return (
    <Menu position="bottom-end" width={280} shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={`${t('switcher.label')}: ${current?.name ?? t('switcher.placeholder')}`}
          maw={220}
        >
          <Text span size="sm" truncate>
            {current?.name ?? t('switcher.placeholder')}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('switcher.label')}</Menu.Label>
        {entries.map((entry) => {
          const isCurrent = current?.id === entry.workspaceId && current.tenantId === entry.tenantId;
          return (
            <Menu.Item
              key={`${entry.tenantId}-${entry.workspaceId}`}
              onClick={() => openWorkspace(entry)}
              rightSection={isCurrent ? <IconCheck size={16} aria-hidden="true" /> : null}
              aria-current={isCurrent ? 'true' : undefined}
            >
              <Text size="sm" fw={isCurrent ? 600 : 400} truncate>
                {entry.workspaceName}
                {isCurrent ? <Text span c="dimmed" size="xs">{` ${t('switcher.current')}`}</Text> : null}
              </Text>
              {entry.workspaceMemo ? (
                <Text size="xs" c="dimmed" truncate>
                  {entry.workspaceMemo}
                </Text>
              ) : null}
            </Menu.Item>
          );
        })}
        <Menu.Divider />
        <Menu.Item component={Link} to={PATHS.launcher} leftSection={<IconLayoutGrid size={16} aria-hidden="true" />}>
          {t('switcher.all')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
