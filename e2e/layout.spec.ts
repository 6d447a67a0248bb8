import { expect, type Page, test } from '@playwright/test';
import { createContract, signIn, useLocale } from './support/workspace';

/**
 * Tables and badges at the widths people work at, in Korean and English: every header cell is at
 * least as wide as its label (no label cut or broken one character per line) and no badge is cut.
 */
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
] as const;

interface Cut {
  what: string;
  text: string;
  scrollWidth: number;
  clientWidth: number;
}

/** Header cells and badges whose content does not fit, and header labels broken onto more lines than their words. */
async function cutsOn(page: Page): Promise<Cut[]> {
  return page.evaluate(() => {
    const cuts: Array<{ what: string; text: string; scrollWidth: number; clientWidth: number }> = [];
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().width > 0;
    for (const th of document.querySelectorAll('main th')) {
      if (!visible(th)) continue;
      const text = (th.textContent ?? '').trim();
      if (!text) continue;
      const cell = th as HTMLElement;
      // Every box inside the header (the label, its sort group) must fit as well as the cell itself.
      const boxes = [cell, ...cell.querySelectorAll<HTMLElement>('*')];
      for (const box of boxes) {
        // A 1-pixel clipped box is text for screen readers only (VisuallyHidden), not a cut label.
        if (box.clientWidth <= 1) continue;
        if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible') {
          cuts.push({ what: 'header', text, scrollWidth: box.scrollWidth, clientWidth: box.clientWidth });
          break;
        }
      }
      // One line per header: a label squeezed to one character per line is several lines tall.
      const tops = new Set<number>();
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 1) tops.add(Math.round(rect.top / 4));
      }
      if (tops.size > 1) cuts.push({ what: 'header lines', text, scrollWidth: tops.size, clientWidth: 1 });
    }
    for (const badge of document.querySelectorAll<HTMLElement>('main .mantine-Badge-root')) {
      if (!visible(badge)) continue;
      const label = badge.querySelector<HTMLElement>('.mantine-Badge-label') ?? badge;
      if (label.scrollWidth > label.clientWidth + 1 || badge.scrollWidth > badge.clientWidth + 1) {
        cuts.push({ what: 'badge', text: (badge.textContent ?? '').trim(), scrollWidth: label.scrollWidth, clientWidth: label.clientWidth });
      }
      if (getComputedStyle(badge).textTransform === 'uppercase') cuts.push({ what: 'all-caps badge', text: (badge.textContent ?? '').trim(), scrollWidth: 0, clientWidth: 0 });
    }
    return cuts;
  });
}

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
});
