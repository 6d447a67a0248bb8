import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  kstDate, onePagePdf, sealPng, signingLink, uploadBytes, userIdOf, waitForMail,
} from './support/esign';
import { lastMailId, latestCode } from './support/mailbox';
import { expectNoSeriousViolations } from './support/page-checks';
import { callApi, signIn } from './support/workspace';

/**
 * Issue 19's journey, in Korean, each actor in a browser context of their own. A contract reaches
 * its signing step (the member requests an approval, the approver approves: through the API, as
 * set-up); the manager sends it for e-signature to two outside signers in order (e-mail code) and
 * the company's party with a SEAL field, last. Signer 1 (no account) verifies by the mailed code
 * and signs; signer 2 declines with a reason, the manager resends, signer 2 signs on the new link.
 * The member asks to use the company seal on the contract, the approver approves, the manager (the
 * seal's custodian) applies it electronically on the envelope: the envelope completes, the
 * contract is executed with the signed PDF, whose CMS signature and event chain the server's
 * verification reports valid. The reconciliation shows no mismatch for the seal, then one
 * APPLIED_WITHOUT_APPROVAL after the custodian stamps the contract without a request.
 */

const ACTORS = {
  member: 'member@hanbit.example',
  approver: 'approver@hanbit.example',
  manager: 'manager@hanbit.example',
} as const;

async function actorPage(browser: Browser, loginId: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, loginId);
  return page;
}

interface Party {
  partyId: number;
  kind: 'EXTERNAL' | 'COMPANY';
  order: number;
  name: string;
  status: string;
  declineReason: string | null;
}
interface Envelope {
  envelopeId: number;
  status: string;
  round: number;
  parties: Party[];
  fields: Array<{ key: string; type: string; filled: boolean }>;
  originalSha256: string;
  signedSha256: string | null;
  signedFileKey: string | null;
}

interface UsageRequest {
  requestId: number;
  status: string;
  version: number;
}

/** A mail carrying a signing link (not the verification code's). */
const hasLink = (m: { text: string }) => m.text.includes('/sign/');

/** The envelope of the contract (the newest), as the manager reads it. */
async function envelopeOf(page: Page, contractId: number): Promise<Envelope> {
  const list = await callApi<{ content: Array<{ envelopeId: number }> }>(page, 'GET', `/api/esign/envelopes/v1?contractId=${contractId}`);
  expect(list.content.length, 'an envelope of the contract').toBeGreaterThan(0);
  return callApi<Envelope>(page, 'GET', `/api/esign/envelopes/${list.content[0]!.envelopeId}/v1`);
}

/** Picks an option of a searchable Mantine select (or multi-select) by typing part of it. */
async function pick(page: Page, box: ReturnType<Page['getByRole']>, typed: string, option: RegExp) {
  await box.click();
  if (typed) await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** The manager registers the company seal on the registry screen (custodian: the manager) and answers its id. */
async function registerSeal(manager: Page, name: string): Promise<number> {
  await manager.goto('/hanbit/seals');
  await manager.getByRole('button', { name: '인감 등록' }).first().click();
  const form = manager.getByRole('dialog', { name: '인감 등록' });
  await form.getByRole('textbox', { name: '인감 이름' }).fill(name);
  await form.getByLabel('인영 이미지 (PNG)').setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: sealPng() });
  await expect(form.getByText(`${name}.png`)).toBeVisible({ timeout: 20_000 });
  await pick(manager, form.getByRole('combobox', { name: '관리자' }), '한지민', /^한지민/);
  await form.getByRole('button', { name: '등록', exact: true }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
  await expect(manager.getByText(name).first()).toBeVisible();
  const seals = await callApi<{ content: Array<{ sealId: number; name: string }> }>(manager, 'GET', `/api/seal/seals/v1?keyword=${encodeURIComponent(name)}`);
  return seals.content.find((s) => s.name === name)!.sealId;
}

