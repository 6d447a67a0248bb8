import { countMyUnreadNotices, WORKSPACE_ADMIN_PERMISSION } from '@legal/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { fail, installFakeApi, ok } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { hanbit, signInToHanbit } from '../../test/session-fixtures';
import { WorkspaceLinks } from './WorkspaceLinks';

function renderLinks() {
  return renderWithProviders(
    <QueryClientProvider client={createQueryClient()}>
      <WorkspaceLinks workspaceName={hanbit.workspaceName} />
    </QueryClientProvider>,
    { route: '/hanbit' },
  );
}

describe('the links of the workspace home', () => {
  beforeEach(() => signInToHanbit(['file.file.read']));

  it('shows the unread notice count beside the notices link, and the admin console only to admins', async () => {
    installFakeApi().on(countMyUnreadNotices, ok({ unreadCount: 3 }));
    renderLinks();
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '공지사항' })).toHaveAttribute('href', '/hanbit/notices');
    expect(screen.getByRole('link', { name: '역할 요청' })).toHaveAttribute('href', '/hanbit/role-requests');
    expect(screen.queryByRole('link', { name: '관리자 콘솔' })).not.toBeInTheDocument();
  });

  it('leads admins to the console, and shows no badge when nothing is unread or the count fails', async () => {
    signInToHanbit([WORKSPACE_ADMIN_PERMISSION]);
    const fake = installFakeApi().on(countMyUnreadNotices, fail(500, 'ERROR_INTERNAL'));
    renderLinks();
    expect(await screen.findByRole('link', { name: '관리자 콘솔' })).toHaveAttribute('href', '/hanbit/admin');
    await waitFor(() => expect(fake.calls(countMyUnreadNotices).length).toBeGreaterThan(0));
    expect(screen.queryByText(/^\d+$/)).not.toBeInTheDocument();
  });
});
