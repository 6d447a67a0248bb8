import { createEnvelope, getCurrentWorkflow, listCommentEvents, listEnvelopes } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { workflowOf } from '../workflows/workflows.test-support';
import { envelopeOf, hanbitWithEsign, pageOf, SENDER, serveSigningContract } from './esign.test-support';
import { addDays, kstToday } from './wizard-model';

const atSigning = workflowOf({ processStatus: 'IN_SIGNING', currentStepCode: 'SIGNING', allowedActions: [{ stepCode: 'SIGNING', actionId: 'COMPLETE_SIGNING' }, { stepCode: 'SIGNING', actionId: 'SKIP_SIGNING' }] });
const workflowPanel = () => screen.findByRole('region', { name: '검토·결재 진행' }, { timeout: 30_000 });

function serve(permissions = SENDER, launcher = hanbitWithEsign) {
  return serveSigningContract(permissions, launcher)
    .on(getCurrentWorkflow, ok(atSigning))
    .on(listCommentEvents, ok([]))
    .on(listEnvelopes, ok(pageOf([])));
}

async function openWizard() {
  await userEvent.click(await within(await workflowPanel()).findByRole('button', { name: '전자서명 요청' }));
  return screen.findByRole('dialog', { name: /전자서명 요청:/ }, { timeout: 30_000 });
}

