import { editPreset, getPresetMetaOptions, getWorkspacePresets, listPublishedPresets, PERMISSION, type PresetMetaOptions, type PublishedPreset, publishPreset, putWorkspacePresets, withdrawPreset, type WorkspacePresetSetting } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../../lib/api/fake-xhr';
import { setPermissions, setUserInfo } from '../../../lib/session';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { resetSession, serveSession, signInToHanbit } from '../../../test/session-fixtures';
import { adaptationBody } from './WorkspaceWorkflowPresetsPage';

const step = (stepCode: PresetMetaOptions['steps'][number]['stepCode'], ko: string, en: string, extra: { canBeOptional?: boolean; isRequired?: boolean } = {}) => ({
  stepCode, name: { ko, en }, group: 'REQUEST' as const, actorRule: { role: 'REQUESTER' as const, permission: null }, actions: ['CANCEL' as const],
  canBeOptional: extra.canBeOptional ?? false, isRequired: extra.isRequired ?? false,
});
const OPTIONS: PresetMetaOptions = {
  steps: [
    step('REQUEST', '요청', 'Request', { isRequired: true }),
    step('ASSIGNMENT', '배정', 'Assignment', { canBeOptional: true }),
    step('LEGAL_REVIEW', '법무 검토', 'Legal review'),
    step('APPROVAL', '결재', 'Approval', { canBeOptional: true }),
    step('SIGNING', '서명', 'Signing', { canBeOptional: true }),
    step('EXECUTION', '체결', 'Execution', { isRequired: true }),
  ],
  actions: [{ code: 'CANCEL', name: { ko: '취소', en: 'Cancel' } }],
  actorRoles: [{ code: 'REQUESTER', name: { ko: '요청자', en: 'Requester' } }],
};
const BUILT_IN: PublishedPreset = {
  presetType: 'APPROVAL', name: { ko: '결재', en: 'Approval' }, isBuiltIn: true, status: 'PUBLISHED', revision: 0, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', withdrawnAt: null,
  steps: [{ stepCode: 'REQUEST', order: 1, isOptional: false }, { stepCode: 'APPROVAL', order: 2, isOptional: false }, { stepCode: 'SIGNING', order: 3, isOptional: true }, { stepCode: 'EXECUTION', order: 4, isOptional: false }],
};
const QUICK: PublishedPreset = {
  ...BUILT_IN, presetType: 'QUICK_SIGN', name: { ko: '간편 서명', en: 'Quick signing' }, isBuiltIn: false, revision: 2,
  steps: [{ stepCode: 'REQUEST', order: 1, isOptional: false }, { stepCode: 'APPROVAL', order: 2, isOptional: true }, { stepCode: 'SIGNING', order: 3, isOptional: false }, { stepCode: 'EXECUTION', order: 4, isOptional: false }],
};
const GONE: PublishedPreset = { ...QUICK, presetType: 'OLD_FLOW', name: { ko: '예전 결재', en: 'Old approval' }, status: 'WITHDRAWN', withdrawnAt: '2026-02-01T00:00:00Z' };

