import { type BulkRequestDetail, listGroups, listUsersByRole } from '@legal/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { installFakeApi, ok } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { BulkValidationStep } from './BulkValidationStep';

const empty = { title: null, contractType: null, counterparties: null, signedDate: null, startDate: null, endDate: null, amount: null, currency: null, ownerEmail: null, groupName: null, hashtags: null, memo: null, fileNames: null };

const detail: BulkRequestDetail = {
  requestId: 7, executionStatus: 'VALIDATED', sheetFileKey: 'S'.repeat(22), sheetFileName: 'bulk.xlsx', fileKeys: [],
  counts: { totalRows: 2, pendingRows: 1, invalidRows: 1, registeredRows: 0, failedRows: 0 },
  createdBy: { userId: 1, displayName: '한지민' }, createdAt: '2026-11-21T00:00:00.000Z', updatedAt: '2026-11-21T00:00:00.000Z',
  rows: {
    page: 0, size: 50, totalElements: 2, totalPages: 1,
    content: [
      { rowNumber: 2, status: 'PENDING', values: { ...empty, title: '공급 계약 1', contractType: 'SUPPLY' }, errors: [], contractId: null, fileNames: [] },
      {
        rowNumber: 3, status: 'INVALID', values: { ...empty, title: '공급 계약 2', contractType: '없는 유형' },
        errors: [{ field: 'contractType', code: 'unknownType', reason: 'not a contract type of the list', message: '계약 유형이(가) 목록에 없습니다.' }],
        contractId: null, fileNames: [],
      },
    ],
  },
};

describe('bulk registration: the validation step', () => {
  it('shows each row with its errors and saves a fixed row', async () => {
    const onFix = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(<BulkValidationStep detail={detail} onFix={onFix} isSaving={false} />);
    expect(screen.getByText('전체 2행 중 등록 가능 1행, 오류 1행')).toBeInTheDocument();
    const errors = screen.getByRole('list', { name: '3행 오류' });
    expect(within(errors).getByText('계약 유형이(가) 목록에 없습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '2행 고치기' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '3행 고치기' }));
    const type = screen.getByRole('textbox', { name: '계약 유형' });
    expect(type).toHaveValue('없는 유형');
    expect(type).toHaveAccessibleDescription('계약 유형이(가) 목록에 없습니다.');
    await userEvent.clear(type);
    await userEvent.type(type, 'SUPPLY');
    await userEvent.click(screen.getByRole('button', { name: '저장하고 다시 검증' }));
    expect(onFix).toHaveBeenCalledWith(3, expect.objectContaining({ title: '공급 계약 2', contractType: 'SUPPLY' }));
  });
});

describe('bulk registration: owner and group for selected rows', () => {
  const page = <T,>(content: T[]) => ({ content, page: 0, size: 20, totalElements: content.length, totalPages: 1 });
  const withRegistered: BulkRequestDetail = {
    ...detail,
    rows: {
      ...detail.rows,
      content: [
        ...detail.rows.content,
        { rowNumber: 4, status: 'REGISTERED', values: { ...empty, title: '공급 계약 3' }, errors: [], contractId: 91, fileNames: [] },
      ],
    },
  };

  it('assigns an owner and a group to the chosen rows only, then clears the selection', { timeout: 20_000 }, async () => {
    installFakeApi()
      .on(listUsersByRole, ok(page([{ userId: 42, displayName: '한지민', loginId: 'jimin@hanbit.example' }])))
      .on(listGroups, ok(page([{ id: 5, name: '법무팀' }])));
    const onAssignOwner = vi.fn().mockResolvedValue(undefined);
    const onAssignGroup = vi.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <QueryClientProvider client={createQueryClient()}>
        <BulkValidationStep detail={withRegistered} onFix={vi.fn()} isSaving={false} assign={{ onAssignOwner, onAssignGroup, isAssigning: false }} />
      </QueryClientProvider>,
    );

    // A registered row cannot be chosen; nothing chosen, nothing to assign.
    expect(screen.queryByRole('checkbox', { name: '4행 선택' })).not.toBeInTheDocument();
    const panel = screen.getByRole('group', { name: '선택한 행에 담당자·그룹 지정' });
    expect(within(panel).getByRole('button', { name: '담당자 지정' })).toBeDisabled();

    await userEvent.click(screen.getByRole('checkbox', { name: '3행 선택' }));
    expect(within(panel).getByText('1행 선택됨')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('combobox', { name: '담당자' }));
    await userEvent.click(await screen.findByRole('option', { name: '한지민 (jimin@hanbit.example)' }));
    await userEvent.click(within(panel).getByRole('button', { name: '담당자 지정' }));
    expect(onAssignOwner).toHaveBeenCalledWith([3], 42);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: '3행 선택' })).not.toBeChecked());

    // "Select all" takes every row that can still change.
    await userEvent.click(screen.getByRole('checkbox', { name: '고칠 수 있는 행 모두 선택' }));
    expect(within(panel).getByText('2행 선택됨')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('combobox', { name: '그룹' }));
    await userEvent.click(await screen.findByRole('option', { name: '법무팀' }));
    await userEvent.click(within(panel).getByRole('button', { name: '그룹 지정' }));
    expect(onAssignGroup).toHaveBeenCalledWith([2, 3], 5);
  });
});
