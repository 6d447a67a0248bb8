import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { EmptyState } from './EmptyState';
import { LoadingState } from './LoadingState';

describe('LoadingState and EmptyState', () => {
  it('announces loading politely', () => {
    renderWithProviders(<LoadingState />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveTextContent('불러오는 중입니다…');
  });

  it('shows a default or given empty message with an optional action', () => {
    const { rerender } = renderWithProviders(<EmptyState />);
    expect(screen.getByText('표시할 내용이 없습니다')).toBeInTheDocument();
    rerender(<EmptyState title="계약서가 없습니다" description="첫 계약서를 등록해 보세요." action={<button type="button">등록</button>} />);
    expect(screen.getByText('계약서가 없습니다')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '등록' })).toBeInTheDocument();
  });
});