describe('super admin: workflow presets', { timeout: 45_000 }, () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 1, loginId: 'superadmin@legal.example', isSuperAdmin: true });
    setPermissions([{ name: PERMISSION.superAdminWorkspaceRead }]);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => FakeXhr.reset());

  it('lists the published presets with their optional steps and publishes one built from the meta options', async () => {
    const fake = installFakeApi()
      .on(listPublishedPresets, ok([BUILT_IN]))
      .on(getPresetMetaOptions, ok(OPTIONS))
      .on(publishPreset, ok({ ...BUILT_IN, presetType: 'QUICK_SIGN', isBuiltIn: false }));
    renderApp('/super-admin/workflow-presets');
    const table = await screen.findByRole('table', { name: '게시된 워크플로 프리셋' }, { timeout: 8000 });
    expect(within(table).getByText('APPROVAL')).toBeTruthy();
    expect(within(table).getByText('기본 제공')).toBeTruthy();
    expect(within(table).getByText(/\(선택 단계\)/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '새 프리셋 게시' }));
    const dialog = await screen.findByRole('dialog', { name: '새 프리셋 게시' });
    const submit = within(dialog).getByRole('button', { name: '게시' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^코드/ }), { target: { value: 'quick sign' } });
    expect(within(dialog).getByText(/영문 대문자로 시작하고/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^코드/ }), { target: { value: 'quick_sign' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^이름 \(한국어\)/ }), { target: { value: '간편 서명' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^이름 \(영어\)/ }), { target: { value: 'Quick signing' } });
    // Assignment without legal review cannot run.
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '배정 포함' }));
    expect(within(dialog).getByText('배정과 법무 검토는 함께 넣어야 합니다.')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '배정 포함' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '결재 포함' }));
    fireEvent.click(within(dialog).getByRole('switch', { name: '결재 선택 단계' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: '서명 포함' }));
    expect(within(dialog).getByText('미리 보기: 요청 → 결재 → 서명 → 체결')).toBeTruthy();
    fireEvent.click(submit);
    await waitFor(() => expect(fake.calls(publishPreset)).toHaveLength(1));
    expect(fake.calls(publishPreset)[0]!.body).toEqual({
      presetType: 'QUICK_SIGN',
      name: { ko: '간편 서명', en: 'Quick signing' },
      steps: [{ stepCode: 'REQUEST', isOptional: false }, { stepCode: 'APPROVAL', isOptional: true }, { stepCode: 'SIGNING', isOptional: false }, { stepCode: 'EXECUTION', isOptional: false }],
    });
  });

  it('shows the server\'s field errors of a refused preset', async () => {
    installFakeApi()
      .on(listPublishedPresets, ok([BUILT_IN]))
      .on(getPresetMetaOptions, ok(OPTIONS))
      .on(publishPreset, fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.', { fieldErrors: [{ field: 'body.steps', reason: 'the last step is EXECUTION' }] }));
    renderApp('/super-admin/workflow-presets');
    await screen.findByRole('table', { name: '게시된 워크플로 프리셋' }, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: '새 프리셋 게시' }));
    const dialog = await screen.findByRole('dialog', { name: '새 프리셋 게시' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^코드/ }), { target: { value: 'APPROVAL' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^이름 \(한국어\)/ }), { target: { value: '결재' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^이름 \(영어\)/ }), { target: { value: 'Approval' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '게시' }));
    expect(await within(dialog).findByText('steps: the last step is EXECUTION')).toBeTruthy();
  });

  it('edits a published preset after confirming: its code fixed, its steps prefilled, the revision sent back', async () => {
    const fake = installFakeApi()
      .on(listPublishedPresets, ok([BUILT_IN, QUICK, GONE]))
      .on(getPresetMetaOptions, ok(OPTIONS))
      .on(editPreset, ok({ ...QUICK, name: { ko: '빠른 서명', en: 'Quick signing' }, revision: 3 }));
    renderApp('/super-admin/workflow-presets');
    const table = await screen.findByRole('table', { name: '게시된 워크플로 프리셋' }, { timeout: 8000 });
    // Built-ins and withdrawn presets cannot be changed.
    expect(within(table).queryByRole('button', { name: '결재 수정' })).toBeNull();
    expect(within(table).queryByRole('button', { name: '예전 결재 철회' })).toBeNull();
    expect(within(table).getByText('철회됨')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: '간편 서명 수정' }));
    const dialog = await screen.findByRole('dialog', { name: '프리셋 수정: QUICK_SIGN' });
    expect((within(dialog).getByRole('textbox', { name: /^코드/ }) as HTMLInputElement).readOnly).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: '결재 포함' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('switch', { name: '결재 선택 단계' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText(/진행 중인 워크플로는 시작할 때의 단계를 그대로 따르고/)).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^이름 \(한국어\)/ }), { target: { value: '빠른 서명' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: '결재 선택 단계' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    // Nothing is sent before the confirmation.
    const confirm = (await screen.findByText(/‘빠른 서명’의 이름과 단계가 모든 워크스페이스에서 바뀝니다/)).closest('[role="dialog"]') as HTMLElement;
    expect(fake.calls(editPreset)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '수정' }));
    await waitFor(() => expect(fake.calls(editPreset)).toHaveLength(1));
    expect(fake.calls(editPreset)[0]!.body).toEqual({
      name: { ko: '빠른 서명', en: 'Quick signing' },
      steps: [{ stepCode: 'REQUEST', isOptional: false }, { stepCode: 'APPROVAL', isOptional: false }, { stepCode: 'SIGNING', isOptional: false }, { stepCode: 'EXECUTION', isOptional: false }],
      revision: 2,
    });
    expect(fake.calls(editPreset)[0]!.path).toContain('/workflow-presets/QUICK_SIGN/v1');
    expect(await screen.findByText('프리셋을 수정했습니다.')).toBeTruthy();
  });

  it('withdraws a published preset only after confirming, and shows a stale revision\'s message', async () => {
    const fake = installFakeApi()
      .on(listPublishedPresets, ok([BUILT_IN, QUICK]))
      .on(getPresetMetaOptions, ok(OPTIONS))
      .on(withdrawPreset, fail(409, 'ERROR_CONFLICT', '그사이 다른 사람이 이 워크플로를 바꿨습니다.', { reason: 'stale revision', revision: 3 }));
    renderApp('/super-admin/workflow-presets');
    const table = await screen.findByRole('table', { name: '게시된 워크플로 프리셋' }, { timeout: 8000 });
    fireEvent.click(within(table).getByRole('button', { name: '간편 서명 철회' }));
    const confirm = (await screen.findByText(/어느 워크스페이스에서도 이 워크플로를 새로 시작할 수 없게 됩니다/)).closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByText(/어느 워크스페이스에서도/)).toBeNull());
    expect(fake.calls(withdrawPreset)).toHaveLength(0);
    fireEvent.click(within(table).getByRole('button', { name: '간편 서명 철회' }));
    const again = (await screen.findByText(/어느 워크스페이스에서도/)).closest('[role="dialog"]') as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: '철회' }));
    await waitFor(() => expect(fake.calls(withdrawPreset)).toHaveLength(1));
    expect(fake.calls(withdrawPreset)[0]!.body).toEqual({ revision: 2 });
    expect(await screen.findByText('그사이 다른 사람이 이 워크플로를 바꿨습니다.')).toBeTruthy();
    // The list is read again.
    await waitFor(() => expect(fake.calls(listPublishedPresets).length).toBeGreaterThanOrEqual(2));
  });

  it('an empty list', async () => {
    installFakeApi().on(listPublishedPresets, ok([])).on(getPresetMetaOptions, ok(OPTIONS));
    renderApp('/super-admin/workflow-presets');
    expect(await screen.findByText('게시된 프리셋이 없습니다', undefined, { timeout: 8000 })).toBeTruthy();
  });
});

