import { expect, test } from '@playwright/test';
import { cutsOn, expectNoSeriousViolations, VIEWPORTS } from './support/page-checks';
import { askResearch, waitForCorpus } from './support/research';
import { signIn, useLocale } from './support/workspace';

/**
 * The journey, in Korean: an everyday question about paying a subcontractor answered
 * from 하도급법 with a citation chip; the chip opens the article with the quoted words marked and
 * its history diff between two versions; a question about a foreign law is declined and cites
 * nothing.
 */

test.describe('legal research', () => {
  test('a paraphrased question cites the article, which opens with its history diff; a foreign law is declined', async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, 'member@hanbit.example');
    await waitForCorpus(page);
    await page.goto('/hanbit/business-agent');
    await expect(page.getByRole('heading', { name: '무엇이든 법령에 물어보세요' })).toBeVisible();

    await askResearch(page, '하청업체한테 대금은 언제까지 줘야 돼?');
    const answer = page.getByRole('article', { name: '답변' });
    await expect(answer).toBeVisible();
    // The new chat is opened (its key in the address) and listed.
    await expect(page).toHaveURL(/[?&]chat=/);
    await expect(page.getByRole('list', { name: '내 대화' }).getByText('하청업체한테 대금은 언제까지 줘야 돼?')).toBeVisible();

    const chip = answer.getByRole('button', { name: /하도급거래 공정화에 관한 법률 제13조/ }).first();
    await expect(chip).toBeVisible();
    await chip.click();
    const panel = page.getByRole('dialog', { name: /하도급거래 공정화에 관한 법률 제13조/ });
    await expect(panel).toBeVisible();
    const quoted = panel.getByRole('region', { name: '인용 조문' }).locator('mark[data-quoted]');
    await expect(quoted).toBeVisible();
    await expect(quoted).toContainText(/\S/);
    await expect(panel.getByText(/^법령MST \d+$/)).toBeVisible();

    await panel.getByRole('button', { name: '연혁 보기' }).click();
    const history = panel.getByRole('region', { name: '조문 연혁' });
    // 하도급법 has its whole history in the corpus: 제13조 changed between stored versions.
    const diff = history.getByTestId('clause-diff');
    await expect(diff).toBeVisible({ timeout: 30_000 });
    await expect(diff.locator('ins, del').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    // A new chat for a question the sources cannot answer.
    await page.getByRole('button', { name: '새 대화' }).click();
    await expect(page.getByRole('heading', { name: '무엇이든 법령에 물어보세요' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await askResearch(page, '미국 캘리포니아주 최저임금은?');
    const declined = page.getByRole('article', { name: '근거 없음 답변' });
    await expect(declined).toBeVisible();
    await expect(declined.getByText('근거를 찾지 못함')).toBeVisible();
    await expect(declined.getByRole('button', { name: /시행$/ })).toHaveCount(0);

    // Feedback on the declined answer is saved and shown pressed after a reload.
    await declined.getByRole('button', { name: '도움이 됨' }).click();
    await expect(declined.getByRole('button', { name: '도움이 됨' })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('article', { name: '근거 없음 답변' }).getByRole('button', { name: '도움이 됨' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('advisory: an inquiry recorded, a reply drafted, and the draft\'s citation chip opens the article', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, 'member@hanbit.example');
    await waitForCorpus(page);
    await page.goto('/hanbit/business-agent/advisory');
    await page.getByRole('button', { name: '새 질의' }).first().click();
    const dialog = page.getByRole('dialog', { name: '새 자문 질의' });
    await dialog.getByRole('textbox', { name: /제목/ }).fill('부품 대금 지급기한');
    await dialog.getByRole('textbox', { name: /질의 내용/ }).fill('하청업체한테 납품받은 부품 대금은 언제까지 줘야 돼?');
    await dialog.getByRole('button', { name: '기록' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '부품 대금 지급기한' })).toBeVisible();

    await page.getByRole('button', { name: '회신 초안 만들기' }).click();
    const draft = page.getByRole('feed', { name: '회신 초안' }).getByRole('article').first();
    await expect(draft).toBeVisible({ timeout: 60_000 });
    await expect(draft.getByText('기본 엔진 개요')).toBeVisible();
    await draft.getByRole('button', { name: /하도급거래 공정화에 관한 법률 제13조/ }).first().click();
    const panel = page.getByRole('dialog', { name: /하도급거래 공정화에 관한 법률 제13조/ });
    await expect(panel.getByRole('region', { name: '인용 조문' }).locator('mark[data-quoted]')).toBeVisible();
  });

  test('the statute browser finds 하도급법, reads 제13조 and shows its versions on a timeline', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, 'member@hanbit.example');
    await waitForCorpus(page);
    await page.goto('/hanbit/business-agent');
    await page.getByRole('link', { name: '법령 찾아보기' }).click();
    await page.getByRole('textbox', { name: '법령 이름' }).fill('하도급법');
    await page.getByRole('button', { name: '검색' }).click();
    await page.getByRole('list', { name: '검색 결과' }).getByRole('button', { name: /하도급거래 공정화에 관한 법률/ }).first().click();
    await page.getByRole('navigation', { name: '조문 목차' }).getByRole('button', { name: /^제13조/ }).first().click();
    await expect(page.getByRole('region', { name: '조문 보기' })).toContainText('하도급대금');
    await page.getByRole('tab', { name: '연혁' }).click();
    const timeline = page.getByRole('list', { name: '시행 버전 연혁' });
    await expect(timeline.getByRole('listitem').nth(1)).toBeVisible();
  });

  // Checked here rather than in accessibility.spec.ts and layout.spec.ts, which run first: by now
  // the corpus import and indexing that research needs have finished in the background.
  test('legal research: the chat with an answer and its cited article, and the statute browser', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, 'admin@hanbit.example');
    await waitForCorpus(page);
    await page.goto('/hanbit/business-agent');
    await askResearch(page, '하청업체한테 대금은 언제까지 줘야 돼?');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'research chat');

    await page.getByRole('article', { name: '답변' }).getByRole('button', { name: /시행$/ }).first().click();
    await expect(page.getByRole('region', { name: '인용 조문' })).toBeVisible();
    await expectNoSeriousViolations(page, 'cited article');

    await page.goto('/hanbit/business-agent/statutes?q=%ED%95%98%EB%8F%84%EA%B8%89%EB%B2%95');
    await page.getByRole('list', { name: '검색 결과' }).getByRole('button').first().click();
    await page.getByRole('tab', { name: '연혁' }).click();
    await expect(page.getByRole('list', { name: '시행 버전 연혁' })).toBeVisible();
    await expectNoSeriousViolations(page, 'statute browser');
  });

  test('legal research: an answered chat and the statute timeline', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await signIn(page, 'admin@hanbit.example');
    await waitForCorpus(page);
    for (const locale of ['ko', 'en'] as const) {
      await useLocale(page, locale);
      await page.goto('/hanbit/business-agent');
      await askResearch(page, '하청업체한테 대금은 언제까지 줘야 돼?', locale);
      const chatUrl = page.url();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        const where = `${locale} ${viewport.width}`;

        await page.goto(chatUrl);
        await expect(page.getByRole('article').first()).toBeVisible();
        expect(await cutsOn(page), `research chat ${where}`).toEqual([]);
        // The composer and the chat list stay on screen beside the answer.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `research chat width ${where}`).toBe(true);
        await testInfo.attach(`research-chat-${where}`, { body: await page.screenshot(), contentType: 'image/png' });

        await page.goto('/hanbit/business-agent/statutes?q=%ED%95%98%EB%8F%84%EA%B8%89%EB%B2%95');
        await page.getByRole('list', { name: locale === 'ko' ? '검색 결과' : 'Search results' }).getByRole('button').first().click();
        await page.getByRole('tab', { name: locale === 'ko' ? '연혁' : 'History' }).click();
        await expect(page.getByRole('list', { name: locale === 'ko' ? '시행 버전 연혁' : 'Versions over time' }).getByRole('listitem').first()).toBeVisible();
        expect(await cutsOn(page), `statute browser ${where}`).toEqual([]);
        await testInfo.attach(`statute-browser-${where}`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
      }
    }
  });
});
