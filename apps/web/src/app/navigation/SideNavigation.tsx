import { workspaceKey } from '@legal/api';
import { ActionIcon, Box, NavLink, ScrollArea, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '../../components/icons';
import { type Namespace } from '../../lib/i18n/resources';
import { type SessionState, useSession } from '../../lib/session';
import { findEntryByName, usePermissionsLoad } from '../../features/workspaces/workspace-selection';
import { currentNavEntryId, type NavEntry, visibleNavEntries } from './nav-entry';
import { NAV_ENTRIES } from './nav-entries';
import { type NavVariant } from './nav-variants';

const NO_PRODUCTS: readonly { type: string }[] = [];
const selectLauncher = (s: SessionState) => s.launcher;
const selectPermissions = (s: SessionState) => s.permissions;
const selectKey = (s: SessionState) => workspaceKey(s.tenantId, s.workspaceId);

export interface SideNavigationProps {
  variant: NavVariant;
  /** The workspace of the address; null in the super-admin console. */
  workspaceName: string | null;
  isCollapsed: boolean;
  onToggleCollapsed: () => void;
  /** Called after an item is chosen (closes the menu on small screens). */
  onNavigate?: () => void;
}

/**
 * What the caller may open in this area: the entries of the variant, filtered by the workspace's
 * products and the permissions loaded for it. Null while those permissions are not known yet
 * (another workspace is still selected, or its permissions are loading).
 */
function useVisibleEntries(variant: NavVariant, workspaceName: string | null): NavEntry[] | null {
  const launcher = useSession(selectLauncher);
  const permissions = useSession(selectPermissions);
  const selectedKey = useSession(selectKey);
  const load = usePermissionsLoad();
  if (workspaceName === null) return visibleNavEntries(NAV_ENTRIES, { variant, products: NO_PRODUCTS, permissions });
  const entry = findEntryByName(launcher, workspaceName);
  if (!entry) return [];
  const key = workspaceKey(entry.tenantId, entry.workspaceId);
  if (selectedKey !== key || (load.key === key && load.status === 'loading')) return null;
  return visibleNavEntries(NAV_ENTRIES, { variant, products: entry.products, permissions });
}

/** Up/Down (and Home/End) move between the links of the navigation; Tab still goes through them in order. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const links = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('a[href]'));
  if (links.length === 0) return;
  const at = links.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home' ? 0
    : event.key === 'End' ? links.length - 1
    : event.key === 'ArrowDown' ? (at + 1) % links.length
    : (at - 1 + links.length) % links.length;
  event.preventDefault();
  links[next]?.focus();
}

/**
 * The app shell's side navigation for an area (spec section 1 variants): the entries the
 * features contribute (nav-entries.ts) that this workspace has and this user may use, the
 * current place marked (`aria-current="page"`), foldable to icons.
 */
export function SideNavigation({ variant, workspaceName, isCollapsed, onToggleCollapsed, onNavigate }: SideNavigationProps) {
  const { t } = useTranslation();
  // Entry labels live in their features' namespaces; the registry test checks every key exists.
  const label = t as unknown as (key: string, options: { ns: Namespace }) => string;
  const { pathname } = useLocation();
  const listId = useId();
  const entries = useVisibleEntries(variant, workspaceName);
  const name = workspaceName ?? '';
  const currentId = entries ? currentNavEntryId(entries, name, pathname) : null;

  let body;
  if (entries === null) {
    body = (
      <Stack gap={6} aria-busy="true" aria-label={t('states.loading')}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={34} radius="sm" />
        ))}
      </Stack>
    );
  } else if (entries.length === 0) {
    body = isCollapsed ? null : (
      <Text size="sm" c="dimmed" px="xs">
        {t('nav.empty')}
      </Text>
    );
  } else {
    body = (
      <Stack component="ul" gap={2} id={listId} m={0} p={0} style={{ listStyle: 'none' }} onKeyDown={moveFocus}>
        {entries.map((entry) => {
          const text = label(entry.labelKey, { ns: entry.namespace });
          const isCurrent = entry.id === currentId;
          const link = (
            <NavLink
              component={Link}
              to={entry.path(name)}
              onClick={onNavigate}
              active={isCurrent}
              aria-current={isCurrent ? 'page' : undefined}
              aria-label={isCollapsed ? text : undefined}
              label={isCollapsed ? null : text}
              leftSection={<entry.icon size={20} stroke={1.6} aria-hidden="true" />}
              data-nav-id={entry.id}
              styles={isCollapsed ? { root: { justifyContent: 'center' }, section: { marginInlineEnd: 0 } } : undefined}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            />
          );
          return (
            <li key={entry.id}>
              {isCollapsed ? (
                <Tooltip label={text} position="right" withArrow openDelay={150}>
                  {link}
                </Tooltip>
              ) : (
                link
              )}
            </li>
          );
        })}
      </Stack>
    );
  }

  return (
    <Stack h="100%" gap="xs" justify="space-between">
      <Box component="nav" aria-label={t(`nav.variants.${variant}`)} data-variant={variant} data-testid="side-navigation" style={{ minHeight: 0, flex: 1 }}>
        <ScrollArea h="100%" type="auto" offsetScrollbars="y">
          {body}
        </ScrollArea>
      </Box>
      <Box visibleFrom="sm" style={{ display: 'flex', justifyContent: isCollapsed ? 'center' : 'flex-end' }}>
        <Tooltip label={isCollapsed ? t('nav.expand') : t('nav.collapse')} position="right" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={onToggleCollapsed}
            aria-label={isCollapsed ? t('nav.expand') : t('nav.collapse')}
            aria-expanded={!isCollapsed}
            aria-controls={entries && entries.length > 0 ? listId : undefined}
          >
            {isCollapsed ? <IconLayoutSidebarLeftExpand size={20} aria-hidden="true" /> : <IconLayoutSidebarLeftCollapse size={20} aria-hidden="true" />}
          </ActionIcon>
        </Tooltip>
      </Box>
    </Stack>
  );
}