/** The member asks to use the seal on the contract (approval line: the approver) on the requests screen. */
async function requestSeal(member: Page, sealName: string, contractTitle: string) {
  await member.goto('/hanbit/seals/requests');
  await member.getByRole('button', { name: '새 신청' }).click();
  // Exact: once sent, the new request opens in its drawer, "인감 사용 신청 #N".
  const form = member.getByRole('dialog', { name: '인감 사용 신청', exact: true });
  await pick(member, form.getByRole('combobox', { name: '인감', exact: true }), '', new RegExp(`^${sealName} `));
  await form.getByRole('textbox', { name: '사용 목적' }).fill(`${contractTitle} 체결 날인`);
  await pick(member, form.getByRole('combobox', { name: '계약', exact: true }), contractTitle, new RegExp(`^${contractTitle}$`));
  await pick(member, form.getByRole('combobox', { name: '결재선 (순서대로)' }), '최수아', /^최수아/);
  await form.getByRole('button', { name: '신청', exact: true }).click();
  await expect(form).toBeHidden({ timeout: 20_000 });
}

/** Opens the request waiting on the caller (to approve or to apply) and performs the action in its dialog. */
async function actOnSealRequest(page: Page, sealName: string, action: '승인' | '날인', fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.goto('/hanbit/seals/requests?tab=approve');
  await page.getByRole('button', { name: new RegExp(`^${sealName} 신청 #\\d+ 열기$`) }).click();
  const drawer = page.getByRole('dialog', { name: /^인감 사용 신청 #\d+$/ });
  await drawer.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: action, exact: true });
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

/**
 * A signer on the signer page, in a fresh browser context (no account): opens the mailed link,
 * verifies by the code mailed to them, then signs with a signature drawn with the mouse, or declines.
 */
async function signOnPage(browser: Browser, request: APIRequestContext, link: string, email: string, act: { decline?: string; axe?: boolean; title: string }) {
  const context = await browser.newContext({ locale: 'ko-KR' });
  const page = await context.newPage();
  try {
    await page.goto(link);
    await expect(page.getByRole('heading', { name: '본인 확인' })).toBeVisible();
    if (act.axe) await expectNoSeriousViolations(page, 'the signer page: verification');
    const before = await lastMailId(request, email);
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    const code = await latestCode(request, email, before);
    // Six digits verify by themselves (no button to press).
    await page.getByRole('textbox', { name: '인증번호 6자리' }).fill(code);
    await expect(page.getByRole('heading', { level: 1, name: act.title })).toBeVisible({ timeout: 30_000 });
    const field = page.getByRole('button', { name: /1쪽 서명 칸/ });
    await expect(field).toBeVisible({ timeout: 30_000 });
    if (act.axe) await expectNoSeriousViolations(page, 'the signer page: the document');

    if (act.decline) {
      await page.getByRole('button', { name: '서명 거절' }).click();
      const dialog = page.getByRole('dialog', { name: '서명을 거절합니다' });
      await dialog.getByRole('textbox', { name: '거절 사유' }).fill(act.decline);
      await dialog.getByRole('button', { name: '거절하기' }).click();
      await expect(page.getByRole('heading', { name: '서명을 거절했습니다' })).toBeVisible({ timeout: 20_000 });
      return;
    }
    await field.click();
    const dialog = page.getByRole('dialog', { name: '서명 만들기' });
    const pad = dialog.getByTestId('signature-pad');
    await expect(pad).toBeVisible();
    const box = (await pad.boundingBox())!;
    // A signature drawn with the mouse: two strokes across the pad.
    await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + box.width * (0.15 + i * 0.05), box.y + box.height * (0.6 - 0.3 * Math.sin(i / 2)));
    await page.mouse.up();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.75);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7, { steps: 8 });
    await page.mouse.up();
    await dialog.getByRole('button', { name: '이 서명 사용' }).click();
    await expect(dialog).toBeHidden();
    await expect(field.getByRole('img', { name: '내 서명' })).toBeVisible();
    await page.getByRole('checkbox', { name: /전자 방식으로 서명하는 데 동의/ }).check();
    await page.getByRole('button', { name: '서명하기' }).click();
    await expect(page.getByRole('heading', { name: '서명을 마쳤습니다' })).toBeVisible({ timeout: 30_000 });
  } finally {
    await context.close();
  }
}

/**
 * The manager sends the contract for e-signature from its signing step: the wizard's parties (in
 * order), a field for each on page 1 (a signature for the outside signers, the seal for the
 * company), and the message.
 */
