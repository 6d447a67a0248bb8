import { acceptInvitation, previewInvitation, type AcceptedInvitation, type InvitationPreview } from '@legal/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore, setLauncher, setUserInfo } from '../../../lib/session';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { hanbit, profileOf, resetSession, serveSession } from '../../../test/session-fixtures';

function previewOf(over: Partial<InvitationPreview> = {}): InvitationPreview {
  return {
    workspaceName: 'hanbit',
    tenantName: '한빛 법무법인',
    loginId: 'new@hanbit.example',
    displayName: null,
    invitedByName: '윤재원',
    status: 'PENDING',
    expired: false,
    expiresAt: '2026-11-28T01:00:00.000Z',
    hasAccount: false,
    signedInAs: 'NONE',
    requiresSignIn: false,
    ...over,
  };
}

const accepted = (over: Partial<AcceptedInvitation> = {}): AcceptedInvitation => ({
  tenantId: hanbit.tenantId,
  workspaceId: hanbit.workspaceId,
  workspaceName: 'hanbit',
  userId: 41,
  isNewAccount: true,
  isSignedIn: true,
  ...over,
});

const PAGE = '/invitations/accept?token=tok-123';
const PASSWORD_LABEL = /^비밀번호\s*\*?$/;

describe('accept invitation page', () => {
  beforeEach(() => resetSession());

  it('signs up with a name and a password (rules checked first) and opens the workspace', async () => {
    const fake = serveSession(installFakeApi(), { launcher: [hanbit] }).on(previewInvitation, ok(previewOf())).on(acceptInvitation, ok(accepted()));
    const { router } = renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: '워크스페이스 초대' }, { timeout: 8000 })).toBeInTheDocument();
    expect(await screen.findByText('윤재원 님이 hanbit 워크스페이스로 초대했습니다.')).toBeInTheDocument();
    expect(screen.getByText('한빛 법무법인')).toBeInTheDocument();
    expect(fake.calls(previewInvitation)[0]!.body).toEqual({ token: 'tok-123' });
    // The token never travels in an address the server logs.
    expect(fake.calls(previewInvitation)[0]!.query.toString()).toBe('');

    await userEvent.type(screen.getByLabelText(PASSWORD_LABEL), 'short');
    await userEvent.type(screen.getByLabelText(/비밀번호 확인/), 'other');
    await userEvent.click(screen.getByRole('button', { name: '가입하고 참여하기' }));
    expect(await screen.findByText('이름을 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('비밀번호 규칙에 맞지 않습니다.')).toBeInTheDocument();
    expect(screen.getByText('비밀번호가 일치하지 않습니다.')).toBeInTheDocument();
    expect(fake.calls(acceptInvitation)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/^이름/), '김초대');
    const password = screen.getByLabelText(PASSWORD_LABEL);
    await userEvent.clear(password);
    await userEvent.type(password, 'Fresh-lantern-77');
    await userEvent.clear(screen.getByLabelText(/비밀번호 확인/));
    await userEvent.type(screen.getByLabelText(/비밀번호 확인/), 'Fresh-lantern-77');
    await userEvent.click(screen.getByRole('button', { name: '가입하고 참여하기' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/'));
    expect(fake.calls(acceptInvitation)[0]!.body).toEqual({ token: 'tok-123', name: '김초대', password: 'Fresh-lantern-77' });
    expect(sessionStore.getState().userInfo?.id).toBe(41);
  });

  it('marks the password the server refused', async () => {
    installFakeApi()
      .on(previewInvitation, ok(previewOf()))
      .on(acceptInvitation, fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.password', reason: 'too common' }] }));
    renderApp(PAGE);
    await userEvent.type(await screen.findByLabelText(/^이름/, {}, { timeout: 8000 }), '김초대');
    await userEvent.type(screen.getByLabelText(PASSWORD_LABEL), 'Qwerty123456');
    await userEvent.type(screen.getByLabelText(/비밀번호 확인/), 'Qwerty123456');
    await userEvent.click(screen.getByRole('button', { name: '가입하고 참여하기' }));
    expect(await screen.findByText('비밀번호 규칙에 맞지 않습니다.')).toBeInTheDocument();
  });

  it('asks an existing account to sign in and come back to the link', async () => {
    installFakeApi().on(previewInvitation, ok(previewOf({ hasAccount: true })));
    renderApp(PAGE);
    const link = await screen.findByRole('link', { name: '로그인하고 수락하기' }, { timeout: 8000 });
    expect(link).toHaveAttribute('href', `/sign-in?next=${encodeURIComponent(PAGE)}`);
    expect(screen.queryByRole('button', { name: '가입하고 참여하기' })).not.toBeInTheDocument();
  });

  it('accepts as the signed-in invitee and opens the workspace', async () => {
    setUserInfo({ ...profileOf() });
    setLauncher([]);
    const fake = serveSession(installFakeApi(), { launcher: [hanbit] })
      .on(previewInvitation, ok(previewOf({ hasAccount: true, signedInAs: 'INVITEE', loginId: 'member@hanbit.example' })))
      .on(acceptInvitation, ok(accepted({ isNewAccount: false })));
    const { router } = renderApp(PAGE);
    expect(await screen.findByText('member@hanbit.example 계정으로 로그인되어 있습니다.', {}, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '초대 수락' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/'));
    expect(fake.calls(acceptInvitation)[0]!.body).toEqual({ token: 'tok-123' });
    expect(sessionStore.getState().launcher.map((e) => e.workspaceName)).toEqual(['hanbit']);
  });

  it('explains a canceled, an expired and an unknown link', async () => {
    const fake = installFakeApi().on(previewInvitation, ok(previewOf({ status: 'CANCELED' })));
    const first = renderApp(PAGE);
    expect(await screen.findByText('취소된 초대', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '가입하고 참여하기' })).not.toBeInTheDocument();
    first.unmount();

    fake.on(previewInvitation, ok(previewOf({ expired: true })));
    const second = renderApp(PAGE);
    expect(await screen.findByText('만료된 초대')).toBeInTheDocument();
    second.unmount();

    fake.on(previewInvitation, fail(404, 'ERROR_NOT_FOUND', 'not found'));
    renderApp(PAGE);
    expect(await screen.findByText('유효하지 않은 초대 링크')).toBeInTheDocument();
  });

  it('shows the server reason when the invitation was canceled meanwhile, then the new state', async () => {
    const fake = installFakeApi()
      .on(previewInvitation, ok(previewOf({ hasAccount: true, signedInAs: 'INVITEE' })))
      .on(acceptInvitation, fail(409, 'ERROR_CONFLICT', '취소된 초대입니다.', { reason: 'INVITATION_CANCELED' }));
    setUserInfo({ ...profileOf() });
    renderApp(PAGE);
    const button = await screen.findByRole('button', { name: '초대 수락' }, { timeout: 8000 });
    fake.on(previewInvitation, ok(previewOf({ status: 'CANCELED' })));
    await userEvent.click(button);
    expect(await screen.findByText('취소된 초대')).toBeInTheDocument();
    expect(fake.calls(previewInvitation).length).toBeGreaterThan(1);
  });

  it('says to sign in after a sign-up in a workspace with two-step sign-in', async () => {
    installFakeApi().on(previewInvitation, ok(previewOf())).on(acceptInvitation, ok(accepted({ isSignedIn: false })));
    renderApp(PAGE);
    await userEvent.type(await screen.findByLabelText(/^이름/, {}, { timeout: 8000 }), '김초대');
    await userEvent.type(screen.getByLabelText(PASSWORD_LABEL), 'Fresh-lantern-77');
    await userEvent.type(screen.getByLabelText(/비밀번호 확인/), 'Fresh-lantern-77');
    await userEvent.click(screen.getByRole('button', { name: '가입하고 참여하기' }));
    expect(await screen.findByText('워크스페이스에 참여했습니다')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '로그인 화면으로' })).toHaveAttribute('href', `/sign-in?next=${encodeURIComponent('/hanbit/')}`);
  });
});
