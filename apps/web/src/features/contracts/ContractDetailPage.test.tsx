import {
  getConhubContractV3, getContractPermissions, updateConhubContractTitle, updateContractAmountCurrency, updateContractMemo, updateContractOwner,
  updateContractPeriod, updateContractSignedDate,
} from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { detailOf, permissionsOf, READER, signInAs, WRITER } from './contracts.test-support';

const terms = () => screen.getByRole('region', { name: '계약 조건' });
const work = () => screen.getByRole('region', { name: '담당과 분류' });

describe('contract detail', () => {
  afterEach(() => FakeXhr.reset());

  it('edits the title in place through its own PUT', { timeout: 20_000 }, async () => {
    const fake = signInAs(WRITER)
      .on(getConhubContractV3, ok(detailOf()))
      .on(getContractPermissions, ok(permissionsOf()))
      .on(updateConhubContractTitle, (call) => ok(detailOf({ title: (call.body as { title: string }).title, version: 4 })));
    renderApp('/hanbit/contracts/7');
    expect(await screen.findByRole('heading', { level: 1, name: '용역계약 7' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('₩1,500,000')).toBeInTheDocument();
    expect(screen.getByText('주식회사 새솔')).toBeInTheDocument();

    await userEvent.click(await within(terms()).findByRole('button', { name: '계약명 수정' }));
    const input = within(terms()).getByRole('textbox', { name: '계약명' });
    await userEvent.clear(input);
    await userEvent.click(within(terms()).getByRole('button', { name: '저장' }));
    // The shared schema wants a title: nothing is sent.
    expect(await within(terms()).findByText('입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(updateConhubContractTitle)).toHaveLength(0);

    await userEvent.type(input, '물품공급계약 (개정)');
    await userEvent.click(within(terms()).getByRole('button', { name: '저장' }));
    expect(await screen.findByRole('heading', { level: 1, name: '물품공급계약 (개정)' })).toBeInTheDocument();
    const put = fake.calls(updateConhubContractTitle)[0]!;
    expect(put.method).toBe('PUT');
    expect(put.path).toBe('/api/conhub/contracts/7/title/v1');
    expect(put.body).toEqual({ title: '물품공급계약 (개정)' });
    expect(within(terms()).queryByRole('textbox', { name: '계약명' })).not.toBeInTheDocument();
  });

  it('checks the amount and its currency together before saving', { timeout: 20_000 }, async () => {
    const fake = signInAs(WRITER)
      .on(getConhubContractV3, ok(detailOf()))
      .on(getContractPermissions, ok(permissionsOf()))
      .on(updateContractAmountCurrency, ok(detailOf({ amount: '2000000.5', currency: 'USD' })));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await screen.findByRole('region', { name: '계약 조건' }, { timeout: 8000 })).findByRole('button', { name: '계약 금액 수정' }));
    const currency = within(terms()).getByRole('combobox', { name: '통화' });
    await userEvent.clear(currency);
    await userEvent.click(within(terms()).getByRole('button', { name: '저장' }));
    expect(await within(terms()).findByText('금액에는 통화가 필요합니다.')).toBeInTheDocument();
    expect(fake.calls(updateContractAmountCurrency)).toHaveLength(0);

    const amount = within(terms()).getByRole('textbox', { name: '금액' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '2,000,000.5');
    await userEvent.type(currency, 'usd');
    await userEvent.click(within(terms()).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(updateContractAmountCurrency)).toHaveLength(1));
    expect(fake.calls(updateContractAmountCurrency)[0]!.body).toEqual({ amount: '2000000.5', currency: 'USD' });
    expect(await screen.findByText('US$2,000,000.50')).toBeInTheDocument();
  });

  it('edits the period and the signed date as YYYY-MM-DD days, the end on or after the start', { timeout: 20_000 }, async () => {
    const fake = signInAs(WRITER)
      .on(getConhubContractV3, ok(detailOf()))
      .on(getContractPermissions, ok(permissionsOf()))
      .on(updateContractPeriod, (call) => ok(detailOf({ ...(call.body as object), version: 4 })))
      .on(updateContractSignedDate, (call) => ok(detailOf({ ...(call.body as object), version: 5 })));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await screen.findByRole('region', { name: '계약 조건' }, { timeout: 8000 })).findByRole('button', { name: '계약 기간 수정' }));
    expect(within(terms()).getByLabelText('시작일')).toHaveValue('2026-01-15');
    const end = within(terms()).getByLabelText('종료일');
    expect(end).toHaveValue('2026-12-31');
    fireEvent.change(end, { target: { value: '2025-12-31' } });
    await userEvent.click(within(terms()).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(end).toHaveAttribute('aria-invalid', 'true'));
    expect(fake.calls(updateContractPeriod)).toHaveLength(0);
    fireEvent.change(end, { target: { value: '20270115' } });
    await userEvent.click(within(terms()).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(updateContractPeriod)).toHaveLength(1));
    expect(fake.calls(updateContractPeriod)[0]!.body).toEqual({ startDate: '2026-01-15', endDate: '2027-01-15' });

    await userEvent.click(await within(terms()).findByRole('button', { name: '체결일 수정' }));
    const signed = within(terms()).getByRole('textbox', { name: '체결일' });
    expect(signed).toHaveValue('2026-01-10');
    await userEvent.clear(signed);
    await userEvent.type(signed, '20260112');
    expect(signed).toHaveValue('2026-01-12');
    await userEvent.click(within(terms()).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(updateContractSignedDate)).toHaveLength(1));
    expect(fake.calls(updateContractSignedDate)[0]!.body).toEqual({ signedDate: '2026-01-12' });
  });

  it('says when someone else saved first and reloads the contract', { timeout: 20_000 }, async () => {
    let reads = 0;
    const fake = signInAs(WRITER)
      .on(getConhubContractV3, () => ok(detailOf(++reads > 1 ? { memo: '상대방이 먼저 고친 메모', version: 5 } : {})))
      .on(getContractPermissions, ok(permissionsOf()))
      .on(updateContractMemo, fail(409, 'ERROR_CONFLICT', '다른 사용자가 먼저 저장했습니다.', { currentVersion: 5 }));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await screen.findByRole('region', { name: '담당과 분류' }, { timeout: 8000 })).findByRole('button', { name: '메모 수정' }));
    await userEvent.type(within(work()).getByRole('textbox', { name: '메모' }), ' 추가');
    await userEvent.click(within(work()).getByRole('button', { name: '저장' }));

    expect(await screen.findByText('다른 사용자가 먼저 이 계약을 바꿨습니다. 최신 내용을 다시 불러왔으니 확인한 뒤 다시 저장해 주세요.')).toBeInTheDocument();
    expect(await within(work()).findByText('상대방이 먼저 고친 메모')).toBeInTheDocument();
    expect(fake.calls(updateContractMemo)[0]!.body).toEqual({ memo: '자동 갱신 조항 확인 추가' });
    expect(fake.calls(getConhubContractV3).length).toBeGreaterThanOrEqual(2);
    expect(within(work()).queryByRole('textbox', { name: '메모' })).not.toBeInTheDocument();
  });

  it('locks the fields a running approval freezes and keeps the others editable', { timeout: 20_000 }, async () => {
    signInAs(WRITER)
      .on(getConhubContractV3, ok(detailOf({ status: 'IN_APPROVAL' })))
      .on(getContractPermissions, ok(permissionsOf({ frozenFields: ['title', 'contractType', 'amount', 'currency', 'counterparties', 'files'] })));
    renderApp('/hanbit/contracts/7');
    expect(await screen.findByText('결재 중: 계약 내용이 잠겨 있습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(within(terms()).queryByRole('button', { name: '계약명 수정' })).not.toBeInTheDocument();
    expect(within(terms()).queryByRole('button', { name: '계약 금액 수정' })).not.toBeInTheDocument();
    expect(within(terms()).getAllByRole('img', { name: '결재 또는 서명이 진행 중이라 바꿀 수 없습니다.' }).length).toBeGreaterThanOrEqual(2);
    expect(within(work()).getByRole('button', { name: '메모 수정' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '상대방 추가' })).not.toBeInTheDocument();
  });

  it('is read-only for a reader who may not edit it', { timeout: 20_000 }, async () => {
    signInAs(READER)
      .on(getConhubContractV3, ok(detailOf({ abilities: { canUpdate: false, canDelete: false, canChangeOwner: false, canManageWatchers: false, canBookmark: true } })))
      .on(getContractPermissions, ok(permissionsOf({ canUpdate: false, canDelete: false, canChangeOwner: false, canManageWatchers: false })));
    renderApp('/hanbit/contracts/7');
    expect(await screen.findByText('이 계약은 볼 수만 있습니다. 수정은 소유자나 계약 관리자가 할 수 있습니다.', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /수정$/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '삭제' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '상대방 추가' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '용역계약 7 즐겨찾기' })).toBeInTheDocument();
  });

  it('shows the server field error of an owner the server refuses', { timeout: 20_000 }, async () => {
    const fake = signInAs(WRITER)
      .on(getConhubContractV3, ok(detailOf({ watchers: [{ userId: 52, displayName: '윤재원' }] })))
      .on(getContractPermissions, ok(permissionsOf()))
      .on(updateContractOwner, fail(400, 'ERROR_VALIDATION', 'invalid', { fieldErrors: [{ field: 'body.ownerUserId', reason: '계약을 쓸 권한이 없는 사용자입니다.' }] }));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await screen.findByRole('region', { name: '담당과 분류' }, { timeout: 8000 })).findByRole('button', { name: '담당자 수정' }));
    await userEvent.click(within(work()).getByRole('combobox', { name: '담당자' }));
    await userEvent.click(await screen.findByRole('option', { name: '윤재원' }));
    await userEvent.click(within(work()).getByRole('button', { name: '저장' }));
    expect(await within(work()).findByText('계약을 쓸 권한이 없는 사용자입니다.')).toBeInTheDocument();
    expect(fake.calls(updateContractOwner)[0]!.body).toEqual({ ownerUserId: 52 });
  });

  it('answers an unknown contract with not found', { timeout: 20_000 }, async () => {
    signInAs(READER).on(getConhubContractV3, fail(404, 'ERROR_NOT_FOUND')).on(getContractPermissions, fail(404, 'ERROR_NOT_FOUND'));
    renderApp('/hanbit/contracts/999');
    expect(await screen.findByText('계약을 찾을 수 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
  });
});
