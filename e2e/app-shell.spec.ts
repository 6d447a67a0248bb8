import { expect, type Page, test } from '@playwright/test';
import { lastMailId, latestCode } from './support/mailbox';

const PASSWORD = 'Demo-pass-2026!';

async function signIn(page: Page, loginId: string) {
  await page.goto('/sign-in');
  await page.getByLabel('아이디').fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
}

/** The side navigation of an area, by its accessible name. */
const sideNav = (page: Page, name: string) => page.getByRole('navigation', { name, exact: true });

/** No link on the page leads to the welcome page's sections (defect 4). */
async function expectNoWelcomeAnchors(page: Page) {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => href.startsWith('/#'))).toEqual([]);
}

test.describe('the app shell', () => {
  test('a manager moves through the workspace by its side navigation, the current place marked', async ({ page }) => {
    await signIn(page, 'manager@hanbit.example');
    await expect(page).toHaveURL(/\/hanbit\/?$/);
    const general = sideNav(page, '서비스 메뉴');
    await expect(general.getByRole('link', { name: '워크스페이스 홈' })).toHaveAttribute('aria-current', 'page');
    await expect(general.getByRole('link', { name: '계약 목록' })).toHaveAttribute('href', '/hanbit/contracts');
    await expectNoWelcomeAnchors(page);
    // The header: workspace switcher, notices, user menu.
    await expect(page.getByRole('button', { name: /워크스페이스 전환/ })).toBeVisible();
    await expect(page.getByTestId('notices-bell')).toHaveAttribute('href', '/hanbit/notices');

    await general.getByRole('link', { name: '계약 목록' }).click();
    await expect(page).toHaveURL(/\/hanbit\/contracts$/);
    const contracts = sideNav(page, '계약 관리 메뉴');
    await expect(contracts.getByRole('link', { name: '계약 목록' })).toHaveAttribute('aria-current', 'page');
    await expect(contracts.getByRole('link')).toHaveText(['워크스페이스 홈', '계약 목록', '계약 등록', '일괄 등록', '표준 서식', '할 일', '내 검토 요청', '계약 검색', '검토 배정', '결재함', '대시보드', '전자계약', '파일', '공지사항']);
    await expectNoWelcomeAnchors(page);

    await contracts.getByRole('link', { name: '계약 등록' }).click();
    await expect(page).toHaveURL(/\/hanbit\/contracts\/new$/);
    await expect(contracts.getByRole('link', { name: '계약 등록' })).toHaveAttribute('aria-current', 'page');
    await expect(contracts.getByRole('link', { name: '계약 목록' })).not.toHaveAttribute('aria-current', 'page');

    await contracts.getByRole('link', { name: '파일' }).click();
    await expect(page).toHaveURL(/\/hanbit\/files$/);
    await expect(sideNav(page, '서비스 메뉴').getByRole('link', { name: '파일' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('main')).toHaveCount(1);
  });

  test('a reader sees fewer entries: nothing to register', async ({ page }) => {
    await signIn(page, 'reader@hanbit.example');
    await page.goto('/hanbit/contracts');
    const contracts = sideNav(page, '계약 관리 메뉴');
    await expect(contracts.getByRole('link', { name: '계약 목록' })).toHaveAttribute('aria-current', 'page');
    await expect(contracts.getByRole('link')).toHaveText(['워크스페이스 홈', '계약 목록', '표준 서식', '할 일', '내 검토 요청', '계약 검색', '대시보드', '파일', '공지사항']);
    await expect(sideNav(page, '계약 관리 메뉴').getByRole('link', { name: '관리자 콘솔' })).toHaveCount(0);
  });

  test('an admin gets the admin variant in the same shell, with one main landmark', async ({ page }) => {
    await signIn(page, 'admin@hanbit.example');
    await sideNav(page, '서비스 메뉴').getByRole('link', { name: '관리자 콘솔' }).click();
    await expect(page).toHaveURL(/\/hanbit\/admin\/users$/);
    const admin = sideNav(page, '관리자 메뉴');
    await expect(admin.getByRole('link', { name: '사용자' })).toHaveAttribute('aria-current', 'page');
    await admin.getByRole('link', { name: '감사 로그' }).click();
    await expect(page).toHaveURL(/\/hanbit\/admin\/audit$/);
    await expect(admin.getByRole('link', { name: '감사 로그' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('main')).toHaveCount(1);
    await expectNoWelcomeAnchors(page);
    await admin.getByRole('link', { name: '워크스페이스 홈' }).click();
    await expect(page).toHaveURL(/\/hanbit\/?$/);
  });

  test('the navigation folds with the keyboard, remembers it, and arrow keys move between entries', async ({ page }) => {
    await signIn(page, 'manager@hanbit.example');
    await page.goto('/hanbit/contracts');
    const contracts = sideNav(page, '계약 관리 메뉴');
    await contracts.getByRole('link', { name: '워크스페이스 홈' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(contracts.getByRole('link', { name: '계약 목록' })).toBeFocused();

    const fold = page.getByRole('button', { name: '메뉴 접기' });
    await fold.focus();
    await page.keyboard.press('Enter');
    const unfold = page.getByRole('button', { name: '메뉴 펼치기' });
    await expect(unfold).toHaveAttribute('aria-expanded', 'false');
    const width = async () => (await page.locator('nav[data-variant]').boundingBox())?.width ?? 0;
    expect(await width()).toBeLessThan(80);
    await page.reload();
    await expect(page.getByRole('button', { name: '메뉴 펼치기' })).toBeVisible();
    // Folded, each entry keeps its name and still leads to its page.
    await sideNav(page, '계약 관리 메뉴').getByRole('link', { name: '파일' }).click();
    await expect(page).toHaveURL(/\/hanbit\/files$/);
    await page.getByRole('button', { name: '메뉴 펼치기' }).press('Space');
    await expect(page.getByRole('button', { name: '메뉴 접기' })).toHaveAttribute('aria-expanded', 'true');
    expect(await width()).toBeGreaterThan(180);
  });

  test('required consent is asked on arrival, right after sign-in (defect 9)', async ({ page, browser }) => {
    await signIn(page, 'admin@hanbit.example');
    const title = `E2E 필수 약관 ${Date.now().toString(36)}`;
    const call = (method: string, path: string, body?: unknown) =>
      page.evaluate(
        async ({ method, path, body }) => {
          const launcher = (await (await fetch('/api/auth/launcher/v1')).json()) as { data: Array<{ workspaceName: string; tenantId: number; workspaceId: number }> };
          const ws = launcher.data.find((e) => e.workspaceName === 'hanbit')!;
          const headers = { 'content-type': 'application/json', 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId) };
          const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
          return { status: res.status, data: ((await res.json()) as { data: { id?: number } }).data };
        },
        { method, path, body },
      );
    const created = await call('POST', '/api/workspace/terms/v1', { termType: 'SERVICE', title });
    expect(created.status).toBe(200);
    const termId = created.data.id!;
    try {
      expect((await call('POST', `/api/workspace/terms/${termId}/revisions/v1`, { body: '제1조 이 약관에 동의해야 합니다.', requiresConsent: true })).status).toBe(200);

      const member = await (await browser.newContext()).newPage();
      await signIn(member, 'member@hanbit.example');
      // Asked before the workspace home, not only once the member leaves it.
      await expect(member).toHaveURL(/\/consent\?next=/);
      await expect(member.getByRole('heading', { level: 1, name: '약관 동의' })).toBeVisible();
      await expect(member.getByRole('region', { name: title, exact: true })).toBeVisible();
      await member.getByRole('checkbox', { name: '아래 약관에 모두 동의합니다' }).check();
      await member.getByRole('button', { name: '동의하고 계속하기' }).click();
      await expect(member).toHaveURL(/\/hanbit\/?$/);
      await expect(sideNav(member, '서비스 메뉴').getByRole('link', { name: '워크스페이스 홈' })).toHaveAttribute('aria-current', 'page');
      await member.context().close();
    } finally {
      // Other journeys sign in to hanbit too: the term stops being asked.
      expect((await call('PUT', `/api/workspace/terms/${termId}/v1`, { isActive: false })).status).toBe(200);
    }
  });

  test('the super-admin header has no workspace picker, and its navigation leads to the deletion requests', async ({ page, request }) => {
    const loginId = 'superadmin@legal.example';
    const before = await lastMailId(request, loginId);
    await page.goto('/super-admin/sign-in');
    await page.getByLabel('아이디').fill(loginId);
    await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.getByLabel('인증번호').fill(await latestCode(request, loginId, before));
    await page.getByRole('button', { name: '인증하기' }).click();
    await expect(page).toHaveURL(/\/super-admin\/?$/);

    const nav = sideNav(page, '슈퍼 관리자 메뉴');
    await expect(nav.getByRole('link', { name: '클라이언트 오류' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: /워크스페이스 전환/ })).toHaveCount(0);
    await expect(page.getByTestId('notices-bell')).toHaveCount(0);
    await expectNoWelcomeAnchors(page);
    await nav.getByRole('link', { name: '워크스페이스 삭제 요청' }).click();
    await expect(page).toHaveURL(/\/super-admin\/deletion-requests$/);
    await expect(nav.getByRole('link', { name: '워크스페이스 삭제 요청' })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('main')).toHaveCount(1);
  });
});
