import { getCurrentWorkflow, getEnvelope, listCommentEvents, listEnvelopeEvents, listEnvelopes, remindEnvelope, resendEnvelope, verifyEnvelope, voidEnvelope } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { hanbit } from '../../test/session-fixtures';
import { renderApp } from '../../test/render';
import { envelopeOf, pageOf, SENDER, serveSigningContract, summaryOf } from './esign.test-support';
import { addDays, kstToday } from './wizard-model';

const panel = () => screen.findByRole('region', { name: '전자서명' }, { timeout: 30_000 });
const EVENTS = [
  { seq: 1, type: 'CREATED', partyId: null, actorName: '김민준', at: '2026-11-27T01:00:00.000Z', ip: '10.0.0.1', userAgent: null, verificationMethod: null, detail: null, prevHash: '0'.repeat(64), hash: 'ab12cd34ef56'.padEnd(64, '0') },
  { seq: 2, type: 'VERIFIED', partyId: 1, actorName: '이영희', at: '2026-11-27T02:00:00.000Z', ip: '203.0.113.7', userAgent: 'Chrome', verificationMethod: 'EMAIL', detail: null, prevHash: 'ab12cd34ef56'.padEnd(64, '0'), hash: 'ffee'.padEnd(64, '1') },
];

function serve(envelope = envelopeOf()) {
  return serveSigningContract()
    .on(getCurrentWorkflow, fail(404, 'ERROR_NOT_FOUND'))
    .on(listCommentEvents, ok([]))
    .on(listEnvelopes, ok(pageOf([summaryOf(envelope.envelopeId, { status: envelope.status })])))
    .on(getEnvelope, ok(envelope))
    .on(listEnvelopeEvents, ok(EVENTS));
}

