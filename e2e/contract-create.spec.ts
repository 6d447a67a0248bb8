import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signIn } from './support/workspace';

const V7 = '**/api/alex/contracts/v7';

/** The create form with one uploaded document named `title` and a contract type chosen. */
async function startContract(page: Page, title: string) {
  await page.goto('/hanbit/contracts/new');
  await page.getByLabel('올릴 계약서 파일').setInputFiles({ name: `${title}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`${title}\n제1조(목적) 물품을 공급한다.`, 'utf8') });
  await expect(page.getByLabel(/^계약명/)).toHaveValue(title, { timeout: 20_000 });
  await page.getByRole('combobox', { name: /^계약 유형/ }).click();
  await page.getByRole('option', { name: '물품공급계약' }).click();
}

/** How many contracts with this title the list finds (the title ends in a token no other contract has). */
async function countListed(page: Page, title: string, token: string) {
  await page.goto(`/hanbit/contracts?q=${encodeURIComponent(token)}`);
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 20_000 });
  return page.getByRole('link', { name: title }).count();
}

test.describe('registering a contract', () => {
  test('a counterparty added in its dialog stays on the form, a repeat is refused, and a double click registers once', async ({ page }) => {
    const token = `cp${Date.now().toString(36)}`;
    const title = `공급 계약 ${token}`;
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/alex/contracts/v7')) posts.push(request.headers()['idempotency-key'] ?? '');
    });
    await signIn(page, 'manager@hanbit.example');
    await startContract(page, title);

    // The currency is a value, not a grey hint; the amount is grouped as it is typed.
    await expect(page.getByRole('combobox', { name: '통화' })).toHaveValue('KRW');
    const amount = page.getByLabel('금액', { exact: true });
    await amount.pressSequentially('12500000');
    await expect(amount).toHaveValue('12,500,000');

    // The dialog's 저장 adds the counterparty to the form and registers nothing.
    await page.getByRole('button', { name: '상대방 추가' }).click();
    let dialog = page.getByRole('dialog', { name: '상대방 추가' });
    await dialog.getByLabel(/^이름\(상호\)/).fill('주식회사 가온');
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/hanbit\/contracts\/new$/);
    const parties = page.getByRole('list', { name: '계약 상대방' });
    await expect(parties).toContainText('주식회사 가온');
    expect(posts).toHaveLength(0);

    // The same counterparty again (spacing aside) is refused with a word, in the dialog.
    await page.getByRole('button', { name: '상대방 추가' }).click();
    dialog = page.getByRole('dialog', { name: '상대방 추가' });
    await dialog.getByLabel(/^이름\(상호\)/).fill('주식회사  가온');
    await dialog.getByRole('button', { name: '저장' }).click();
    await expect(dialog.getByText('이미 추가된 상대방입니다.')).toBeVisible();
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect(parties.getByRole('listitem')).toHaveCount(1);
    expect(posts).toHaveLength(0);

    // A double click on 등록: one contract, with the counterparty and the amount.
    await page.getByRole('button', { name: '등록', exact: true }).dblclick();
    await expect(page).toHaveURL(/\/hanbit\/contracts\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('주식회사 가온').first()).toBeVisible();
    await expect(page.getByRole('region', { name: '계약 조건' })).toContainText('₩12,500,000');
    expect(new Set(posts).size).toBe(1);
    expect(await countListed(page, title, token)).toBe(1);
  });

  test('an answer cut off after the server registered is not a second contract when 등록 is clicked again', async ({ page }) => {
    const token = `cut${Date.now().toString(36)}`;
    const title = `끊긴 응답 계약 ${token}`;
    await signIn(page, 'manager@hanbit.example');
    await startContract(page, title);

    // The first request reaches the server and is carried out; its answer never arrives.
    let isFirst = true;
    await page.route(V7, async (route) => {
      if (!isFirst) return route.continue();
      isFirst = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    const register = page.getByRole('button', { name: '등록', exact: true });
    await register.click();
    await expect(page.getByRole('alert').filter({ hasText: /연결|네트워크|저장하지 못/ })).toBeVisible();
    await expect(page).toHaveURL(/\/hanbit\/contracts\/new$/);

    // Clicked again: the same registration, answered with the contract already made.
    await expect(register).toBeEnabled();
    await register.click();
    await expect(page).toHaveURL(/\/hanbit\/contracts\/\d+$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    expect(await countListed(page, title, token)).toBe(1);
  });

  test('fill from document counts the counterparty it adds', async ({ page }) => {
    const token = `fill${Date.now().toString(36)}`;
    const text = [
      `물품 공급 계약서 ${token}`,
      "주식회사 한빛(이하 '갑'이라 한다)과 주식회사 새솔(이하 '을'이라 한다)은 다음과 같이 계약을 체결한다.",
      '제1조(목적) 이 계약은 을이 갑에게 물품을 공급하는 조건을 정한다.',
      '제2조(계약기간) 계약기간은 2026년 1월 1일부터 2026년 12월 31일까지로 한다.',
    ].join('\n');
    await signIn(page, 'manager@hanbit.example');
    await page.goto('/hanbit/contracts/new');
    await page.getByLabel('올릴 계약서 파일').setInputFiles({ name: `${token}.txt`, mimeType: 'text/plain', buffer: Buffer.from(text, 'utf8') });
    await expect(page.getByLabel(/^계약명/)).toHaveValue(token, { timeout: 20_000 });
    await expect(async () => {
      await page.getByRole('button', { name: '문서에서 채우기' }).click();
      await expect(page.getByLabel('시작일', { exact: true })).toHaveValue('2026-01-01', { timeout: 2_000 });
    }).toPass({ timeout: 45_000 });
    const parties = page.getByRole('list', { name: '계약 상대방' });
    const added = await parties.getByRole('listitem').count();
    expect(added).toBeGreaterThan(0);
    // The notice names every field it filled, the counterparties with their number.
    const notice = page.getByText(/개 항목을 채웠습니다: /);
    await expect(notice).toContainText(`상대방 ${added}곳(`);
    await expect(notice).toContainText('시작일');
    await expect(notice).toContainText('종료일');
  });
});

test.describe('the contract list when it is empty', () => {
  // The external lawyer reads only the contracts they take part in, and takes part in none of
  // 새솔's (the demo gives 한빛's reader and members some of 한빛's contracts to see).
  const LAWYER = 'lawyer@hanbit.example';
  const LAUNCHER = /\/workspaces$/;

  test('a member who may see none is told what is true and offered nothing they may not do', async ({ page }) => {
    await signIn(page, LAWYER, LAUNCHER);
    await page.goto('/saesol/contracts');
    await expect(page.getByText('볼 수 있는 계약이 없습니다')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('등록된 계약이 없습니다')).toHaveCount(0);
    await expect(page.getByText(/첫 계약을 등록/)).toHaveCount(0);
    await expect(page.getByRole('link', { name: '계약 등록' })).toHaveCount(0);

    // With a search that finds nothing: said so, with a way back to the whole list.
    await page.goto('/saesol/contracts?q=zzqx');
    await expect(page.getByText('조건에 맞는 계약이 없습니다')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: '검색 조건 지우기' }).click();
    await expect(page).toHaveURL(/\/saesol\/contracts$/);
    await expect(page.getByText('볼 수 있는 계약이 없습니다')).toBeVisible();
  });

  test('in English too', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('legal.locale', 'en'));
    await page.goto('/sign-in');
    await page.getByLabel('ID', { exact: true }).fill(LAWYER);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: /^Sign in$/i }).click();
    await expect(page).toHaveURL(LAUNCHER);
    await page.goto('/saesol/contracts');
    await expect(page.getByText('No contracts you can see')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: /Register/ })).toHaveCount(0);
  });
});
