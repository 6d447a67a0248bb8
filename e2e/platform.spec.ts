import { expect, test } from '@playwright/test';

test.describe('platform pages', () => {
  test('the API description lists the routes in Swagger UI', async ({ page }) => {
    await page.goto('/api/docs');
    await expect(page.getByText('Legal Suite API').first()).toBeVisible();
    await expect(page.getByText('/api/health').first()).toBeVisible();
  });

  test('the development mailbox shows a message sent by the product', async ({ page, request }) => {
    const before = await request.get('/api/dev/mailbox/v1');
    expect(before.ok()).toBe(true);
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: /개발용 메일함/ })).toBeVisible();
  });

  test('unknown API routes answer the error envelope, not HTML', async ({ request }) => {
    const res = await request.get('/api/nothing/here', { headers: { 'x-locale': 'en' } });
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ code: 'ERROR_NOT_FOUND', message: 'The requested item was not found.' });
  });

  test('health reports the embedded database and the job queue', async ({ request }) => {
    const res = await request.get('/api/health');
    const body = await res.json();
    expect(body.data.checks.database).toMatchObject({ ok: true, driver: 'pglite' });
    expect(body.data.checks.jobs.ok).toBe(true);
  });

  test('pdf.js finds its Korean CMaps and standard fonts beside the app', async ({ request }) => {
    const cmap = await request.get('/pdfjs/cmaps/UniKS-UCS2-H.bcmap');
    expect(cmap.status()).toBe(200);
    expect((await cmap.body()).length).toBeGreaterThan(100);
    const font = await request.get('/pdfjs/standard_fonts/LiberationSans-Regular.ttf');
    expect(font.status()).toBe(200);
  });
});