async function sendOnPage(manager: Page, contractId: number, title: string, parties: ReadonlyArray<{ name: string; email?: string; role: string }>) {
  await manager.goto(`/hanbit/contracts/${contractId}`);
  await manager.getByRole('button', { name: '전자서명 요청' }).click();
  const wizard = manager.getByRole('dialog', { name: `전자서명 요청: ${title}` });
  const card = (order: number) => wizard.getByRole('region', { name: `${order}번 서명자` });
  for (const [index, party] of parties.entries()) {
    if (index > 0) await wizard.getByRole('button', { name: party.email ? '외부 서명자 추가' : '우리 회사(인감) 추가' }).click();
    await card(index + 1).getByRole('textbox', { name: '이름' }).fill(party.name);
    if (party.email) await card(index + 1).getByRole('textbox', { name: '이메일' }).fill(party.email);
    await card(index + 1).getByRole('textbox', { name: '역할' }).fill(party.role);
  }
  await wizard.getByRole('button', { name: '다음', exact: true }).click();

  for (const [index, party] of parties.entries()) {
    await pick(manager, wizard.getByRole('combobox', { name: '입력할 서명자' }), '', new RegExp(`^${index + 1}\\. ${party.name}$`));
    const type = party.email ? '서명' : '인감';
    await wizard.locator('label').filter({ hasText: new RegExp(`^${type}$`) }).click();
    await wizard.getByRole('button', { name: `${type} 항목을 1쪽에 추가` }).click();
    await expect(wizard.getByRole('region', { name: '놓은 항목' }).getByText(`${party.name} · ${type} · 1쪽`)).toBeVisible();
  }
  await wizard.getByRole('button', { name: '다음', exact: true }).click();

  await wizard.getByRole('textbox', { name: '서명자에게 보낼 메시지' }).fill('계약서를 확인하시고 서명해 주세요.');
  await wizard.getByRole('button', { name: '서명 요청 보내기' }).click();
  await expect(wizard).toBeHidden({ timeout: 60_000 });
}

