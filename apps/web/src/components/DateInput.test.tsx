import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DateInput, shapeDayText } from './DateInput';
import { ListFilterBar } from './ListFilterBar';

interface ControlledProps {
  initial?: string;
  onChange: (v: string) => void;
  min?: string;
  max?: string;
  isRangeCheckedByForm?: boolean;
  /** Like a report's range: an emptied field keeps the day it had. */
  isEmptyRefused?: boolean;
}

function Controlled({ initial = '', onChange, isEmptyRefused = false, ...bounds }: ControlledProps) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      label="시작일"
      value={value}
      {...bounds}
      onChange={(next) => {
        onChange(next);
        if (next || !isEmptyRefused) setValue(next);
      }}
    />
  );
}

describe('DateInput', () => {
  it('shapes typed digits as YYYY-MM-DD', () => {
    expect(shapeDayText('20261127')).toBe('2026-11-27');
    expect(shapeDayText('2026/11/2')).toBe('2026-11-2');
    expect(shapeDayText('2026-11-27 extra 99')).toBe('2026-11-27');
    expect(shapeDayText('')).toBe('');
  });

  it('gives the ISO day once a real one is typed, never a half-typed or impossible one, and clears to empty', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} initial="2026-01-05" />);
    const input = screen.getByLabelText('시작일');
    // Shown as the ISO day whatever language the browser speaks (a native date input shows mm/dd/yyyy).
    expect(input).toHaveValue('2026-01-05');
    expect(input).not.toHaveAttribute('type', 'date');
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
    await userEvent.type(input, '2026113');
    expect(input).toHaveValue('2026-11-3');
    expect(onChange).toHaveBeenCalledTimes(1);
    await userEvent.type(input, '0');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30');
    onChange.mockClear();
    fireEvent.change(input, { target: { value: '2026-02-30' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('없는 날짜이거나 고를 수 없는 날짜입니다.')).toBeInTheDocument();
    fireEvent.blur(input);
    expect(input).toHaveValue('2026-11-30');
  });

  it('holds back a day out of bounds with its own message, or passes it on when the form checks the bounds', () => {
    const held = vi.fn();
    const { unmount } = renderWithProviders(<Controlled onChange={held} min="2026-11-10" max="2026-11-20" />);
    fireEvent.change(screen.getByLabelText('시작일'), { target: { value: '2026-11-09' } });
    expect(held).not.toHaveBeenCalled();
    expect(screen.getByText('없는 날짜이거나 고를 수 없는 날짜입니다.')).toBeInTheDocument();
    unmount();
    const passed = vi.fn();
    renderWithProviders(<Controlled onChange={passed} min="2026-11-10" max="2026-11-20" isRangeCheckedByForm />);
    const input = screen.getByLabelText('시작일');
    fireEvent.change(input, { target: { value: '2026-11-09' } });
    expect(passed).toHaveBeenLastCalledWith('2026-11-09');
    expect(screen.queryByText('없는 날짜이거나 고를 수 없는 날짜입니다.')).not.toBeInTheDocument();
    fireEvent.blur(input);
    expect(input).toHaveValue('2026-11-09');
    // An impossible day is still held back.
    fireEvent.change(input, { target: { value: '2026-02-30' } });
    expect(passed).toHaveBeenCalledTimes(1);
  });

  it('shows again the day the screen keeps when the field is emptied and left', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} initial="2026-01-05" isEmptyRefused />);
    const input = screen.getByLabelText('시작일');
    await userEvent.clear(input);
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(input).toHaveValue('');
    fireEvent.blur(input);
    expect(input).toHaveValue('2026-01-05');
  });

  it('picks a day in a month calendar named in the interface language, within the bounds', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} initial="2026-11-27" max="2026-11-28" />);
    await userEvent.click(screen.getByRole('button', { name: '달력 열기' }));
    const month = await screen.findByRole('group', { name: '2026년 11월' });
    expect(within(month).getByRole('button', { name: '2026년 11월 27일 금요일' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(month).getByRole('button', { name: '2026년 11월 29일 일요일' })).toBeDisabled();
    await userEvent.click(within(month).getByRole('button', { name: '2026년 11월 3일 화요일' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-03');
    expect(screen.getByLabelText('시작일')).toHaveValue('2026-11-03');
    await userEvent.click(screen.getByRole('button', { name: '달력 열기' }));
    await userEvent.click(await screen.findByRole('button', { name: '이전 달' }));
    expect(await screen.findByRole('group', { name: '2026년 10월' })).toBeInTheDocument();
  });
});

describe('ListFilterBar', () => {
  it('applies the keyword on submit, the dates as they change, and resets', async () => {
    const onKeyword = vi.fn();
    const onRange = vi.fn();
    const onReset = vi.fn();
    renderWithProviders(
      <ListFilterBar
        label="검색 조건"
        keyword={{ value: '용역', label: '검색어', submitLabel: '검색', onSubmit: onKeyword }}
        dateRange={{ from: '', to: '2026-12-31', fromLabel: '부터', toLabel: '까지', onChange: onRange }}
        reset={{ label: '초기화', onReset }}
      >
        <span>own field</span>
      </ListFilterBar>,
    );
    const bar = screen.getByRole('search', { name: '검색 조건' });
    expect(within(bar).getByText('own field')).toBeInTheDocument();
    const keyword = within(bar).getByLabelText('검색어');
    expect(keyword).toHaveValue('용역');
    await userEvent.clear(keyword);
    await userEvent.type(keyword, '  물품 공급 ');
    expect(onKeyword).not.toHaveBeenCalled();
    await userEvent.click(within(bar).getByRole('button', { name: '검색' }));
    expect(onKeyword).toHaveBeenCalledWith('물품 공급');
    fireEvent.change(within(bar).getByLabelText('부터'), { target: { value: '20260101' } });
    expect(onRange).toHaveBeenLastCalledWith({ from: '2026-01-01', to: '2026-12-31' });
    await userEvent.click(within(bar).getByRole('button', { name: '초기화' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(keyword).toHaveValue('');
  });
});
