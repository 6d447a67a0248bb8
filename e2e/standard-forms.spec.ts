import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from './support/page-checks';
import { DOCX_MIME, SERVICE_V1, SERVICE_V2, templateDocx } from './support/standard-forms';
import { signIn } from './support/workspace';

/**
 * The journey: a form writer uploads a Word template with {{...}} markers, adds a second
 * version and reads the redline between them, describes the variables, activates the form and
 * drafts a contract from it; the new contract shows the values in its document and its fields.
 */

async function chooseOption(page: Page, scope: Locator, label: string | RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('standard forms', () => {
  test('upload, second version with its redline, variables, and a contract drafted from the form', async ({ page }) => {
    test.setTimeout(300_000);
    const suffix = Date.now().toString(36);
    const title = `용역계약서 표준 ${suffix}`;
    await signIn(page, 'manager@hanbit.example');

    // The library, then a new form from an uploaded template (with progress).
    await page.goto('/hanbit/standard-forms');
    await expect(page.getByRole('heading', { name: '표준 서식', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: '새 서식' }).click();
    const create = page.getByRole('dialog', { name: '새 서식' });
    await create.getByLabel(/^제목/).fill(title);
    await chooseOption(page, create, /^계약 유형/, '용역계약');
    await create.getByLabel('양식 파일').setInputFiles({ name: `${title}.docx`, mimeType: DOCX_MIME, buffer: await templateDocx(SERVICE_V1) });
    await create.getByRole('button', { name: '업로드하고 만들기' }).click();
    await expect(page).toHaveURL(/\/hanbit\/standard-forms\/\d+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    const preview = page.getByRole('document', { name: '버전 1 본문' });
    await expect(preview.locator('mark[data-marker="counterparty"]')).toBeVisible();

    // Version 2, then the redline between 1 and 2.
    await page.getByRole('tab', { name: '버전' }).click();
    await page.getByRole('button', { name: '새 버전 올리기' }).click();
    const upload = page.getByRole('dialog', { name: '새 버전 (v2)' });
    await upload.getByLabel('양식 파일').setInputFiles({ name: `${title} v2.docx`, mimeType: DOCX_MIME, buffer: await templateDocx(SERVICE_V2) });
    await upload.getByRole('textbox', { name: '변경 내용 (선택)' }).fill('지급 조건 변경, 기간 조항 추가');
    await upload.getByRole('button', { name: '올리기' }).click();
    await expect(upload).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText('지급 조건 변경, 기간 조항 추가')).toBeVisible();
    const redline = page.getByRole('region', { name: 'v1 → v2 변경 내용' });
    await expect(redline).toBeVisible({ timeout: 30_000 });
    await expect(redline.locator('del').filter({ hasText: '계약' }).first()).toBeVisible();
    await expect(redline.locator('ins').filter({ hasText: '검수' }).first()).toBeVisible();
    await expect(redline.locator('ins').filter({ hasText: '제3조 (기간)' }).first()).toBeVisible();

    // The variables: a party, an amount and a date, each filling a contract field.
    await page.getByRole('tab', { name: /^변수/ }).click();
    await page.getByRole('button', { name: '변수 편집' }).click();
    const party = page.getByRole('group', { name: '변수 counterparty' });
    await party.getByRole('textbox', { name: '항목명 (한국어)' }).fill('상대방');
    await chooseOption(page, party, '유형', '당사자');
    await chooseOption(page, party, '계약 항목', '상대방');
    await party.getByRole('checkbox', { name: '필수' }).check();
    const fee = page.getByRole('group', { name: '변수 fee' });
    await fee.getByRole('textbox', { name: '항목명 (한국어)' }).fill('용역대금');
    await chooseOption(page, fee, '유형', '금액');
    await chooseOption(page, fee, '계약 항목', '계약 금액');
    const start = page.getByRole('group', { name: '변수 startDate' });
    await start.getByRole('textbox', { name: '항목명 (한국어)' }).fill('시작일');
    await chooseOption(page, start, '유형', '날짜');
    await chooseOption(page, start, '계약 항목', '시작일');
    await page.getByRole('button', { name: '변수 저장' }).click();
    const variables = page.getByRole('table', { name: '변수' });
    await expect(variables).toContainText('당사자');
    await expect(variables).toContainText('계약 금액');

    // Activate, then draft.
    await page.getByRole('button', { name: '사용', exact: true }).click();
    await expect(page.getByRole('button', { name: '사용 중지' })).toBeVisible();
    await page.getByRole('link', { name: '계약서 작성' }).click();
    await expect(page.getByText(`"${title}" 버전 2으로 작성합니다.`)).toBeVisible();
    await page.getByRole('button', { name: '다음' }).click();
    const values = page.getByRole('form', { name: '변수 입력' });
    await values.getByRole('button', { name: '다음' }).click();
    // Markers new in an upload are required until configured otherwise.
    await expect(values.getByText('필수 항목입니다')).toHaveCount(3);
    await values.getByRole('textbox', { name: /상대방 이름/ }).fill('주식회사 새솔');
    await values.getByRole('textbox', { name: /^용역대금/ }).fill('15000000');
    await values.getByLabel(/^시작일/).fill('2026-12-01');
    const draftPreview = page.getByRole('document', { name: '문서 미리보기' });
    await expect(draftPreview).toContainText('주식회사 새솔(이하 "을")');
    await expect(draftPreview).toContainText('15,000,000 KRW');
    await values.getByRole('button', { name: '다음' }).click();
    const contractTitle = `새솔 개발 용역 ${suffix}`;
    await page.getByRole('textbox', { name: '계약명' }).fill(contractTitle);
    await page.getByRole('button', { name: '계약서 만들기' }).click();

    // The new contract: its fields and its document.
    await expect(page).toHaveURL(/\/hanbit\/contracts\/\d+$/, { timeout: 60_000 });
    await expect(page.getByRole('heading', { name: contractTitle, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: '계약 조건' })).toContainText('₩15,000,000');
    await expect(page.getByRole('list', { name: '계약 상대방' })).toContainText('주식회사 새솔');
    const clauses = page.getByRole('region', { name: '조항 분석' });
    await clauses.getByRole('button', { name: '분석하기', exact: true }).click();
    await expect(clauses.getByRole('button', { name: /제2조 \(대금\).*본문 보기/ })).toBeVisible({ timeout: 60_000 });
    await clauses.getByRole('button', { name: /제2조 \(대금\).*본문 보기/ }).click();
    await expect(clauses).toContainText('15,000,000');
    await expect(clauses).not.toContainText('{{fee}}');
  });

  test('the form maker builds a numbered form with a variable; the admin console keeps the form categories', async ({ page }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    const title = `비밀유지 약정 ${suffix}`;
    await signIn(page, 'manager@hanbit.example');
    await page.goto('/hanbit/standard-forms/new/maker');
    await expect(page.getByRole('heading', { name: '서식 만들기', level: 1 })).toBeVisible();
    await page.getByLabel(/^제목/).first().fill(title);
    await chooseOption(page, page.locator('body'), /^계약 유형/, '비밀유지계약');
    await page.getByRole('group', { name: '블록 1: 제목' }).getByRole('textbox', { name: '제목' }).fill('비밀유지 약정서');
    await page.getByRole('button', { name: '조항', exact: true }).click();
    const article = page.getByRole('group', { name: '블록 2: 조항' });
    await article.getByRole('textbox', { name: '조항 제목' }).fill('목적');
    await article.getByRole('textbox', { name: '내용' }).fill('이 약정은 을의 비밀정보를 보호한다. 상대방: ');
    await page.getByRole('textbox', { name: '새 변수 (표시 이름)' }).fill('party');
    await page.getByRole('button', { name: '변수 추가' }).click();
    await chooseOption(page, article, '변수', 'party');
    await article.getByRole('button', { name: '커서 위치에 넣기' }).click();
    const preview = page.getByRole('document', { name: '실시간 미리보기' });
    await expect(preview).toContainText('제1조 (목적)');
    await expect(preview.locator('mark[data-marker="party"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'form maker');
    await page.getByRole('button', { name: '서식 만들기', exact: true }).click();
    await expect(page).toHaveURL(/\/hanbit\/standard-forms\/\d+$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('document', { name: '버전 1 본문' })).toContainText('제1조');
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'standard form page');
    await page.goto('/hanbit/standard-forms');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, 'standard-form library');

    // The admin console: a new form category, kept after a reload.
    await page.context().clearCookies();
    await signIn(page, 'admin@hanbit.example');
    await page.goto('/hanbit/admin/standard-forms');
    const section = page.getByRole('region', { name: '서식 분류' });
    const categories = section.locator('input').first();
    await categories.fill(`구매${suffix}`);
    await categories.press('Enter');
    await section.getByRole('button', { name: '저장' }).click();
    await expect(page.getByText('저장했습니다.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: '서식 분류' })).toContainText(`구매${suffix}`);
  });
});