test.describe('e-sign for outside signers, and company seals', () => {
  test('two outside signers in order (one declines once), the company seal under an approved request, the signed PDF and the seal ledger', async ({ browser, request, baseURL }) => {
    test.setTimeout(420_000);
    const run = Date.now().toString(36);
    const title = `전자서명 용역계약 ${run}`;
    const signers = [
      { name: '김서명', email: `signer1.${run}@outside.example` },
      { name: '박서명', email: `signer2.${run}@outside.example` },
    ];

    const member = await actorPage(browser, ACTORS.member);
    const approver = await actorPage(browser, ACTORS.approver);
    const manager = await actorPage(browser, ACTORS.manager);
    const approverId = await userIdOf(member, ACTORS.approver);

    // Set-up through the API: the member's contract (a PDF main document) reaches its signing step.
    const pdf = onePagePdf(['Service Agreement', `Reference ${run}`, 'Article 1 (Purpose) The supplier maintains the system.', 'Article 2 (Fee) Paid within 30 days of acceptance.']);
    const pdfKey = await uploadBytes(member, `${title}.pdf`, 'application/pdf', pdf);
    const contract = await callApi<{ id: number }>(member, 'POST', '/api/alex/contracts/v7', {
      title, contractType: 'SERVICE', status: 'DRAFT', counterparties: [{ counterpartyType: 'COMPANY', name: '주식회사 바깥' }], files: [{ fileKey: pdfKey, role: 'MAIN' }],
    });
    const started = await callApi<{ revision: number }>(member, 'POST', `/api/conhub/contracts/${contract.id}/workflows/v2`, { presetType: 'APPROVAL', message: '체결 전 결재 요청', approvalLines: [{ userIds: [approverId] }] });
    await callApi(approver, 'POST', `/api/conhub/contracts/${contract.id}/workflows/current/actions/v2`, { stepCode: 'APPROVAL', actionId: 'APPROVE', revision: started.revision, comment: '승인합니다.' });
    const status = await callApi<{ processStatus: string }>(manager, 'GET', `/api/conhub/contracts/${contract.id}/workflow-processes/current/status/v1`);
    expect(status.processStatus).toBe('IN_SIGNING');

    // The manager registers the company seal (custodian: the manager).
    const sealName = `법인인감 ${run}`;
    const seal = { sealId: await registerSeal(manager, sealName) };

    // 1. The manager sends the contract for e-signature: two outside signers in order, then the company's seal.
    const mailBefore = await Promise.all(signers.map((s) => lastMailId(request, s.email)));
    await sendOnPage(manager, contract.id, title, [
      { ...signers[0]!, role: '을 대표이사' },
      { ...signers[1]!, role: '을 연대보증인' },
      { name: '한빛 법무법인', role: '갑' },
    ]);
    const sent = await envelopeOf(manager, contract.id);
    expect(sent.status).toBe('IN_PROGRESS');
    expect(sent.parties.map((p) => p.status)).toEqual(['SENT', 'WAITING', 'WAITING']);

    // 2. Signer 1 opens the mailed link, verifies by the mailed code and signs.
    const link1 = signingLink(await waitForMail(request, signers[0]!.email, mailBefore[0]!, hasLink), baseURL!);
    await signOnPage(browser, request, link1, signers[0]!.email, { title, axe: true });

    // 3. Signer 2 (their turn now) declines with a reason; the manager resends; signer 2 signs on the new link.
    const link2 = signingLink(await waitForMail(request, signers[1]!.email, mailBefore[1]!, hasLink), baseURL!);
    await signOnPage(browser, request, link2, signers[1]!.email, { title, decline: '제2조 지급 기한을 60일로 바꿔 주세요.' });
    // The manager sees the decline and its reason on the contract's e-sign panel, and resends.
    await manager.goto(`/hanbit/contracts/${contract.id}`);
    const panel = manager.getByRole('region', { name: '전자서명', exact: true });
    await expect(panel.getByTestId('envelope-status')).toHaveText('거절됨');
    await expect(panel.getByText('거절 사유: 제2조 지급 기한을 60일로 바꿔 주세요.')).toBeVisible();
    const declined = await envelopeOf(manager, contract.id);
    expect(declined.status).toBe('DECLINED');
    const beforeResend = await lastMailId(request, signers[1]!.email);
    await panel.getByRole('button', { name: '재발송' }).click();
    const resend = manager.getByRole('dialog', { name: '전자서명 재발송' });
    await resend.getByRole('button', { name: '재발송' }).click();
    await expect(resend).toBeHidden({ timeout: 20_000 });
    await expect(panel.getByTestId('envelope-status')).toHaveText('진행 중');
    await expect(panel.getByText('2차', { exact: true })).toBeVisible();
    const link2b = signingLink(await waitForMail(request, signers[1]!.email, beforeResend, hasLink), baseURL!);
    expect(link2b).not.toBe(link2);
    await signOnPage(browser, request, link2b, signers[1]!.email, { title });
    const waitingOnSeal = await envelopeOf(manager, contract.id);
    expect(waitingOnSeal.parties.map((p) => p.status)).toEqual(['SIGNED', 'SIGNED', expect.stringMatching(/^(SENT|WAITING)$/)]);

    // 4. The member asks to use the seal on the contract; the approver approves; the custodian applies it electronically.
    await requestSeal(member, sealName, title);
    await actOnSealRequest(approver, sealName, '승인', (d) => d.getByRole('textbox', { name: '의견 (선택)' }).fill('체결 날인 승인합니다.'));
    await actOnSealRequest(manager, sealName, '날인', async (d) => {
      await d.getByRole('radio', { name: '전자 날인' }).check();
      await pick(manager, d.getByRole('combobox', { name: '진행 중인 전자서명 요청' }), '', new RegExp(`^#${declined.envelopeId} `));
    });
    const [request1] = (await callApi<{ content: UsageRequest[] }>(member, 'GET', `/api/seal/usage-requests/v1?sealId=${seal.sealId}`)).content;
    expect(request1).toMatchObject({ status: 'APPLIED', appliedMethod: 'ELECTRONIC', envelopeId: declined.envelopeId, referenceType: 'CONTRACT', referenceId: contract.id });

    // The envelope completes (the PDF assembly may run as a job): the contract is executed with the signed PDF.
    await expect.poll(async () => (await envelopeOf(manager, contract.id)).status, { timeout: 60_000 }).toBe('COMPLETED');
    const completed = await envelopeOf(manager, contract.id);
    expect(completed.fields.find((f) => f.type === 'SEAL')?.filled).toBe(true);
    await manager.goto(`/hanbit/contracts/${contract.id}`);
    await expect(manager.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(manager.getByText(/^(체결 완료|이행 중)$/).first()).toBeVisible();
    const signing = await callApi<{ method: string; status: string; executedFileKey: string | null }>(manager, 'GET', `/api/conhub/contracts/${contract.id}/signings/current/v1`);
    expect(signing).toMatchObject({ method: 'ELECTRONIC', status: 'DONE', executedFileKey: completed.signedFileKey });

    // The signed PDF, downloaded from the panel: a PDF, the one recorded, with the certificate page's text.
    const done = manager.getByRole('region', { name: '전자서명', exact: true });
    await expect(done.getByTestId('envelope-status')).toHaveText('완료');
    const [download] = await Promise.all([manager.waitForEvent('download'), done.getByRole('button', { name: '서명된 PDF 내려받기' }).click()]);
    const signed = readFileSync((await download.path())!);
    expect(signed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(signed.length).toBeGreaterThan(pdf.length);
    expect(createHash('sha256').update(signed).digest('hex')).toBe(completed.signedSha256);
    const { extractText } = await import('unpdf');
    const { text: pages } = await extractText(new Uint8Array(signed), { mergePages: false });
    const certificate = (pages as string[]).slice(1).join('\n');
    expect(pages.length, 'the document and its certificate page').toBeGreaterThan(1);
    for (const expected of [signers[0]!.email, signers[1]!.email, completed.originalSha256]) expect(certificate).toContain(expected);

    // The integrity check on the panel: the event chain, the PDF signature and the recorded hash.
    await done.getByRole('tab', { name: '무결성 검증' }).click();
    await done.getByRole('button', { name: '무결성 검증' }).click();
    const checks = done.getByTestId('verification');
    await expect(checks).toContainText('이벤트 해시 체인이 온전합니다.');
    await expect(checks).toContainText('PDF 전자서명이 유효합니다(서명 후 바뀌지 않음).');
    await expect(checks).toContainText('서명된 PDF의 SHA-256이 기록과 같습니다.');
    const verification = await callApi<{ chainValid: boolean; pdfSignatureValid: boolean | null; signedSha256Matches: boolean | null }>(manager, 'GET', `/api/esign/envelopes/${completed.envelopeId}/verification/v1`);
    expect(verification).toMatchObject({ chainValid: true, pdfSignatureValid: true, signedSha256Matches: true });

    // 5. The reconciliation screen: this seal was applied once, under its approved request (no mismatch).
    const reconciliation = `/hanbit/seals/reconciliation?from=${kstDate(-1)}&to=${kstDate(1)}`;
    await manager.goto(reconciliation);
    await expect(manager.getByRole('heading', { level: 1, name: '인감 대사 보고서' })).toBeVisible();
    await expect(manager.getByRole('listitem', { name: `${sealName}: 날인 1, 불일치 0` })).toBeVisible();
    await expect(manager.getByRole('row').filter({ hasText: sealName })).toHaveCount(0);

    // The custodian stamps the contract without a request (no screen for it: through the API), and the report shows it.
    const scanKey = await uploadBytes(manager, `${title} 날인본.pdf`, 'application/pdf', onePagePdf(['Stamped copy', `Reference ${run}`]));
    await callApi(manager, 'POST', `/api/seal/seals/${seal.sealId}/applications/v1`, { method: 'PHYSICAL', stampedFileKey: scanKey, contractId: contract.id, reason: '원본 보관용 날인(긴급)' });
    await manager.reload();
    await expect(manager.getByRole('listitem', { name: `${sealName}: 날인 2, 불일치 1` })).toBeVisible();
    const rows = manager.getByRole('table', { name: '불일치 목록' }).getByRole('row').filter({ hasText: sealName });
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('승인 없이 날인');
    await expect(rows.first()).toContainText(title);
    type Reconciliation = { mismatches: Array<{ kind: string; seal: { sealId: number } }> };
    const report = await callApi<Reconciliation>(manager, 'GET', `/api/seal/reconciliation/v1?from=${kstDate(-1)}&to=${kstDate(1)}`);
    expect(report.mismatches.filter((m) => m.seal.sealId === seal.sealId).map((m) => m.kind)).toEqual(['APPLIED_WITHOUT_APPROVAL']);
  });
});
