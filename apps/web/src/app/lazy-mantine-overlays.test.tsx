import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from './AppProviders';

function renderProviders() {
  return render(
    <AppProviders queryClient={new QueryClient()} env="test">
      <div />
    </AppProviders>,
  );
}

/**
 * The toast stack and the modals manager load at first use (LazyMantineOverlays). Pages call
 * `notifications.show` and `modals.open...` straight from Mantine, before anything is mounted.
 */
describe('toasts and dialogs mounted on first use', () => {
  afterEach(() => {
    act(() => {
      notifications.clean();
      modals.closeAll();
    });
  });

  it('draws nothing of them until something is shown', () => {
    renderProviders();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a toast given before the stack was mounted', async () => {
    act(() => void notifications.show({ message: '저장했습니다.' }));
    renderProviders();
    expect(await screen.findByText('저장했습니다.')).toBeInTheDocument();
  });

  it('opens the dialogs asked for while the manager was loading, in order, and they still work', async () => {
    renderProviders();
    let confirmed = '';
    act(() => {
      modals.openConfirmModal({ title: '첫째', children: '첫 번째 확인', labels: { confirm: '확인 1', cancel: '취소 1' }, onConfirm: () => void (confirmed += '1') });
      modals.openConfirmModal({ title: '둘째', children: '두 번째 확인', labels: { confirm: '확인 2', cancel: '취소 2' }, onConfirm: () => void (confirmed += '2') });
    });
    // The manager stacks dialogs: the last one asked for is on top.
    expect(await screen.findByText('두 번째 확인')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '확인 2' }));
    expect(await screen.findByText('첫 번째 확인')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '확인 1' }));
    expect(confirmed).toBe('21');
  });

  it('applies a close given while loading after the open it follows', async () => {
    renderProviders();
    act(() => {
      modals.open({ modalId: 'gone', title: '사라질 창', children: '곧 닫힘' });
      modals.open({ modalId: 'kept', title: '남을 창', children: '남아 있음' });
      modals.close('gone');
    });
    expect(await screen.findByText('남아 있음')).toBeInTheDocument();
    expect(screen.queryByText('곧 닫힘')).toBeNull();
  });
});
