import { PERMISSION } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/browser-storage';
import { setLauncher, setPermissions, setUserInfo } from '../../lib/session';
import { installFakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { resetSession, serveSession, signInToHanbit } from '../../test/session-fixtures';
import { type RouteHandle } from '../navigation/route-handle';
import { ShellLayout } from './ShellLayout';

const Page = ({ name }: { name: string }) => <h1>{name}</h1>;

/** The shell with stand-in pages at the real addresses and the real route handles. */
const routes: RouteObject[] = [
  {
    path: '/',
    Component: ShellLayout,
    children: [
      { index: true, element: <Page name="welcome" /> },
      { path: 'sign-in', element: <Page name="sign-in" /> },
      {
        path: ':workspaceName',
        handle: { navVariant: 'general' } satisfies RouteHandle,
        children: [
          { index: true, element: <Page name="home" /> },
          { path: 'files', element: <Page name="files" /> },
          {
            path: 'contracts',
            handle: { navVariant: 'contractManagement' } satisfies RouteHandle,
            children: [
              { index: true, element: <Page name="contracts" /> },
              { path: 'new', element: <Page name="new contract" /> },
            ],
          },
          { path: 'admin/*', handle: { navVariant: 'admin' } satisfies RouteHandle, element: <Page name="admin" /> },
        ],
      },
      { path: 'super-admin/*', handle: { navVariant: 'superAdmin' } satisfies RouteHandle, element: <Page name="super admin" /> },
    ],
  },
];

const MANAGER = ['contract.contract.read', 'contract.contract.write', 'contract.contract.admin', 'file.file.read'];

async function sideNav(name: string) {
  // The side navigation loads lazily: the first import takes a while under a cold transform.
  return screen.findByRole('navigation', { name }, { timeout: 8000 });
}

describe('the app shell', () => {
  beforeEach(() => {
    localStorage.clear();
    signInToHanbit(MANAGER, 'manager@hanbit.example');
    serveSession(installFakeApi(), { permissions: MANAGER });
  });

  it('leads from inside a workspace to the workspace pages, with the current one marked, and never to the welcome page', async () => {
    renderApp('/hanbit/contracts', routes);
    const nav = await sideNav('계약 관리 메뉴');
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/hanbit', '/hanbit/contracts', '/hanbit/contracts/new', '/hanbit/contracts/bulk', '/hanbit/workflows/todo', '/hanbit/workflows/my-requests', '/hanbit/workflows/search', '/hanbit/workflows/dashboard',
      '/hanbit/files', '/hanbit/notices',
    ]);
    expect(within(nav).getByRole('link', { name: '계약 목록' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '파일' })).not.toHaveAttribute('aria-current');
    // The public header's welcome-page items are not there.
    expect(screen.queryByRole('navigation', { name: '서비스 소개' })).toBeNull();
    expect(screen.getAllByRole('link').some((l) => l.getAttribute('href')?.startsWith('/#'))).toBe(false);
    // The header: workspace switcher, notices, notifications, user menu.
    expect(await screen.findByRole('button', { name: /워크스페이스 전환/ })).toBeInTheDocument();
    expect(await screen.findByTestId('notices-bell')).toHaveAttribute('href', '/hanbit/notices');
    expect(await screen.findByTestId('notifications-bell')).toHaveAccessibleName('알림');
  });

  it('shows a reader fewer entries and an admin the admin console', async () => {
    signInToHanbit(['contract.all_contract.read', 'file.file.read'], 'reader@hanbit.example');
    const view = renderApp('/hanbit/files', routes);
    let nav = await sideNav('서비스 메뉴');
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['워크스페이스 홈', '계약 목록', '할 일', '파일', '공지사항', '내 역할 요청']);
    expect(within(nav).getByRole('link', { name: '파일' })).toHaveAttribute('aria-current', 'page');
    view.unmount();

    signInToHanbit([...MANAGER, 'workspace.admin.access', 'workspace.user.read', 'workspace.audit.read']);
    renderApp('/hanbit/admin/users', routes);
    nav = await sideNav('관리자 메뉴');
    expect(within(nav).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/hanbit', '/hanbit/admin/users', '/hanbit/admin/audit']);
    expect(within(nav).getByRole('link', { name: '사용자' })).toHaveAttribute('aria-current', 'page');
  });

  it('folds to icons with the keyboard and remembers it; arrow keys move between the entries', async () => {
    const user = userEvent.setup();
    const view = renderApp('/hanbit/contracts/new', routes);
    const nav = await sideNav('계약 관리 메뉴');
    expect(within(nav).getByRole('link', { name: '계약 등록' })).toHaveAttribute('aria-current', 'page');

    within(nav).getByRole('link', { name: '워크스페이스 홈' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: '계약 목록' }));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: '공지사항' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(nav).getByRole('link', { name: '워크스페이스 홈' }));

    const fold = screen.getByRole('button', { name: '메뉴 접기' });
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    fold.focus();
    await user.keyboard('{Enter}');
    const unfold = await screen.findByRole('button', { name: '메뉴 펼치기' });
    expect(unfold).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem(STORAGE_KEYS.navCollapsed)).toBe('1');
    // Folded, the entries keep their names (for screen readers) but show icons only.
    expect(within(nav).getByRole('link', { name: '계약 목록' })).toBeInTheDocument();
    expect(within(nav).queryByText('계약 목록')).toBeNull();
    view.unmount();

    renderApp('/hanbit/contracts', routes);
    expect(await screen.findByRole('button', { name: '메뉴 펼치기' })).toBeInTheDocument();
  });

  it('keeps the simple header on public pages, and gives the super admin their console without a workspace picker', async () => {
    resetSession();
    const view = renderApp('/', routes);
    expect(await screen.findByRole('navigation', { name: '서비스 소개' })).toBeInTheDocument();
    expect(screen.queryByTestId('side-navigation')).toBeNull();
    view.unmount();

    resetSession();
    setUserInfo({ id: 1, loginId: 'superadmin@legal.example', name: '서관리' });
    setLauncher([]);
    setPermissions([{ name: PERMISSION.superAdminWorkspaceRead }]);
    renderApp('/super-admin/deletion-requests', routes);
    const nav = await sideNav('슈퍼 관리자 메뉴');
    expect(within(nav).getAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['/super-admin', '/super-admin/deletion-requests', '/super-admin/ai-settings', '/super-admin/credits', '/super-admin/prompts', '/super-admin/llm-dashboard', '/super-admin/research-chats', '/super-admin/research-settings', '/super-admin/standard-forms', '/super-admin/workflow-presets']);
    expect(within(nav).getByRole('link', { name: '워크스페이스 삭제 요청' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(screen.getByRole('button', { name: /사용자 메뉴/ })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /워크스페이스 전환/ })).toBeNull();
    expect(screen.queryByTestId('notices-bell')).toBeNull();
    expect(screen.queryByTestId('notifications-bell')).toBeNull();
  });
});
