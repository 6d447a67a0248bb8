import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('shows a clamped, rounded percentage', () => {
    const { rerender } = renderWithProviders(<ProgressBar value={42.4} label="계약서.pdf 업로드 중" />);
    const bar = screen.getByRole('progressbar', { name: '계약서.pdf 업로드 중' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();
    rerender(<ProgressBar value={180} label="x" />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('shows an animated bar without a percentage while the total is unknown', () => {
    renderWithProviders(<ProgressBar />);
    expect(screen.getByRole('progressbar', { name: '처리 중입니다…' })).toBeInTheDocument();
    expect(screen.queryByText(/%$/)).toBeNull();
  });
});
