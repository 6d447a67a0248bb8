import { expect, test } from '@playwright/test';

test.describe('web shell', () => {
  test('opens in Korean, switches to English and keeps the choice', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('계약 검토부터 서명까지');

    await page.getByText('English', { exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('From contract review to signature');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('From contract review to signature');

    // API calls now carry the chosen locale: the server answers in English.
    const locale = await page.evaluate(async () => {
      const res = await fetch('/api/nothing', { headers: { 'x-locale': document.documentElement.lang } });
      return (await res.json()).message;
    });
    expect(locale).toBe('The requested item was not found.');
  });

  test('shows the localized not-found page for an unknown address', async ({ page }) => {
    await page.addInitScript(() => localStorage.clear());
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeVisible();
  });

  test('toggles the dark colour scheme', async ({ page }) => {
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('button', { name: '어두운 화면으로 전환' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: '밝은 화면으로 전환' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
