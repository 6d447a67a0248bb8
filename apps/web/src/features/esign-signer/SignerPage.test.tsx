import {
  ESIGN_HEADER,
  downloadSignerPdf,
  getSignerDocument,
  getVerificationMethods,
  rejectAsSigner,
  requestEasyAuth,
  sendEmailCode,
  sendOtp,
  signAsSigner,
  verifyEasyAuth,
  verifyEmailCode,
  verifyOtp,
  viewAsSigner,
} from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { fail, installFakeApi, ok, type FakeApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { FakePdfPages, SIGNER_TOKEN, URL_TOKEN, documentOf, linkOf } from './esign-signer.test-support';
import { clearSignerSession, saveSignerSession } from './signer-session';

vi.mock('./PdfPages', () => ({ PdfPages: FakePdfPages }));

const PAGE = `/sign/${URL_TOKEN}`;
const SESSION = { signerToken: SIGNER_TOKEN, expiresAt: '2099-01-01T00:00:00.000Z' };
const pdfReply = () => new Response(new Blob(['%PDF-1.7 test'], { type: 'application/pdf' }), { status: 200, headers: { 'content-type': 'application/pdf' } });

function fakeSigner(link = linkOf()): FakeApi {
  return installFakeApi()
    .on(getVerificationMethods, ok(link))
    .on(getSignerDocument, ok(documentOf()))
    .on(viewAsSigner, ok(documentOf({ me: { ...documentOf().me, status: 'VIEWED' } })))
    .on(downloadSignerPdf, () => pdfReply());
}

function verifiedAlready() {
  saveSignerSession(URL_TOKEN, SESSION);
}

beforeEach(() => {
  clearSignerSession();
  sessionStorage.clear();
});

afterEach(async () => {
  clearSignerSession();
  sessionStorage.clear();
  await changeLocale('ko');
});

describe('the signer page: where the link stands', () => {
  it.each([
    ['NOT_YOUR_TURN', '아직 서명할 차례가 아닙니다'],
    ['ALREADY_SIGNED', '이미 서명하셨습니다'],
    ['DECLINED', '서명이 거절된 문서입니다'],
    ['VOIDED', '취소된 서명 요청입니다'],
    ['EXPIRED', '기한이 지난 서명 요청입니다'],
  ] as const)('shows %s as a full page with what it means, and no verification', { timeout: 20_000 }, async (linkState, title) => {
    const fake = fakeSigner(linkOf({ linkState }));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '인증번호 받기' })).not.toBeInTheDocument();
    expect(fake.calls(getVerificationMethods)[0]!.headers.get(ESIGN_HEADER.urlToken)).toBe(URL_TOKEN);
    // Outside the app shell: no navigation, no sign-in button, a brand header with the sender.
    expect(screen.queryByTestId('top-navigation')).not.toBeInTheDocument();
    expect(screen.getByText('한빛상사 님이 보낸 서명 요청')).toBeInTheDocument();
  });

  it('explains an unknown link (401) in place instead of sending the signer to sign in', { timeout: 20_000 }, async () => {
    installFakeApi().on(getVerificationMethods, fail(401, 'ERROR_UNAUTHORIZED', 'unknown link'));
    const { router } = renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: '열 수 없는 링크입니다' }, { timeout: 8000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it('offers a retry when the server cannot answer', { timeout: 20_000 }, async () => {
    const fake = installFakeApi().on(getVerificationMethods, fail(500, 'ERROR_INTERNAL', '서버 오류가 발생했습니다.'));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: '서명 요청을 불러오지 못했습니다' }, { timeout: 8000 })).toBeInTheDocument();
    fake.on(getVerificationMethods, ok(linkOf()));
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: '본인 확인' })).toBeInTheDocument();
  });

  it('opens in the language of the link (English), and the switch changes it', { timeout: 20_000 }, async () => {
    fakeSigner(linkOf({ locale: 'en', linkState: 'EXPIRED' }));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'This signing request has expired' }, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByText('한국어'));
    expect(await screen.findByRole('heading', { name: '기한이 지난 서명 요청입니다' })).toBeInTheDocument();
  });
});

