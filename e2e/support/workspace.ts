import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Demo-pass-2026!';

/**
 * Signs in through the form (Korean labels: the default interface language) and waits for the
 * page it lands on: the workspace home of a one-workspace member, the launcher for several.
 */
export async function signIn(page: Page, loginId: string, landing: RegExp = /\/hanbit\/?$/) {
  await page.goto('/sign-in');
  await page.getByLabel('아이디').fill(loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  // Waits as long as the test may (a first start under CI load is slow), and says what the page
  // showed when it never got there: the failure alert's text tells a refusal from a slow server.
  await page.waitForURL(landing).catch(async (error: unknown) => {
    const said = await page.getByRole('alert').allInnerTexts().catch(() => []);
    throw new Error(`signing in as ${loginId} stayed on ${page.url()}${said.length ? `; the page says: ${said.join(' | ')}` : ' with no alert'}`, { cause: error });
  });
}

/** Chooses the interface language before the next page load (the app reads it at start-up). */
export async function useLocale(page: Page, locale: 'ko' | 'en') {
  await page.evaluate((l) => localStorage.setItem('legal.locale', l), locale);
}

interface Envelope<T> {
  code: string;
  data: T;
}

/**
 * A call to the API as the signed-in user of the page (its cookies, the workspace headers the web
 * app sends), for setting up what a test looks at. Fails the test on anything but SUCCESS.
 */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const result = await page.evaluate(
    async ({ method, path, body }) => {
      const [tenant, workspace] = (localStorage.getItem('legal.session.last-workspace') ?? '0-0').split('-');
      const headers: Record<string, string> = { 'x-tenant': tenant!, 'x-workspace': workspace!, 'x-locale': 'ko', accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(path, { method, headers, credentials: 'include', body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, text: await res.text() };
    },
    { method, path, body },
  );
  const envelope = JSON.parse(result.text) as Envelope<T>;
  expect(envelope.code, `${method} ${path}: ${result.text.slice(0, 300)}`).toBe('SUCCESS');
  return envelope.data;
}

/** Uploads a text file through arxive and answers its key. */
export async function uploadText(page: Page, name: string, text: string): Promise<string> {
  const result = await page.evaluate(
    async ({ name, text }) => {
      const [tenant, workspace] = (localStorage.getItem('legal.session.last-workspace') ?? '0-0').split('-');
      const form = new FormData();
      form.append('displayName', name);
      form.append('file', new Blob([text], { type: 'text/plain' }), name);
      const res = await fetch('/api/arxive/files/v2', { method: 'POST', headers: { 'x-tenant': tenant!, 'x-workspace': workspace!, accept: 'application/json' }, credentials: 'include', body: form });
      return res.text();
    },
    { name, text },
  );
  const envelope = JSON.parse(result) as Envelope<{ fileKey: string }>;
  expect(envelope.code, result.slice(0, 300)).toBe('SUCCESS');
  return envelope.data.fileKey;
}

export interface ContractSeed {
  title: string;
  contractType?: string;
  status?: 'DRAFT' | 'SIGNED' | 'ACTIVE' | 'EXPIRED' | 'TERMINATED';
  startDate?: string;
  endDate?: string;
  signedDate?: string;
  amount?: string;
  currency?: string;
  counterparties?: Array<{ counterpartyType: 'COMPANY' | 'PERSON'; name: string }>;
  hashtags?: string[];
}

/** Registers a contract with one text document (v7) and answers its id. */
export async function createContract(page: Page, seed: ContractSeed, documentText = `${seed.title}\n제1조(목적) 이 계약의 목적을 정한다.`): Promise<number> {
  const fileKey = await uploadText(page, `${seed.title}.txt`, documentText);
  const { title, contractType = 'SERVICE', ...rest } = seed;
  const contract = await callApi<{ id: number }>(page, 'POST', '/api/alex/contracts/v7', { title, contractType, ...rest, files: [{ fileKey, role: 'MAIN' }] });
  return contract.id;
}
