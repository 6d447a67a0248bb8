import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from './AppProviders';
import { mantineNotifier } from './mantine-notifier';

function renderProviders() {
  return render(
    <AppProviders queryClient={new QueryClient()} env="test">
      <div />
    </AppProviders>,
  );
}

describe('mantineNotifier', () => {
  it('opens a confirm dialog whose buttons confirm and close it', async () => {
    renderProviders();
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    act(() =>
      mantineNotifier.confirm({
        title: '저장 공간 부족',
        message: '결제 페이지에서 저장 공간을 추가할 수 있습니다.',
        confirmLabel: '결제 페이지 열기',
        cancelLabel: '닫기',
        onConfirm,
        onClose,
      }),
    );
    expect(await screen.findByText('결제 페이지에서 저장 공간을 추가할 수 있습니다.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '결제 페이지 열기' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a toast with the message', async () => {
    renderProviders();
    act(() => mantineNotifier.toast({ tone: 'error', message: '이 작업을 수행할 권한이 없습니다.' }));
    expect(await screen.findByText('이 작업을 수행할 권한이 없습니다.')).toBeInTheDocument();
  });
});
