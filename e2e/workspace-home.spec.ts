import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './support/workspace';

async function signedInPage(browser: Browser, loginId: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, loginId);
  return page;
}

/** Calls the API as the signed-in user of `page` in hanbit (the browser's cookies, the workspace's headers). */
function hanbitApi(page: Page) {
  return <T>(method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ({ method, path, body }) => {
        const launcher = (await (await fetch('/api/auth/launcher/v1')).json()) as { data: Array<{ workspaceName: string; tenantId: number; workspaceId: number; userId: number }> };
        const ws = launcher.data.find((e) => e.workspaceName === 'hanbit')!;
        const headers = { 'content-type': 'application/json', 'x-tenant': String(ws.tenantId), 'x-workspace': String(ws.workspaceId) };
        const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        return { status: res.status, data: ((await res.json()) as { data: unknown }).data, userId: ws.userId };
      },
      { method, path, body },
    ) as Promise<{ status: number; data: T; userId: number }>;
}

/** The browser's calendar day plus `days`, as an ISO date (the home counts days in the browser's time zone). */
const dayPlus = (page: Page, days: number) =>
  page.evaluate((days) => {
    const d = new Date();
    d.setDate(d.getDate() + days);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  }, days);

test.describe('the workspace home', () => {
  test('a manager sees contracts ending soon, their reminders and what they opened; a reader only what they may see', async ({ browser }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const expiring = `갱신 앞둔 물류 계약 ${suffix}`;
    const later = `반년 뒤 끝나는 계약 ${suffix}`;
    const manager = await signedInPage(browser, 'manager@hanbit.example');
    const api = hanbitApi(manager);

    // The organisation's name, not the workspace's address, titles the page.
    await expect(manager.getByRole('heading', { level: 1, name: '한빛 법무법인' })).toBeVisible();
    await expect(manager.getByRole('heading', { name: '내 할 일' })).toBeVisible();
    // What waits on the manager comes from the workflow hub (its items: workflows.spec.ts).
    await expect(manager.getByTestId('home-todo')).toBeVisible();

    const contract = (title: string, endDate: string) =>
      api<{ id: number }>('POST', '/api/alex/contracts/v6', { title, contractType: 'OUTSOURCING', status: 'ACTIVE', startDate: '2025-01-01', endDate });
    const soon = await contract(expiring, await dayPlus(manager, 20));
    expect(soon.status).toBe(200);
    expect((await contract(later, await dayPlus(manager, 180))).status).toBe(200);
    const remindAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const reminder = await api('POST', `/api/conhub/contracts/${soon.data.id}/reminders/v1`, { title: `갱신 여부 결정 ${suffix}`, remindAt, recipients: [soon.userId], kind: 'RENEWAL' });
    expect(reminder.status).toBe(200);

    await manager.reload();
    const expiringCard = manager.getByTestId('home-expiring');
    await expect(expiringCard.getByRole('heading', { name: '90일 안에 종료되는 계약' })).toBeVisible();
    const row = expiringCard.getByRole('listitem').filter({ hasText: expiring });
    await expect(row).toContainText('20일 남음');
    await expect(row).toContainText('종료일');
    await expect(expiringCard).not.toContainText(later);
    await expect(manager.getByTestId('home-reminders')).toContainText(`갱신 여부 결정 ${suffix}`);
    await expect(manager.getByTestId('home-recent')).not.toContainText(expiring);
    await expect(manager.getByTestId('home-stats').getByRole('region', { name: '상태별' })).toBeVisible();

    // Opening the contract puts it at the top of "recently viewed".
    await row.getByRole('link', { name: expiring }).click();
    await expect(manager).toHaveURL(new RegExp(`/hanbit/contracts/${soon.data.id}$`));
    await expect(manager.getByRole('heading', { name: expiring, level: 1 })).toBeVisible();
    await manager.goto('/hanbit');
    const recent = manager.getByTestId('home-recent');
    await expect(recent.getByRole('listitem').first()).toContainText(expiring);

    // English: the organisation's English name and the days left.
    await manager.evaluate(() => localStorage.setItem('legal.locale', 'en'));
    await manager.reload();
    await expect(manager.getByRole('heading', { level: 1, name: 'Hanbit Law' })).toBeVisible();
    await expect(manager.getByTestId('home-expiring').getByRole('listitem').filter({ hasText: expiring })).toContainText('20 days left');
    await manager.evaluate(() => localStorage.setItem('legal.locale', 'ko'));

    // The reader may not read the manager's contracts: none of them on the reader's home, and
    // the list of what the reader opened never holds them, even when they try the address.
    const reader = await signedInPage(browser, 'reader@hanbit.example');
    await expect(reader.getByRole('heading', { level: 1, name: '한빛 법무법인' })).toBeVisible();
    await expect(reader.getByTestId('home-expiring')).toBeVisible();
    await expect(reader.getByTestId('home-expiring').getByRole('status')).toHaveCount(0);
    await expect(reader.getByTestId('home-expiring')).not.toContainText(expiring);
    await expect(reader.getByTestId('home-reminders')).not.toContainText(suffix);
    await reader.goto(`/hanbit/contracts/${soon.data.id}`);
    await expect(reader.getByRole('heading', { name: expiring })).toHaveCount(0);
    await reader.waitForLoadState('networkidle');
    await reader.goto('/hanbit');
    await expect(reader.getByTestId('home-recent')).toBeVisible();
    await expect(reader.getByTestId('home-recent').getByRole('status')).toHaveCount(0);
    await expect(reader.getByTestId('home-recent')).not.toContainText(expiring);
    const readerRecent = await hanbitApi(reader)<{ content: Array<{ id: number }> }>('GET', '/api/conhub/home/recently-viewed/v1');
    expect(readerRecent.status).toBe(200);
    expect(readerRecent.data.content.map((c) => c.id)).not.toContain(soon.data.id);
  });
});
