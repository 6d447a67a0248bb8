import { deleteSigningCertificate, getSigningCertificate, type SigningCertificateView, uploadSigningCertificate } from '@legal/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../../lib/api/fake-xhr';
import { fail, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { hanbit } from '../../../test/session-fixtures';
import { signInWithEsign } from '../esign.test-support';

const ADMIN = ['workspace.admin.access', 'workspace.config.write'];
const generated = {
  subject: 'CN=Hanbit Law e-sign, O=Hanbit Law', issuer: 'CN=Hanbit Law e-sign, O=Hanbit Law', serialNumber: '01ab', notBefore: '2026-01-01T00:00:00.000Z',
  notAfter: '2036-01-01T00:00:00.000Z', fingerprintSha256: 'AA:BB',
};
const uploaded = {
  subject: 'CN=한빛 전자계약, O=한빛 법무법인', issuer: 'CN=한빛 인증기관, O=한빛 법무법인', serialNumber: '01cd', notBefore: '2026-11-01T00:00:00.000Z',
  notAfter: '2027-11-01T00:00:00.000Z', fingerprintSha256: 'CC:DD', uploadedAt: '2026-11-27T01:00:00.000Z', uploadedBy: { userId: 41, displayName: '김민준' }, isExpired: false,
};
const GENERATED_ONLY: SigningCertificateView = { inUse: 'GENERATED', uploaded: null, generated };
const WITH_UPLOAD: SigningCertificateView = { inUse: 'UPLOADED', uploaded, generated };

async function openPage() {
  renderApp('/hanbit/admin/esign-certificate');
  expect(await screen.findByRole('heading', { level: 2, name: '전자서명 인증서' }, { timeout: 15_000 })).toBeInTheDocument();
}

describe('the signing certificate page', () => {
  afterEach(() => FakeXhr.reset());

  it('shows the generated certificate, uploads a PKCS#12 with its password and progress, then shows it in use', async () => {
    signInWithEsign(ADMIN).on(getSigningCertificate, ok(GENERATED_ONLY));
    await openPage();
    expect(await screen.findAllByText('CN=Hanbit Law e-sign, O=Hanbit Law', {}, { timeout: 10_000 })).toHaveLength(2);
    const form = screen.getByRole('form', { name: '회사 인증서 올리기' });
    const upload = within(form).getByRole('button', { name: '올리기' });
    expect(upload).toBeDisabled();
    await userEvent.upload(within(form).getByLabelText('인증서 파일'), new File([new Uint8Array([0x30, 0x82])], 'company.p12'));
    await userEvent.type(within(form).getByLabelText('인증서 비밀번호', { exact: false }), 'p12-secret');
    await userEvent.click(upload);

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toContain(uploadSigningCertificate.path);
    const sent = xhr.body as FormData;
    expect(sent.get('password')).toBe('p12-secret');
    expect((sent.get('file') as File).name).toBe('company.p12');
    act(() => xhr.progress(40, 100));
    expect(await within(form).findByText('40%')).not.toBeNull();
    act(() => xhr.respond(200, { code: 'SUCCESS', message: null, data: WITH_UPLOAD }));

    expect(await screen.findByText('CN=한빛 전자계약, O=한빛 법무법인')).not.toBeNull();
    expect(screen.getByText('CN=한빛 인증기관, O=한빛 법무법인')).not.toBeNull();
    expect(screen.getAllByText('사용 중')).toHaveLength(1);
    expect(screen.getByRole('form', { name: '회사 인증서 올리기' })).not.toBeNull();
    expect(screen.getByRole('heading', { name: '회사 인증서 바꾸기' })).not.toBeNull();
  });

  it('names what is wrong with a refused file', async () => {
    signInWithEsign(ADMIN).on(getSigningCertificate, ok(GENERATED_ONLY));
    await openPage();
    const form = await screen.findByRole('form', { name: '회사 인증서 올리기' }, { timeout: 10_000 });
    await userEvent.upload(within(form).getByLabelText('인증서 파일'), new File(['x'], 'old.pfx'));
    await userEvent.click(within(form).getByRole('button', { name: '올리기' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.instances[0]!.respond(400, { code: 'ERROR_VALIDATION', message: '입력값을 확인하세요.', data: { fieldErrors: [{ field: 'body.file', reason: 'EXPIRED' }] } }));
    expect(await within(form).findByText('인증서의 유효기간이 지났습니다.')).not.toBeNull();
  });

  it('deletes the uploaded certificate after a confirmation', async () => {
    const fake = signInWithEsign(ADMIN).on(getSigningCertificate, ok(WITH_UPLOAD)).on(deleteSigningCertificate, ok(GENERATED_ONLY));
    await openPage();
    await userEvent.click(await screen.findByRole('button', { name: '삭제' }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', { name: '회사 인증서를 삭제할까요?' });
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(fake.calls(deleteSigningCertificate)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('CN=한빛 전자계약, O=한빛 법무법인')).toBeNull());
    expect(screen.getByRole('heading', { name: '회사 인증서 올리기' })).not.toBeNull();
  });

  it('shows the load error', async () => {
    signInWithEsign(ADMIN).on(getSigningCertificate, fail(500, 'ERROR_INTERNAL'));
    await openPage();
    expect(await screen.findByText('인증서 정보를 불러오지 못했습니다.', {}, { timeout: 10_000 })).not.toBeNull();
  });

  it('says "not available" in a workspace without e-contracts, and asks nothing', async () => {
    const fake = signInWithEsign(ADMIN, hanbit).on(getSigningCertificate, ok(GENERATED_ONLY));
    await openPage();
    expect(await screen.findByText('이 워크스페이스에서 사용할 수 없는 서비스입니다', { exact: false }, { timeout: 10_000 })).not.toBeNull();
    expect(fake.calls(getSigningCertificate)).toHaveLength(0);
  });
});
