import { AppShell, type AppShellProps, Burger, Button, Container, Group, Progress } from '@mantine/core';
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
import { useNavCollapsed } from '../navigation/nav-collapse';
import { type NavVariant } from '../navigation/nav-variants';
import { useNavVariant, useRouteWorkspaceName } from '../navigation/route-handle';
import { PATHS } from '../paths';
import { useThemeFlags } from '../theme/theme-context';

const HEADER_HEIGHT = 60;
const SIGN_IN_PATHS: readonly string[] = [PATHS.signIn, PATHS.superAdminSignIn];

// The workspace switcher and user menu load with the first signed-in screen, not with the sign-in page.
const SessionMenus = lazy(async () => ({ default: (await import('../../features/auth/SessionMenus')).SessionMenus }));
// The side navigation names every feature's entries: it loads with the first screen of an area.
const SideNavigation = lazy(async () => ({ default: (await import('../navigation/SideNavigation')).SideNavigation }));
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

/** The header's session corner: the signed-in menus (those of the area), or a way to sign in. */
function SessionCorner({ variant, workspaceName }: { variant: NavVariant | null; workspaceName: string | null }) {
  const { t } = useTranslation('auth');
  const isSignedIn = useSession(selectIsSignedIn);
  const { pathname } = useLocation();
  if (isSignedIn) {
    return (
      <Suspense fallback={null}>
        <SessionMenus isSuperAdminArea={variant === 'superAdmin'} workspaceName={variant === null ? null : workspaceName} />
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

/** Widths of the side navigation, unfolded and folded to its icons. */
const SIDE_NAV_WIDTH = 248;
const SIDE_NAV_FOLDED_WIDTH = 68;

/**
 * The app frame. Public pages (welcome, sign-in, launcher, profile) get a simple header whose
 * items lead to real pages. Routes of an area (a route handle's `navVariant`: a workspace, its
 * admin console, the super-admin console) get the app shell: the side navigation of that area,
 * loaded only once someone is signed in, and the header with the workspace switcher, notices and
 * the user menu. The theme's hideTopNavigation hides the header. Until the start-up session load
 * settles nothing routed renders, so guards do not redirect too early.
 */
export function ShellLayout() {
  const { t } = useTranslation();
  const { t: tAuth } = useTranslation('auth');
  const { hideTopNavigation } = useThemeFlags();
  const variant = useNavVariant();
  const workspaceName = useRouteWorkspaceName();
  const isSignedIn = useSession(selectIsSignedIn);
  const navigation = useNavigation();
  const [isMenuOpen, menu] = useDisclosure(false);
  const [isCollapsed, toggleCollapsed] = useNavCollapsed();
  const session = useSessionStatus();

  if (session.status === 'loading') return <LoadingState isFullPage />;
  if (session.status === 'error') {
    return (
      <Container size="sm" py="xl">
        <ErrorState error={session.error} title={tAuth('session.loadFailedTitle')} onRetry={() => void bootstrapSession()} />
      </Container>
    );
  }

  const areaVariant = isSignedIn ? variant : null;
  let navbar: AppShellProps['navbar'];
  if (areaVariant !== null) {
    navbar = { width: isCollapsed ? SIDE_NAV_FOLDED_WIDTH : SIDE_NAV_WIDTH, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } };
  } else if (!hideTopNavigation) {
    navbar = { width: 280, breakpoint: 'md', collapsed: { mobile: !isMenuOpen, desktop: true } };
  }

  return (
    <AppShell header={hideTopNavigation ? undefined : { height: HEADER_HEIGHT }} navbar={navbar} padding={0}>
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
        <AppShell.Header data-testid="top-navigation">
          <Group h="100%" px="md" gap="md" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap" style={{ minWidth: 0 }}>
              <Burger
                opened={isMenuOpen}
                onClick={menu.toggle}
                hiddenFrom={areaVariant !== null ? 'sm' : 'md'}
                size="sm"
                aria-label={t('nav.label')}
                aria-expanded={isMenuOpen}
              />
              <BrandMark />
              {areaVariant === null ? (
                <Group visibleFrom="md" wrap="nowrap" style={{ minWidth: 0 }}>
                  <NavigationBar />
                </Group>
              ) : null}
            </Group>
            <Group gap="xs" wrap="nowrap">
              <LanguageSwitch />
              <ColorSchemeToggle />
              <SessionCorner variant={areaVariant} workspaceName={workspaceName} />
            </Group>
          </Group>
        </AppShell.Header>
      )}

      {areaVariant !== null ? (
        <AppShell.Navbar p="sm" data-collapsed={isCollapsed ? 'true' : 'false'}>
          <Suspense fallback={null}>
            <SideNavigation
              variant={areaVariant}
              workspaceName={workspaceName}
              isCollapsed={isCollapsed && !isMenuOpen}
              onToggleCollapsed={toggleCollapsed}
              onNavigate={menu.close}
            />
          </Suspense>
        </AppShell.Navbar>
      ) : hideTopNavigation ? null : (
        <AppShell.Navbar p="md" hiddenFrom="md">
          {isMenuOpen ? <NavigationBar orientation="vertical" onNavigate={menu.close} /> : null}
        </AppShell.Navbar>
      )}

      <AppShell.Main>
        <ImpersonationCorner />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
