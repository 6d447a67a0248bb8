import { AppShell, Burger, Group, Progress } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';
import { ColorSchemeToggle } from '../../components/ColorSchemeToggle';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { BrandMark } from '../navigation/BrandMark';
import { NavigationBar } from '../navigation/NavigationBar';
import { useNavVariant } from '../navigation/route-handle';
import { useThemeFlags } from '../theme/theme-context';

const HEADER_HEIGHT = 60;

/** The app frame: top navigation bar (unless the theme hides it) and the routed page. */
export function ShellLayout() {
  const { t } = useTranslation();
  const { hideTopNavigation } = useThemeFlags();
  const variant = useNavVariant();
  const navigation = useNavigation();
  const [isMenuOpen, menu] = useDisclosure(false);

  return (
    <AppShell
      header={hideTopNavigation ? undefined : { height: HEADER_HEIGHT }}
      navbar={
        hideTopNavigation
          ? undefined
          : { width: 280, breakpoint: 'md', collapsed: { mobile: !isMenuOpen, desktop: true } }
      }
      padding={0}
    >
      {navigation.state === 'loading' ? (
        <Progress
          value={100}
          animated
          size={3}
          radius={0}
          pos="fixed"
          top={0}
          left={0}
          right={0}
          style={{ zIndex: 1000 }}
          aria-label={t('navigation.pending')}
        />
      ) : null}

      {hideTopNavigation ? null : (
        <>
          <AppShell.Header data-testid="top-navigation">
            <Group h="100%" px="md" gap="md" justify="space-between" wrap="nowrap">
              <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
                <Burger
                  opened={isMenuOpen}
                  onClick={menu.toggle}
                  hiddenFrom="md"
                  size="sm"
                  aria-label={t('nav.label')}
                  aria-expanded={isMenuOpen}
                />
                <BrandMark />
                <Group visibleFrom="md" wrap="nowrap" style={{ minWidth: 0 }}>
                  <NavigationBar variant={variant} />
                </Group>
              </Group>
              <Group gap="xs" wrap="nowrap">
                <LanguageSwitch />
                <ColorSchemeToggle />
              </Group>
            </Group>
          </AppShell.Header>
          <AppShell.Navbar p="md" hiddenFrom="md">
            {isMenuOpen ? <NavigationBar variant={variant} orientation="vertical" onNavigate={menu.close} /> : null}
          </AppShell.Navbar>
        </>
      )}

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
