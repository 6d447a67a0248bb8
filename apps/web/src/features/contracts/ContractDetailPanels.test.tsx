import {
  addContractFile, addCounterpartiesFromBookmarks, addCounterparty, createContractReminder, createCounterpartyBookmark, deleteCounterparty,
  type FileMetadata, getConhubContractV3, getContractPermissions, getReminderSuggestions, listContractReminders, listCounterpartyBookmarks,
  type Reminder,
} from '@legal/api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../lib/api/fake-xhr';
import { fail, ok } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { detailOf, permissionsOf, signInAs, WRITER } from './contracts.test-support';

const page = <T,>(content: T[]) => ({ content, page: 0, size: 30, totalElements: content.length, totalPages: 1 });
const party = { id: 71, counterpartyType: 'PERSON' as const, name: '홍길동', businessRegistrationNumber: null, representative: null, address: null, contacts: [] };

function serveDetail() {
  return signInAs(WRITER)
    .on(getConhubContractV3, ok(detailOf()))
    .on(getContractPermissions, ok(permissionsOf()))
    .on(listContractReminders, ok(page([])))
    .on(getReminderSuggestions, ok({ endDate: '2026-12-31', noticeDays: 30, suggestions: [] }));
}

const region = (name: string) => screen.getByRole('region', { name });

