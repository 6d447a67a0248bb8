import { expect, type Page, test } from '@playwright/test';

const PASSWORD = 'Demo-pass-2026!';

async function signIn(page: Page, loginId: string) {
  await page.goto('/sign-in');
  await page.getByLabel('아이디').fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
}

test.describe('the contract repository', () => {
  test('registers a contract from an uploaded file, finds it by a Korean word of its text, and exports the list', async ({ page }) => {
    const title = `물품 공급 계약 ${Date.now().toString(36)}`;
    const text = [
      '물품 공급 계약서',
      '제1조(목적) 이 계약은 갑이 을에게 물품을 공급하는 조건을 정한다.',
      '제7조(위약벌) 을이 납기를 지키지 못하면 지체상금을 지급한다.',
    ].join('\n');

    await signIn(page, 'manager@hanbit.example');
    await expect(page).toHaveURL(/\/hanbit\/?$/);
    await page.getByRole('link', { name: '계약 저장소' }).click();
    await page.getByRole('link', { name: '계약 등록' }).first().click();

    // Upload: the file's progress bar, then the details.
    await page.getByLabel('올릴 계약서 파일').setInputFiles({ name: `${title}.txt`, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });
    await expect(page.getByText(`${title}.txt`).first()).toBeVisible();
    await expect(page.getByLabel(/^계약명/)).toHaveValue(title, { timeout: 20_000 });
    await page.getByRole('combobox', { name: /^계약 유형/ }).click();
    await page.getByRole('option', { name: '물품공급계약' }).click();
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await expect(page).toHaveURL(/\/hanbit\/contracts\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // Search by a two-syllable word that only the document's text holds (extraction runs in a job).
    await page.goto('/hanbit/contracts');
    await expect(async () => {
      await page.getByLabel('검색어').fill('위약');
      await page.getByRole('button', { name: '검색', exact: true }).click();
      await expect(page.getByRole('link', { name: title })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000 });

    // Excel export of the current search.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '엑셀로 내보내기' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  });
});
