import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './support/workspace';

test.describe('the contract repository', () => {
  test('registers a contract from an uploaded file, finds it by a Korean word of its text, and exports the list', async ({ page }) => {
    const title = `물품 공급 계약 ${Date.now().toString(36)}`;
    const text = [
      '물품 공급 계약서',
      '제1조(목적) 이 계약은 갑이 을에게 물품을 공급하는 조건을 정한다.',
      '제7조(위약벌) 을이 납기를 지키지 못하면 지체상금을 지급한다.',
    ].join('\n');

    await signIn(page, 'manager@hanbit.example');
    await expect(page).toHaveURL(/\/hanbit\/?$/);
    await page.getByRole('navigation', { name: '서비스 메뉴' }).getByRole('link', { name: '계약 목록' }).click();
    await page.getByRole('main').getByRole('link', { name: '계약 등록' }).first().click();

    // Upload: the file's progress bar, then the details.
    await page.getByLabel('올릴 계약서 파일').setInputFiles({ name: `${title}.txt`, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });
    await expect(page.getByText(`${title}.txt`).first()).toBeVisible();
    await expect(page.getByLabel(/^계약명/)).toHaveValue(title, { timeout: 20_000 });
    await page.getByRole('combobox', { name: /^계약 유형/ }).click();
    await page.getByRole('option', { name: '물품공급계약' }).click();
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await expect(page).toHaveURL(/\/hanbit\/contracts\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // Search by a two-syllable word that only the document's text holds (extraction runs in a job).
    await page.goto('/hanbit/contracts');
    await expect(async () => {
      await page.getByLabel('검색어').fill('위약');
      await page.getByRole('button', { name: '검색', exact: true }).click();
      await expect(page.getByRole('link', { name: title })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000 });

    // Excel export of the current search.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Excel로 내보내기' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  });

  test('fills a service agreement from its document, analyses its clauses, adds a revision and marks it executed', async ({ page }) => {
    const title = `용역 계약 ${Date.now().toString(36)}`;
    const articles = [
      '제1조(목적) 이 계약은 을이 갑에게 제공하는 계약관리 시스템 구축 용역의 범위와 조건을 정함을 목적으로 한다.',
      '제2조(계약기간) 계약기간은 2026년 1월 1일부터 2026년 12월 31일까지로 한다.',
      '제3조(계약금액) 계약금액은 금 일천만원정(₩10,000,000)으로 하며, 부가가치세는 별도로 한다.',
      '제4조(대금 지급) 갑은 검수를 마친 날부터 30일 이내에 을이 지정한 계좌로 계약금액을 지급한다.',
      '제5조(비밀유지) 을은 용역을 수행하며 알게 된 갑의 영업비밀을 제3자에게 누설하여서는 아니 된다.',
      '제9조(관할) 이 계약과 관련한 분쟁은 서울중앙지방법원을 관할 법원으로 한다.',
    ];
    const text = (extra: string[] = []) =>
      ['용역 계약서', '', "주식회사 한빛(이하 '갑'이라 한다)과 주식회사 새솔(이하 '을'이라 한다)은 계약관리 시스템 구축 용역에 관하여 다음과 같이 계약을 체결한다.", '', ...articles, ...extra].join('\n');

    await signIn(page, 'manager@hanbit.example');
    await expect(page).toHaveURL(/\/hanbit\/?$/);
    await page.getByRole('navigation', { name: '서비스 메뉴' }).getByRole('link', { name: '계약 목록' }).click();
    await page.getByRole('main').getByRole('link', { name: '계약 등록' }).first().click();

    // Upload the document: it names the contract; the other fields stay empty until filled from it.
    await page.getByLabel('올릴 계약서 파일').setInputFiles({ name: `${title}.txt`, mimeType: 'text/plain', buffer: Buffer.from(text(), 'utf8') });
    await expect(page.getByLabel(/^계약명/)).toHaveValue(title, { timeout: 20_000 });
    const startDate = page.getByLabel('시작일', { exact: true });
    await expect(startDate).toHaveValue('');

    // "Fill from document" needs the extracted text (a background job): until then it says the text is still being read.
    await expect(async () => {
      await page.getByRole('button', { name: '문서에서 채우기' }).click();
      await expect(startDate).toHaveValue('2026-01-01', { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    await expect(page.getByText(/^6개 항목을 채웠습니다: .*상대방 2곳\(주식회사 한빛, 주식회사 새솔\).*저장 전에 확인해 주세요\.$/)).toBeVisible();
    await expect(page.getByLabel(/^계약명/)).toHaveValue(title);
    await expect(page.getByLabel('종료일', { exact: true })).toHaveValue('2026-12-31');
    await expect(page.getByLabel('금액', { exact: true })).toHaveValue('10,000,000');
    await expect(page.getByRole('combobox', { name: '통화' })).toHaveValue('KRW');
    await expect(page.getByRole('combobox', { name: /^계약 유형/ })).toHaveValue('용역계약');
    await expect(page.getByRole('combobox', { name: '분쟁 해결 방법' })).toHaveValue('소송');
    const parties = page.getByRole('list', { name: '계약 상대방' });
    await expect(parties).toContainText('주식회사 한빛');
    await expect(parties).toContainText('주식회사 새솔');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await expect(page).toHaveURL(/\/hanbit\/contracts\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const terms = page.getByRole('region', { name: '계약 조건' });
    await expect(terms).toContainText('₩10,000,000');
    await expect(terms).toContainText('용역계약');
    const header = page.getByRole('heading', { name: title, level: 1 }).locator('..');
    await expect(header).toContainText('작성 중');

    // Clause analysis: the articles grouped by label, each with its text.
    const clauses = page.getByRole('region', { name: '조항 분석' });
    await expect(clauses).toContainText('아직 분석하지 않았습니다.');
    await clauses.getByRole('button', { name: '분석하기', exact: true }).click();
    await expect(page.getByText('6개 조항을 분석했습니다.')).toBeVisible({ timeout: 20_000 });
    const term = clauses.getByRole('region', { name: '계약기간' });
    await expect(term.getByRole('button', { name: '제2조(계약기간) 본문 보기' })).toBeVisible();
    const disputes = clauses.getByRole('region', { name: '분쟁 해결' });
    await disputes.getByRole('button', { name: '제9조(관할) 본문 보기' }).click();
    await expect(disputes.getByText('서울중앙지방법원을 관할 법원으로 한다.')).toBeVisible();
    await expect(clauses.getByRole('region', { name: '대금 지급' })).toContainText('2개');
    await expect(clauses.getByRole('button', { name: '다시 분석하기' })).toBeVisible();

    // A new revision of the main document: the history shows revision 2 as the current one.
    const mainDocument = page.getByRole('region', { name: '본문 문서' });
    const revisions = mainDocument.getByRole('table', { name: '본문 문서 버전 기록' });
    await expect(revisions.getByRole('row')).toHaveCount(2);
    await mainDocument.getByLabel('본문 문서로 올릴 파일').setInputFiles({
      name: `${title} 수정본.txt`,
      mimeType: 'text/plain',
      buffer: Buffer.from(text(['제10조(통지) 이 계약에 따른 통지는 서면으로 한다.']), 'utf8'),
    });
    await expect(revisions.getByRole('row')).toHaveCount(3, { timeout: 20_000 });
    const second = revisions.getByRole('row', { name: /버전 2/ });
    await expect(second).toContainText('현재');
    await expect(second).toContainText(`${title} 수정본.txt`);
    await expect(revisions.getByRole('row', { name: /버전 1/ })).not.toContainText('현재');

    // Marked executed: the status badge says so and the action is gone.
    await page.getByRole('button', { name: '체결 완료 처리' }).click();
    const dialog = page.getByRole('dialog', { name: '체결 완료 처리' });
    await dialog.getByLabel(/^체결일/).fill('2025-12-20');
    await dialog.getByRole('button', { name: '체결 완료로 처리' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('계약을 체결 완료로 처리했습니다.')).toBeVisible();
    await expect(header).toContainText('체결 완료');
    await expect(header).not.toContainText('작성 중');
    await expect(page.getByRole('button', { name: '체결 완료 처리' })).toBeHidden();
    await expect(terms).toContainText('2025. 12. 20.');

    // The activity panel tells the story, newest first.
    const activity = page.getByRole('region', { name: '활동 기록' });
    await expect(activity).toContainText('님이 계약을 체결 완료로 처리했습니다 (체결 완료)');
    await expect(activity).toContainText('님이 계약서 본문의 2번째 판을 올렸습니다');
    await expect(activity).toContainText('님이 조항 6개를 분석했습니다');
    await expect(activity).toContainText('님이 계약을 등록했습니다');
  });
});

/** Registers a contract from a small text file through the create page and opens its detail. */
async function registerContract(page: Page, title: string) {
  await page.goto('/hanbit/contracts/new');
  await page.getByLabel('올릴 계약서 파일').setInputFiles({ name: `${title}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`${title}\n제1조(목적) 용역을 제공한다.`, 'utf8') });
  await expect(page.getByLabel(/^계약명/)).toHaveValue(title, { timeout: 20_000 });
  await page.getByRole('combobox', { name: /^계약 유형/ }).click();
  await page.getByRole('option', { name: '물품공급계약' }).click();
  await page.getByRole('button', { name: '등록', exact: true }).click();
  await expect(page).toHaveURL(/\/hanbit\/contracts\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

/** The template's header row, read from the workbook the wizard hands out. */
async function templateHeader(path: string): Promise<{ workbook: ExcelJS.Workbook; header: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets.find((s) => s.state !== 'hidden')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  return { workbook, header };
}

test.describe('the contract repository: bulk registration and reminders', () => {
  test('bulk-registers 20 contracts from the template with two bad rows, fixes them and retries', async ({ page }) => {
    test.setTimeout(120_000);
    const stamp = Date.now().toString(36);
    await signIn(page, 'manager@hanbit.example');
    await expect(page).toHaveURL(/\/hanbit\/?$/);
    await page.goto('/hanbit/contracts');
    await page.getByRole('main').getByRole('link', { name: '일괄 등록' }).click();
    await expect(page.getByRole('heading', { name: '계약 일괄 등록' })).toBeVisible();

    // The template, as the wizard hands it out: its header row names the columns to fill.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '양식 내려받기', exact: true }).click();
    const { workbook, header } = await templateHeader(await (await download).path());
    const sheet = workbook.worksheets.find((s) => s.state !== 'hidden')!;
    for (let i = 1; i <= 20; i++) {
      // Row 6 names a contract type that does not exist, row 11 an owner who is no member.
      const values: Record<string, string> = {
        계약명: `일괄 ${stamp} ${String(i).padStart(2, '0')}`,
        '계약 유형': i === 5 ? '없는 유형' : '물품공급계약',
        '계약 상대방': '주식회사 한빛, 새솔 상사',
        시작일: '2026-01-01',
        종료일: '2026-12-31',
        '계약 금액': String(1_000_000 * i),
        통화: 'KRW',
        '담당자 이메일': i === 10 ? `nobody-${stamp}@hanbit.example` : 'manager@hanbit.example',
        해시태그: '일괄등록',
      };
      expect(header, 'the template names every column filled here').toEqual(expect.arrayContaining(Object.keys(values)));
      // Every column is written, so nothing of the template's example row (row 2) is left.
      const row = sheet.getRow(i + 1);
      header.forEach((label, index) => (row.getCell(index + 1).value = values[label] ?? null));
      row.commit();
    }
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());

    // Upload and validate: 18 rows ready, rows 6 and 11 wrong.
    await page.getByLabel('올릴 일괄 등록 양식').setInputFiles({ name: `bulk-${stamp}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: filled });
    await expect(page.getByText(`bulk-${stamp}.xlsx`).first()).toBeVisible();
    await page.getByRole('button', { name: '검증하기' }).click();
    await expect(page.getByText('전체 20행 중 등록 가능 18행, 오류 2행')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('list', { name: '6행 오류' })).toContainText('계약 유형');
    await expect(page.getByRole('list', { name: '11행 오류' })).toContainText('담당자');

    // Register the good rows first.
    await page.getByRole('button', { name: '확정', exact: true }).click();
    await page.getByRole('button', { name: '등록 시작' }).click();
    await expect(page.getByText('일부 행을 등록하지 못했습니다. 고친 뒤 다시 시도해 주세요.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: new RegExp(`^일괄 ${stamp} `) })).toHaveCount(18);

    // Fix row 6 in place, and give row 11 an owner through the assignment of selected rows.
    await page.getByRole('button', { name: '6행 고치기' }).click();
    const type = page.getByRole('textbox', { name: '계약 유형' });
    await type.fill('물품공급계약');
    await page.getByRole('button', { name: '저장하고 다시 검증' }).click();
    // A fixed row makes the request VALIDATED again: the wizard is back at the validation step.
    await expect(page.getByRole('button', { name: '전체 다시 검증' })).toBeVisible();
    await expect(page.getByText('전체 20행 중 등록 가능 1행, 오류 1행')).toBeVisible();
    await page.getByRole('checkbox', { name: '11행 선택' }).check();
    const assign = page.getByRole('group', { name: '선택한 행에 담당자·그룹 지정' });
    await expect(assign).toContainText('1행 선택됨');
    await assign.getByRole('combobox', { name: '담당자' }).fill('manager');
    await page.getByRole('option', { name: /manager@hanbit\.example/ }).click();
    await assign.getByRole('button', { name: '담당자 지정' }).click();
    await expect(page.getByText('전체 20행 중 등록 가능 2행, 오류 0행')).toBeVisible();

    // Retry: check again, confirm and register the two fixed rows.
    await page.getByRole('button', { name: '전체 다시 검증' }).click();
    await page.getByRole('button', { name: '확정', exact: true }).click();
    await page.getByRole('button', { name: '등록 시작' }).click();
    await expect(page.getByText('모든 행을 등록했습니다.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: new RegExp(`^일괄 ${stamp} `) })).toHaveCount(20);

    // Twenty contracts, each once, in the repository.
    await page.goto('/hanbit/contracts');
    await page.getByLabel('검색어').fill(`일괄 ${stamp}`);
    await page.getByRole('button', { name: '검색', exact: true }).click();
    await expect(page.getByRole('link', { name: `일괄 ${stamp} 06` })).toHaveCount(1);
    await expect(page.getByRole('link', { name: `일괄 ${stamp} 11` })).toHaveCount(1);
  });

  test('sets a reminder on a contract and its mail reaches the dev mailbox', async ({ page, request }) => {
    // The reminder sweep runs once a minute: the reminder is due in ~20 s, then up to a minute more.
    test.setTimeout(150_000);
    const title = `알림 계약 ${Date.now().toString(36)}`;
    const reminderTitle = `${title} 갱신 검토`;
    await signIn(page, 'manager@hanbit.example');
    await expect(page).toHaveURL(/\/hanbit\/?$/);
    await registerContract(page, title);

    await page.getByRole('button', { name: '알림 추가' }).click();
    const dialog = page.getByRole('dialog', { name: '알림 추가' });
    await dialog.getByLabel(/^알림 제목/).fill(reminderTitle);
    // datetime-local in the browser's own time zone, with seconds (the form keeps them).
    const at = await page.evaluate(() => {
      const d = new Date(Date.now() + 20_000);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
    });
    await dialog.getByLabel(/^알림 시각/).fill(at);
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(dialog).toBeHidden();
    const reminders = page.getByRole('list', { name: '알림' });
    await expect(reminders).toContainText(reminderTitle);
    await expect(reminders).toContainText('예약됨');

    await expect
      .poll(
        async () => {
          const res = await request.get(`/api/dev/mailbox/v1?to=${encodeURIComponent('manager@hanbit.example')}&size=100`);
          const messages = (await res.json()).data.content as Array<{ subject: string; text: string }>;
          return messages.find((m) => m.subject.includes(reminderTitle))?.text ?? null;
        },
        { timeout: 120_000, intervals: [2_000] },
      )
      .toContain(title);
    // The contract page shows it as sent.
    await page.reload();
    await expect(page.getByRole('list', { name: '알림' })).toContainText('발송됨', { timeout: 10_000 });
  });
});