describe('contract detail panels', () => {
  afterEach(() => FakeXhr.reset());

  it('adds a counterparty after checking it, removes one after confirmation and saves one as a bookmark', { timeout: 25_000 }, async () => {
    const fake = serveDetail()
      .on(addCounterparty, ok(party))
      .on(deleteCounterparty, ok(party))
      .on(createCounterpartyBookmark, fail(409, 'ERROR_CONFLICT', 'duplicate'));
    renderApp('/hanbit/contracts/7');
    await screen.findByRole('region', { name: '계약 상대방' }, { timeout: 8000 });

    await userEvent.click(within(region('계약 상대방')).getByRole('button', { name: '상대방 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '상대방 추가' });
    await userEvent.click(within(dialog).getByText('개인'));
    await userEvent.click(within(dialog).getByRole('button', { name: '연락처 추가' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: '1번째 연락처 부서' }), '법무팀');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    // No name, and a contact with neither name, e-mail nor phone: the shared schema says no.
    expect(await within(dialog).findByText('입력해 주세요.')).toBeInTheDocument();
    expect(within(dialog).getByText('이름, 이메일, 전화번호 중 하나를 입력해 주세요.')).toBeInTheDocument();
    expect(fake.calls(addCounterparty)).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: '이름(상호)' }), '홍길동');
    await userEvent.type(within(dialog).getByRole('textbox', { name: '1번째 연락처 전화번호' }), '010-1234-5678');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(addCounterparty)).toHaveLength(1));
    expect(fake.calls(addCounterparty)[0]!.body).toEqual({
      counterpartyType: 'PERSON', name: '홍길동', businessRegistrationNumber: null, representative: null, address: null,
      contacts: [{ name: null, email: null, phone: '010-1234-5678', department: '법무팀' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '상대방 추가' })).not.toBeInTheDocument());
    await waitFor(() => expect(fake.calls(getConhubContractV3).length).toBeGreaterThanOrEqual(2));

    await userEvent.click(within(region('계약 상대방')).getByRole('button', { name: '주식회사 새솔 즐겨찾기에 저장' }));
    expect(await screen.findByText('이미 즐겨찾기에 있는 상대방입니다.')).toBeInTheDocument();
    expect(fake.calls(createCounterpartyBookmark)[0]!.body).toMatchObject({ name: '주식회사 새솔', businessRegistrationNumber: '123-45-67890' });

    await userEvent.click(within(region('계약 상대방')).getByRole('button', { name: '주식회사 새솔 빼기' }));
    expect(fake.calls(deleteCounterparty)).toHaveLength(0);
    const confirm = await screen.findByRole('dialog', { name: '상대방 빼기' });
    await userEvent.click(within(confirm).getByRole('button', { name: '빼기' }));
    await waitFor(() => expect(fake.calls(deleteCounterparty)).toHaveLength(1));
    expect(fake.calls(deleteCounterparty)[0]!.path).toBe('/api/conhub/contracts/7/counterparties/70/v1');
  });

  it('adds counterparties picked from the bookmarks', { timeout: 25_000 }, async () => {
    const bookmark = { ...party, id: 5, createdByUserId: 41, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', abilities: { canUpdate: true, canDelete: true } };
    const fake = serveDetail()
      .on(listCounterpartyBookmarks, ok(page([bookmark, { ...bookmark, id: 6, name: '김철수' }])))
      .on(addCounterpartiesFromBookmarks, ok([party]));
    renderApp('/hanbit/contracts/7');
    await userEvent.click(await within(await screen.findByRole('region', { name: '계약 상대방' }, { timeout: 8000 })).findByRole('button', { name: '즐겨찾기에서 추가' }));
    const dialog = await screen.findByRole('dialog', { name: '즐겨찾기에서 상대방 추가' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: '김철수 선택' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: '홍길동 선택' }));
    expect(within(dialog).getByText('2곳 선택')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '선택한 상대방 추가' }));
    await waitFor(() => expect(fake.calls(addCounterpartiesFromBookmarks)).toHaveLength(1));
    expect(fake.calls(addCounterpartiesFromBookmarks)[0]!.body).toEqual({ bookmarkIds: [6, 5] });
    expect(fake.calls(listCounterpartyBookmarks)[0]!.query.get('size')).toBe('30');
  });

  it('uploads another document and attaches it with its role', { timeout: 25_000 }, async () => {
    const uploaded: FileMetadata = {
      fileKey: 'BBBBBBBBBBBBBBBBBBBBBB', displayName: '변경합의서.pdf', fileType: 'pdf', contentType: 'application/pdf', size: 1024, sha256: 'b'.repeat(64),
      revision: 1, referenceType: null, referenceId: null, uploadedByUserId: 41, uploaderName: null, attachedTo: [], pendingAttachmentUntil: null, extraction: { status: 'PENDING', error: null, pageCount: null },
      isDeleted: false, deletedAt: null, createdAt: '2026-11-20T01:00:00.000Z', updatedAt: '2026-11-20T01:00:00.000Z', abilities: { canUpdate: true, canDelete: true },
    };
    const fake = serveDetail().on(addContractFile, ok([
      ...detailOf().files,
      { fileKey: uploaded.fileKey, role: 'APPENDIX', displayName: '변경합의서.pdf', fileType: 'pdf', size: 1024, extractionStatus: 'PENDING' },
    ]));
    renderApp('/hanbit/contracts/7');
    const documents = await screen.findByRole('region', { name: '계약 문서' }, { timeout: 8000 });
    expect(within(documents).getByRole('button', { name: '용역계약서.pdf 미리 보기' })).toBeInTheDocument();
    await userEvent.selectOptions(within(documents).getByRole('combobox', { name: '새로 올릴 파일의 역할' }), 'APPENDIX');
    await userEvent.upload(within(documents).getByLabelText('올릴 계약서 파일'), new File(['%PDF'], '변경합의서.pdf', { type: 'application/pdf' }));
    const xhr = FakeXhr.instances[0]!;
    act(() => xhr.progress(50, 100));
    expect(await within(documents).findByRole('progressbar', { name: '변경합의서.pdf 올리는 중' })).toBeInTheDocument();
    act(() => xhr.respond(200, { code: 'SUCCESS', message: null, data: uploaded }));
    await waitFor(() => expect(fake.calls(addContractFile)).toHaveLength(1));
    expect(fake.calls(addContractFile)[0]!.body).toEqual({ fileKey: uploaded.fileKey, role: 'APPENDIX' });
    expect(await within(documents).findByRole('button', { name: '변경합의서.pdf 미리 보기' })).toBeInTheDocument();
    expect(within(within(documents).getByRole('table', { name: '계약 문서' })).getByText('부속서류')).toBeInTheDocument();
  });

  it('schedules a reminder offered from the end date', { timeout: 25_000 }, async () => {
    const created: Reminder = {
      id: 3, contractId: 7, title: '갱신 검토 (30일 전)', memo: null, remindAt: '2026-12-01T00:00:00.000Z', kind: 'RENEWAL', status: 'SCHEDULED', sentAt: null,
      recipients: [{ userId: 41, displayName: '김민준' }], createdBy: { userId: 41, displayName: '김민준' }, createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z',
    };
    let scheduled: Reminder[] = [];
    const fake = serveDetail()
      .on(getReminderSuggestions, ok({ endDate: '2026-12-31', noticeDays: 30, suggestions: [
        { kind: 'RENEWAL', title: '갱신 검토 (30일 전)', remindAt: '2026-12-01T09:00:00+09:00', recipients: [41], isAlreadyScheduled: false },
        { kind: 'END_DATE', title: '계약 종료', remindAt: '2026-12-31T09:00:00+09:00', recipients: [41], isAlreadyScheduled: true },
      ] }))
      .on(listContractReminders, () => ok(page(scheduled)))
      .on(createContractReminder, () => {
        scheduled = [created];
        return ok(created);
      });
    renderApp('/hanbit/contracts/7');
    const reminders = await screen.findByRole('region', { name: '알림' }, { timeout: 8000 });
    expect(await within(reminders).findByText('예약된 알림이 없습니다.')).toBeInTheDocument();
    expect(within(reminders).queryByRole('button', { name: '계약 종료 알림 추가' })).not.toBeInTheDocument();
    await userEvent.click(await within(reminders).findByRole('button', { name: '갱신 검토 (30일 전) 알림 추가' }));

    const dialog = await screen.findByRole('dialog', { name: '알림 추가' });
    expect(within(dialog).getByRole('textbox', { name: '알림 제목' })).toHaveValue('갱신 검토 (30일 전)');
    fireEvent.change(within(dialog).getByLabelText('알림 시각', { exact: false }), { target: { value: '2026-12-01T09:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(fake.calls(createContractReminder)).toHaveLength(1));
    expect(fake.calls(createContractReminder)[0]!.body).toMatchObject({ title: '갱신 검토 (30일 전)', kind: 'RENEWAL', recipients: [41], memo: null });
    expect((fake.calls(createContractReminder)[0]!.body as { remindAt: string }).remindAt).toMatch(/^2026-12-01T09:00:00[+-]\d{2}:\d{2}$/);
    expect(await within(reminders).findByText('예약됨')).toBeInTheDocument();
  });
});
