import { expect, test } from '@playwright/test';
import { createReview } from './support/ai-review';
import { cutsOn, VIEWPORTS } from './support/page-checks';
import { createContract, signIn, useLocale } from './support/workspace';

test.describe('layout: nothing cut at 1440 and 1280 px, in Korean and English', () => {
  test('contract list, contract detail and the users page', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page, 'admin@hanbit.example');
    const stamp = Date.now().toString(36);
    // Long status labels (Terminated, Expired, 체결 완료), long dates (Dec 31 / 2026. 12. 31.), a long title and counterparty.
    const detailId = await createContract(page, {
      title: `소프트웨어 라이선스 및 유지보수 계약 ${stamp}`, contractType: 'LICENSE', status: 'SIGNED', signedDate: '2026-12-30', startDate: '2026-12-31', endDate: '2036-12-31',
      amount: '125000000', currency: 'KRW', counterparties: [{ counterpartyType: 'COMPANY', name: '주식회사 새솔테크놀로지' }], hashtags: ['라이선스', '유지보수'],
    });
    await createContract(page, { title: `Master Services Agreement ${stamp}`, contractType: 'SERVICE', status: 'TERMINATED', startDate: '2025-11-30', endDate: '2026-11-30', amount: '1500000.5', currency: 'USD' });
    await createContract(page, { title: `만료된 임대차 계약 ${stamp}`, contractType: 'LEASE', status: 'ACTIVE', startDate: '2023-12-01', endDate: '2025-12-31' });

    for (const locale of ['ko', 'en'] as const) {
      await useLocale(page, locale);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        const where = `${locale} ${viewport.width}`;

        await page.goto('/hanbit/contracts');
        await expect(page.getByRole('link', { name: `Master Services Agreement ${stamp}` })).toBeVisible();
        await expect(page.getByRole('table').getByText(locale === 'ko' ? '만료' : 'Expired', { exact: true }).first()).toBeVisible();
        expect(await cutsOn(page), `contract list ${where}`).toEqual([]);
        await testInfo.attach(`list-${where}`, { body: await page.screenshot(), contentType: 'image/png' });

        await page.goto(`/hanbit/contracts/${detailId}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('table').first()).toBeVisible();
        expect(await cutsOn(page), `contract detail ${where}`).toEqual([]);
        await testInfo.attach(`detail-${where}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });

        await page.goto('/hanbit/admin/users');
        await expect(page.getByRole('cell', { name: 'admin@hanbit.example' })).toBeVisible();
        await expect(page.getByText(locale === 'ko' ? '워크스페이스 관리자' : 'Workspace admin', { exact: true }).first()).toBeVisible();
        expect(await cutsOn(page), `users ${where}`).toEqual([]);
        await testInfo.attach(`users-${where}`, { body: await page.screenshot(), contentType: 'image/png' });
      }
    }
  });

  test('AI review: the start page with its recent reviews, and a finished review', async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page, 'admin@hanbit.example');
    const reviewId = await createReview(page);
    for (const locale of ['ko', 'en'] as const) {
      await useLocale(page, locale);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        const where = `${locale} ${viewport.width}`;

        await page.goto('/hanbit/ai-review');
        await expect(page.getByRole('table').first()).toBeVisible();
        expect(await cutsOn(page), `AI review start ${where}`).toEqual([]);
        await testInfo.attach(`ai-review-start-${where}`, { body: await page.screenshot(), contentType: 'image/png' });

        await page.goto(`/hanbit/ai-review/${reviewId}`);
        await expect(page.getByRole('article').first()).toBeVisible();
        expect(await cutsOn(page), `AI review ${where}`).toEqual([]);
        await testInfo.attach(`ai-review-${where}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
      }
    }
  });
});