describe('the e-signature panel on the contract page', () => {
  afterEach(() => FakeXhr.reset());

  it('shows the status, whom it waits on, each signer\'s progress and the event log in KST', { timeout: 90_000 }, async () => {
    const fake = serve();
    renderApp('/hanbit/contracts/7');
    const region = await panel();
    expect(await within(region).findByTestId('envelope-status')).toHaveTextContent('진행 중');
    expect(fake.calls(listEnvelopes)[0]!.query.get('contractId')).toBe('7');
    expect(within(region).getByText('기다리는 사람: 이영희')).toBeInTheDocument();
    expect(within(region).getByTestId('party-status-1')).toHaveTextContent('열람함');
    expect(within(region).getByTestId('party-status-2')).toHaveTextContent('대기');
    const log = await within(region).findByRole('table', { name: '이벤트 기록' });
    const rows = within(log).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(rows).toEqual([
      ['1', '생성', '김민준', '2026-11-27 10:00:00', '10.0.0.1', '-', 'ab12cd34ef56'],
      ['2', '본인 인증', '이영희', '2026-11-27 11:00:00', '203.0.113.7', '이메일 인증', 'ffee11111111'],
    ]);
    expect(within(within(region).getByRole('group', { name: '전자서명 작업' })).getAllByRole('button').map((b) => b.textContent)).toEqual(['재알림', '재발송', '무효 처리', 'PDF 내려받기']);
  });

  it('reminds, and says so when the server answers it is too soon', { timeout: 90_000 }, async () => {
    let reminders = 0;
    const fake = serve().on(remindEnvelope, () => (++reminders > 1 ? fail(429, 'ERROR_RATE_LIMITED', 'too soon') : ok(envelopeOf())));
    renderApp('/hanbit/contracts/7');
    const region = await panel();
    await userEvent.click(await within(region).findByRole('button', { name: '재알림' }));
    await waitFor(() => expect(fake.calls(remindEnvelope)).toHaveLength(1));
    expect(fake.calls(remindEnvelope)[0]!.path).toBe('/api/esign/envelopes/300/reminders/v1');
    await userEvent.click(within(region).getByRole('button', { name: '재알림' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent('10분 안에 이미 알렸습니다');
  });

  it('voids only with a reason', { timeout: 90_000 }, async () => {
    const fake = serve().on(voidEnvelope, ok(envelopeOf({ status: 'VOIDED', voidReason: '계약 조건 변경', waitingOn: [] })));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await panel()).findByRole('button', { name: '무효 처리' }));
    const dialog = await screen.findByRole('dialog', { name: '전자서명 무효 처리' });
    await userEvent.click(within(dialog).getByRole('button', { name: '무효 처리' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('입력해 주세요.');
    expect(fake.calls(voidEnvelope)).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: '사유' }), '계약 조건 변경');
    await userEvent.click(within(dialog).getByRole('button', { name: '무효 처리' }));
    await waitFor(() => expect(fake.calls(voidEnvelope)).toHaveLength(1));
    expect(fake.calls(voidEnvelope)[0]!.body).toEqual({ reason: '계약 조건 변경' });
    expect(await within(await panel()).findByTestId('envelope-status')).toHaveTextContent('무효');
  });

  it('resends an expired envelope only with a new expiry, and offers no remind or void on it', { timeout: 90_000 }, async () => {
    const fake = serve(envelopeOf({ status: 'EXPIRED', waitingOn: [] })).on(resendEnvelope, ok(envelopeOf({ round: 2 })));
    renderApp('/hanbit/contracts/7');
    const region = await panel();
    await within(region).findByTestId('envelope-status');
    expect(within(region).queryByRole('button', { name: '재알림' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: '무효 처리' })).not.toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: '재발송' }));
    const dialog = await screen.findByRole('dialog', { name: '전자서명 재발송' });
    const date = within(dialog).getByLabelText(/새 서명 기한/);
    await userEvent.clear(date);
    await userEvent.click(within(dialog).getByRole('button', { name: '재발송' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('만료된 전자서명은 새 기한이 있어야 합니다.');
    const day = addDays(kstToday(), 7);
    await userEvent.type(date, day);
    await userEvent.click(within(dialog).getByRole('button', { name: '재발송' }));
    await waitFor(() => expect(fake.calls(resendEnvelope)).toHaveLength(1));
    expect(fake.calls(resendEnvelope)[0]!.body).toEqual({ expiresAt: `${day}T23:59:59+09:00` });
  });

  it('verifies integrity: the chain and the PDF signature', { timeout: 90_000 }, async () => {
    const fake = serve(envelopeOf({ status: 'COMPLETED', signedCount: 2, waitingOn: [], completedAt: '2026-11-28T01:00:00.000Z' }))
      .on(verifyEnvelope, ok({ chainValid: false, brokenAtSeq: 4, pdfSignatureValid: true, signedSha256Matches: true, certificateSubject: 'CN=한빛 법무법인' }));
    renderApp('/hanbit/contracts/7');
    const region = await panel();
    expect(await within(region).findByRole('button', { name: '서명된 PDF 내려받기' })).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('tab', { name: '무결성 검증' }));
    await userEvent.click(await within(region).findByRole('button', { name: '무결성 검증' }));
    await waitFor(() => expect(fake.calls(verifyEnvelope)).toHaveLength(1));
    const result = await within(region).findByTestId('verification');
    expect(result).toHaveTextContent('이벤트 해시 체인이 4번에서 끊겼습니다.');
    expect(result).toHaveTextContent('PDF 전자서명이 유효합니다');
    expect(result).toHaveTextContent('인증서: CN=한빛 법무법인');
  });

  it('is not shown in a workspace without E_CONTRACT', { timeout: 90_000 }, async () => {
    const fake = serveSigningContract(SENDER, hanbit).on(getCurrentWorkflow, fail(404, 'ERROR_NOT_FOUND')).on(listCommentEvents, ok([]));
    renderApp('/hanbit/contracts/7');
    await screen.findByRole('region', { name: '검토·결재 진행' }, { timeout: 30_000 });
    expect(screen.queryByRole('region', { name: '전자서명' })).not.toBeInTheDocument();
    expect(fake.calls(listEnvelopes)).toHaveLength(0);
  });
});
