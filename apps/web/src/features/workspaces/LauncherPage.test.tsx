import { launcher, logout, permissionsV3 } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/browser-storage';
import { sessionStore, setLauncher, setUserInfo } from '../../lib/session';
import { installFakeApi, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { hanbit, resetSession, saesol, serveSession } from '../../test/session-fixtures';
import { selectWorkspaceEntry } from './workspace-selection';

// The home is a lazy route with a large import graph: load it once before the clock of any test starts;
// the journeys through it render the whole home (every card), which takes a few seconds on a busy machine.
beforeAll(() => import('./WorkspaceHomePage'), 60_000);
const JOURNEY_MS = 20_000;

function signedIn() {
  setUserInfo({ id: 41, loginId: 'member@hanbit.example', name: '김민준' });
  setLauncher([hanbit, saesol]);
}

describe('launcher', () => {
  beforeEach(() => resetSession());

  it('shows one card per workspace and opens the picked one at its home path', async () => {
    const fake = serveSession(installFakeApi(), { launcher: [hanbit, saesol], permissions: ['contract.contract.read'] });
    signedIn();
    const { router } = renderApp('/workspaces');

    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(2);
    const saesolCard = within(cards[1]!);
    expect(saesolCard.getByRole('heading', { name: 'saesol' })).toBeInTheDocument();
    expect(saesolCard.getByText('새솔 주식회사 법무지원팀')).toBeInTheDocument();
    expect(saesolCard.getByText('체험 중')).toBeInTheDocument();
    expect(saesolCard.getByText('전자계약')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('기업자문팀 · 사원 · 매니저')).toBeInTheDocument();

    await userEvent.click(saesolCard.getByRole('button', { name: 'saesol 열기' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/saesol/'));
    expect(sessionStore.getState()).toMatchObject({ tenantId: 2, workspaceId: 20 });
    expect(localStorage.getItem(STORAGE_KEYS.lastWorkspace)).toBe('2-20');
    await waitFor(() => expect(fake.calls(permissionsV3)).toHaveLength(1));
    expect(fake.calls(permissionsV3)[0]?.headers.get('X-Workspace')).toBe('20');
    expect(await screen.findByRole('heading', { level: 1, name: '새솔 주식회사' }, { timeout: 5000 })).toBeInTheDocument();
  }, JOURNEY_MS);

  it('says so when the user is in no workspace', async () => {
    installFakeApi().on(launcher, ok([]));
    setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
    renderApp('/workspaces');
    expect(await screen.findByText('참여 중인 워크스페이스가 없습니다')).toBeInTheDocument();
  });
});

describe('workspace home', () => {
  beforeEach(() => resetSession());

  it('follows the workspace the URL names: selects it, so X-Tenant/X-Workspace match', async () => {
    const fake = serveSession(installFakeApi(), { launcher: [hanbit, saesol] });
    signedIn();
    await selectWorkspaceEntry(hanbit);
    renderApp('/saesol/');
    expect(await screen.findByRole('heading', { level: 1, name: '새솔 주식회사' })).toBeInTheDocument();
    expect(sessionStore.getState()).toMatchObject({ tenantId: 2, workspaceId: 20 });
    expect(fake.calls(permissionsV3).at(-1)?.headers.get('X-Tenant')).toBe('2');
    expect(screen.getByText('영업팀')).toBeInTheDocument();
  });

  it('answers not found for a workspace the user cannot reach', async () => {
    serveSession(installFakeApi(), { launcher: [hanbit] });
    signedIn();
    renderApp('/nowhere/');
    expect(await screen.findByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeInTheDocument();
    expect(sessionStore.getState().workspaceId).toBe(0);
  });
});

describe('header menus', () => {
  beforeEach(() => resetSession());

  it('switches workspace from the header and signs out from the user menu', async () => {
    const fake = serveSession(installFakeApi(), { launcher: [hanbit, saesol] }).on(logout, ok(null));
    signedIn();
    await selectWorkspaceEntry(hanbit);
    const { router } = renderApp('/hanbit/');
    await screen.findByRole('heading', { level: 1, name: '한빛 법무법인' }, { timeout: 5000 });

    await userEvent.click(await screen.findByRole('button', { name: '워크스페이스 전환: hanbit' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /hanbit/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(within(menu).getByRole('menuitem', { name: /saesol/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/saesol/'));
    expect(sessionStore.getState().workspaceId).toBe(20);

    await userEvent.click(screen.getByRole('button', { name: '김민준 · 사용자 메뉴' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '로그아웃' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(fake.calls(logout)).toHaveLength(1);
    expect(sessionStore.getState().userInfo).toBeNull();
  }, JOURNEY_MS);
});
