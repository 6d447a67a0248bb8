import { createGlobalForm, deleteGlobalFormAttachment, getGlobalForm, getWorkspaceGlobalFormsV2, listGlobalForms, PERMISSION, putWorkspaceGlobalFormsV1, setGlobalFormActiveStatus } from '@legal/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../lib/api/fake-xhr';
import { setPermissions, setUserInfo } from '../../../lib/session';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { resetSession } from '../../../test/session-fixtures';
import { detailOf, pageOf, summaryOf } from '../standard-forms.test-support';

const GLOBAL = summaryOf(90, 'Common Paper 상호 NDA', { scope: 'GLOBAL', activeStatus: 'INACTIVE', contractType: 'NDA', version: 3 });
const AVAILABILITY = [{ standardFormId: 90, title: 'Common Paper 상호 NDA', contractType: 'NDA', language: 'ko', latestVersion: 2, available: true }];

describe('super-admin global forms', { timeout: 45_000 }, () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 1, loginId: 'superadmin@legal.example', isSuperAdmin: true });
    setPermissions([{ name: PERMISSION.superAdminWorkspaceRead }]);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => FakeXhr.reset());

  it('publishes a global form with the version read, and creates one from an upload with progress', async () => {
    const fake = installFakeApi()
      .on(listGlobalForms, ok(pageOf([GLOBAL])))
      .on(setGlobalFormActiveStatus, ok(detailOf({ ...GLOBAL, activeStatus: 'ACTIVE' })));
    renderApp('/super-admin/standard-forms');
    const table = await screen.findByRole('table', { name: '글로벌 서식' }, { timeout: 8000 });
    fireEvent.click(within(table).getByRole('button', { name: '게시' }));
    await waitFor(() => expect(fake.calls(setGlobalFormActiveStatus)).toHaveLength(1));
    expect(fake.calls(setGlobalFormActiveStatus)[0]!.body).toEqual({ activeStatus: 'ACTIVE', version: 3 });
    expect(fake.calls(setGlobalFormActiveStatus)[0]!.path).toBe('/api/btls/super-admin/standard-forms/90/active-status/v1');

    fireEvent.click(screen.getByRole('button', { name: '새 글로벌 서식' }));
    const dialog = await screen.findByRole('dialog', { name: '새 글로벌 서식' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^제목/ }), { target: { value: '표준 용역계약서' } });
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^계약 유형/ }));
    fireEvent.click(await screen.findByRole('option', { name: '용역계약' }));
    await userEvent.upload(within(dialog).getByLabelText(/^양식 파일/), new File(['PK'], 'service.docx'));
    fireEvent.click(within(dialog).getByRole('button', { name: '올리기' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.url).toContain(createGlobalForm.path);
    const sent = xhr.body as FormData;
    expect([sent.get('title'), sent.get('contractType'), sent.get('language')]).toEqual(['표준 용역계약서', 'SERVICE', 'ko']);
    act(() => xhr.progress(300, 1000));
    expect(await within(dialog).findByText('30%')).toBeInTheDocument();
    act(() => xhr.respond(200, { code: 'SUCCESS', message: null, data: detailOf({ standardFormId: 91, scope: 'GLOBAL' }) }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '새 글로벌 서식' })).toBeNull());
  });

  it('switches a global form off for one workspace', async () => {
    const fake = installFakeApi()
      .on(listGlobalForms, ok(pageOf([GLOBAL])))
      .on(getWorkspaceGlobalFormsV2, ok(AVAILABILITY))
      .on(putWorkspaceGlobalFormsV1, (call) => ok([{ ...AVAILABILITY[0], available: (call.body as { available: boolean }).available }]));
    renderApp('/super-admin/standard-forms?tenantId=1&workspaceId=10');
    const toggle = await screen.findByRole('switch', { name: 'Common Paper 상호 NDA' }, { timeout: 8000 });
    expect(fake.calls(getWorkspaceGlobalFormsV2)[0]!.path).toBe('/api/btls/super-admin/standard-forms/workspace/10/v2');
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(fake.calls(putWorkspaceGlobalFormsV1)).toHaveLength(1));
    expect(fake.calls(putWorkspaceGlobalFormsV1)[0]!.body).toEqual({ standardFormId: 90, available: false });
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Common Paper 상호 NDA' })).not.toBeChecked());
  });

  it("keeps a global form's attachments through the super-admin routes: upload with progress, delete", async () => {
    const guide = { standardFormAttachmentId: 7, fileName: '작성 안내.pdf', fileSize: 2048, contentType: 'application/pdf', createdAt: '2026-11-27T01:00:00Z', createdBy: null };
    const fake = installFakeApi()
      .on(listGlobalForms, ok(pageOf([GLOBAL])))
      .on(getGlobalForm, ok(detailOf({ ...GLOBAL, attachments: [guide], abilities: { edit: true, draft: false } })))
      .on(deleteGlobalFormAttachment, ok(null));
    renderApp('/super-admin/standard-forms');
    const table = await screen.findByRole('table', { name: '글로벌 서식' }, { timeout: 8000 });
    fireEvent.click(within(table).getByRole('button', { name: '첨부 파일' }));
    const dialog = await screen.findByRole('dialog', { name: '첨부 파일: Common Paper 상호 NDA' });
    expect(await within(dialog).findByText('작성 안내.pdf')).toBeInTheDocument();
    expect(fake.calls(getGlobalForm)[0]!.path).toBe('/api/btls/super-admin/standard-forms/90/v1');

    await userEvent.upload(within(dialog).getByLabelText(/첨부/, { selector: 'input' }), new File(['%PDF'], '별첨.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(FakeXhr.instances[0]!.url).toContain('/api/btls/super-admin/standard-forms/90/attachments/v1');
    act(() => FakeXhr.instances[0]!.respond(200, { code: 'SUCCESS', message: null, data: [guide] }));

    fireEvent.click(within(dialog).getByRole('button', { name: /작성 안내.pdf.*삭제|삭제.*작성 안내.pdf/ }));
    fireEvent.click(await screen.findByRole('button', { name: '삭제' }));
    await waitFor(() => expect(fake.calls(deleteGlobalFormAttachment)).toHaveLength(1));
    expect(fake.calls(deleteGlobalFormAttachment)[0]!.path).toBe('/api/btls/super-admin/standard-forms/90/attachments/7/v1');
  });
});
