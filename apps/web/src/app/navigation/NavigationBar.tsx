import { Button, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { selectIsSignedIn, useSession } from '../../lib/session';
import { navHref, publicNavItems } from './nav-items';

export interface NavigationBarProps {
  orientation?: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}

/** The public header's items (see nav-items.ts): the welcome page's areas, and the launcher and profile once signed in. */
export function NavigationBar({ orientation = 'horizontal', onNavigate }: NavigationBarProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const isSignedIn = useSession(selectIsSignedIn);
  const items = publicNavItems(isSignedIn).map((item) => {
    const href = navHref(item.target);
    const isActive = location.pathname === href.pathname && location.hash === href.hash;
    return (
      <Button
        key={item.id}
        component={Link}
        to={href}
        onClick={onNavigate}
        variant={isActive ? 'light' : 'subtle'}
        color={isActive ? 'primary' : 'gray'}
        size={orientation === 'horizontal' ? 'compact-md' : 'md'}
        justify={orientation === 'vertical' ? 'flex-start' : undefined}
        fw={500}
        aria-current={isActive ? 'location' : undefined}
      >
        {t(`nav.items.${item.label}`)}
      </Button>
    );
  });

  return (
    <nav aria-label={t('nav.public')} style={{ minWidth: 0 }}>
      {orientation === 'horizontal' ? (
        <Group gap={4} wrap="nowrap" style={{ overflowX: 'auto' }}>
          {items}
        </Group>
      ) : (
        <Stack gap={4}>{items}</Stack>
      )}
    </nav>
  );
}
