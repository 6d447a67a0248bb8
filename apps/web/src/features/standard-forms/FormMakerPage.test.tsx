import { createStandardFormByMaker } from '@legal/api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { detailOf, ok, READER, signInToLibrary } from './standard-forms.test-support';

describe('form maker', { timeout: 45_000 }, () => {
  it('builds blocks with a variable, declares the markers it uses and creates the form', async () => {
    const fake = signInToLibrary().on(createStandardFormByMaker, ok(detailOf({ standardFormId: 12 })));
    const { router } = renderApp('/hanbit/standard-forms/new/maker');
    expect(await screen.findByRole('heading', { name: '서식 만들기', level: 1 }, { timeout: 8000 })).toBeInTheDocument();
    fireEvent.change(screen.getAllByRole('textbox', { name: /^제목/ })[0]!, { target: { value: '비밀유지 약정' } });
    fireEvent.click(screen.getByRole('combobox', { name: /^계약 유형/ }));
    fireEvent.click(await screen.findByRole('option', { name: '비밀유지계약' }));
    fireEvent.change(within(screen.getByRole('group', { name: '블록 1: 제목' })).getByRole('textbox', { name: '제목' }), { target: { value: '비밀유지 약정서' } });
    fireEvent.click(screen.getByRole('button', { name: '조항' }));
    const article = screen.getByRole('group', { name: '블록 2: 조항' });
    fireEvent.change(within(article).getByRole('textbox', { name: '조항 제목' }), { target: { value: '목적' } });
    fireEvent.change(within(article).getByRole('textbox', { name: '내용' }), { target: { value: '{{discloser}}의 비밀정보를 보호한다.' } });
    fireEvent.click(screen.getByRole('button', { name: '선택 조항' }));
    const clause = screen.getByRole('group', { name: '블록 3: 선택 조항' });
    fireEvent.change(within(clause).getByRole('combobox', { name: /체크박스 변수/ }), { target: { value: 'penalty' } });
    fireEvent.change(within(clause).getByRole('textbox', { name: '내용' }), { target: { value: '위반 시 위약벌을 지급한다.' } });

    const preview = screen.getByRole('document', { name: '실시간 미리보기' });
    expect(preview).toHaveTextContent('제1조 (목적)');
    expect([...preview.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['{{discloser}}', '{{#penalty}}', '{{/penalty}}']);

    // Undeclared markers stop the submit until declared.
    fireEvent.click(screen.getByRole('button', { name: '서식 만들기' }));
    expect(await screen.findByText('변수로 정의되지 않은 표시: discloser, penalty')).toBeInTheDocument();
    expect(fake.calls(createStandardFormByMaker)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '변수로 추가' }));
    expect(screen.getByRole('group', { name: '변수 discloser' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '서식 만들기' }));
    await waitFor(() => expect(fake.calls(createStandardFormByMaker)).toHaveLength(1));
    const body = fake.calls(createStandardFormByMaker)[0]!.body as { title: string; contractType: string; document: { blocks: unknown[]; variables: Array<{ key: string; type: string }> } };
    expect(body).toMatchObject({ title: '비밀유지 약정', contractType: 'NDA', language: 'ko' });
    expect(body.document.blocks).toEqual([
      { type: 'HEADING', title: '비밀유지 약정서', text: '' },
      { type: 'ARTICLE', title: '목적', text: '{{discloser}}의 비밀정보를 보호한다.' },
      { type: 'OPTIONAL_CLAUSE', text: '위반 시 위약벌을 지급한다.', variableKey: 'penalty' },
    ]);
    expect(body.document.variables.map((v) => [v.key, v.type])).toEqual([['discloser', 'TEXT'], ['penalty', 'OPTIONAL_CLAUSE']]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/hanbit/standard-forms/12'));
  });

  it('is not offered to a reader', async () => {
    signInToLibrary(READER);
    renderApp('/hanbit/standard-forms/new/maker');
    expect(await screen.findByText('접근 권한이 없습니다', undefined, { timeout: 8000 })).toBeInTheDocument();
  });
});
