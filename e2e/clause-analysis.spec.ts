import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support/workspace';

const CONTRACTS = '/work/shared/data/contracts';

/** Registers a contract whose main document is the given Word file; ends on its detail page. */
async function registerWith(page: Page, file: string, title: string, type: string) {
  await page.goto('/hanbit/contracts/new');
  await page.getByLabel('올릴 계약서 파일').setInputFiles({
    name: `${title}.docx`,
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    buffer: readFileSync(`${CONTRACTS}/${file}`),
  });
  await expect(page.getByLabel(/^계약명/)).toHaveValue(title, { timeout: 20_000 });
  await page.getByRole('combobox', { name: /^계약 유형/ }).click();
  await page.getByRole('option', { name: type }).click();
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page).toHaveURL(/\/hanbit\/contracts\/\d+$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}

/** Runs the analysis from the clauses panel (it waits while the document's text is still being read). */
async function analyse(page: Page) {
  const panel = page.getByRole('region', { name: '조항 분석' });
  await expect(panel).toContainText('아직 분석하지 않았습니다.');
  await panel.getByRole('button', { name: '분석하기', exact: true }).click();
  return panel;
}

test.describe('clause analysis of Word contracts', () => {
  test('lists the articles of the Korean NDA and the key terms of the Bonterms PSA cover page', async ({ page }) => {
    const suffix = Date.now().toString(36);
    await signIn(page, 'manager@hanbit.example');

    await registerWith(page, 'ko/03-mutual-nda.docx', `상호 비밀유지계약 ${suffix}`, '비밀유지계약');
    const nda = await analyse(page);
    await expect(page.getByText('13개 조항을 분석했습니다.')).toBeVisible({ timeout: 60_000 });
    await expect(nda.getByRole('region', { name: '목적' }).getByRole('button', { name: '제1조 (목적) 본문 보기' })).toBeVisible();
    const definitions = nda.getByRole('region', { name: '정의' });
    await definitions.getByRole('button', { name: '제2조 (정의) 본문 보기' }).click();
    // Word's list numbers are part of the clause's text.
    await expect(definitions.getByText(/1\. "공개자"란/)).toBeVisible();
    await expect(nda.getByRole('button', { name: '제4조 (비밀유지의무) 본문 보기' })).toBeVisible();
    await expect(nda).not.toContainText('아직 분석하지 않았습니다.');
    await expect(nda.getByRole('button', { name: '다시 분석하기' })).toBeVisible();

    await registerWith(page, 'docx/bonterms-professional-services-agreement.docx', `Bonterms PSA ${suffix}`, '용역계약');
    const psa = await analyse(page);
    await expect(page.getByText('4개 조항을 분석했습니다.')).toBeVisible({ timeout: 60_000 });
    for (const heading of ['Effective Date', 'Rights in Deliverables', 'Governing Law', 'Courts']) {
      await expect(psa.getByRole('button', { name: `${heading} 본문 보기` })).toBeVisible();
    }
  });
});
