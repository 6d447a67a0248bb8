import {
  getWorkspaceCategoryTypes, getWorkspaceContractTypes, listGlobalFormAvailabilityV2, putWorkspaceCategoryTypes, putWorkspaceContractTypes, setGlobalFormAvailabilityV1,
} from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { serveSession, signInToHanbit } from '../../../test/session-fixtures';

const PERMISSIONS = ['workspace.admin.access', 'workspace.config.write'];
const GLOBAL = { standardFormId: 90, title: 'Common Paper 상호 NDA', contractType: 'NDA', language: 'en', latestVersion: 1, available: false };

function serve() {
  signInToHanbit(PERMISSIONS);
  return serveSession(installFakeApi(), { permissions: PERMISSIONS })
    .on(getWorkspaceContractTypes, ok({ contractTypes: ['NDA', 'SERVICE'] }))
    .on(putWorkspaceContractTypes, (call) => ok(call.body))
    .on(getWorkspaceCategoryTypes, ok({ categoryTypes: ['인사'] }))
    .on(putWorkspaceCategoryTypes, (call) => ok(call.body))
    .on(listGlobalFormAvailabilityV2, ok([GLOBAL]))
    .on(setGlobalFormAvailabilityV1, (call) => ok([{ ...GLOBAL, available: (call.body as { available: boolean }).available }]));
}

describe('admin console: standard forms', { timeout: 45_000 }, () => {
  it('narrows the contract types, keeps at least one, and offers a global form', async () => {
    const fake = serve();
    renderApp('/hanbit/admin/standard-forms');
    const types = await screen.findByRole('region', { name: '계약 유형' }, { timeout: 8000 });
    const nda = await within(types).findByRole('checkbox', { name: '비밀유지계약' });
    expect(nda).toBeChecked();
    fireEvent.click(within(types).getByRole('checkbox', { name: '용역계약' }));
    fireEvent.click(nda);
    expect(within(types).getByText('유형을 하나 이상 남겨 두세요.')).toBeInTheDocument();
    expect(within(types).getByRole('button', { name: '저장' })).toBeDisabled();
    fireEvent.click(within(types).getByRole('checkbox', { name: '용역계약' }));
    fireEvent.click(within(types).getByRole('checkbox', { name: '물품공급계약' }));
    fireEvent.click(within(types).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(putWorkspaceContractTypes)).toHaveLength(1));
    expect(fake.calls(putWorkspaceContractTypes)[0]!.body).toEqual({ contractTypes: ['SERVICE', 'SUPPLY'] });

    const globals = screen.getByRole('region', { name: '글로벌 서식' });
    fireEvent.click(await within(globals).findByRole('switch', { name: 'Common Paper 상호 NDA 제공' }));
    await waitFor(() => expect(fake.calls(setGlobalFormAvailabilityV1)).toHaveLength(1));
    expect(fake.calls(setGlobalFormAvailabilityV1)[0]!.body).toEqual({ standardFormId: 90, available: true });
    await waitFor(() => expect(within(globals).getByRole('switch', { name: 'Common Paper 상호 NDA 제공' })).toBeChecked());
  });

  it('reorders the contract types with the move buttons (keyboard reachable, labelled) and saves that order', async () => {
    const fake = serve().on(getWorkspaceContractTypes, ok({ contractTypes: ['NDA', 'SERVICE', 'SUPPLY'] }));
    renderApp('/hanbit/admin/standard-forms');
    const types = await screen.findByRole('region', { name: '계약 유형' }, { timeout: 8000 });
    const chosen = await within(types).findByRole('list', { name: '사용하는 유형 (표시 순서)' });
    const order = () => within(chosen).getAllByRole('checkbox').map((box) => box.getAttribute('value'));
    expect(order()).toEqual(['NDA', 'SERVICE', 'SUPPLY']);
    expect(within(types).getByRole('button', { name: '비밀유지계약 위로 이동' })).toBeDisabled();
    expect(within(types).getByRole('button', { name: '물품공급계약 아래로 이동' })).toBeDisabled();

    const up = within(types).getByRole('button', { name: '물품공급계약 위로 이동' });
    up.focus();
    await userEvent.keyboard('{Enter}');
    expect(order()).toEqual(['NDA', 'SUPPLY', 'SERVICE']);
    fireEvent.click(within(types).getByRole('button', { name: '비밀유지계약 아래로 이동' }));
    expect(order()).toEqual(['SUPPLY', 'NDA', 'SERVICE']);
    // A type taken into use goes last; the order is what is saved.
    fireEvent.click(within(types).getByRole('checkbox', { name: '근로계약' }));
    expect(order()).toEqual(['SUPPLY', 'NDA', 'SERVICE', 'EMPLOYMENT']);
    fireEvent.click(within(types).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(putWorkspaceContractTypes)).toHaveLength(1));
    expect(fake.calls(putWorkspaceContractTypes)[0]!.body).toEqual({ contractTypes: ['SUPPLY', 'NDA', 'SERVICE', 'EMPLOYMENT'] });
  });
});
