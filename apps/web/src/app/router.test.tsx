import { DEFAULT_THEME } from '@legal/api';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { changeLocale } from '../lib/i18n';
import { sessionStatusStore, setUserInfo, themeMarkerStore } from '../lib/session';
import { resetSession } from '../test/session-fixtures';
import { AppProviders } from './AppProviders';
import { appRoutes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={new QueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('app routes', () => {
  beforeEach(() => resetSession());
  afterEach(async () => {
    await changeLocale('ko');
  });

  it('opens the welcome page at / inside the shell, in Korean', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: '계약 검토부터 서명까지, 법무 업무를 한곳에서' })).toBeInTheDocument();
    const header = screen.getByTestId('top-navigation');
    expect(within(header).getByRole('navigation', { name: '서비스 소개' })).toBeInTheDocument();
    expect(within(header).getByRole('radiogroup', { name: '언어 선택' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(8);
    expect(document.title).toBe('리걸 스위트 - 계약과 법무를 한곳에서');
  });

  it('relabels the whole page when the language changes', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(within(screen.getByTestId('top-navigation')).getByText('English'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'From contract review to signature, all your legal work in one place' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Product areas' })).toBeInTheDocument();
  });

  it('follows a navigation item to its welcome section', async () => {
    const router = renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(within(screen.getByTestId('top-navigation')).getByRole('link', { name: '표준 계약서' }));
    expect(router.state.location).toMatchObject({ pathname: '/', hash: '#standard-forms' });
    expect(document.getElementById('standard-forms')).toHaveFocus();
  });

  it('offers sign-in in the header to visitors, and the session menus once signed in', async () => {
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    expect(within(screen.getByTestId('top-navigation')).getByRole('link', { name: '로그인' })).toHaveAttribute('href', '/sign-in');
    cleanup();

    setUserInfo({ id: 41, loginId: 'member@hanbit.example', name: '김민준' });
    renderAt('/');
    const header = await screen.findByTestId('top-navigation');
    expect(await within(header).findByRole('button', { name: '김민준 · 사용자 메뉴' })).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: '내 워크스페이스' })).toHaveAttribute('href', '/workspaces');
    expect(within(header).getByRole('link', { name: '내 정보' })).toHaveAttribute('href', '/profile');
  });

  it('holds the screen while the session loads at start, and offers a retry when it cannot', async () => {
    sessionStatusStore.set('loading');
    renderAt('/');
    expect(screen.getByRole('status')).toHaveTextContent('불러오는 중입니다…');
    expect(screen.queryByTestId('top-navigation')).toBeNull();
    act(() => sessionStatusStore.set('error', new Error('offline')));
    expect(await screen.findByText('로그인 정보를 불러오지 못했습니다')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('shows the 404 page for unknown addresses', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '처음으로' })).toHaveAttribute('href', '/');
  });

  it('hides the top navigation when the theme says so, keeping the display settings on the page', async () => {
    themeMarkerStore.mark('0-0', { ...DEFAULT_THEME, flags: { ...DEFAULT_THEME.flags, hideTopNavigation: true } });
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('top-navigation')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    const settings = screen.getByRole('group', { name: '화면 설정' });
    expect(within(settings).getByRole('radiogroup', { name: '언어 선택' })).toBeInTheDocument();
    expect(within(settings).getByRole('button', { name: '어두운 화면으로 전환' })).toBeInTheDocument();
  });
});
