import { diffTemplateVersions, getLatestTemplate, getStandardFormV2, listTemplateVersions, rollbackTemplate, updateStandardFormV2, updateTemplateConfigs } from '@legal/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { detailOf, ok, signInToLibrary, templateOf, VARIABLES, versionOf } from './standard-forms.test-support';

const DIFF = {
  from: 1, to: 2,
  paragraphs: [
    { op: 'EQUAL', segments: [{ op: 'EQUAL', text: '용역계약서' }] },
    { op: 'CHANGE', segments: [{ op: 'EQUAL', text: '제2조 (대금) 대금은 ' }, { op: 'DELETE', text: '계약 체결 후 30일' }, { op: 'INSERT', text: '검수 후 14일' }, { op: 'EQUAL', text: ' 이내에 지급한다.' }] },
    { op: 'INSERT', segments: [{ op: 'EQUAL', text: '제3조 (위약벌) 위반 시 대금의 10%를 지급한다.' }] },
  ],
  stats: { insertedWords: 9, deletedWords: 3, changedParagraphs: 1 },
};

function serveForm() {
  return signInToLibrary()
    .on(getStandardFormV2, ok(detailOf()))
    .on(listTemplateVersions, ok([versionOf(2), versionOf(1)]))
    .on(getLatestTemplate, ok(templateOf(2)))
    .on(diffTemplateVersions, ok(DIFF));
}

const docx = (name: string) => new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });

