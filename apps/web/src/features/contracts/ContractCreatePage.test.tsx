import { CONTRACT_TYPE_CATALOGUE, createContractV7, type FileMetadata, getConhubContractV3, getContractPermissions, listWorkspaceContractTypes } from '@legal/api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { detailOf, permissionsOf, signInAs, WRITER } from './contracts.test-support';

const KEY_MAIN = 'MMMMMMMMMMMMMMMMMMMMMM';
const KEY_APPENDIX = 'PPPPPPPPPPPPPPPPPPPPPP';

function metadata(fileKey: string, displayName: string): FileMetadata {
  return {
    fileKey, displayName, fileType: 'pdf', contentType: 'application/pdf', size: 4096, sha256: 'a'.repeat(64), revision: 1, referenceType: null,
    referenceId: null, uploadedByUserId: 41, uploaderName: null, attachedTo: [], pendingAttachmentUntil: null, extraction: { status: 'PENDING', error: null, pageCount: null }, isDeleted: false, deletedAt: null,
    createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z', abilities: { canUpdate: true, canDelete: true },
  };
}

const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });

describe('contract registration by upload', () => {
  afterEach(() => FakeXhr.reset());

  it('offers the workspace\'s contract types in the order its admin set, not re-sorted', async () => {
    const entry = (code: string) => ({ ...CONTRACT_TYPE_CATALOGUE.find((type) => type.code === code)!, label: '' });
    signInAs(WRITER).on(listWorkspaceContractTypes, ok(['SUPPLY', 'NDA', 'SERVICE'].map(entry)));
    renderApp('/hanbit/contracts/new');
    await userEvent.click(await screen.findByRole('combobox', { name: '계약 유형' }, { timeout: 8000 }));
    await waitFor(async () => expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['물품공급계약', '비밀유지계약', '용역계약']));
  });

  // The longest screen journey of the web suite (two uploads, a form typed and checked twice): about
  // 10 s alone, past 30 s in CI beside the server suite on two cores.
  it('uploads with progress, names the contract after the file, checks the form and creates it with the file keys', { timeout: 60_000 }, async () => {
    const created = detailOf({ id: 31, title: '용역계약서_최종' });
    const fake = signInAs(WRITER)
      .on(createContractV7, ok(created))
      .on(getConhubContractV3, ok(created))
      .on(getContractPermissions, ok(permissionsOf({ contractId: 31 })));
    const { router } = renderApp('/hanbit/contracts/new');
    expect(await screen.findByRole('heading', { level: 1, name: '계약 등록' }, { timeout: 8000 })).toBeInTheDocument();

    await userEvent.upload(screen.getByLabelText('올릴 계약서 파일'), [pdf('용역계약서_최종.pdf'), pdf('부속합의서.pdf')]);
    expect(FakeXhr.instances).toHaveLength(2);
    const [main, appendix] = FakeXhr.instances as [FakeXhr, FakeXhr];
    expect(main.url).toBe('/api/arxive/files/v2');
    expect((main.body as FormData).get('displayName')).toBe('용역계약서_최종.pdf');
    // Uploaded for the contract being written: off the files list until saved, collected if the form is left.
    expect((main.body as FormData).get('purpose')).toBe('ATTACHMENT');
    act(() => main.progress(40, 100));
    expect(await screen.findByRole('progressbar', { name: '용역계약서_최종.pdf 올리는 중' })).toHaveAttribute('aria-valuenow', '40');
    // Registering waits for the uploads.
    expect(screen.getByRole('button', { name: '등록' })).toBeDisabled();

    act(() => main.respond(200, { code: 'SUCCESS', message: null, data: metadata(KEY_MAIN, '용역계약서_최종.pdf') }));
    act(() => appendix.respond(200, { code: 'SUCCESS', message: null, data: metadata(KEY_APPENDIX, '부속합의서.pdf') }));
    const uploaded = await screen.findByRole('list', { name: '올린 파일' });
    expect(within(uploaded).getByText('부속합의서.pdf')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: '계약명' })).toHaveValue('용역계약서_최종'));
    expect(within(uploaded).getByRole('combobox', { name: '용역계약서_최종.pdf의 역할' })).toHaveValue('MAIN');
    await userEvent.selectOptions(within(uploaded).getByRole('combobox', { name: '부속합의서.pdf의 역할' }), 'APPENDIX');

    // The currency starts as a real value (KRW), and the amount is grouped as it is typed.
    expect(screen.getByRole('combobox', { name: '통화' })).toHaveValue('KRW');
    await userEvent.type(screen.getByRole('textbox', { name: '금액' }), '1500000');
    expect(screen.getByRole('textbox', { name: '금액' })).toHaveValue('1,500,000');
    // No contract type and an amount without its currency: the shared v7 schema says no.
    await userEvent.clear(screen.getByRole('combobox', { name: '통화' }));
    await userEvent.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('금액에는 통화가 필요합니다.')).toBeInTheDocument();
    expect(screen.getByText('입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(createContractV7)).toHaveLength(0);

    await userEvent.click(screen.getByRole('combobox', { name: '계약 유형' }));
    await userEvent.click(await screen.findByRole('option', { name: '용역계약' }));
    await userEvent.type(screen.getByRole('combobox', { name: '통화' }), 'krw');
    await userEvent.type(screen.getByRole('combobox', { name: '해시태그' }), '갱신{enter}');
    await userEvent.click(screen.getByRole('button', { name: '등록' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/contracts/31'));
    const [call] = fake.calls(createContractV7);
    const body = call!.body as Record<string, unknown>;
    // The registration carries its idempotency key, so a retry cannot make a second contract.
    expect(call!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
    expect(body).toMatchObject({
      title: '용역계약서_최종',
      contractType: 'SERVICE',
      status: 'DRAFT',
      amount: '1500000',
      currency: 'KRW',
      hashtags: ['갱신'],
      files: [{ fileKey: KEY_MAIN, role: 'MAIN' }, { fileKey: KEY_APPENDIX, role: 'APPENDIX' }],
    });
    expect(body).not.toHaveProperty('ownerUserId');
    expect(await screen.findByText("'용역계약서_최종' 계약을 등록했습니다.")).toBeInTheDocument();
  });

  it('shows the server field errors of a refused registration', { timeout: 20_000 }, async () => {
    signInAs(WRITER).on(
      createContractV7,
      fail(400, 'ERROR_VALIDATION', 'invalid', { fieldErrors: [{ field: 'body.files.0.fileKey', reason: '이 워크스페이스의 파일이 아닙니다.' }] }),
    );
    renderApp('/hanbit/contracts/new');
    await userEvent.upload(await screen.findByLabelText('올릴 계약서 파일', undefined, { timeout: 8000 }), pdf('계약서.pdf'));
    act(() => FakeXhr.instances[0]!.respond(200, { code: 'SUCCESS', message: null, data: metadata(KEY_MAIN, '계약서.pdf') }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '계약명' })).toHaveValue('계약서'));
    await userEvent.click(screen.getByRole('combobox', { name: '계약 유형' }));
    await userEvent.click(await screen.findByRole('option', { name: '비밀유지계약' }));
    await userEvent.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('이 워크스페이스의 파일이 아닙니다.')).toBeInTheDocument();
  });

  it('is refused to a member who may not register contracts', async () => {
    signInAs(['contract.contract.read']);
    renderApp('/hanbit/contracts/new');
    expect(await screen.findByText('접근 권한이 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
  });
});
