import { type Browser, expect, type Page, test } from '@playwright/test';
import { lastMailId } from './support/mailbox';
import { createContract, signIn } from './support/workspace';

/**
 * The journey (issue 18), in Korean, each actor in a browser context of their own: a
 * member requests a review with a two-step approval line; the assigner assigns the reviewer; the
 * reviewer returns it with a comment; the member resubmits (round 2); the reviewer completes the
 * review; the two approvers approve in turn; the member uploads the executed copy; the contract
 * shows as executed; and each actor got mail about it in the dev mailbox.
 *
 * Labels of steps, actions and statuses come from the server's meta call, so the journey finds
 * action buttons by their action code (`data-action`) and reads the status from `data-status`.
 */

const ACTORS = {
  member: 'member@hanbit.example',
  assigner: 'assigner@hanbit.example',
  reviewer: 'reviewer@hanbit.example',
  approver: 'approver@hanbit.example',
  manager: 'manager@hanbit.example',
} as const;

async function actorPage(browser: Browser, loginId: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, loginId);
  return page;
}

const workflowPanel = (page: Page) => page.getByRole('region', { name: '검토·결재 진행' });

/** Clicks an allowed action on the contract page, fills its dialog and sends it. */
async function act(page: Page, action: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  const panel = workflowPanel(page);
  await panel.locator(`[data-action="${action}"]`).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (fill) await fill(dialog);
  await dialog.getByRole('button').last().click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

/** Picks an approver by name in line `order` of the approval line builder. */
async function pickApprover(page: Page, dialog: ReturnType<Page['getByRole']>, order: number, name: string) {
  const line = dialog.getByRole('combobox', { name: `${order}차 결재자` });
  await line.click();
  await line.fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

/** Approves the contract from the approver's inbox. */
async function approveFromInbox(browser: Browser, loginId: string, title: string) {
  const approver = await actorPage(browser, loginId);
  await approver.goto('/hanbit/workflows/approvals');
  await approver.getByRole('button', { name: `${title} 승인` }).click();
  const dialog = approver.getByRole('dialog');
  await dialog.getByRole('textbox').first().fill('승인합니다.');
  await dialog.getByRole('button').last().click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

async function expectStatus(page: Page, status: string) {
  await expect(workflowPanel(page).getByTestId('process-status')).toHaveAttribute('data-status', status, { timeout: 20_000 });
}

test.describe('the workflow hub', () => {
  test('review, return, resubmit, two approvals and the executed copy, with mail to every actor', async ({ browser, request }) => {
    test.setTimeout(300_000);
    const title = `검토 요청 계약 ${Date.now().toString(36)}`;
    const mailBefore = Object.fromEntries(await Promise.all(Object.values(ACTORS).map(async (to) => [to, await lastMailId(request, to)] as const)));

    // The member registers a draft and requests a review with an approval line of two.
    const member = await actorPage(browser, ACTORS.member);
    const contractId = await createContract(member, { title, status: 'DRAFT' });
    await member.goto(`/hanbit/contracts/${contractId}`);
    await workflowPanel(member).getByRole('button', { name: '검토 요청' }).click();
    const request1 = member.getByRole('dialog', { name: '법무 검토 요청' });
    await request1.getByRole('combobox', { name: '진행 방식' }).click();
    // The preset with review and approval (the server's name for LEGAL_REVIEW_AND_APPROVAL).
    await member.getByRole('option', { name: '법무 검토 후 결재', exact: true }).click();
    await expect(request1.getByRole('region', { name: '진행 단계' })).toBeVisible();
    await request1.getByRole('textbox', { name: '요청 메시지' }).fill('해지 조항과 손해배상 한도를 검토해 주세요.');
    await request1.getByLabel('희망 검토 기한').fill('2099-12-31');
    // Two lines of one approver each: they decide in turn.
    await pickApprover(member, request1, 1, '최수아');
    await request1.getByRole('button', { name: '차수 추가' }).click();
    await pickApprover(member, request1, 2, '한지민');
    await request1.getByRole('button', { name: '요청 보내기' }).click();
    await expect(request1).toBeHidden({ timeout: 20_000 });
    await expect(workflowPanel(member).getByTestId('round')).toHaveAttribute('data-round', '1');

    // The assigner assigns the reviewer from the board, seeing each reviewer's load.
    const assigner = await actorPage(browser, ACTORS.assigner);
    await assigner.goto('/hanbit/workflows/assignments');
    await expect(assigner.getByRole('list', { name: '검토자별 업무량' })).toBeVisible();
    await assigner.getByRole('button', { name: `${title} 배정` }).click();
    const assign = assigner.getByRole('dialog');
    const reviewers = assign.getByRole('combobox', { name: '검토자' });
    await reviewers.click();
    await reviewers.fill('이서연');
    await assigner.getByRole('option', { name: /^이서연/ }).click();
    await assign.getByRole('button').last().click();
    await expect(assign).toBeHidden({ timeout: 20_000 });

    // The reviewer finds it in the to-do list and returns it with a comment.
    const reviewer = await actorPage(browser, ACTORS.reviewer);
    await reviewer.goto('/hanbit/workflows/todo');
    await reviewer.getByRole('link', { name: title }).first().click();
    await expect(reviewer).toHaveURL(new RegExp(`/hanbit/contracts/${contractId}$`));
    await act(reviewer, 'RETURN', (d) => d.getByRole('textbox').first().fill('제5조 손해배상 한도를 계약금액으로 정해 주세요.'));
    await expectStatus(reviewer, 'RETURNED');

    // The member sees the comment and resubmits: round 2.
    await member.reload();
    await workflowPanel(member).getByRole('tab', { name: '의견' }).click();
    await expect(workflowPanel(member).getByText('제5조 손해배상 한도를 계약금액으로 정해 주세요.')).toBeVisible();
    await act(member, 'SUBMIT', (d) => d.getByRole('textbox').first().fill('한도를 반영했습니다.'));
    await expect(workflowPanel(member).getByTestId('round')).toHaveAttribute('data-round', '2', { timeout: 20_000 });

    // The reviewer completes the review: a new round goes back to the reviewer who returned it.
    await reviewer.reload();
    await expectStatus(reviewer, 'IN_REVIEW');
    await act(reviewer, 'COMPLETE_REVIEW');

    // The approvers decide in turn from their inbox.
    for (const loginId of [ACTORS.approver, ACTORS.manager]) await approveFromInbox(browser, loginId, title);

    // The member uploads the executed copy (with its progress bar) and the contract is executed.
    await member.reload();
    await expectStatus(member, 'IN_SIGNING');
    await act(member, 'COMPLETE_SIGNING', async (dialog) => {
      await dialog.getByLabel('체결본 파일').setInputFiles({ name: `${title} 체결본.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
      await expect(dialog.getByText(`${title} 체결본.pdf`)).toBeVisible({ timeout: 20_000 });
    });
    await expectStatus(member, 'EXECUTED');
    await member.reload();
    await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(member.getByText(/^(체결 완료|이행 중)$/).first()).toBeVisible();

    // Every actor was told by mail about this contract.
    for (const to of Object.values(ACTORS)) {
      await expect
        .poll(
          async () => {
            const res = await request.get(`/api/dev/mailbox/v1?to=${encodeURIComponent(to)}&size=100`);
            const messages = (await res.json()).data.content as Array<{ id: number; subject: string; text: string }>;
            return messages.some((m) => m.id > mailBefore[to]! && (m.subject.includes(title) || m.text.includes(title)));
          },
          { timeout: 60_000, intervals: [2_000], message: `a mail about ${title} to ${to}` },
        )
        .toBe(true);
    }
  });

  test('a parallel approval line: two approvers in one line, both approve', async ({ browser }) => {
    test.setTimeout(180_000);
    const title = `병렬 결재 계약 ${Date.now().toString(36)}`;
    const member = await actorPage(browser, ACTORS.member);
    const contractId = await createContract(member, { title, status: 'DRAFT' });
    await member.goto(`/hanbit/contracts/${contractId}`);
    await workflowPanel(member).getByRole('button', { name: '검토 요청' }).click();
    const request1 = member.getByRole('dialog', { name: '법무 검토 요청' });
    await request1.getByRole('combobox', { name: '진행 방식' }).click();
    await member.getByRole('option', { name: '결재', exact: true }).click();
    await pickApprover(member, request1, 1, '최수아');
    await pickApprover(member, request1, 1, '한지민');
    await request1.getByRole('button', { name: '요청 보내기' }).click();
    await expect(request1).toBeHidden({ timeout: 20_000 });
    await expectStatus(member, 'IN_APPROVAL');

    // Both are asked at once: the second approves before the first.
    await approveFromInbox(browser, ACTORS.manager, title);
    await member.reload();
    await expectStatus(member, 'IN_APPROVAL');
    await approveFromInbox(browser, ACTORS.approver, title);
    await member.reload();
    await expectStatus(member, 'IN_SIGNING');
  });
});