const SETTING: WorkspacePresetSetting = {
  presetType: 'APPROVAL', publishedName: { ko: '결재', en: 'Approval' }, name: { ko: '결재', en: 'Approval' }, customName: null, isBuiltIn: true, isEnabled: true,
  steps: BUILT_IN.steps.map((s) => ({ ...s, isOn: true })), defaultReviewDeadlineDays: null,
};
const PUBLISHED: WorkspacePresetSetting = { ...SETTING, presetType: 'QUICK_SIGN', publishedName: { ko: '간편 서명', en: 'Quick signing' }, name: { ko: '간편 서명', en: 'Quick signing' }, isBuiltIn: false, isEnabled: false };

const ADMIN_PERMISSIONS = ['workspace.admin.access', 'workspace.config.write'];
function serveAdmin() {
  signInToHanbit(ADMIN_PERMISSIONS);
  return serveSession(installFakeApi(), { permissions: ADMIN_PERMISSIONS });
}

describe('workspace admin: adapting the presets', { timeout: 45_000 }, () => {

  it('builds the body: names only in both languages, switched-off steps, deadline days', () => {
    const body = adaptationBody([SETTING, PUBLISHED], {
      APPROVAL: { isEnabled: true, nameKo: '품의', nameEn: '', offStepCodes: ['SIGNING'], days: 3 },
      QUICK_SIGN: { isEnabled: true, nameKo: '빠른 서명', nameEn: 'Fast signing', offStepCodes: [], days: null },
    });
    expect(body.presets).toEqual([
      { presetType: 'APPROVAL', isEnabled: true, name: null, offStepCodes: ['SIGNING'], defaultReviewDeadlineDays: 3 },
      { presetType: 'QUICK_SIGN', isEnabled: true, name: { ko: '빠른 서명', en: 'Fast signing' }, offStepCodes: [], defaultReviewDeadlineDays: null },
    ]);
  });

  it('enables a published preset, switches signing off and renames; saves every preset', async () => {
    const fake = serveAdmin()
      .on(getWorkspacePresets, ok([SETTING, PUBLISHED]))
      .on(putWorkspacePresets, ok([{ ...SETTING, name: { ko: '품의', en: 'Sign-off' } }, { ...PUBLISHED, isEnabled: true }]));
    renderApp('/hanbit/admin/workflow-presets');
    const table = await screen.findByRole('table', { name: '워크플로 설정' }, { timeout: 8000 });
    fireEvent.click(within(table).getByRole('switch', { name: '간편 서명 사용' }));
    fireEvent.click(within(table).getByRole('checkbox', { name: '결재: 서명 진행' }));
    fireEvent.change(within(table).getByRole('textbox', { name: '결재 이름 (한국어)' }), { target: { value: '품의' } });
    const save = screen.getByRole('button', { name: '저장' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByText('이름을 바꾸려면 한국어와 영어를 모두 입력하세요.')).toBeTruthy();
    fireEvent.change(within(table).getByRole('textbox', { name: '결재 이름 (영어)' }), { target: { value: 'Sign-off' } });
    fireEvent.click(save);
    await waitFor(() => expect(fake.calls(putWorkspacePresets)).toHaveLength(1));
    expect(fake.calls(putWorkspacePresets)[0]!.body).toEqual({
      presets: [
        { presetType: 'APPROVAL', isEnabled: true, name: { ko: '품의', en: 'Sign-off' }, offStepCodes: ['SIGNING'], defaultReviewDeadlineDays: null },
        { presetType: 'QUICK_SIGN', isEnabled: true, name: null, offStepCodes: [], defaultReviewDeadlineDays: null },
      ],
    });
    expect(await screen.findByText('품의')).toBeTruthy();
  });

  it('an error state with a retry', async () => {
    serveAdmin().on(getWorkspacePresets, fail(500, 'ERROR_INTERNAL', '서버 오류'));
    renderApp('/hanbit/admin/workflow-presets');
    expect(await screen.findByRole('button', { name: /다시 시도/ }, { timeout: 8000 })).toBeTruthy();
  });
});
