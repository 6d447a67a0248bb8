import { AppShell, Burger, Button, Container, Group, Progress } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigation } from 'react-router';
import { bootstrapSession } from '../../features/auth/session-bootstrap';
import { ColorSchemeToggle } from '../../components/ColorSchemeToggle';
import { ErrorState } from '../../components/ErrorState';
import { IconLogin } from '../../components/icons';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { LoadingState } from '../../components/LoadingState';
import { selectIsSignedIn, useSession, useSessionStatus } from '../../lib/session';
import { BrandMark } from '../navigation/BrandMark';
import { NavigationBar } from '../navigation/NavigationBar';
import { useNavVariant } from '../navigation/route-handle';
import { PATHS } from '../paths';
import { useThemeFlags } from '../theme/theme-context';

const HEADER_HEIGHT = 60;
const SIGN_IN_PATHS: readonly string[] = [PATHS.signIn, PATHS.superAdminSignIn];

// The workspace switcher and user menu load with the first signed-in screen, not with the sign-in page.
const SessionMenus = lazy(async () => ({ default: (await import('../../features/auth/SessionMenus')).SessionMenus }));
const ImpersonationBanner = lazy(async () => ({ default: (await import('../../features/auth/ImpersonationBanner')).ImpersonationBanner }));

/** The impersonation bar, loaded only for a session opened by someone else. */
function ImpersonationCorner() {
  const isImpersonated = useSession((state) => state.userInfo?.impersonatedBy !== undefined && state.userInfo?.impersonatedBy !== null);
  if (!isImpersonated) return null;
  return (
    <Suspense fallback={null}>
      <ImpersonationBanner />
    </Suspense>
  );
}

/** The header's session corner: the signed-in menus, or a way to sign in. */
function SessionCorner() {
  const { t } = useTranslation('auth');
  const isSignedIn = useSession(selectIsSignedIn);
  const { pathname } = useLocation();
  if (isSignedIn) {
    return (
      <Suspense fallback={null}>
        <SessionMenus />
      </Suspense>
    );
  }
  if (SIGN_IN_PATHS.includes(pathname)) return null;
  return (
    <Button component={Link} to={PATHS.signIn} variant="light" size="sm" leftSection={<IconLogin size={16} aria-hidden="true" />}>
      {t('session.signIn')}
    </Button>
  );
}

/**
 * The app frame: top navigation bar (unless the theme hides it) and the routed page. Until the
 * start-up session load settles nothing routed renders, so guards do not redirect too early.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const { t: tAuth } = useTranslation('auth');
  const { hideTopNavigation } = useThemeFlags();
  const variant = useNavVariant();
  const navigation = useNavigation();
  const [isMenuOpen, menu] = useDisclosure(false);
  const session = useSessionStatus();

  if (session.status === 'loading') return <LoadingState isFullPage />;
  if (session.status === 'error') {
    return (
      <Container size="sm" py="xl">
        <ErrorState error={session.error} title={tAuth('session.loadFailedTitle')} onRetry={() => void bootstrapSession()} />
      </Container>
    );
  }

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
                <SessionCorner />
              </Group>
            </Group>
          </AppShell.Header>
          <AppShell.Navbar p="md" hiddenFrom="md">
            {isMenuOpen ? <NavigationBar variant={variant} orientation="vertical" onNavigate={menu.close} /> : null}
          </AppShell.Navbar>
        </>
      )}

      <AppShell.Main>
        <ImpersonationCorner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
