import { type ReactElement } from 'react';
import { PERMISSION } from '@legal/api';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { selectWorkspace, sessionStatusStore, setLauncher, setPermissions, setUserInfo } from '../../../lib/session';
import { installFakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { hanbit, resetSession, serveSession } from '../../../test/session-fixtures';
import { RequirePermission } from './RequirePermission';
import { RequireProduct } from './RequireProduct';
import { RequireSignedIn } from './RequireSignedIn';

const location = (router: ReturnType<typeof renderApp>['router']) => `${router.state.location.pathname}${router.state.location.search}`;

function guarded(element: ReactElement) {
  return [{ path: '/guarded', element }, { path: '*', element: <p>elsewhere</p> }];
}

describe('route guards', () => {
  beforeEach(() => {
    resetSession();
    serveSession(installFakeApi());
  });

  it('sends signed-out visitors to sign in, with the way back', async () => {
    const { router } = renderApp('/profile?tab=sessions');
    await waitFor(() => expect(location(router)).toBe('/sign-in?next=%2Fprofile%3Ftab%3Dsessions'));
  });

  it('sends signed-out visitors of the super-admin console to the super-admin sign-in', async () => {
    const { router } = renderApp('/super-admin');
    await waitFor(() => expect(location(router)).toBe('/super-admin/sign-in?next=%2Fsuper-admin'));
  });

  it('waits while the session is still loading instead of redirecting', () => {
    sessionStatusStore.set('loading');
    const { router } = renderApp('/guarded', guarded(<RequireSignedIn><p>secret</p></RequireSignedIn>));
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/guarded');
  });

  it('shows the forbidden state to a signed-in user without the permission', async () => {
    setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
    renderApp('/super-admin');
    expect(await screen.findByRole('heading', { name: '접근 권한이 없습니다' })).toBeInTheDocument();
  });

  it('checks one permission or any of a list in the selected workspace', () => {
    setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
    selectWorkspace(1, 10);
    setPermissions([{ name: PERMISSION.orderPay }]);
    const { unmount } = renderApp('/guarded', guarded(<RequirePermission anyOf={[PERMISSION.orderPublish, PERMISSION.orderPay]}><p>billing</p></RequirePermission>));
    expect(screen.getByText('billing')).toBeInTheDocument();
    unmount();
    renderApp('/guarded', guarded(<RequirePermission name={PERMISSION.orderPublish}><p>billing</p></RequirePermission>));
    expect(screen.queryByText('billing')).toBeNull();
    expect(screen.getByText('접근 권한이 없습니다')).toBeInTheDocument();
  });

  it("checks a product among the selected workspace's products", () => {
    setUserInfo({ id: 41, loginId: 'member@hanbit.example' });
    setLauncher([hanbit]);
    selectWorkspace(1, 10);
    const { unmount } = renderApp('/guarded', guarded(<RequireProduct type="CLM"><p>contracts</p></RequireProduct>));
    expect(screen.getByText('contracts')).toBeInTheDocument();
    unmount();
    renderApp('/guarded', guarded(<RequireProduct type="LITIGATION"><p>litigation</p></RequireProduct>));
    expect(screen.queryByText('litigation')).toBeNull();
    expect(screen.getByText('이 워크스페이스에서 사용할 수 없는 서비스입니다')).toBeInTheDocument();
  });
});
