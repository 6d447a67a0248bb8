import { expect, test } from '@playwright/test';
import { createReview } from './support/ai-review';
import { expectNoSeriousViolations } from './support/page-checks';
import { createContract, signIn } from './support/workspace';

test.describe('accessibility (axe-core)', () => {
  test('the sign-in page', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: '로그인', exact: true })).toBeVisible();
    await expectNoSeriousViolations(page, 'sign-in');
  });

  test('the workspace pages: home, contracts, a contract, files', async ({ page }) => {
    await signIn(page, 'admin@hanbit.example');
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'workspace home');

    const title = `접근성 점검 계약 ${Date.now().toString(36)}`;
    const id = await createContract(page, {
      title, contractType: 'SERVICE', status: 'ACTIVE', startDate: '2026-01-01', endDate: '2027-12-31', amount: '1500000', currency: 'KRW',
      counterparties: [{ counterpartyType: 'COMPANY', name: '주식회사 새솔' }],
    });

    await page.goto('/hanbit/contracts');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await expectNoSeriousViolations(page, 'contract list');

    await page.goto(`/hanbit/contracts/${id}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'contract detail');

    await page.goto('/hanbit/files');
    await expect(page.getByRole('table').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'files');
  });

  test('AI review: the start page and a finished review', async ({ page }) => {
    await signIn(page, 'admin@hanbit.example');
    const reviewId = await createReview(page);

    await page.goto('/hanbit/ai-review');
    await expect(page.getByRole('heading', { level: 1, name: 'AI 계약 검토' })).toBeVisible();
    await expect(page.getByRole('link', { name: /검토용 용역계약/ }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'AI review start');

    await page.goto(`/hanbit/ai-review/${reviewId}`);
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'AI review');
  });

  test('the admin console: users, audit log, settings', async ({ page }) => {
    await signIn(page, 'admin@hanbit.example');
    for (const [area, ready] of [
      ['users', () => page.getByRole('cell', { name: 'admin@hanbit.example' })],
      ['audit', () => page.getByRole('table').first()],
      ['settings', () => page.getByRole('button').first()],
    ] as const) {
      await page.goto(`/hanbit/admin/${area}`);
      await expect(ready()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSeriousViolations(page, `admin ${area}`);
    }
  });
});
