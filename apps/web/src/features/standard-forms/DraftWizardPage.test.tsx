import { createContractByStandardForm, getStandardFormV2, getTemplateConfigsV3, getTemplateVersion, listWorkflowPresets, type WorkflowPreset } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { detailOf as contractDetailOf } from '../contracts/contracts.test-support';
import { detailOf, ok, signInToLibrary, templateOf, VARIABLES } from './standard-forms.test-support';

/** The one workflow this workspace offers, under its own name (the built-in others are switched off). */
const OFFERED: WorkflowPreset = {
  presetType: 'LEGAL_REVIEW',
  name: { ko: '간이 법무 검토', en: 'Quick legal review' },
  steps: [{ stepCode: 'REQUEST', order: 1, group: 'REQUEST', actorRule: { role: 'REQUESTER', permission: null }, actions: ['SUBMIT'] }],
  defaultReviewDeadlineDays: null,
};

function serveWizard() {
  return signInToLibrary()
    .on(listWorkflowPresets, ok([OFFERED]))
    .on(getStandardFormV2, ok(detailOf()))
    .on(getTemplateConfigsV3, ok(VARIABLES))
    .on(getTemplateVersion, ok(templateOf(2)));
}

const valuesForm = () => screen.getByRole('form', { name: '변수 입력' });
const preview = () => screen.getByRole('document', { name: '문서 미리보기' });

describe('draft a contract from a form', { timeout: 45_000 }, () => {
  it('validates the values, previews them live, maps a 400 back onto the inputs and opens the new contract', async () => {
    let attempt = 0;
    const fake = serveWizard().on(createContractByStandardForm, () => {
      attempt += 1;
      return attempt === 1
        ? fail(400, 'ERROR_VALIDATION', 'invalid', { fieldErrors: [{ field: 'body.values.startDate', reason: '시작일은 오늘 이후여야 합니다' }, { field: 'body.title', reason: '이미 쓰는 계약명입니다' }] })
        : ok(contractDetailOf({ id: 901, title: '새솔 용역계약' }));
    });
    const { router } = renderApp('/hanbit/standard-forms/7/draft');
    expect(await screen.findByText('"용역계약서 (표준)" 버전 2으로 작성합니다.', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(fake.calls(getTemplateConfigsV3)[0]!.query.get('type')).toBe('DRAFTING');
    expect(fake.calls(getTemplateConfigsV3)[0]!.query.get('version')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: '다음' }));

    // Nothing filled: the required ones are named, nothing is sent.
    fireEvent.click(within(valuesForm()).getByRole('button', { name: '다음' }));
    expect(await within(valuesForm()).findByText('표시된 3개 항목을 고치세요.')).toBeInTheDocument();
    expect(within(valuesForm()).getAllByText('필수 항목입니다')).toHaveLength(3);
    expect(fake.calls(createContractByStandardForm)).toHaveLength(0);

    // The preview follows the inputs; an unchecked optional clause is left out.
    expect(preview()).toHaveTextContent('[상대방]');
    fireEvent.change(within(valuesForm()).getByRole('textbox', { name: /상대방 이름/ }), { target: { value: '(주)새솔' } });
    fireEvent.change(within(valuesForm()).getByLabelText(/^시작일/), { target: { value: '2026-12-01' } });
    fireEvent.change(within(valuesForm()).getByRole('textbox', { name: /^용역대금/ }), { target: { value: '15000000' } });
    expect(preview()).toHaveTextContent('갑과 (주)새솔은');
    expect(preview()).toHaveTextContent('계약은 2026-12-01에 시작한다');
    expect(preview()).toHaveTextContent('대금은 15,000,000 KRW으로');
    expect(preview()).not.toHaveTextContent('위약벌');
    fireEvent.click(within(valuesForm()).getByRole('checkbox', { name: '위약벌 조항' }));
    expect(preview()).toHaveTextContent('제3조 (위약벌) 위반 시');
    fireEvent.click(within(valuesForm()).getByRole('button', { name: '다음' }));

    // Step 3, then the server refuses a value: back on the values step with its reason.
    fireEvent.change(await screen.findByRole('textbox', { name: '계약명' }), { target: { value: '새솔 용역계약' } });
    // The workflows offered are the workspace's, by its names: none, or its one preset.
    fireEvent.click(screen.getByRole('combobox', { name: '워크플로' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['없음', '간이 법무 검토']);
    fireEvent.click(screen.getByRole('option', { name: '없음' }));
    fireEvent.click(screen.getByRole('button', { name: '계약서 만들기' }));
    const backOnValues = await screen.findByRole('form', { name: '변수 입력' });
    expect(await within(backOnValues).findByText('시작일은 오늘 이후여야 합니다')).toBeInTheDocument();
    expect(fake.calls(createContractByStandardForm)[0]!.body).toEqual({
      standardFormId: 7,
      templateVersion: 2,
      values: { counterparty: { name: '(주)새솔' }, startDate: '2026-12-01', fee: { amount: '15000000', currency: 'KRW' }, penalty: true },
      title: '새솔 용역계약',
      workflowPresetType: 'NONE',
    });

    fireEvent.change(within(valuesForm()).getByLabelText(/^시작일/), { target: { value: '2026-12-15' } });
    fireEvent.click(within(valuesForm()).getByRole('button', { name: '다음' }));
    // The title's reason waits on its own input.
    expect(await screen.findByText('이미 쓰는 계약명입니다')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '계약서 만들기' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/contracts/901'));
    expect((fake.calls(createContractByStandardForm)[1]!.body as { values: Record<string, unknown> }).values.startDate).toBe('2026-12-15');
  });

  it('refuses an invalid amount before sending (a malformed date is covered by the unit test: a date input drops it)', async () => {
    const fake = serveWizard();
    renderApp('/hanbit/standard-forms/7/draft');
    fireEvent.click(await screen.findByRole('button', { name: '다음' }, { timeout: 8000 }));
    fireEvent.change(within(valuesForm()).getByRole('textbox', { name: /상대방 이름/ }), { target: { value: '새솔' } });
    fireEvent.change(within(valuesForm()).getByRole('textbox', { name: /^용역대금/ }), { target: { value: '1.2.3' } });
    fireEvent.click(within(valuesForm()).getByRole('button', { name: '다음' }));
    expect(await within(valuesForm()).findByText('금액을 입력하세요 (예: 1500000)')).toBeInTheDocument();
    expect(within(valuesForm()).getAllByText('필수 항목입니다')).toHaveLength(1);
    expect(fake.calls(createContractByStandardForm)).toHaveLength(0);
  });

  it('explains a 409 (the form was deactivated since)', async () => {
    serveWizard().on(createContractByStandardForm, fail(409, 'ERROR_CONFLICT', 'inactive'));
    renderApp('/hanbit/standard-forms/7/draft');
    fireEvent.click(await screen.findByRole('button', { name: '다음' }, { timeout: 8000 }));
    fireEvent.change(within(valuesForm()).getByRole('textbox', { name: /상대방 이름/ }), { target: { value: '새솔' } });
    fireEvent.change(within(valuesForm()).getByLabelText(/^시작일/), { target: { value: '2026-12-01' } });
    fireEvent.change(within(valuesForm()).getByRole('textbox', { name: /^용역대금/ }), { target: { value: '1000' } });
    fireEvent.click(within(valuesForm()).getByRole('button', { name: '다음' }));
    fireEvent.click(await screen.findByRole('button', { name: '계약서 만들기' }));
    expect(await screen.findByText(/더 이상 작성할 수 없습니다/)).toBeInTheDocument();
  });
});