describe('the signer page: verification', () => {
  it('sends an e-mail code, says how many tries are left after a wrong one, and opens the document with the right one', { timeout: 30_000 }, async () => {
    const fake = fakeSigner()
      .on(sendEmailCode, ok({ sentTo: 'k***@example.com', expiresAt: '2026-12-01T00:05:00.000Z', resendAfterSeconds: 60 }))
      .on(verifyEmailCode, (call) =>
        (call.body as { code: string }).code === '123456' ? ok(SESSION) : fail(401, 'ERROR_OTP_INVALID', 'wrong', { currentRetryCount: 3, maxRetryCount: 5 }),
      );
    renderApp(PAGE);
    expect(await screen.findByText('k***@example.com 주소로 6자리 인증번호를 보냅니다.', {}, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
    expect(await screen.findByText(/k\*\*\*@example.com\(으\)로 인증번호를 보냈습니다/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '인증번호 다시 받기' })).toBeDisabled();

    await userEvent.type(screen.getByLabelText('인증번호 6자리'), '000000');
    expect(await screen.findByText('인증번호가 맞지 않습니다. 2번 더 시도할 수 있습니다.')).toBeInTheDocument();
    const input = screen.getByLabelText('인증번호 6자리');
    await userEvent.clear(input);
    await userEvent.type(input, '123456');

    expect(await screen.findByRole('heading', { level: 1, name: '물품공급계약서' })).toBeInTheDocument();
    expect(fake.calls(verifyEmailCode).map((c) => c.headers.get(ESIGN_HEADER.urlToken))).toEqual([URL_TOKEN, URL_TOKEN]);
    expect(fake.calls(getSignerDocument)[0]!.headers.get(ESIGN_HEADER.signerToken)).toBe(SIGNER_TOKEN);
    await waitFor(() => expect(fake.calls(viewAsSigner)).toHaveLength(1));
    // The signer token stays in this tab only.
    expect(sessionStorage.getItem('legal.esign.signer-session')).toContain(SIGNER_TOKEN);
    expect(JSON.stringify({ ...localStorage })).not.toContain(SIGNER_TOKEN);
  });

  it('offers the SMS code where the sender chose it, and says how long to wait when sends are limited', { timeout: 30_000 }, async () => {
    const fake = fakeSigner(linkOf({ methods: ['EMAIL', 'SMS_OTP'] }))
      .on(sendOtp, fail(429, 'ERROR_RATE_LIMITED', 'too many', { retryAfterSeconds: 120 }));
    renderApp(PAGE);
    await userEvent.click(await screen.findByText('휴대폰 문자 인증', {}, { timeout: 8000 }));
    expect(screen.getByText('010-****-5678 번호로 6자리 인증번호를 문자로 보냅니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
    expect(await screen.findByText('요청이 너무 많습니다. 120초 후 다시 시도하세요.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '인증번호 받기' })).toBeDisabled();

    expect(fake.calls(sendOtp)).toHaveLength(1);
    expect(fake.calls(sendEmailCode)).toHaveLength(0);
  });

  it('reads a burnt code from the server and asks for a new one', { timeout: 30_000 }, async () => {
    const fake = fakeSigner(linkOf({ methods: ['SMS_OTP'] }))
      .on(sendOtp, ok({ sentTo: '010-****-5678', expiresAt: '2026-12-01T00:05:00.000Z', resendAfterSeconds: 0 }))
      .on(verifyOtp, fail(401, 'ERROR_OTP_EXPIRED', 'expired'));
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: '인증번호 받기' }, { timeout: 8000 }));
    await userEvent.type(await screen.findByLabelText('인증번호 6자리'), '654321');
    expect(await screen.findByText('인증번호가 만료되었거나 너무 여러 번 틀렸습니다. 새 인증번호를 받으세요.')).toBeInTheDocument();
    expect(fake.calls(verifyOtp)[0]!.query.get('otp')).toBe('654321');
    expect(screen.getByLabelText('인증번호 6자리')).toHaveValue('');
  });

  it('turns a closed link met while verifying into its full page', { timeout: 20_000 }, async () => {
    fakeSigner().on(sendEmailCode, fail(409, 'ERROR_SIGNING_CLOSED', 'closed', { reason: 'VOIDED' }));
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: '인증번호 받기' }, { timeout: 8000 }));
    expect(await screen.findByRole('heading', { name: '취소된 서명 요청입니다' })).toBeInTheDocument();
  });

  it('sends the easy-auth request to the chosen provider and waits for the app, polling nothing', { timeout: 30_000 }, async () => {
    const fake = fakeSigner(linkOf({ methods: ['EASY_AUTH'], easyAuthProviders: ['KAKAO', 'PASS'] }))
      .on(requestEasyAuth, ok({ requestId: 'req-77', provider: 'PASS', expiresAt: '2026-12-01T00:05:00.000Z', message: 'PASS 앱에서 승인하세요' }));
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('radio', { name: 'PASS' }, { timeout: 8000 }));
    await userEvent.click(screen.getByRole('button', { name: '인증 요청 보내기' }));
    expect(await screen.findByRole('heading', { name: 'PASS 앱에서 인증을 승인하세요' })).toBeInTheDocument();
    expect(screen.getByText('PASS 앱에서 승인하세요')).toBeInTheDocument();
    expect(fake.calls(requestEasyAuth)[0]!.body).toEqual({ provider: 'PASS' });
    expect(fake.calls(requestEasyAuth)[0]!.headers.get(ESIGN_HEADER.urlToken)).toBe(URL_TOKEN);
    expect(fake.calls(verifyEasyAuth)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '처음부터 다시' }));
    expect(screen.getByRole('button', { name: '인증 요청 보내기' })).toBeInTheDocument();
  });

  it('completes easy-auth with the result token the broker returns the signer with, and drops it from the address', { timeout: 30_000 }, async () => {
    const fake = fakeSigner(linkOf({ methods: ['EASY_AUTH'], easyAuthProviders: ['PASS'] })).on(verifyEasyAuth, ok(SESSION));
    const { router } = renderApp(`${PAGE}?resultToken=provider-result-1`);
    expect(await screen.findByRole('heading', { level: 1, name: '물품공급계약서' }, { timeout: 8000 })).toBeInTheDocument();
    const call = fake.calls(verifyEasyAuth)[0]!;
    expect(call.query.get('signerToken')).toBe(URL_TOKEN);
    expect(call.body).toBe('provider-result-1');
    expect(router.state.location.search).toBe('');
  });

  it('says so when the returned easy-auth result does not match the signer', { timeout: 30_000 }, async () => {
    fakeSigner(linkOf({ methods: ['EASY_AUTH'], easyAuthProviders: ['PASS'] })).on(verifyEasyAuth, fail(401, 'ERROR_OTP_INVALID', 'mismatch', { reason: 'EASY_AUTH_MISMATCH' }));
    renderApp(`${PAGE}?resultToken=provider-result-2`);
    expect(await screen.findByText(/간편인증이 확인되지 않았습니다/, {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '본인 확인' })).toBeInTheDocument();
  });

  it('says easy-auth is unavailable when the server has no provider', { timeout: 20_000 }, async () => {
    fakeSigner(linkOf({ methods: ['EASY_AUTH'], easyAuthProviders: [] }));
    renderApp(PAGE);
    expect(await screen.findByText('지금은 간편인증을 쓸 수 없습니다. 다른 확인 방법을 선택하세요.', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('asks for verification again when the signer token ran out', { timeout: 20_000 }, async () => {
    verifiedAlready();
    fakeSigner().on(getSignerDocument, fail(401, 'ERROR_UNAUTHORIZED', 'expired'));
    renderApp(PAGE);
    expect(await screen.findByText('확인 시간이 지났습니다. 다시 본인 확인을 해 주세요.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '본인 확인' })).toBeInTheDocument();
    expect(sessionStorage.getItem('legal.esign.signer-session')).toBeNull();
  });
});

describe('the signer page: the document', () => {
  it('guides through the fields in order, then signs with a typed signature and the values', { timeout: 40_000 }, async () => {
    verifiedAlready();
    const fake = fakeSigner().on(signAsSigner, ok(documentOf({ me: { ...documentOf().me, status: 'SIGNED' } })));
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: '물품공급계약서' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('검토 후 서명 부탁드립니다.')).toBeInTheDocument();
    // Four fields of mine (the date starts at today), the other signer's field is not a control.
    expect(await screen.findByText('입력 1 / 4')).toBeInTheDocument();
    // The pages (and their fields) come with the PDF.
    expect(await screen.findByRole('button', { name: '여기에 서명 · 2쪽 서명 칸: 필수' })).toBeInTheDocument();
    expect(document.querySelectorAll('[data-field-key]')).toHaveLength(4);

    // The guide goes to the first empty field in reading order: page 1's company name.
    await userEvent.click(screen.getByRole('button', { name: '다음 입력 칸으로' }));
    expect(screen.getByRole('textbox', { name: '1쪽 글자 칸: 회사명' })).toHaveFocus();
    await userEvent.type(screen.getByRole('textbox', { name: '1쪽 글자 칸: 회사명' }), '주식회사 을');
    await userEvent.click(screen.getByRole('checkbox', { name: '1쪽 체크 칸: 약관 동의' }));
    expect(screen.getByText('입력 3 / 4')).toBeInTheDocument();

    // Signing before the signature points at it.
    await userEvent.click(screen.getByRole('button', { name: '서명하기' }));
    expect(screen.getByText('아직 채우지 않은 칸이 1개 있습니다.')).toBeInTheDocument();
    expect(fake.calls(signAsSigner)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: /2쪽 서명 칸/ }));
    const dialog = await screen.findByRole('dialog', { name: '서명 만들기' });
    await userEvent.click(within(dialog).getByRole('tab', { name: '이름 입력' }));
    expect(within(dialog).getByRole('textbox', { name: '서명으로 쓸 이름' })).toHaveValue('김서명');
    await userEvent.click(within(dialog).getByRole('button', { name: '이 서명 사용' }));
    expect(await screen.findByText('모든 칸을 채웠습니다')).toBeInTheDocument();
    expect(screen.getByLabelText('입력한 서명: 김서명')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '서명하기' }));
    expect(screen.getByText('전자서명 동의에 체크하세요.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /전자 방식으로 서명하는 데 동의하며/ }));
    await userEvent.click(screen.getByRole('button', { name: '서명하기' }));

    expect(await screen.findByRole('heading', { name: '서명을 마쳤습니다' })).toBeInTheDocument();
    const call = fake.calls(signAsSigner)[0]!;
    expect(call.headers.get(ESIGN_HEADER.signerToken)).toBe(SIGNER_TOKEN);
    const body = call.body as { signature: unknown; values: Array<{ key: string; value: string }>; agreed: boolean };
    expect(body.signature).toEqual({ kind: 'TYPED', text: '김서명' });
    expect(body.agreed).toBe(true);
    expect(body.values.map((v) => v.key).sort()).toEqual(['agree', 'company', 'date']);
    expect(body.values.find((v) => v.key === 'company')!.value).toBe('주식회사 을');
    expect(body.values.find((v) => v.key === 'agree')!.value).toBe('true');
    expect(body.values.find((v) => v.key === 'date')!.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('refuses a drawn signature left blank', { timeout: 30_000 }, async () => {
    verifiedAlready();
    fakeSigner();
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: /2쪽 서명 칸/ }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '서명 만들기' });
    expect(within(dialog).getByRole('img', { name: /서명 그리는 칸/ })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '이 서명 사용' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('서명을 그려 주세요.');
  });

  it('offers the signed PDF when the last signature completes the envelope', { timeout: 30_000 }, async () => {
    verifiedAlready();
    const fake = fakeSigner()
      .on(getSignerDocument, ok(documentOf({ fields: [] })))
      .on(signAsSigner, ok(documentOf({ fields: [], status: 'COMPLETED', linkState: 'COMPLETED' })));
    const createObjectURL = vi.fn(() => 'blob:signed');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    renderApp(PAGE);
    expect(await screen.findByText('입력할 칸이 없습니다. 문서를 확인한 뒤 서명하세요.', {}, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /전자 방식으로 서명하는 데 동의하며/ }));
    await userEvent.click(screen.getByRole('button', { name: '서명하기' }));
    expect(await screen.findByRole('heading', { name: '모든 서명이 끝났습니다' })).toBeInTheDocument();
    expect((fake.calls(signAsSigner)[0]!.body as { signature?: unknown }).signature).toBeUndefined();
    const before = fake.calls(downloadSignerPdf).length;
    await userEvent.click(screen.getByRole('button', { name: '서명된 PDF 내려받기' }));
    await waitFor(() => expect(fake.calls(downloadSignerPdf)).toHaveLength(before + 1));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  });

  it('declines only with a reason, and then says so', { timeout: 30_000 }, async () => {
    verifiedAlready();
    const fake = fakeSigner().on(rejectAsSigner, ok(documentOf({ status: 'DECLINED', linkState: 'DECLINED' })));
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('button', { name: '서명 거절' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '서명을 거절합니다' });
    await userEvent.click(within(dialog).getByRole('button', { name: '거절하기' }));
    expect(within(dialog).getByText('거절 사유를 입력하세요.')).toBeInTheDocument();
    expect(fake.calls(rejectAsSigner)).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /거절 사유/ }), '금액이 다릅니다');
    await userEvent.click(within(dialog).getByRole('button', { name: '거절하기' }));
    expect(await screen.findByRole('heading', { name: '서명을 거절했습니다' })).toBeInTheDocument();
    expect(fake.calls(rejectAsSigner)[0]!.body).toEqual({ reason: '금액이 다릅니다' });
  });

  it('shows the closed state the server answers when signing is no longer possible', { timeout: 30_000 }, async () => {
    verifiedAlready();
    fakeSigner()
      .on(getSignerDocument, ok(documentOf({ fields: [] })))
      .on(signAsSigner, fail(409, 'ERROR_SIGNING_CLOSED', 'closed', { reason: 'EXPIRED' }));
    renderApp(PAGE);
    fireEvent.click(await screen.findByRole('checkbox', { name: /전자 방식으로 서명하는 데 동의하며/ }, { timeout: 8000 }));
    await userEvent.click(screen.getByRole('button', { name: '서명하기' }));
    expect(await screen.findByRole('heading', { name: '기한이 지난 서명 요청입니다' })).toBeInTheDocument();
  });

  it('lets a signer of a completed envelope verify and download the signed PDF', { timeout: 30_000 }, async () => {
    const fake = fakeSigner(linkOf({ linkState: 'COMPLETED' }))
      .on(sendEmailCode, ok({ sentTo: 'k***@example.com', expiresAt: '2026-12-01T00:05:00.000Z', resendAfterSeconds: 30 }))
      .on(verifyEmailCode, ok(SESSION));
    renderApp(PAGE);
    expect(await screen.findByText('본인 확인을 하면 서명된 PDF를 내려받을 수 있습니다.', {}, { timeout: 8000 })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '인증번호 받기' }));
    await userEvent.type(await screen.findByLabelText('인증번호 6자리'), '123456');
    expect(await screen.findByRole('button', { name: '서명된 PDF 내려받기' })).toBeInTheDocument();
    expect(fake.calls(getSignerDocument)).toHaveLength(0);
  });
});
