import {
  getSuperAdminResearchConfigsV2, getSuperAdminSampleQuestions, getSuperAdminWorkspaceGeneralCategories, getSuperAdminWorkspaceTags, PERMISSION, putSuperAdminResearchConfigsV2,
  putSuperAdminWorkspaceGeneralCategories, RESEARCH_CONFIG_CATEGORIES, RESEARCH_CONFIG_CATEGORY_TEXTS, researchConfigMeta, type ResearchConfigGroups,
} from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPermissions, setUserInfo } from '../../../lib/session';
import { fail, type FakeApi, installFakeApi, ok } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { resetSession } from '../../../test/session-fixtures';

/** The super-admin research settings page's Configs and General categories cards, against a fake API. */

const TARGET = { tenantId: 1, workspaceId: 10 };

/** The grouped configs as the server answers them, from the real meta, with these overrides. */
function groupsOf(overrides: Record<string, number | boolean | string>): ResearchConfigGroups & typeof TARGET {
  const meta = researchConfigMeta();
  return {
    ...TARGET,
    categories: RESEARCH_CONFIG_CATEGORIES.map((category) => ({
      category, ...RESEARCH_CONFIG_CATEGORY_TEXTS[category],
      configs: meta.filter((m) => m.category === category).map((m) => ({ ...m, value: overrides[m.key] ?? m.defaultValue, isOverridden: m.key in overrides })),
    })),
  };
}

const GENERAL = {
  ...TARGET,
  categories: [
    { kind: 'STATUTE' as const, label: { ko: '법령', en: 'Statutes' }, isEnabled: true, hasSource: true },
    { kind: 'PRECEDENT' as const, label: { ko: '판례', en: 'Precedents' }, isEnabled: true, hasSource: false },
    { kind: 'ADMIN_RULE' as const, label: { ko: '행정규칙', en: 'Administrative rules' }, isEnabled: false, hasSource: true },
    { kind: 'LOCAL_ORDINANCE' as const, label: { ko: '자치법규', en: 'Local ordinances' }, isEnabled: true, hasSource: false },
  ],
};

function serveOthers(fake: FakeApi) {
  return fake
    .on(getSuperAdminWorkspaceTags, ok({ ...TARGET, tags: [] }))
    .on(getSuperAdminSampleQuestions, ok({ ...TARGET, ko: ['기본 질문'], en: ['Shipped question'], isDefault: true }));
}

