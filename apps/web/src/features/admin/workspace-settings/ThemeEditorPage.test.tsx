import { DEFAULT_THEME, getWorkspaceTheme, resetWorkspaceTheme, type Theme, updateWorkspaceTheme, workspaceKey, type WorkspaceTheme } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPermissions, themeMarkerStore } from '../../../lib/session';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { hanbit, serveSession, signInToHanbit } from '../../../test/session-fixtures';

const PERMISSIONS = ['workspace.admin.access', 'workspace.config.write'];
const UPDATED_AT = '2026-11-20T01:00:00.000Z';

const themeOf = (theme: Partial<Theme> = {}, isDefault = false): WorkspaceTheme => ({ theme: { ...DEFAULT_THEME, ...theme }, isDefault, updatedAt: UPDATED_AT });

function serve(loaded: WorkspaceTheme): FakeApi {
  return serveSession(installFakeApi(), { permissions: PERMISSIONS }).on(getWorkspaceTheme, ok(loaded));
}

async function openEditor() {
  renderApp('/hanbit/admin/theme');
  expect(await screen.findByRole('heading', { level: 2, name: '테마' }, { timeout: 8000 })).toBeInTheDocument();
  const form = await screen.findByRole('form', { name: '테마 편집' });
  const preview = screen.getByRole('region', { name: '테마 미리보기' });
  return { form, preview };
}

const previewVar = (preview: HTMLElement, name: string) => preview.style.getPropertyValue(name);

/** Replaces a field's text in one input event (typing key by key re-renders the whole editor each time). */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

// A big form in jsdom: the first test also loads the lazy page module.
describe('theme editor', { timeout: 30_000 }, () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS);
  });

  it('previews an edited colour and font at once, without saving anything', async () => {
    const fake = serve(themeOf({}, true));
    const { form, preview } = await openEditor();
    expect(previewVar(preview, '--mantine-color-primary-6')).toBe('#40c057');
    expect(within(preview).getByRole('button', { name: '승인' })).toBeInTheDocument();
    expect(within(preview).getByRole('navigation', { name: '미리보기 메뉴' })).toBeInTheDocument();

    await fill(within(form).getByLabelText('primary-600'), '#1c7ed6');
    await waitFor(() => expect(previewVar(preview, '--mantine-color-primary-6')).toBe('#1c7ed6'));
    expect(previewVar(preview, '--mantine-color-primary-filled')).toBe('var(--mantine-color-primary-6)');

    await fill(within(form).getByLabelText('본문 글꼴'), 'Nanum Gothic');
    await waitFor(() => expect(previewVar(preview, '--mantine-font-family')).toBe("'Nanum Gothic', 'Noto Sans KR', sans-serif"));
    expect(screen.getByText('저장하지 않은 변경 사항')).toBeInTheDocument();

    expect(fake.calls(updateWorkspaceTheme)).toHaveLength(0);
    // The rest of the app keeps the saved theme until it is saved.
    expect(themeMarkerStore.getState().theme.palette['primary-600']).toBe('#40c057');
  });

  it('checks logos with the shared schema, then saves and applies the theme', async () => {
    const saved = themeOf({ palette: { ...DEFAULT_THEME.palette, 'primary-600': '#1c7ed6' }, logo: { light: 'https://cdn.example/logo.png' } });
    const fake = serve(themeOf({}, true)).on(updateWorkspaceTheme, ok({ ...saved, updatedAt: '2026-11-21T01:00:00.000Z' }));
    const { form } = await openEditor();

    await fill(within(form).getByLabelText('primary-600'), '#1c7ed6');
    const logo = within(form).getByLabelText('로고 (밝은 화면)');
    await fill(logo, 'javascript:alert(1)');
    await userEvent.click(within(form).getByRole('button', { name: '저장' }));
    expect(await within(form).findByText('형식이 올바르지 않습니다.')).toBeInTheDocument();
    expect(fake.calls(updateWorkspaceTheme)).toHaveLength(0);

    await fill(logo, 'https://cdn.example/logo.png');
    await userEvent.click(within(form).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(updateWorkspaceTheme)).toHaveLength(1));
    const body = fake.calls(updateWorkspaceTheme)[0]!.body as { theme: Theme; expectedUpdatedAt: string };
    expect(body.expectedUpdatedAt).toBe(UPDATED_AT);
    expect(body.theme).toMatchObject({ palette: { 'primary-600': '#1c7ed6' }, logo: { light: 'https://cdn.example/logo.png' }, font: 'Poppins' });
    expect(await screen.findByText('테마를 저장했습니다.')).toBeInTheDocument();
    await waitFor(() => expect(themeMarkerStore.getState()).toMatchObject({ key: workspaceKey(hanbit.tenantId, hanbit.workspaceId), theme: { palette: { 'primary-600': '#1c7ed6' } } }));
  });

  it('shows the server’s field errors and a stale-save warning', async () => {
    const fake = serve(themeOf({}, true)).on(
      updateWorkspaceTheme,
      fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.theme.favicon', reason: 'not an image' }] }),
    );
    const { form } = await openEditor();
    await fill(within(form).getByLabelText('테마 이름'), 'default-2');
    await userEvent.click(within(form).getByRole('button', { name: '저장' }));
    expect(await within(form).findByText('not an image')).toBeInTheDocument();

    fake.on(updateWorkspaceTheme, fail(409, 'ERROR_CONFLICT', '다른 관리자가 먼저 변경했습니다.', { reason: 'STALE' }));
    await userEvent.click(within(form).getByRole('button', { name: '저장' }));
    expect(await within(form).findByText('다른 관리자가 먼저 저장했습니다')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: '다시 불러오기' })).toBeInTheDocument();
  });

  it('goes back to the default theme after a confirmation', async () => {
    const fake = serve(themeOf({ name: 'acme', customWelcomeHtml: '<h2>환영합니다</h2>' })).on(resetWorkspaceTheme, ok(themeOf({}, true)));
    await openEditor();
    expect(screen.getByRole('region', { name: '환영 HTML' })).toHaveTextContent('환영합니다');
    await userEvent.click(screen.getByRole('button', { name: '기본 테마로 되돌리기' }));
    const dialog = await screen.findByRole('dialog', { name: '기본 테마로 되돌릴까요?' });
    expect(fake.calls(resetWorkspaceTheme)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: '기본 테마로 되돌리기' }));
    await waitFor(() => expect(fake.calls(resetWorkspaceTheme)).toHaveLength(1));
    expect(await screen.findByText('기본 테마로 되돌렸습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '기본 테마로 되돌리기' })).toBeDisabled();
  });

  it('is forbidden without workspace.config.write', async () => {
    serveSession(installFakeApi(), { permissions: ['workspace.admin.access'] }).on(getWorkspaceTheme, fail(403, 'ERROR_FORBIDDEN', '권한이 없습니다.'));
    setPermissions([{ name: 'workspace.admin.access' }]);
    renderApp('/hanbit/admin/theme');
    expect(await screen.findByText('권한이 없습니다.', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
