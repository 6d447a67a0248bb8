import { ssoLogin } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { resetSession } from '../../test/session-fixtures';
import { browserNavigation } from '../admin/sso/leave-app';

const AUTHORIZATION_URL = 'https://login.hanbit.example/auth?client_id=legal-suite&state=s';

describe('sign-in with SSO', () => {
  beforeEach(() => resetSession());
  afterEach(() => vi.restoreAllMocks());

  it('asks for the workspace, starts the sign-in with the page\'s next, and leaves for the provider', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const fake = installFakeApi().on(ssoLogin, ok({ authorizationUrl: AUTHORIZATION_URL }));
    renderApp('/sign-in?next=%2Fhanbit%2Fcontracts');
    await userEvent.click(await screen.findByRole('button', { name: 'SSO로 로그인' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'SSO로 로그인' });

    await userEvent.click(within(dialog).getByRole('button', { name: '계속' }));
    expect(await within(dialog).findByText('워크스페이스 이름을 입력하세요.')).toBeInTheDocument();
    expect(fake.calls(ssoLogin)).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('워크스페이스 이름', { exact: false }), ' hanbit ');
    await userEvent.click(within(dialog).getByRole('button', { name: '계속' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(AUTHORIZATION_URL));
    expect(fake.calls(ssoLogin)[0]!.body).toEqual({ workspaceName: 'hanbit', next: '/hanbit/contracts' });
  });

  it('says so when the workspace has no SSO, and leaves an unsafe next out', async () => {
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
    const fake = installFakeApi().on(ssoLogin, fail(404, 'ERROR_NOT_FOUND', '이 워크스페이스는 SSO 로그인을 사용하지 않습니다.', { reason: 'SSO_NOT_AVAILABLE' }));
    renderApp('/sign-in?next=%2F%2Fevil.example');
    await userEvent.click(await screen.findByRole('button', { name: 'SSO로 로그인' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: 'SSO로 로그인' });
    await userEvent.type(within(dialog).getByLabelText('워크스페이스 이름', { exact: false }), 'plain');
    await userEvent.click(within(dialog).getByRole('button', { name: '계속' }));
    expect(await within(dialog).findByText('이 워크스페이스는 SSO 로그인을 사용하지 않습니다.')).toBeInTheDocument();
    expect(fake.calls(ssoLogin)[0]!.body).toEqual({ workspaceName: 'plain' });
    expect(assign).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'SSO로 로그인' })).not.toBeInTheDocument());
  });

  it('shows why a returning SSO sign-in failed (sso_error), in Korean', async () => {
    installFakeApi();
    renderApp('/sign-in?sso_error=NO_ACCOUNT');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(within(alert).getByText('SSO 로그인에 실패했습니다')).toBeInTheDocument();
    expect(within(alert).getByText('이 워크스페이스에 해당 이메일의 활성 계정이 없습니다.')).toBeInTheDocument();
  });

  it('has no SSO entry on the super-admin sign-in', async () => {
    installFakeApi();
    renderApp('/super-admin/sign-in?sso_error=NO_ACCOUNT');
    expect(await screen.findByRole('heading', { level: 1, name: '슈퍼 관리자 로그인' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SSO로 로그인' })).not.toBeInTheDocument();
    expect(screen.queryByText('SSO 로그인에 실패했습니다')).not.toBeInTheDocument();
  });
});