describe('sending a contract for e-signature', () => {
  afterEach(() => FakeXhr.reset());

  it('offers the wizard only at the signing step of an E_CONTRACT workspace to those who may send', { timeout: 90_000 }, async () => {
    serve([...SENDER.filter((p) => p !== 'esign.document.send')]);
    renderApp('/hanbit/contracts/7');
    const region = await workflowPanel();
    expect(await within(region).findByRole('button', { name: '서명 완료' })).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: '전자서명 요청' })).not.toBeInTheDocument();
  });

  it('checks every step before going on and sends the parties in order with fields and the expiry', { timeout: 120_000 }, async () => {
    const fake = serve().on(createEnvelope, ok(envelopeOf()));
    renderApp('/hanbit/contracts/7');
    const dialog = await openWizard();

    // (a) parties: an empty signer is refused with the reasons next to the entries.
    await userEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    const first = within(dialog).getByRole('region', { name: '1번 서명자' });
    expect(await within(first).findByText('입력해 주세요.')).toBeInTheDocument();
    expect(within(first).getByText('외부 서명자는 이메일이 있어야 합니다.')).toBeInTheDocument();

    await userEvent.type(within(first).getByRole('textbox', { name: '이름' }), '이영희');
    await userEvent.type(within(first).getByRole('textbox', { name: '이메일' }), 'younghee@saesol.example');
    await userEvent.click(within(first).getByRole('checkbox', { name: '문자 인증' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    expect(await within(first).findByText('문자 인증을 쓰려면 휴대전화가 있어야 합니다.')).toBeInTheDocument();
    await userEvent.type(within(first).getByRole('textbox', { name: '휴대전화' }), '010-1234-5678');

    // Our seal first, then moved below the outside signer.
    await userEvent.click(within(dialog).getByRole('button', { name: '외부 서명자 추가' }));
    const second = within(dialog).getByRole('region', { name: '2번 서명자' });
    await userEvent.click(within(second).getByRole('radio', { name: '우리 회사(인감)' }));
    await userEvent.type(within(second).getByRole('textbox', { name: '이름' }), '한빛 법무법인');
    await userEvent.click(within(second).getByRole('button', { name: '2번 서명자를 위로' }));
    expect(within(within(dialog).getByRole('region', { name: '1번 서명자' })).getByRole('textbox', { name: '이름' })).toHaveValue('한빛 법무법인');
    await userEvent.click(within(dialog).getByRole('button', { name: '1번 서명자를 아래로' }));
    expect(within(within(dialog).getByRole('region', { name: '1번 서명자' })).getByRole('textbox', { name: '이름' })).toHaveValue('이영희');
    await userEvent.click(within(dialog).getByRole('radio', { name: '동시에' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '다음' }));

    // (b) fields: none placed is refused; then a signature for signer 1 and a seal for signer 2.
    expect(await within(dialog).findByRole('application', { name: '1쪽' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    expect(await within(dialog).findByText('서명 위치를 하나 이상 놓아 주세요.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '서명 항목을 1쪽에 추가' }));
    const pages = within(dialog).getByRole('textbox', { name: '문서 쪽수' });
    await userEvent.clear(pages);
    await userEvent.type(pages, '3');
    await userEvent.click(within(dialog).getByRole('button', { name: '다음 쪽' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '다음 쪽' }));
    await userEvent.click(within(dialog).getByRole('textbox', { name: '입력할 서명자' }));
    await userEvent.click(await screen.findByRole('option', { name: '2. 한빛 법무법인' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: '인감' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '인감 항목을 3쪽에 추가' }));
    expect(within(dialog).getAllByTestId('placed-field').map((row) => row.textContent)).toEqual(['이영희 · 서명 · 1쪽필수', '한빛 법무법인 · 인감 · 3쪽필수']);
    // A placed field can be deleted (from the list) and placed again.
    await userEvent.click(within(dialog).getByRole('button', { name: '한빛 법무법인 · 인감 · 3쪽 지우기' }));
    expect(within(dialog).getAllByTestId('placed-field')).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: '인감 항목을 3쪽에 추가' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '다음' }));

    // (c) message and expiry: a date past the limit is refused.
    const expiry = await within(dialog).findByLabelText(/서명 기한/);
    await userEvent.clear(expiry);
    await userEvent.type(expiry, addDays(kstToday(), 120));
    await userEvent.click(within(dialog).getByRole('button', { name: '서명 요청 보내기' }));
    expect(await within(dialog).findByText('오늘 이후 90일 안의 날짜를 고르세요.')).toBeInTheDocument();
    expect(fake.calls(createEnvelope)).toHaveLength(0);
    const date = addDays(kstToday(), 10);
    await userEvent.clear(expiry);
    await userEvent.type(expiry, date);
    await userEvent.type(within(dialog).getByRole('textbox', { name: '서명자에게 보낼 메시지' }), '제5조를 확인해 주세요.');
    await userEvent.click(within(dialog).getByRole('button', { name: '서명 요청 보내기' }));

    await waitFor(() => expect(fake.calls(createEnvelope)).toHaveLength(1));
    const body = fake.calls(createEnvelope)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      contractId: 7,
      message: '제5조를 확인해 주세요.',
      signingOrder: 'PARALLEL',
      expiresAt: `${date}T23:59:59+09:00`,
      parties: [
        { kind: 'EXTERNAL', name: '이영희', email: 'younghee@saesol.example', phone: '010-1234-5678', order: 1, verificationMethods: ['EMAIL', 'SMS_OTP'], locale: 'ko' },
        { kind: 'COMPANY', name: '한빛 법무법인', order: 2, locale: 'ko' },
      ],
    });
    expect((body.parties as Array<Record<string, unknown>>)[1]).not.toHaveProperty('email');
    const fields = body.fields as Array<Record<string, number | string | boolean>>;
    expect(fields.map((f) => [f.key, f.partyOrder, f.type, f.page, f.required])).toEqual([['sign_1', 1, 'SIGNATURE', 1, true], ['seal_1', 2, 'SEAL', 3, true]]);
    for (const f of fields) {
      for (const k of ['x', 'y', 'width', 'height'] as const) expect(f[k]).toBeGreaterThanOrEqual(0);
      expect((f.x as number) + (f.width as number)).toBeLessThanOrEqual(1);
      expect((f.y as number) + (f.height as number)).toBeLessThanOrEqual(1);
    }
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /전자서명 요청:/ })).not.toBeInTheDocument());
  });

  it('shows the server\'s 400 next to the entry it names, on its step', { timeout: 90_000 }, async () => {
    const fake = serve().on(createEnvelope, fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.fields.0.page', reason: 'PDF에 3쪽이 없습니다.' }] }));
    renderApp('/hanbit/contracts/7');
    const dialog = await openWizard();
    const first = within(dialog).getByRole('region', { name: '1번 서명자' });
    await userEvent.type(within(first).getByRole('textbox', { name: '이름' }), '이영희');
    await userEvent.type(within(first).getByRole('textbox', { name: '이메일' }), 'younghee@saesol.example');
    await userEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: '서명 항목을 1쪽에 추가' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: '서명 요청 보내기' }));
    await waitFor(() => expect(fake.calls(createEnvelope)).toHaveLength(1));
    expect(await within(dialog).findByText('PDF에 3쪽이 없습니다.')).toBeInTheDocument();
    expect(within(dialog).getByRole('application', { name: '1쪽' })).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('표시된 항목을 고쳐 주세요.');
  });

  it('says when the server cannot convert the document', { timeout: 90_000 }, async () => {
    serve().on(createEnvelope, fail(503, 'ERROR_PDF_CONVERTER_UNAVAILABLE', 'no converter'));
    renderApp('/hanbit/contracts/7');
    const dialog = await openWizard();
    const first = within(dialog).getByRole('region', { name: '1번 서명자' });
    await userEvent.type(within(first).getByRole('textbox', { name: '이름' }), '이영희');
    await userEvent.type(within(first).getByRole('textbox', { name: '이메일' }), 'younghee@saesol.example');
    await userEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: '서명 항목을 1쪽에 추가' }));
    await userEvent.click(within(dialog).getByRole('button', { name: '다음' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: '서명 요청 보내기' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('문서 변환기(LibreOffice)가 없습니다');
  });
});
