import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import JSZip from 'jszip';
import { callApi, signIn } from './support/workspace';

/**
 * The journey: a Korean service contract with a 90-day payment term and no liability cap,
 * reviewed as 을 (PARTY_B) by the built-in engine; a not-met finding with its statute, its edit
 * accepted, the contract exported as DOCX with the edit as a Word tracked change, and the credits
 * balance down by exactly the estimate.
 */
const CONTRACT = `홈페이지 구축 용역계약서

주식회사 한빛커머스(이하 "갑"이라 한다)와 주식회사 새솔디지털(이하 "을"이라 한다)은 갑의 온라인 쇼핑몰 홈페이지 구축 용역에 관하여 다음과 같이 계약을 체결한다.

제1조(목적) 이 계약은 갑이 을에게 의뢰하는 온라인 쇼핑몰 홈페이지 구축 용역(이하 "용역"이라 한다)의 수행과 그 대가의 지급에 관한 사항을 정함을 목적으로 한다.

제2조(용역의 범위) 을은 별지 과업지시서에 따라 화면 설계, 디자인, 프론트엔드 및 백엔드 개발, 관리자 페이지 구축, 시험 운영을 수행한다.

제3조(계약기간) 용역 수행기간은 2026년 3월 1일부터 2026년 8월 31일까지로 한다.

제4조(용역대금) 용역대금은 금 일억이천만원(₩120,000,000, 부가가치세 별도)으로 한다.

제5조(대금의 지급) 갑은 을이 납품한 결과물에 대한 검수를 완료한 날부터 90일 이내에 용역대금을 을이 지정한 계좌로 지급한다.

제6조(검수) 갑은 결과물을 납품받은 날부터 14일 이내에 검수를 실시하고 그 결과를 을에게 서면으로 통지하여야 한다.

제7조(지식재산권) 용역 수행으로 생긴 결과물에 관한 저작권 등 일체의 지식재산권은 대금 지급 완료와 동시에 갑에게 귀속된다.

제8조(비밀유지) 을은 용역 수행 중 알게 된 갑의 영업상 비밀을 계약기간 중 및 계약 종료 후 3년간 제3자에게 누설하여서는 아니 된다.

제9조(손해배상) 을은 이 계약을 위반하여 갑에게 손해를 입힌 경우 그로 인하여 갑이 입은 모든 손해를 배상하여야 한다.

제10조(계약의 해지) 갑은 을이 이 계약을 위반한 경우 즉시 이 계약을 해지할 수 있다.

제11조(분쟁의 해결) 이 계약에 관한 분쟁은 서울중앙지방법원을 제1심 관할법원으로 한다.

2026년 2월 20일

갑: 주식회사 한빛커머스 대표이사 김한빛 (인)
을: 주식회사 새솔디지털 대표이사 이새솔 (인)
`;

/** "12 크레딧" in the estimate group, after the label. */
async function creditsAfter(page: Page, label: string): Promise<number> {
  const text = (await page.getByRole('group', { name: '예상 비용' }).innerText()).replace(/\s+/g, ' ');
  const match = new RegExp(`${label} ([\\d,]+) 크레딧`).exec(text);
  expect(match, `${label} in "${text}"`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ''));
}

test.describe('AI contract review', () => {
  test('reviews a Korean service contract as 을, accepts an edit and downloads it as a Word redline', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'admin@hanbit.example');
    const name = `홈페이지 구축 용역계약서 ${Date.now().toString(36)}.txt`;

    await page.goto('/hanbit/ai-review');
    await expect(page.getByRole('heading', { level: 1, name: 'AI 계약 검토' })).toBeVisible();
    await page.getByText('파일 올리기', { exact: true }).click();
    await page.getByLabel('검토할 계약서 파일').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(CONTRACT, 'utf8') });
    await expect(page.getByText('선택한 계약서:')).toBeVisible({ timeout: 30_000 });

    await page.getByRole('combobox', { name: '계약 유형' }).click();
    await page.getByRole('option', { name: /^용역계약/ }).click();
    await page.getByRole('radio', { name: /^을/ }).check();

    // The cost before the run, and the balance it comes out of.
    await expect(page.getByRole('group', { name: '예상 비용' })).toBeVisible({ timeout: 30_000 });
    const estimate = await creditsAfter(page, '차감 예정:');
    const before = await creditsAfter(page, '현재 잔액:');
    expect(estimate).toBeGreaterThan(0);

    await page.getByRole('button', { name: '검토 시작' }).click();
    await expect(page).toHaveURL(/\/hanbit\/ai-review\/\d+$/);
    const reviewId = Number(new URL(page.url()).pathname.split('/').pop());

    // A not-met finding that rests on a statute and proposes an edit.
    const finding = page
      .getByRole('article')
      .filter({ hasText: '미충족' })
      .filter({ has: page.getByRole('button', { name: /제\d+조/ }) })
      .filter({ has: page.getByRole('button', { name: '수정 수용' }) })
      .first();
    await expect(finding).toBeVisible({ timeout: 60_000 });
    await finding.getByRole('button', { name: /제\d+조/ }).first().click();
    await expect(finding.getByText(/^시행일 /).first()).toBeVisible();
    // (Once accepted the card has no accept button, so the filtered locator no longer names it.)
    await finding.getByRole('button', { name: '수정 수용' }).click();
    await expect(page.getByRole('article').filter({ hasText: '수용함' }).first()).toBeVisible();

    // The contract with the accepted edit as a tracked change.
    await page.getByRole('button', { name: '내보내기' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: '수정 반영 계약서 (DOCX, 변경 내용 추적)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
    const documentXml = await zip.file('word/document.xml')!.async('string');
    expect(documentXml).toContain('<w:ins');

    // Without a model (the built-in engine) a translation and a clause rewrite show the server's 503 message;
    // nothing is charged (the balance below still differs by the review's estimate only).
    await page.getByRole('button', { name: '번역', exact: true }).click();
    const translation = page.getByRole('dialog', { name: '영어로 번역' });
    await translation.getByRole('button', { name: '번역 시작' }).click();
    await expect(translation.getByRole('alert')).toContainText('AI 모델이 설정되지 않았습니다');
    await page.keyboard.press('Escape');
    await page.getByRole('article').filter({ hasText: '수용함' }).first().getByRole('button', { name: 'AI로 다시 쓰기' }).click();
    const rewrite = page.getByRole('dialog', { name: /다시 쓰기$/ });
    await rewrite.getByRole('button', { name: '수정안 만들기' }).click();
    await expect(rewrite.getByRole('alert')).toContainText('AI 모델이 설정되지 않았습니다');
    await page.keyboard.press('Escape');

    // The balance went down by the estimate, and the same document again costs nothing (cached).
    const review = await callApi<{ status: string; creditsCharged: number; source: { fileKey: string } }>(page, 'GET', `/api/aireview/reviews/${reviewId}/v1`);
    expect(review.status).toBe('DONE');
    expect(review.creditsCharged).toBe(estimate);
    const after = await callApi<{ balance: number; cached: boolean; credits: number }>(page, 'POST', '/api/aireview/review/estimate/v1', {
      fileKey: review.source.fileKey, contractType: 'SERVICE', position: 'PARTY_B',
    });
    expect(after.cached).toBe(true);
    expect(after.credits).toBe(0);
    expect(after.balance).toBe(before - estimate);
  });
});
