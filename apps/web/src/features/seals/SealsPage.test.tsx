import { deleteSeal, listGroups, listSeals, listUsersByRole, markSealUnavailable, updateSeal } from '@legal/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { CUSTODIAN, MANAGER_PERMISSIONS, MEMBER_PERMISSIONS, pageOf, sealOf, signInWithSeals } from './seals.test-support';

describe('the seal registry', () => {
  afterEach(() => FakeXhr.reset());

  it('shows each seal as a card with its image, type, status, custodian, groups and usage; a member sees no actions', { timeout: 45_000 }, async () => {
    const fake = signInWithSeals(MEMBER_PERMISSIONS).on(
      listSeals,
      ok(pageOf([
        sealOf(1, { usageCount: 4, allowedGroups: [{ groupId: 3, name: '법무팀' }] }),
        sealOf(2, { name: '사용인감 A', type: 'USAGE', status: 'UNAVAILABLE', unavailableReason: '분실' }),
      ])),
    );
    renderApp('/hanbit/seals');
    const card = await screen.findByRole('article', { name: '법인인감 1' }, { timeout: 8000 });
    expect(within(card).getByText('법인인감')).toBeInTheDocument();
    expect(within(card).getByText('사용 가능')).toBeInTheDocument();
    expect(within(card).getByText(CUSTODIAN.displayName)).toBeInTheDocument();
    expect(within(card).getByText('법무팀')).toBeInTheDocument();
    expect(within(card).getByText('사용 4회')).toBeInTheDocument();
    expect(await within(card).findByRole('img', { name: '법인인감 1 인영' })).toHaveAttribute('src', 'blob:seal');
    const retired = screen.getByRole('article', { name: '사용인감 A' });
    expect(within(retired).getByText('사용 중지')).toBeInTheDocument();
    expect(within(retired).getByText('중지 사유: 분실')).toBeInTheDocument();
    expect(within(retired).getByText('모든 구성원')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '인감 등록' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '법인인감 1 작업' })).not.toBeInTheDocument();

    // Filters live in the address and reach the server.
    await userEvent.type(screen.getByRole('textbox', { name: '인감 이름' }), '법인');
    await userEvent.click(screen.getByRole('button', { name: '검색' }));
    await waitFor(() => expect(fake.calls(listSeals).at(-1)!.query.get('keyword')).toBe('법인'));
  });

  it('says when there is no seal yet, and offers the manager to register one', { timeout: 30_000 }, async () => {
    signInWithSeals(MANAGER_PERMISSIONS, { canManageSeals: true }).on(listSeals, ok(pageOf([])));
    renderApp('/hanbit/seals');
    expect(await screen.findByText('등록된 인감이 없습니다', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '인감 등록' }).length).toBeGreaterThan(0);
  });

  it('edits a seal at the version read, keeping its image unless a new one is uploaded', { timeout: 45_000 }, async () => {
    const fake = signInWithSeals(MANAGER_PERMISSIONS, { canManageSeals: true })
      .on(listSeals, ok(pageOf([sealOf(1, { allowedGroups: [{ groupId: 3, name: '법무팀' }] })])))
      .on(listUsersByRole, ok(pageOf([])))
      .on(listGroups, ok(pageOf([])))
      .on(updateSeal, ok(sealOf(1, { name: '법인인감 (본점)', version: 4 })));
    renderApp('/hanbit/seals');
    await userEvent.click(await screen.findByRole('button', { name: '법인인감 1 작업' }, { timeout: 8000 }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '수정' }));
    const dialog = await screen.findByRole('dialog', { name: '인감 수정' });
    const name = within(dialog).getByRole('textbox', { name: '인감 이름' });
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(updateSeal)).toHaveLength(0);
    await userEvent.type(name, '법인인감 (본점)');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(updateSeal)).toHaveLength(1));
    expect(fake.calls(updateSeal)[0]!.body).toEqual({
      name: '법인인감 (본점)', type: 'CORPORATE', imageFileKey: 'SSSSSSSSSSSSSSSSSSSSSS', custodianUserId: CUSTODIAN.userId, allowedGroupIds: [3], version: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '인감 수정' })).not.toBeInTheDocument());
  });

  it('explains a 409 on delete and offers to mark the seal unavailable with a reason instead', { timeout: 45_000 }, async () => {
    const fake = signInWithSeals(MANAGER_PERMISSIONS, { canManageSeals: true })
      .on(listSeals, ok(pageOf([sealOf(1, { usageCount: 2 })])))
      .on(deleteSeal, fail(409, 'ERROR_CONFLICT', 'in use'))
      .on(markSealUnavailable, ok(sealOf(1, { status: 'UNAVAILABLE', unavailableReason: '교체', version: 4 })));
    renderApp('/hanbit/seals');
    await userEvent.click(await screen.findByRole('button', { name: '법인인감 1 작업' }, { timeout: 8000 }));
    await userEvent.click(await screen.findByRole('menuitem', { name: '삭제' }));
    const dialog = await screen.findByRole('dialog', { name: '법인인감 1 삭제' });
    await userEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    expect(await within(dialog).findByText(/사용 중지로 바꿔 주세요/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '사용 중지하기' }));
    const retire = await screen.findByRole('dialog', { name: '법인인감 1 사용 중지' });
    await userEvent.click(within(retire).getByRole('button', { name: '사용 중지' }));
    expect(await within(retire).findByText('사유를 입력해 주세요.')).toBeInTheDocument();
    await userEvent.type(within(retire).getByRole('textbox', { name: '사유' }), '교체');
    await userEvent.click(within(retire).getByRole('button', { name: '사용 중지' }));
    await waitFor(() => expect(fake.calls(markSealUnavailable)).toHaveLength(1));
    expect(fake.calls(markSealUnavailable)[0]!.body).toEqual({ reason: '교체', version: 3 });
  });
});
