/**
 * The UI side effects of a failed call, behind a small interface so the rules of spec section 8
 * are testable without rendering. The app supplies a Mantine implementation.
 */
export interface ToastRequest {
  tone: 'error' | 'warning';
  message: string;
  title?: string;
  /** Called once the toast is gone (closed or timed out). */
  onClose?: () => void;
}

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Called once the dialog is gone, whichever button closed it. */
  onClose: () => void;
}

export interface ApiNotifier {
  toast(request: ToastRequest): void;
  confirm(request: ConfirmRequest): void;
}

/** Used until the app registers its notifier (and in tests that do not look at the UI). */
export const silentNotifier: ApiNotifier = {
  toast: (request) => request.onClose?.(),
  confirm: (request) => request.onClose(),
};