describe('standard form page', { timeout: 45_000 }, () => {
  afterEach(() => FakeXhr.reset());

  it('previews the latest text with its markers highlighted', async () => {
    serveForm();
    renderApp('/hanbit/standard-forms/7');
    const doc = await screen.findByRole('document', { name: '버전 2 본문' }, { timeout: 8000 });
    expect([...doc.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['{{counterparty}}', '{{startDate}}', '{{fee}}', '{{#penalty}}', '{{/penalty}}']);
    expect(screen.getByRole('heading', { name: '용역계약서 (표준)', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('사용')).toBeInTheDocument();
  });

  it('for a HWPX form: previews the server\'s paragraphs, offers the HWPX original and blank form, and no PDF', async () => {
    const hwpx = versionOf(2, { fileName: '용역계약서.hwpx', fileFormat: 'HWPX' });
    serveForm().on(getStandardFormV2, ok(detailOf({ latest: hwpx }))).on(getLatestTemplate, ok({ ...templateOf(2), fileName: hwpx.fileName, fileFormat: 'HWPX' }));
    renderApp('/hanbit/standard-forms/7');
    const doc = await screen.findByRole('document', { name: '버전 2 본문' }, { timeout: 8000 });
    expect([...doc.querySelectorAll('mark')].map((m) => m.textContent)).toContain('{{counterparty}}');
    await userEvent.click(screen.getByRole('button', { name: '내려받기' }));
    expect(await screen.findByRole('menuitem', { name: '원본 (HWPX)' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: '빈 서식 (HWPX)' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: '빈 서식 (PDF)' })).not.toBeInTheDocument();
  });

  it('lists the versions on a timeline and shows the redline between two of them', async () => {
    const fake = serveForm();
    renderApp('/hanbit/standard-forms/7?tab=versions');
    expect(await screen.findByText('대금 조항 수정', undefined, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('최초 등록')).toBeInTheDocument();
    const redline = await screen.findByRole('region', { name: 'v1 → v2 변경 내용' });
    await waitFor(() => expect(fake.calls(diffTemplateVersions)).toHaveLength(1));
    expect(Object.fromEntries(fake.calls(diffTemplateVersions)[0]!.query)).toEqual({ from: '1', to: '2' });
    expect(within(redline).getByText('9단어 추가')).toBeInTheDocument();
    const changed = within(redline).getByTestId('redline-paragraph-1');
    expect(changed.querySelector('del')?.textContent).toBe('[삭제] 계약 체결 후 30일');
    expect(changed.querySelector('ins')?.textContent).toBe('[추가] 검수 후 14일');
    // A paragraph inserted whole is underlined whole.
    expect(within(redline).getByTestId('redline-paragraph-2').querySelector('ins')?.textContent).toBe('[추가] 제3조 (위약벌) 위반 시 대금의 10%를 지급한다.');
  });

  it('edits the form details at the version read; a 409 says someone else changed it and offers a reload', async () => {
    const fake = serveForm().on(updateStandardFormV2, ok(detailOf({ title: '용역계약서 (2027 표준)', version: 6 })));
    renderApp('/hanbit/standard-forms/7');
    fireEvent.click(await screen.findByRole('button', { name: '정보 수정' }, { timeout: 8000 }));
    let dialog = await screen.findByRole('dialog', { name: '서식 정보 수정' });
    const title = within(dialog).getByRole('textbox', { name: /제목/ });
    fireEvent.change(title, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByText('필수 항목입니다')).toBeInTheDocument();
    expect(fake.calls(updateStandardFormV2)).toHaveLength(0);
    fireEvent.change(title, { target: { value: '용역계약서 (2027 표준)' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: '설명' }), { target: { value: '검수 조항을 강화한 판' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(updateStandardFormV2)).toHaveLength(1));
    expect(fake.calls(updateStandardFormV2)[0]!.body).toMatchObject({ title: '용역계약서 (2027 표준)', description: '검수 조항을 강화한 판', contractType: 'SERVICE', language: 'ko', version: 5 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '서식 정보 수정' })).not.toBeInTheDocument());

    fake.on(updateStandardFormV2, fail(409, 'ERROR_CONFLICT', 'stale'));
    fireEvent.click(screen.getByRole('button', { name: '정보 수정' }));
    dialog = await screen.findByRole('dialog', { name: '서식 정보 수정' });
    fireEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('이 서식을 연 뒤 다른 사람이 변경했습니다');
    expect(within(dialog).getByRole('button', { name: '서식 다시 불러오기' })).toBeInTheDocument();
  });

  it('rolls back to an older version after confirming, sending the form version read', async () => {
    const fake = serveForm().on(rollbackTemplate, ok(detailOf({ latestVersion: 3, version: 6 })));
    renderApp('/hanbit/standard-forms/7?tab=versions');
    fireEvent.click(await screen.findByRole('button', { name: 'v1으로 되돌리기' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '되돌릴까요?' });
    expect(within(dialog).getByText('v1의 내용이 새 버전 v3가 됩니다. 지워지는 것은 없습니다.')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '되돌리기' }));
    await waitFor(() => expect(fake.calls(rollbackTemplate)).toHaveLength(1));
    expect(fake.calls(rollbackTemplate)[0]!.body).toEqual({ targetVersion: 1, version: 5 });
  });

  it('uploads a new version with progress and, on 409, says someone else changed the form and reloads it', async () => {
    const fake = serveForm();
    renderApp('/hanbit/standard-forms/7?tab=versions');
    fireEvent.click(await screen.findByRole('button', { name: '새 버전 올리기' }, { timeout: 8000 }));
    const dialog = await screen.findByRole('dialog', { name: '새 버전 (v3)' });
    await userEvent.upload(within(dialog).getByLabelText('양식 파일'), docx('service-v3.docx'));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '변경 내용 (선택)' }), { target: { value: '지체상금 추가' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '올리기' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.instances[0]!;
    expect(xhr.url).toContain('/api/btls/standard-forms/7/templates/v1');
    const sent = xhr.body as FormData;
    expect(sent.get('version')).toBe('5');
    expect(sent.get('comment')).toBe('지체상금 추가');
    expect((sent.get('file') as File).name).toBe('service-v3.docx');
    act(() => xhr.progress(512, 1024));
    expect(await within(dialog).findByText('50%')).toBeInTheDocument();
    act(() => xhr.respond(409, { code: 'ERROR_CONFLICT', message: 'stale', data: { reason: 'STALE' } }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('이 서식을 연 뒤 다른 사람이 변경했습니다. 다시 불러온 뒤 시도하세요.');
    const before = fake.calls(getStandardFormV2).length;
    fireEvent.click(within(alert).getByRole('button', { name: '서식 다시 불러오기' }));
    await waitFor(() => expect(fake.calls(getStandardFormV2).length).toBeGreaterThan(before));
  });

  it('edits the variable configs and saves them with PUT template/configs', async () => {
    const saved = VARIABLES.map((v) => (v.key === 'fee' ? { ...v, label: { ...v.label, en: 'Service fee' }, required: false } : v));
    const fake = serveForm().on(updateTemplateConfigs, ok(saved));
    renderApp('/hanbit/standard-forms/7?tab=variables');
    const table = await screen.findByRole('table', { name: '변수' }, { timeout: 8000 });
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: '변수 편집' }));
    const fee = screen.getByRole('group', { name: '변수 fee' });
    fireEvent.change(within(fee).getByRole('textbox', { name: '항목명 (영어)' }), { target: { value: 'Service fee' } });
    fireEvent.click(within(fee).getByRole('checkbox', { name: '필수' }));
    // An empty label is refused before sending.
    const penalty = screen.getByRole('group', { name: '변수 penalty' });
    fireEvent.change(within(penalty).getByRole('textbox', { name: '항목명 (한국어)' }), { target: { value: ' ' } });
    expect(screen.getByRole('button', { name: '변수 저장' })).toBeDisabled();
    fireEvent.change(within(penalty).getByRole('textbox', { name: '항목명 (한국어)' }), { target: { value: '위약벌 조항' } });
    fireEvent.click(screen.getByRole('button', { name: '변수 저장' }));
    await waitFor(() => expect(fake.calls(updateTemplateConfigs)).toHaveLength(1));
    const body = fake.calls(updateTemplateConfigs)[0]!.body as { version: number; variables: typeof VARIABLES };
    expect(body.version).toBe(5);
    expect(body.variables.map((v) => v.key)).toEqual(['counterparty', 'startDate', 'fee', 'penalty']);
    expect(body.variables[2]).toMatchObject({ key: 'fee', label: { ko: '용역대금', en: 'Service fee' }, required: false, type: 'AMOUNT', mapsTo: 'AMOUNT' });
    expect(await screen.findByRole('button', { name: '변수 편집' })).toBeInTheDocument();
  });

  it('shows the server\'s field reasons under the variable they name', async () => {
    serveForm().on(updateTemplateConfigs, fail(400, 'ERROR_VALIDATION', 'invalid', { fieldErrors: [{ field: 'body.variables.2.mapsTo', reason: 'AMOUNT is mapped twice' }] }));
    renderApp('/hanbit/standard-forms/7?tab=variables');
    fireEvent.click(await screen.findByRole('button', { name: '변수 편집' }, { timeout: 8000 }));
    fireEvent.click(screen.getByRole('button', { name: '변수 저장' }));
    expect(await within(screen.getByRole('group', { name: '변수 fee' })).findByText('AMOUNT is mapped twice')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: '변수 penalty' })).queryByText('AMOUNT is mapped twice')).toBeNull();
  });
});
