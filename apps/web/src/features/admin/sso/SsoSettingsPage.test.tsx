import { deleteSsoConfig, getSsoConfig, putSsoConfig, type SsoConfig, type SsoConfigView, testSsoDiscovery } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { hanbit, serveSession, signInToHanbit } from '../../../test/session-fixtures';

const PERMISSIONS = ['workspace.admin.access', 'workspace.config.write'];
const REDIRECT_URI = 'https://legal.example.com/api/auth/login/sso/callback/v1';

function configOf(over: Partial<SsoConfig> = {}): SsoConfig {
  return {
    issuer: 'https://login.hanbit.example',
    clientId: 'legal-suite',
    hasClientSecret: true,
    scopes: 'openid email profile',
    allowedDomains: ['hanbit.example'],
    isEnabled: true,
    createdAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    ...over,
  };
}

const viewOf = (config: SsoConfig | null): SsoConfigView => ({ redirectUri: REDIRECT_URI, config });

function serve(view: SsoConfigView): FakeApi {
  return serveSession(installFakeApi(), { permissions: PERMISSIONS }).on(getSsoConfig, ok(view));
}

/**
 * Replaces a field's text as a paste does: one input event, not one per character (typing a URL a
 * key at a time re-rendered the form forty times, and under CI's load the test ran past its timeout).
 */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function openPage() {
  renderApp('/hanbit/admin/sso');
  expect(await screen.findByRole('heading', { level: 2, name: 'SSO(통합 로그인)' }, { timeout: 8000 })).toBeInTheDocument();
  return screen.getByRole('form', { name: 'SSO(통합 로그인)' });
}

