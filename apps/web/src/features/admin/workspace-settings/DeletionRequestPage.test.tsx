import {
  cancelDeletionRequest, createDeletionRequest, type DeletionRequest, downloadWorkspaceExport, getCurrentDeletionRequest, listDeletionRequests,
} from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { hanbit, serveSession, signInToHanbit } from '../../../test/session-fixtures';

const PERMISSIONS = ['workspace.admin.access', 'workspace.deletion.request'];

function requestOf(over: Partial<DeletionRequest> = {}): DeletionRequest {
  return {
    id: 7, tenantId: hanbit.tenantId, workspaceId: hanbit.workspaceId, reason: '사업 종료', status: 'PENDING',
    requestedByUserId: 41, requestedByName: '윤재원', decidedByUserId: null, decisionComment: null, decidedAt: null,
    purgeAfter: null, purgedAt: null, createdAt: '2026-11-20T01:00:00.000Z', abilities: { canCancel: true }, ...over,
  };
}
const page = (content: DeletionRequest[]) => ({ content, page: 0, size: 10, totalElements: content.length, totalPages: content.length ? 1 : 0 });

function serve(current: DeletionRequest | null, history: DeletionRequest[] = current ? [current] : []): FakeApi {
  return serveSession(installFakeApi(), { permissions: PERMISSIONS })
    .on(getCurrentDeletionRequest, ok(current))
    .on(listDeletionRequests, ok(page(history)));
}

async function openPage() {
  const view = renderApp('/hanbit/admin/deletion');
  expect(await screen.findByRole('heading', { level: 2, name: '워크스페이스 삭제' }, { timeout: 8000 })).toBeInTheDocument();
  return view;
}

describe('workspace deletion page', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS);
  });

  it('asks for a reason and an acknowledgement, confirms, then sends the request', async () => {
    const fake = serve(null).on(createDeletionRequest, (call) => {
      fake.on(getCurrentDeletionRequest, ok(requestOf({ reason: (call.body as { reason: string }).reason })));
      return ok(requestOf());
    });
    await openPage();
    const form = await screen.findByRole('region', { name: '삭제 요청' });
    expect(screen.getByText('삭제 요청 이력이 없습니다')).toBeInTheDocument();
    const submit = within(form).getByRole('button', { name: '삭제 요청' });
    expect(submit).toBeDisabled();

    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(submit);
    expect(await within(form).findByText('입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(createDeletionRequest)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('삭제 사유', { exact: false }), '사업 종료');
    await userEvent.click(submit);
    const dialog = await screen.findByRole('dialog', { name: '워크스페이스 삭제를 요청할까요?' });
    expect(within(dialog).getByText("'hanbit' 워크스페이스의 삭제를 슈퍼 관리자에게 요청합니다.")).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제 요청' }));

    await waitFor(() => expect(fake.calls(createDeletionRequest)).toHaveLength(1));
    expect(fake.calls(createDeletionRequest)[0]!.body).toEqual({ reason: '사업 종료' });
    expect(await screen.findByText('삭제 요청이 검토를 기다리고 있습니다')).toBeInTheDocument();
  });

  it('shows a pending request and withdraws it after a confirmation', async () => {
    const fake = serve(requestOf()).on(cancelDeletionRequest, () => {
      fake.on(getCurrentDeletionRequest, ok(null));
      return ok(requestOf({ status: 'CANCELED', abilities: { canCancel: false } }));
    });
    await openPage();
    expect(await screen.findByText('삭제 요청이 검토를 기다리고 있습니다')).toBeInTheDocument();
    expect(screen.getByText('사유: 사업 종료')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '요청 이력' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '요청 철회' }));
    const dialog = await screen.findByRole('dialog', { name: '삭제 요청을 철회할까요?' });
    await userEvent.click(within(dialog).getByRole('button', { name: '요청 철회' }));
    await waitFor(() => expect(fake.calls(cancelDeletionRequest)).toHaveLength(1));
    expect(fake.calls(cancelDeletionRequest)[0]!.path).toBe('/api/workspace/deletion-requests/7/cancel/v1');
    expect(await screen.findByRole('region', { name: '삭제 요청' })).toBeInTheDocument();
  });

  it('shows when an approved workspace will be purged, without a way to withdraw', async () => {
    serve(requestOf({ status: 'APPROVED', purgeAfter: '2026-12-20T01:00:00.000Z', decisionComment: '확인했습니다', abilities: { canCancel: false } }));
    await openPage();
    expect(await screen.findByText('삭제가 승인되었습니다')).toBeInTheDocument();
    expect(screen.getByText(/이후 모든 데이터와 파일이 영구 삭제됩니다/)).toBeInTheDocument();
    expect(screen.getByText('의견: 확인했습니다')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '요청 철회' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '삭제 요청' })).not.toBeInTheDocument();
  });

  it('downloads the data export as a ZIP', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const fake = serve(null).on(downloadWorkspaceExport, () => new Response(new Blob(['PK']), { status: 200, headers: { 'content-type': 'application/zip' } }));
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: '데이터 내려받기 (ZIP)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(fake.calls(downloadWorkspaceExport)).toHaveLength(1);
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('shows the history failure with a retry', async () => {
    const fake = serve(null).on(listDeletionRequests, fail(500, 'ERROR_INTERNAL', '일시적인 오류입니다.'));
    await openPage();
    expect(await screen.findByText('일시적인 오류입니다.')).toBeInTheDocument();
    fake.on(listDeletionRequests, ok(page([requestOf({ status: 'REJECTED', decisionComment: '계약 기간 남음', abilities: { canCancel: false } })])));
    await userEvent.click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('계약 기간 남음')).toBeInTheDocument();
    expect(screen.getByText('반려됨')).toBeInTheDocument();
  });
});
