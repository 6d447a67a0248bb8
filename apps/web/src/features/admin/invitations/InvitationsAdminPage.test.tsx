import { bulkCreateInvitations, cancelInvitation, createInvitation, getInvitationFormOptions, listInvitations, type Invitation } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { serveSession, signInToHanbit } from '../../../test/session-fixtures';

const PERMISSIONS = ['workspace.admin.access', 'workspace.user.write'];
const EMAILS = /^이메일 주소/;

function invitationOf(over: Partial<Invitation> = {}): Invitation {
  return {
    id: 11,
    loginId: 'late@hanbit.example',
    displayName: '늦은 사람',
    group: null,
    jobPositions: [],
    roles: [{ id: 2, name: '일반 구성원' }],
    status: 'PENDING',
    expired: true,
    expiresAt: '2026-11-10T01:00:00.000Z',
    sendCount: 1,
    lastSentAt: '2026-11-03T01:00:00.000Z',
    invitedBy: { userId: 7, displayName: '윤재원' },
    acceptedUserId: null,
    acceptedAt: null,
    canceledAt: null,
    createdAt: '2026-11-03T01:00:00.000Z',
    abilities: { canResend: true, canCancel: true },
    ...over,
  };
}

function serve(): FakeApi {
  return serveSession(installFakeApi(), { permissions: PERMISSIONS })
    .on(listInvitations, ok({ content: [invitationOf()], page: 0, size: 30, totalElements: 1, totalPages: 1 }))
    .on(getInvitationFormOptions, ok({ groups: [{ id: 5, name: '계약검토팀' }], jobPositions: [{ id: 6, name: '책임' }], roles: [{ id: 2, name: '일반 구성원', code: 'GENERAL_MEMBER' }, { id: 3, name: '법무 검토자', code: 'LEGAL_REVIEWER' }], defaultRoleIds: [2] }));
}

describe('invitations admin page', () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS);
  });

  it('lists invitations with the status and expired badges and the expired filter in the address', async () => {
    const fake = serve();
    renderApp('/hanbit/admin/invitations?expired=true');
    const table = await screen.findByRole('table', { name: '초대 목록' }, { timeout: 8000 });
    expect(await within(table).findByText('late@hanbit.example')).toBeInTheDocument();
    expect(within(table).getByText('대기')).toBeInTheDocument();
    expect(within(table).getByText('만료')).toBeInTheDocument();
    expect(fake.calls(listInvitations)[0]!.query.get('expired')).toBe('true');
    expect(fake.calls(listInvitations)[0]!.query.get('size')).toBe('30');
  });

  it('invites one address with a display name and the default role, and shows a conflict', async () => {
    const fake = serve().on(createInvitation, fail(409, 'ERROR_CONFLICT', '대기 중인 초대가 있습니다. 초대 메일을 다시 보내 주세요.', { reason: 'ALREADY_INVITED', invitationId: 11 }));
    renderApp('/hanbit/admin/invitations');
    await userEvent.click(await screen.findByRole('button', { name: '초대 메일 보내기' }, { timeout: 8000 }));
    expect(await screen.findByText('초대할 이메일 주소를 입력해 주세요.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(EMAILS, { selector: 'input' }), 'Late@Hanbit.example{enter}');
    await userEvent.type(await screen.findByRole('textbox', { name: '표시 이름' }), '늦은 사람');
    await userEvent.click(screen.getByRole('button', { name: '초대 메일 보내기' }));
    await waitFor(() => expect(fake.calls(createInvitation)).toHaveLength(1));
    expect(fake.calls(createInvitation)[0]!.body).toEqual({ loginId: 'late@hanbit.example', displayName: '늦은 사람', groupId: null, jobPositionIds: [], roleIds: [2] });
    expect(await screen.findByText('대기 중인 초대가 있습니다. 초대 메일을 다시 보내 주세요.')).toBeInTheDocument();
  });

  it('invites several addresses at once and reports those skipped', async () => {
    const fake = serve().on(bulkCreateInvitations, ok({ invited: [invitationOf({ loginId: 'a@hanbit.example' })], skipped: [{ loginId: 'b@hanbit.example', reason: 'ALREADY_MEMBER', invitationId: null }] }));
    renderApp('/hanbit/admin/invitations');
    await userEvent.type(await screen.findByLabelText(EMAILS, { selector: 'input' }, { timeout: 8000 }), 'a@hanbit.example,b@hanbit.example,');
    expect(screen.queryByRole('textbox', { name: '표시 이름' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '초대 메일 보내기' }));
    await waitFor(() => expect(fake.calls(bulkCreateInvitations)).toHaveLength(1));
    expect(fake.calls(bulkCreateInvitations)[0]!.body).toEqual({ loginIds: ['a@hanbit.example', 'b@hanbit.example'], groupId: null, jobPositionIds: [], roleIds: [2] });
    expect(await screen.findByText('초대 메일을 보냈습니다: 1건 건너뛴 주소: b@hanbit.example (이미 구성원)')).toBeInTheDocument();
  });

  it('cancels an invitation after a confirmation', async () => {
    const fake = serve().on(cancelInvitation, ok(invitationOf({ status: 'CANCELED', expired: false, abilities: { canResend: false, canCancel: false } })));
    renderApp('/hanbit/admin/invitations');
    await userEvent.click(await screen.findByRole('button', { name: 'late@hanbit.example 초대 취소' }, { timeout: 8000 }));
    const modal = (await screen.findByText(/초대 링크가 더 이상 동작하지 않습니다/)).closest('[role="dialog"]') as HTMLElement;
    expect(fake.calls(cancelInvitation)).toHaveLength(0);
    await userEvent.click(within(modal).getByRole('button', { name: '초대 취소' }));
    await waitFor(() => expect(fake.calls(cancelInvitation)).toHaveLength(1));
    expect(fake.calls(cancelInvitation)[0]!.path).toBe('/api/workspace/invitations/11/cancel/v1');
    expect(await screen.findByText('초대를 취소했습니다.')).toBeInTheDocument();
  });
});
