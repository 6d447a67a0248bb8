import { expect, type Page, test } from '@playwright/test';
import { lastMailId, latestCode } from './support/mailbox';

const PASSWORD = 'Demo-pass-2026!';

async function fillCredentials(page: Page, loginId: string, password = PASSWORD) {
  await page.getByLabel('아이디').fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

test.describe('sign-in journeys', () => {
  test('signs in with a one-time code from the dev mailbox, then signs out', async ({ page, request }) => {
    const loginId = 'otp@hanbit.example';
    const before = await lastMailId(request, loginId);
    await page.goto('/sign-in');
    await fillCredentials(page, loginId);

    await expect(page.getByLabel('인증번호')).toBeVisible();
    const code = await latestCode(request, loginId, before);
    await page.getByLabel('인증번호').fill(code);
    await page.getByRole('button', { name: '인증하기' }).click();

    await expect(page).toHaveURL(/\/hanbit\/?$/);
    await expect(page.getByText('한빛 법무법인 법무팀 워크스페이스').first()).toBeVisible();

    await page.getByRole('button', { name: '사용자 메뉴' }).click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    // The session is gone server-side: the workspace page does not come back.
    await page.goto('/hanbit');
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test('switches between the workspaces of two tenants', async ({ page }) => {
    await page.goto('/sign-in');
    await fillCredentials(page, 'lawyer@hanbit.example');
    await expect(page).toHaveURL(/\/workspaces/);
    await page.getByRole('button', { name: /saesol/ }).first().click();
    await expect(page).toHaveURL(/\/saesol\/?$/);
    await expect(page.getByText('새솔 주식회사 법무지원팀').first()).toBeVisible();

    await page.getByRole('button', { name: /워크스페이스/ }).first().click();
    await page.getByRole('menuitem', { name: /hanbit/ }).click();
    await expect(page).toHaveURL(/\/hanbit\/?$/);
    await expect(page.getByText('한빛 법무법인 법무팀 워크스페이스').first()).toBeVisible();
  });

  test('shows the failure count and then the lockout on screen', async ({ page }) => {
    const loginId = `nobody-${Date.now()}@hanbit.example`;
    await page.goto('/sign-in');
    await fillCredentials(page, loginId, 'wrong-password-1');
    await expect(page.getByText('로그인 실패 1/5회', { exact: false })).toBeVisible();
    for (let i = 2; i <= 5; i++) {
      await page.getByRole('button', { name: '로그인', exact: true }).click();
      if (i < 5) await expect(page.getByText(`로그인 실패 ${i}/5회`, { exact: false })).toBeVisible();
    }
    await expect(page.getByText('계정이 잠겼습니다', { exact: false })).toBeVisible();
    await expect(page.getByText('이후에 다시 시도해 주세요', { exact: false })).toBeVisible();
  });

  test('lets a super admin in with a code and shows the client error reports', async ({ page, request }) => {
    const loginId = 'superadmin@legal.example';
    await request.post('/api/client-errors/v1', {
      data: { errorId: 'e2e-report-0001', message: 'E2E에서 보낸 오류 보고', route: '/e2e' },
    });
    const before = await lastMailId(request, loginId);
    await page.goto('/super-admin/sign-in');
    await fillCredentials(page, loginId);
    const code = await latestCode(request, loginId, before);
    await page.getByLabel('인증번호').fill(code);
    await page.getByRole('button', { name: '인증하기' }).click();
    await expect(page).toHaveURL(/\/super-admin\/?$/);
    await expect(page.getByText('E2E에서 보낸 오류 보고')).toBeVisible();
  });
});
