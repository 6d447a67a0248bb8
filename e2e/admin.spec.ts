import { expect, type APIRequestContext, type Page, test } from '@playwright/test';

const PASSWORD = 'Demo-pass-2026!';
const NEW_PASSWORD = 'Fresh-start-2026!';

async function signIn(page: Page, loginId: string, password = PASSWORD) {
  await page.goto('/sign-in');
  await page.getByLabel('아이디').fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

/** The accept link of the newest invitation mailed to an address (from the dev mailbox). */
async function invitationLink(request: APIRequestContext, to: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await request.get(`/api/dev/mailbox/v1?to=${encodeURIComponent(to)}`);
    const [message] = (await res.json()).data.content as Array<{ text: string }>;
    const link = message ? /https?:\/\/\S+\/invitations\/accept\?token=[\w-]+/.exec(message.text)?.[0] : undefined;
    if (link) return new URL(link).pathname + new URL(link).search;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation mailed to ${to}`);
}

test.describe('the workspace admin console', () => {
  test('an admin invites a person, who joins from the mail, gets a role, has a role request approved, and is deactivated', async ({ page, browser, request }) => {
    const invitee = `new-${Date.now().toString(36)}@hanbit.example`;

    // The admin invites a new person.
    await signIn(page, 'admin@hanbit.example');
    await expect(page).toHaveURL(/\/hanbit\/?$/);
    await page.getByRole('navigation', { name: '서비스 메뉴', exact: true }).getByRole('link', { name: '관리자 콘솔' }).click();
    await page.getByRole('link', { name: '초대' }).click();
    const emails = page.getByRole('combobox', { name: '이메일 주소' });
    await emails.fill(invitee);
    await emails.press('Enter');
    await page.getByLabel('표시 이름').fill('신입 변호사');
    await page.getByRole('button', { name: '초대 메일 보내기' }).click();
    await expect(page.getByText('초대 메일을 보냈습니다').first()).toBeVisible();
    await expect(page.getByRole('cell', { name: invitee }).first()).toBeVisible();

    // The invited person opens the link from the dev mailbox and signs up.
    const link = await invitationLink(request, invitee);
    const inviteeContext = await browser.newContext();
    const guest = await inviteeContext.newPage();
    await guest.goto(link);
    await expect(guest.getByText('hanbit').first()).toBeVisible();
    // Required fields carry a " *" in their label.
    await guest.getByLabel(/^이름/).fill('신입 변호사');
    await guest.getByLabel(/^비밀번호\s*\*?$/).fill(NEW_PASSWORD);
    await guest.getByLabel(/^비밀번호 확인/).fill(NEW_PASSWORD);
    await guest.getByRole('button', { name: '가입하고 참여하기' }).click();
    // Signed up and signed in: the workspace opens with their new membership.
    await expect(guest).toHaveURL(/\/hanbit\/?$/);
    await expect(guest.getByText('신입 변호사').first()).toBeVisible();

    // The admin gives them a role on the users page.
    await page.getByRole('link', { name: '사용자' }).click();
    // The users page, not the one it leaves: that page has a 검색어 box too, and typing into it
    // while the users page loads was lost (failed so under CI load).
    // The address changes before the lazily loaded page replaces the old one: wait for its heading.
    await page.waitForURL(/\/admin\/users(\?|$)/);
    await expect(page.getByRole('heading', { name: '사용자', exact: true })).toBeVisible();
    await page.getByLabel('검색어').fill(invitee);
    await page.getByLabel('검색어').press('Enter');
    await expect(page.getByText('총 1건')).toBeVisible();
    await page.getByRole('cell', { name: invitee }).click();
    const drawer = page.getByRole('dialog', { name: '신입 변호사' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('combobox', { name: '직접 부여한 역할' }).click();
    await page.getByRole('option', { name: '열람자' }).click();
    await drawer.getByRole('button', { name: '역할 저장' }).click();
    await expect(page.getByText('역할을 저장했습니다.').first()).toBeVisible();
    await drawer.getByRole('button', { name: '사용자 정보 닫기' }).click();

    // The new member asks for another role.
    await guest.goto('/hanbit/role-requests');
    await guest.getByRole('combobox', { name: /^역할/ }).click();
    await guest.getByRole('option', { name: /법무 검토자/ }).click();
    await guest.getByLabel(/^요청 사유/).fill('계약 검토 업무를 맡았습니다.');
    await guest.getByRole('button', { name: '요청하기' }).click();
    await expect(guest.getByText('역할을 요청했습니다.').first()).toBeVisible();

    // The admin approves it.
    await page.getByRole('link', { name: '역할 요청' }).click();
    await page.getByRole('button', { name: /신입 변호사의 법무 검토자 요청 검토/ }).click();
    await page.getByLabel(/^의견/).fill('승인합니다.');
    await page.getByRole('button', { name: '승인', exact: true }).click();
    await expect(page.getByText('요청을 승인하고 역할을 부여했습니다.').first()).toBeVisible();
    await guest.reload();
    await expect(guest.getByText('승인').first()).toBeVisible();

    // The admin deactivates them: their session ends and the workspace is closed to them.
    await page.getByRole('link', { name: '사용자' }).click();
    // The users page, not the one it leaves: that page has a 검색어 box too, and typing into it
    // while the users page loads was lost (failed so under CI load).
    // The address changes before the lazily loaded page replaces the old one: wait for its heading.
    await page.waitForURL(/\/admin\/users(\?|$)/);
    await expect(page.getByRole('heading', { name: '사용자', exact: true })).toBeVisible();
    await page.getByLabel('검색어').fill(invitee);
    await page.getByLabel('검색어').press('Enter');
    await expect(page.getByText('총 1건')).toBeVisible();
    await page.getByRole('cell', { name: invitee }).click();
    const userDrawer = page.getByRole('dialog', { name: '신입 변호사' });
    await expect(userDrawer).toBeVisible();
    await userDrawer.getByRole('button', { name: '비활성화' }).click();
    await page.getByRole('dialog', { name: '사용자 비활성화' }).getByRole('button', { name: '비활성화' }).click();
    await expect(page.getByText('비활성화했습니다.').first()).toBeVisible();

    await guest.goto('/hanbit');
    await expect(guest).toHaveURL(/\/sign-in/);
    await inviteeContext.close();
  });
});

test.describe('products of a workspace', () => {
  test('the contract repository says "not available in this workspace" once its product is taken away, for the admin too', async ({ page }) => {
    await signIn(page, 'admin@hanbit.example');
    await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
    const setProducts = (products: string[]) =>
      page.evaluate(async (products) => {
        const launcher = (await (await fetch('/api/auth/launcher/v1')).json()) as { data: Array<{ workspaceName: string; tenantId: number; workspaceId: number }> };
        const ws = launcher.data.find((e) => e.workspaceName === 'hanbit')!;
        const headers = { 'content-type': 'application/json', 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId) };
        return (await fetch('/api/workspace/settings/v1', { method: 'PUT', headers, body: JSON.stringify({ products }) })).status;
      }, products);

    await page.goto('/hanbit/contracts');
    await expect(page.getByRole('heading', { level: 1, name: '계약 저장소' })).toBeVisible();
    expect(await setProducts(['AI_REVIEW', 'AI_STUDIO', 'E_CONTRACT', 'LITIGATION', 'SEAL'])).toBe(200);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { name: '이 워크스페이스에서 사용할 수 없는 서비스입니다' })).toBeVisible();
      const answer = await page.evaluate(async () => {
        const launcher = (await (await fetch('/api/auth/launcher/v1')).json()) as { data: Array<{ workspaceName: string; tenantId: number; workspaceId: number }> };
        const ws = launcher.data.find((e) => e.workspaceName === 'hanbit')!;
        const res = await fetch('/api/alex/contracts/page-search/v4', { method: 'POST', headers: { 'content-type': 'application/json', 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId) }, body: '{}' });
        return { status: res.status, code: ((await res.json()) as { code: string }).code };
      });
      expect(answer).toEqual({ status: 403, code: 'ERROR_PRODUCT_NOT_AVAILABLE' });
    } finally {
      expect(await setProducts(['AI_REVIEW', 'AI_STUDIO', 'CLM', 'E_CONTRACT', 'LITIGATION', 'SEAL'])).toBe(200);
    }
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '계약 저장소' })).toBeVisible();
  });
});
