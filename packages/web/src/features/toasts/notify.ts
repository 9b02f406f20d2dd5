import type hotToast from 'react-hot-toast';
import type { Renderable, Toast } from 'react-hot-toast';
import { retryingImport } from '../../lib/retrying-import';
import { TOAST_DURATION_MS, UNDO_TOAST_DURATION_MS } from './toast-rules';

export type NotifyOptions = {
  /** Reuse an id to replace a toast in place (a loading toast that becomes success or error). */
  id?: string;
  /** Override the spec duration (rarely right). */
  duration?: number;
};

type Message = Renderable | ((toast: Toast) => Renderable);
type HotToast = typeof hotToast;

/**
 * The toast library is not part of the first screen (decision 0079): it loads with the toaster
 * after the first screen has painted, or at the first toast, whichever comes first. Toasts asked
 * for before that are shown once it is there, in order.
 */
let hot: HotToast | null = null;
let loading: Promise<HotToast> | undefined;
const waiting: ((toast: HotToast) => void)[] = [];
const loadStarted = new Set<() => void>();

/** Calls `listener` once the library starts loading (the toaster host mounts the toaster then). */
export function onToastsLoading(listener: () => void): () => void {
  if (loading) listener();
  else loadStarted.add(listener);
  return () => loadStarted.delete(listener);
}

export function loadToasts(): Promise<HotToast> {
  if (!loading) for (const listener of loadStarted) listener();
  loading ??= retryingImport(() => import('react-hot-toast')).then(
    (module) => {
      hot = module.default;
      for (const run of waiting.splice(0)) run(hot);
      return hot;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

let lastId = 0;

/** Runs `show` now when the library is there, else once it is; the id is known at once either way. */
function withToast(options: NotifyOptions | undefined, show: (toast: HotToast, id: string) => void): string {
  const id = options?.id ?? `notify-${++lastId}`;
  if (hot) show(hot, id);
  else {
    waiting.push((toast) => show(toast, id));
    loadToasts().catch((error: unknown) => console.warn('Parley could not load toasts:', error));
  }
  return id;
}

/**
 * The app's one way to show a toast. Durations follow spec section 9 even when a caller renders
 * its own toaster; messages should come from `t()`. Each returns the toast's id.
 */
export const notify = {
  blank: (message: Message, options?: NotifyOptions) =>
    withToast(options, (toast, id) => toast(message, { duration: TOAST_DURATION_MS.blank, ...options, id })),
  success: (message: Message, options?: NotifyOptions) =>
    withToast(options, (toast, id) =>
      toast.success(message, { duration: TOAST_DURATION_MS.success, ...options, id }),
    ),
  /** A success that offers Undo: it stays long enough to reach the button (decision 0015). */
  undoable: (message: Message, options?: NotifyOptions) =>
    withToast(options, (toast, id) =>
      toast.success(message, { duration: UNDO_TOAST_DURATION_MS, ...options, id }),
    ),
  /** Announced assertively (role alert): the user should hear about failures at once. */
  error: (message: Message, options?: NotifyOptions) =>
    withToast(options, (toast, id) =>
      toast.error(message, {
        duration: TOAST_DURATION_MS.error,
        ariaProps: { role: 'alert', 'aria-live': 'assertive' },
        ...options,
        id,
      }),
    ),
  /** Stays until dismissed, or until replaced by success/error with the same id. */
  loading: (message: Message, options?: NotifyOptions) =>
    withToast(options, (toast, id) =>
      toast.loading(message, { duration: TOAST_DURATION_MS.loading, ...options, id }),
    ),
  custom: (message: Message, options?: NotifyOptions) =>
    withToast(options, (toast, id) =>
      toast.custom(message, { duration: TOAST_DURATION_MS.custom, ...options, id }),
    ),
  /** Dismisses one toast, or all when no id is given. */
  dismiss: (id?: string) => {
    if (hot) hot.dismiss(id);
    else waiting.push((toast) => toast.dismiss(id));
  },
};
