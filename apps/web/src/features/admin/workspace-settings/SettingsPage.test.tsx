import { getWorkspaceSettings, getWorkspaceStorage, launcher, updateWorkspaceSettings, type WorkspaceSettings } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { hanbit, serveSession, signInToHanbit } from '../../../test/session-fixtures';

const PERMISSIONS = ['workspace.admin.access', 'workspace.config.write'];
const GB = 1024 ** 3;

const settings: WorkspaceSettings = {
  tenantId: hanbit.tenantId, workspaceId: hanbit.workspaceId, name: 'hanbit', memo: '한빛 법무법인', defaultLocale: 'ko',
  passwordMaxAgeDays: 90, isTwoFactorRequired: false, sessionIdleMinutes: 120, products: ['AI_REVIEW', 'CLM'], updatedAt: '2026-11-20T01:00:00.000Z',
};

function serve(): FakeApi {
  return serveSession(installFakeApi(), { permissions: PERMISSIONS })
    .on(getWorkspaceSettings, ok(settings))
    .on(getWorkspaceStorage, ok({ tenantId: 1, workspaceId: 10, usedBytes: 8 * GB, quotaBytes: 10 * GB, isDefaultQuota: true }));
}

async function openForm() {
  const view = renderApp('/hanbit/admin/settings');
  expect(await screen.findByRole('heading', { level: 2, name: '워크스페이스 설정' }, { timeout: 8000 })).toBeInTheDocument();
  const general = await screen.findByRole('region', { name: '기본 정보' });
  return { ...view, general, security: screen.getByRole('region', { name: '보안 정책' }) };
}

describe('workspace settings page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS);
  });

  it('shows the configuration and the storage use', async () => {
    serve();
    const { general, security } = await openForm();
    expect(within(general).getByLabelText('워크스페이스 이름', { exact: false })).toHaveValue('hanbit');
    expect(within(general).getByRole('checkbox', { name: 'AI 계약 검토' })).toBeChecked();
    expect(within(general).getByRole('checkbox', { name: '소송·자문 관리' })).not.toBeChecked();
    expect(within(security).getByLabelText('자동 로그아웃 시간(분)')).toHaveValue('120');
    const storage = await screen.findByRole('region', { name: '저장 공간' });
    expect(await within(storage).findByRole('progressbar', { name: '저장 공간 사용률' })).toHaveAttribute('aria-valuenow', '80');
    expect(within(storage).getByText('8 GB', { exact: false })).toBeInTheDocument();
    expect(within(storage).getByText('기본 용량')).toBeInTheDocument();
  });

  it('checks the bounds with the shared schema and sends only what changed', async () => {
    const fake = serve().on(updateWorkspaceSettings, (call) => ok({ ...settings, ...(call.body as object), updatedAt: '2026-11-21T01:00:00.000Z' }));
    const { security } = await openForm();
    const idle = within(security).getByLabelText('자동 로그아웃 시간(분)');
    await userEvent.clear(idle);
    await userEvent.type(idle, '5');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await within(security).findByText('10에서 1440 사이로 입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(updateWorkspaceSettings)).toHaveLength(0);

    await userEvent.clear(idle);
    await userEvent.type(idle, '30');
    await userEvent.click(within(security).getByRole('switch', { name: /^모든 구성원에게 2단계 인증 요구/ }));
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(updateWorkspaceSettings)).toHaveLength(1));
    expect(fake.calls(updateWorkspaceSettings)[0]!.body).toEqual({ sessionIdleMinutes: 30, isTwoFactorRequired: true, expectedUpdatedAt: settings.updatedAt });
    expect(await screen.findByText('저장했습니다.')).toBeInTheDocument();
  });

  it('explains a name another workspace uses', async () => {
    serve().on(updateWorkspaceSettings, fail(409, 'ERROR_CONFLICT', '이미 사용 중인 워크스페이스 이름입니다.', { field: 'body.name', reason: 'NAME_TAKEN' }));
    const { general } = await openForm();
    const name = within(general).getByLabelText('워크스페이스 이름', { exact: false });
    await userEvent.clear(name);
    await userEvent.type(name, 'saesol');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    expect(await within(general).findByText('다른 워크스페이스가 이미 쓰고 있는 이름입니다.')).toBeInTheDocument();
  });

  it('moves to the new address after a rename, with the launcher refreshed', async () => {
    const renamed = { ...hanbit, workspaceName: 'hanbit-legal' };
    const fake = serve()
      .on(updateWorkspaceSettings, ok({ ...settings, name: 'hanbit-legal', updatedAt: '2026-11-21T01:00:00.000Z' }))
      .on(launcher, ok([renamed]));
    const { general, router } = await openForm();
    const name = within(general).getByLabelText('워크스페이스 이름', { exact: false });
    await userEvent.clear(name);
    await userEvent.type(name, 'hanbit-legal');
    await userEvent.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit-legal/admin/settings'));
    expect(fake.calls(updateWorkspaceSettings)[0]!.body).toEqual({ name: 'hanbit-legal', expectedUpdatedAt: settings.updatedAt });
    expect(await screen.findByRole('heading', { level: 2, name: '워크스페이스 설정' })).toBeInTheDocument();
  });
});
