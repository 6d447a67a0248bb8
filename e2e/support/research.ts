import { expect, type Page } from '@playwright/test';
import { callApi } from './workspace';

/**
 * The statute corpus is imported, then indexed for research, by jobs at first start: research
 * answers from all of it only once every stored version is indexed (the search says how far).
 */
export async function waitForCorpus(page: Page) {
  await expect
    .poll(async () => (await callApi<{ state: string }>(page, 'GET', '/api/aistudio/statutes/import-status/v1')).state, { timeout: 180_000, intervals: [1000, 2000, 5000] })
    .toBe('DONE');
  await expect
    .poll(
      async () => {
        const { index } = await callApi<{ index: { versions: number; indexedVersions: number } }>(page, 'POST', '/api/aistudio/searches/query/v1', { query: '하도급대금의 지급', limit: 1 });
        return index.versions > 0 && index.indexedVersions === index.versions;
      },
      { timeout: 240_000, intervals: [1000, 2000, 5000] },
    )
    .toBe(true);
}

/** Asks in the research chat's composer (Korean or English labels) and waits until the answer is stored. */
export async function askResearch(page: Page, question: string, locale: 'ko' | 'en' = 'ko') {
  const labels = locale === 'ko' ? { box: '질문', ask: '질문', answer: /^(답변|근거 없음 답변)$/ } : { box: 'Question', ask: 'Ask', answer: /^(Answer|Answer without a basis)$/ };
  const before = await page.getByRole('article', { name: labels.answer }).count();
  await page.getByRole('textbox', { name: labels.box }).fill(question);
  await page.getByRole('button', { name: labels.ask, exact: true }).click();
  await expect(page.getByRole('article', { name: labels.answer })).toHaveCount(before + 1, { timeout: 30_000 });
}
