import toast, { type Renderable, type Toast } from 'react-hot-toast';
import { TOAST_DURATION_MS, UNDO_TOAST_DURATION_MS } from './toast-rules';

export type NotifyOptions = {
  /** Reuse an id to replace a toast in place (a loading toast that becomes success or error). */
  id?: string;
  /** Override the spec duration (rarely right). */
  duration?: number;
};

type Message = Renderable | ((toast: Toast) => Renderable);

/**
 * The app's one way to show a toast. Durations follow spec section 9 even when a caller renders
 * its own toaster; messages should come from `t()`.
 */
export const notify = {
  blank: (message: Message, options?: NotifyOptions) =>
    toast(message, { duration: TOAST_DURATION_MS.blank, ...options }),
  success: (message: Message, options?: NotifyOptions) =>
    toast.success(message, { duration: TOAST_DURATION_MS.success, ...options }),
  /** A success that offers Undo: it stays long enough to reach the button (decision 0015). */
  undoable: (message: Message, options?: NotifyOptions) =>
    toast.success(message, { duration: UNDO_TOAST_DURATION_MS, ...options }),
  /** Announced assertively (role alert): the user should hear about failures at once. */
  error: (message: Message, options?: NotifyOptions) =>
    toast.error(message, {
      duration: TOAST_DURATION_MS.error,
      ariaProps: { role: 'alert', 'aria-live': 'assertive' },
      ...options,
    }),
  /** Stays until dismissed, or until replaced by success/error with the same id. */
  loading: (message: Message, options?: NotifyOptions) =>
    toast.loading(message, { duration: TOAST_DURATION_MS.loading, ...options }),
  custom: (message: Message, options?: NotifyOptions) =>
    toast.custom(message, { duration: TOAST_DURATION_MS.custom, ...options }),
  /** Dismisses one toast, or all when no id is given. */
  dismiss: (id?: string) => toast.dismiss(id),
};
