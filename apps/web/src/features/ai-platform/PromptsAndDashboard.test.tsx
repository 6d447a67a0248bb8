import { PERMISSION, activatePrompt, createPrompt, getLlmDashboard, listPrompts, type LlmDashboard, type Prompt } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setPermissions, setUserInfo } from '../../lib/session';
import { installFakeApi, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { resetSession } from '../../test/session-fixtures';

const prompt = (promptId: number, version: number, isActive: boolean, text: string): Prompt => ({
  promptId, key: 'review.chat', language: 'ko', version, text, isActive, createdBy: version === 1 ? null : { userId: 1, name: '관리자' }, createdAt: '2026-11-20T01:00:00.000Z',
});

const stats = { calls: 0, failures: 0, inputTokens: 0, outputTokens: 0, credits: 0, latencyP50Ms: null, latencyP95Ms: null };

describe('super-admin prompts and LLM dashboard', () => {
  beforeEach(() => {
    resetSession();
    setUserInfo({ id: 1, loginId: 'superadmin@legal.example', isSuperAdmin: true });
    setPermissions([{ name: PERMISSION.superAdminWorkspaceRead }]);
  });

  it('lists a prompt with its versions, saves an edit as a new version and activates an older one', async () => {
    const fake = installFakeApi()
      .on(listPrompts, ok([prompt(12, 2, true, '두 번째 버전의 프롬프트 내용입니다. 조항 식별자를 붙이십시오.'), prompt(3, 1, false, '첫 번째 버전의 프롬프트 내용입니다.')]))
      .on(createPrompt, (call) => ok({ ...prompt(13, 3, false, (call.body as { text: string }).text) }))
      .on(activatePrompt, ok(prompt(3, 1, true, '첫 번째 버전의 프롬프트 내용입니다.')));
    renderApp('/super-admin/prompts');
    await userEvent.click(await screen.findByRole('button', { name: /review\.chat/ }));
    const text = await screen.findByLabelText('프롬프트 내용');
    expect(text).toHaveValue('두 번째 버전의 프롬프트 내용입니다. 조항 식별자를 붙이십시오.');
    expect(screen.getByText(/사용 중: 버전 2/)).toBeInTheDocument();
    expect(screen.getByText(/버전 1 · 기본 제공/)).toBeInTheDocument();
    await userEvent.type(text, ' 추가 규칙.');
    await userEvent.click(screen.getByRole('button', { name: '새 버전으로 저장' }));
    await waitFor(() => expect(fake.calls(createPrompt)[0]?.body).toEqual({ key: 'review.chat', language: 'ko', text: '두 번째 버전의 프롬프트 내용입니다. 조항 식별자를 붙이십시오. 추가 규칙.', isActive: false }));
    await userEvent.click(screen.getByRole('button', { name: '버전 1 사용' }));
    await waitFor(() => expect(fake.calls(activatePrompt)[0]?.path).toBe('/api/aistudio/super-admin/prompts/3/v1'));
  });

  it('charts calls, tokens, latency and failures per day and lists workspaces and models; the range lives in the address', async () => {
    const data: LlmDashboard = {
      totals: { calls: 21, failures: 1, inputTokens: 2000, outputTokens: 200, credits: 100, latencyP50Ms: 1050, latencyP95Ms: 1905 },
      byDay: [
        { ...stats, date: '2026-11-20' },
        { calls: 21, failures: 1, inputTokens: 2000, outputTokens: 200, credits: 100, latencyP50Ms: 1050, latencyP95Ms: 1905, date: '2026-11-21' },
      ],
      byWorkspace: [{ tenantId: 1, workspaceId: 10, workspaceName: 'hanbit', calls: 21, failures: 1, inputTokens: 2000, outputTokens: 200, credits: 100, latencyP50Ms: 1050, latencyP95Ms: 1905 }],
      byModel: [{ driver: 'OPENAI_COMPATIBLE', model: 'gpt-test', calls: 20, failures: 0, inputTokens: 2000, outputTokens: 200, credits: 100, latencyP50Ms: 1050, latencyP95Ms: 1905 }],
      failuresByCode: [{ failure: 'TIMEOUT', count: 1 }],
    };
    const fake = installFakeApi().on(getLlmDashboard, ok(data));
    const { router } = renderApp('/super-admin/llm-dashboard?dateStart=2026-11-20&dateEnd=2026-11-21');
    for (const name of ['일별 호출 수', '일별 토큰', '일별 지연(p95)', '일별 실패']) expect(await screen.findByRole('img', { name })).toBeInTheDocument();
    expect(fake.calls(getLlmDashboard)[0]?.query.get('dateStart')).toBe('2026-11-20');
    expect(screen.getAllByText('1,905 ms')).toHaveLength(3); // the totals, the workspace and the model
    const workspaces = screen.getAllByRole('table')[0]!;
    expect(within(workspaces).getByRole('cell', { name: 'hanbit' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'OpenAI 호환 · gpt-test' })).toBeInTheDocument();
    expect(screen.getAllByText('2026-11-21: 2,200').length).toBeGreaterThan(0);

    // The range in the shared date field: an emptied day comes back when left, a new one goes to the address.
    const start = screen.getByLabelText('시작일');
    expect(start).toHaveValue('2026-11-20');
    fireEvent.change(start, { target: { value: '' } });
    fireEvent.blur(start);
    expect(start).toHaveValue('2026-11-20');
    fireEvent.change(start, { target: { value: '20261101' } });
    await waitFor(() => expect(router.state.location.search).toBe('?dateStart=2026-11-01&dateEnd=2026-11-21'));
    await waitFor(() => expect(fake.calls(getLlmDashboard).at(-1)?.query.get('dateStart')).toBe('2026-11-01'));
  });
});