describe('SSO settings page', () => {
  beforeEach(() => {
    signInToHanbit(PERMISSIONS);
  });

  it('shows the redirect URI, checks the form with the shared schema, then saves a new configuration', async () => {
    const fake = serve(viewOf(null)).on(putSsoConfig, ok(viewOf(configOf())));
    const form = await openPage();
    expect(screen.getByText('아직 설정하지 않았습니다')).toBeInTheDocument();
    expect(screen.getByText(REDIRECT_URI)).toBeInTheDocument();
    expect(within(form).getByLabelText('범위(Scopes)')).toHaveValue('openid email profile');

    await fill(within(form).getByLabelText('발급자(Issuer) URL', { exact: false }), 'ftp://idp');
    await fill(within(form).getByLabelText('범위(Scopes)'), 'email');
    await userEvent.click(within(form).getByRole('button', { name: '저장' }));
    expect(await within(form).findByText('http(s)로 시작하는 올바른 URL을 입력하세요(쿼리와 # 없이).')).toBeInTheDocument();
    expect(within(form).getByText('클라이언트 ID를 입력하세요.')).toBeInTheDocument();
    expect(within(form).getByText('openid를 포함해 공백으로 구분한 범위를 입력하세요.')).toBeInTheDocument();
    expect(fake.calls(putSsoConfig)).toHaveLength(0);

    await fill(within(form).getByLabelText('발급자(Issuer) URL', { exact: false }), 'https://login.hanbit.example');
    await fill(within(form).getByLabelText('클라이언트 ID', { exact: false }), 'legal-suite');
    await fill(within(form).getByLabelText('클라이언트 시크릿'), 's3cret-value');
    await fill(within(form).getByLabelText('범위(Scopes)'), 'openid email');
    await userEvent.type(within(form).getByRole('combobox', { name: '허용 이메일 도메인' }), 'Hanbit.example{enter}');
    await userEvent.click(within(form).getByRole('button', { name: '저장' }));

    await waitFor(() => expect(fake.calls(putSsoConfig)).toHaveLength(1));
    const call = fake.calls(putSsoConfig)[0]!;
    expect(call.body).toEqual({
      issuer: 'https://login.hanbit.example', clientId: 'legal-suite', clientSecret: 's3cret-value', scopes: 'openid email', allowedDomains: ['hanbit.example'], isEnabled: true,
    });
    expect(call.headers.get('x-workspace')).toBe(String(hanbit.workspaceId));
    expect(await screen.findByText('저장했습니다.')).toBeInTheDocument();
    expect(await screen.findByText('사용 중')).toBeInTheDocument();
    expect(await screen.findByText('저장된 시크릿이 있습니다. 바꿀 때만 새 값을 입력하세요.')).toBeInTheDocument();
  });

  it('keeps the stored secret unless a new one is typed, and shows the server field errors', async () => {
    const fake = serve(viewOf(configOf())).on(
      putSsoConfig,
      fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.issuer', reason: 'must use https' }] }),
    );
    const form = await openPage();
    expect(within(form).getByLabelText('발급자(Issuer) URL', { exact: false })).toHaveValue('https://login.hanbit.example');
    await userEvent.click(within(form).getByLabelText('SSO 로그인 사용'));
    await userEvent.click(within(form).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(putSsoConfig)).toHaveLength(1));
    expect(fake.calls(putSsoConfig)[0]!.body).toEqual({
      issuer: 'https://login.hanbit.example', clientId: 'legal-suite', scopes: 'openid email profile', allowedDomains: ['hanbit.example'], isEnabled: false,
    });
    expect(await within(form).findByText('https 주소를 입력하세요.')).toBeInTheDocument();

    await userEvent.click(within(form).getByLabelText('저장된 시크릿 삭제(PKCE만 쓰는 공개 클라이언트)'));
    await userEvent.click(within(form).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(putSsoConfig)).toHaveLength(2));
    expect(fake.calls(putSsoConfig)[1]!.body).toMatchObject({ clientSecret: null });
  });

  it("tests the provider's discovery document and shows what it found, or why it failed", async () => {
    const fake = serve(viewOf(configOf())).on(
      testSsoDiscovery,
      ok({
        isOk: true, issuer: 'https://login.hanbit.example', authorizationEndpoint: 'https://login.hanbit.example/auth', tokenEndpoint: 'https://login.hanbit.example/token',
        jwksUri: 'https://login.hanbit.example/jwks', userinfoEndpoint: null, isPkceS256Supported: true, error: null,
      }),
    );
    const form = await openPage();
    await userEvent.click(within(form).getByRole('button', { name: '연결 테스트' }));
    expect(await screen.findByText('제공자에 연결했습니다')).toBeInTheDocument();
    expect(await screen.findByText('https://login.hanbit.example/token')).toBeInTheDocument();
    expect(screen.getByText('지원')).toBeInTheDocument();
    expect(fake.calls(testSsoDiscovery)[0]!.body).toEqual({ issuer: 'https://login.hanbit.example' });

    fake.on(testSsoDiscovery, ok({ isOk: false, issuer: 'https://login.hanbit.example', authorizationEndpoint: null, tokenEndpoint: null, jwksUri: null, userinfoEndpoint: null, isPkceS256Supported: null, error: { code: 'HTTP_STATUS', status: 404 } }));
    await userEvent.click(within(form).getByRole('button', { name: '연결 테스트' }));
    expect(await screen.findByText('제공자가 HTTP 404로 응답했습니다. 발급자 URL을 확인하세요.')).toBeInTheDocument();
  });

  it('deletes the configuration only after confirmation', async () => {
    const fake = serve(viewOf(configOf())).on(deleteSsoConfig, ok(viewOf(null)));
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'SSO 설정 삭제' }));
    const dialog = await screen.findByRole('dialog', { name: 'SSO 설정을 삭제할까요?' });
    await userEvent.click(within(dialog).getByRole('button', { name: '취소' }));
    expect(fake.calls(deleteSsoConfig)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'SSO 설정 삭제' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'SSO 설정을 삭제할까요?' })).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(fake.calls(deleteSsoConfig)).toHaveLength(1));
    expect(await screen.findByText('삭제했습니다.')).toBeInTheDocument();
    expect(await screen.findByText('아직 설정하지 않았습니다')).toBeInTheDocument();
  });

  it('shows an error with a retry when the configuration cannot be loaded', async () => {
    const fake = serveSession(installFakeApi(), { permissions: PERMISSIONS }).on(getSsoConfig, fail(500, 'ERROR_INTERNAL', '일시적인 오류가 발생했습니다.'));
    renderApp('/hanbit/admin/sso');
    expect(await screen.findByText('SSO 설정을 불러오지 못했습니다.', {}, { timeout: 8000 })).toBeInTheDocument();
    fake.on(getSsoConfig, ok(viewOf(null)));
    await userEvent.click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText(REDIRECT_URI)).toBeInTheDocument();
  });
});
