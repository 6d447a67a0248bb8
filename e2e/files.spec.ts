import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/workspace';

async function signOut(page: Page) {
  await page.context().clearCookies();
}

test.describe('the files screen', () => {
  test("shows a contract's document only to who may open the contract, with what it is attached to, its uploader, its text and a search over it", async ({ page }) => {
    const suffix = Date.now().toString(36);
    const title = `파일 화면 계약 ${suffix}`;
    const fileName = `${title}.txt`;
    // A word only the document's text holds (not its name): found once extraction ran.
    const word = `위약벌${suffix}`;
    const text = ['물품 공급 계약서', `제7조(위약벌) 을이 납기를 지키지 못하면 ${word} 조항에 따라 지체상금을 지급한다.`].join('\n');

    // A manager registers a contract with its document (the group-less contract is not the reader's).
    await signIn(page, 'manager@hanbit.example');
    await page.goto('/hanbit/contracts/new');
    await page.getByLabel('올릴 계약서 파일').setInputFiles({ name: fileName, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });
    await expect(page.getByLabel(/^계약명/)).toHaveValue(title, { timeout: 20_000 });
    await page.getByRole('combobox', { name: /^계약 유형/ }).click();
    await page.getByRole('option', { name: '물품공급계약' }).click();
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await expect(page).toHaveURL(/\/hanbit\/contracts\/\d+$/);
    const contractUrl = new URL(page.url()).pathname;

    // The files screen lists it with its uploader's name and the contract it belongs to.
    await page.goto('/hanbit/files');
    const table = page.getByRole('table', { name: '파일 목록' });
    const row = table.getByRole('row').filter({ hasText: fileName });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell', { name: '한지민' })).toBeVisible();
    await expect(row).not.toContainText('사용자 #');
    await expect(row.getByRole('list', { name: '이 파일이 연결된 항목' })).toHaveText(`계약: ${title}`);

    // Search by a word of the extracted text (extraction runs in a job).
    const search = page.getByRole('search');
    await expect(async () => {
      await search.getByLabel('이름 또는 내용').fill(word);
      await search.getByRole('button', { name: '검색', exact: true }).click();
      await expect(table.getByRole('button', { name: `${fileName} 미리 보기` })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await expect(table.getByRole('row')).toHaveCount(2);

    // The drawer: uploader, the contract, and the text the server extracted.
    await table.getByRole('button', { name: `${fileName} 미리 보기` }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('region', { name: '정보' })).toContainText('한지민');
    await expect(drawer.getByText(word)).toBeVisible();
    const fileKey = new URL(page.url()).searchParams.get('file');
    expect(fileKey).toMatch(/^[0-9A-Za-z]{22}$/);

    // The "attached to" link opens the contract.
    await drawer.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`${contractUrl}$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // A reader, who may not open that contract: not listed, not found by its text, and its preview address opens nothing.
    await signOut(page);
    await signIn(page, 'reader@hanbit.example');
    // The workspace headers the app sends, for asking the API directly below.
    const listRequest = page.waitForRequest((r) => r.url().includes('/api/arxive/files/v1'));
    await page.goto('/hanbit/files');
    const headers = await (await listRequest).allHeaders();
    await expect(page.getByRole('heading', { level: 1, name: '파일' })).toBeVisible();
    await expect(page.getByText(fileName)).toHaveCount(0);
    await page.goto(`/hanbit/files?q=${encodeURIComponent(word)}`);
    await expect(page.getByText('조건에 맞는 파일이 없습니다')).toBeVisible();
    await page.goto(`/hanbit/files?file=${fileKey}`);
    const denied = page.getByRole('dialog');
    await expect(denied).toBeVisible();
    await expect(denied.getByRole('alert')).toBeVisible();
    await expect(denied).not.toContainText(word);
    await expect(denied).not.toContainText(title);
    for (const path of ['', '/download', '/text']) {
      const res = await page.request.get(`/api/arxive/files/${fileKey}${path}/v1`, { headers: { 'X-Tenant': headers['x-tenant']!, 'X-Workspace': headers['x-workspace']! } });
      expect(res.status(), path).toBe(404);
    }
  });
});