describe('super-admin research settings: configs and general categories', () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 1, loginId: 'superadmin@legal.example', isSuperAdmin: true });
    setPermissions([{ name: PERMISSION.superAdminWorkspaceRead }]);
  });

  it('renders each config from its meta under its category, changes a number and a switch, resets an override, and saves the overrides', async () => {
    const fake = serveOthers(installFakeApi())
      .on(getSuperAdminWorkspaceGeneralCategories, ok(GENERAL))
      .on(getSuperAdminResearchConfigsV2, ok(groupsOf({ topK: 3 })))
      .on(putSuperAdminResearchConfigsV2, (call) => ok(groupsOf((call.body as { configs: Record<string, number | boolean | string> }).configs)));
    renderApp('/super-admin/research-settings?tenantId=1&workspaceId=10');
    const card = await screen.findByRole('region', { name: '리서치 설정값' }, { timeout: 8000 });
    expect(await within(card).findByRole('region', { name: '검색' })).toBeInTheDocument();
    for (const name of ['답변', '채팅', '컬렉션']) expect(within(card).getByRole('region', { name })).toBeInTheDocument();
    const topK = within(card).getByRole('textbox', { name: '답변당 검색하는 구절 수' });
    expect(topK).toHaveValue('3 개');
    expect(within(card).getByText('기본값: 8 개')).toBeInTheDocument();
    expect(within(card).getAllByLabelText('답변 엔진').find((el) => el.tagName === 'INPUT')).toHaveValue('설정된 모델 (없으면 내장 엔진)');

    fireEvent.change(within(card).getByRole('textbox', { name: '답변당 인용 수' }), { target: { value: '2' } });
    fireEvent.click(within(card).getByRole('switch', { name: /^채팅 첨부 파일/ }));
    fireEvent.click(within(card).getByRole('button', { name: '답변당 검색하는 구절 수을(를) 기본값으로' }));
    expect(within(card).getByRole('textbox', { name: '답변당 검색하는 구절 수' })).toHaveValue('8 개');
    fireEvent.click(within(card).getByRole('button', { name: '설정값 저장' }));
    await waitFor(() => expect(fake.calls(putSuperAdminResearchConfigsV2)).toHaveLength(1));
    expect(fake.calls(putSuperAdminResearchConfigsV2)[0]!.body).toEqual({ ...TARGET, configs: { maxQuotedArticles: 2, attachmentsInChat: false } });
    expect(await within(card).findByText('저장했습니다.')).toBeInTheDocument();
  });

  it('shows the configs\' error with a retry and the save\'s error', async () => {
    let fails = true;
    const fake = serveOthers(installFakeApi())
      .on(getSuperAdminWorkspaceGeneralCategories, ok(GENERAL))
      .on(getSuperAdminResearchConfigsV2, () => (fails ? fail(500, 'ERROR_INTERNAL', '서버 오류') : ok(groupsOf({}))))
      .on(putSuperAdminResearchConfigsV2, fail(400, 'ERROR_VALIDATION', '입력값을 확인해 주세요.'));
    renderApp('/super-admin/research-settings?tenantId=1&workspaceId=10');
    const card = await screen.findByRole('region', { name: '리서치 설정값' }, { timeout: 8000 });
    fails = false;
    fireEvent.click(await within(card).findByRole('button', { name: '다시 시도' }));
    fireEvent.click(await within(card).findByRole('button', { name: '설정값 저장' }));
    await waitFor(() => expect(fake.calls(putSuperAdminResearchConfigsV2)).toHaveLength(1));
    expect(await within(card).findByText('저장하지 못했습니다')).toBeInTheDocument();
  });

  it('switches general categories on and off, says which have no texts here, and saves the kinds left on', async () => {
    const fake = serveOthers(installFakeApi())
      .on(getSuperAdminResearchConfigsV2, ok(groupsOf({})))
      .on(getSuperAdminWorkspaceGeneralCategories, ok(GENERAL))
      .on(putSuperAdminWorkspaceGeneralCategories, (call) => ok({ ...GENERAL, categories: GENERAL.categories.map((c) => ({ ...c, isEnabled: (call.body as { enabled: string[] }).enabled.includes(c.kind) })) }));
    renderApp('/super-admin/research-settings?tenantId=1&workspaceId=10');
    const card = await screen.findByRole('region', { name: '기본 카테고리' }, { timeout: 8000 });
    expect(await within(card).findByRole('switch', { name: '법령' })).toBeChecked();
    expect(within(card).getByRole('switch', { name: '행정규칙' })).not.toBeChecked();
    expect(within(card).getAllByText('이 설치에 자료 없음')).toHaveLength(2);
    fireEvent.click(within(card).getByRole('switch', { name: '법령' }));
    fireEvent.click(within(card).getByRole('switch', { name: '행정규칙' }));
    fireEvent.click(within(card).getByRole('button', { name: '카테고리 저장' }));
    await waitFor(() => expect(fake.calls(putSuperAdminWorkspaceGeneralCategories)).toHaveLength(1));
    expect(fake.calls(putSuperAdminWorkspaceGeneralCategories)[0]!.body).toEqual({ ...TARGET, enabled: ['PRECEDENT', 'LOCAL_ORDINANCE', 'ADMIN_RULE'] });
    expect(await within(card).findByText('저장했습니다.')).toBeInTheDocument();
  });

  it('says when the workspace could not be read', async () => {
    serveOthers(installFakeApi())
      .on(getSuperAdminResearchConfigsV2, fail(404, 'ERROR_NOT_FOUND', '찾을 수 없습니다.'))
      .on(getSuperAdminWorkspaceGeneralCategories, fail(404, 'ERROR_NOT_FOUND', '찾을 수 없습니다.'));
    renderApp('/super-admin/research-settings?tenantId=1&workspaceId=10');
    const card = await screen.findByRole('region', { name: '기본 카테고리' }, { timeout: 8000 });
    expect(await within(card).findByText('찾을 수 없습니다.')).toBeInTheDocument();
  });
});
