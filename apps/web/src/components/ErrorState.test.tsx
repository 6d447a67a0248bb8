import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/api-error';
import { renderWithProviders } from '../test/render';
import { ErrorState } from './ErrorState';

describe('ErrorState', () => {
  it('shows the message and error id of an API failure and retries', async () => {
    const onRetry = vi.fn();
    const error = new ApiError({ status: 500, code: 'ERROR_INTERNAL', message: '일시적인 오류입니다.', errorId: 'c0ffee00-1' });
    renderWithProviders(<ErrorState error={error} onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('문제가 발생했습니다');
    expect(screen.getByText('일시적인 오류입니다.')).toBeInTheDocument();
    expect(screen.getByTestId('error-id')).toHaveTextContent('c0ffee00-1');
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('never shows the text of a programming error', () => {
    renderWithProviders(<ErrorState error={new TypeError("Cannot read properties of undefined (reading 'id')")} />);
    expect(screen.getByText('요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
    expect(screen.queryByText(/Cannot read/)).toBeNull();
    expect(screen.queryByTestId('error-id')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
