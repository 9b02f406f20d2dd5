import type { ToastType } from 'react-hot-toast';

/** Spec section 9: error, custom and blank 4000 ms; success 2000 ms; loading until dismissed. */
export const TOAST_DURATION_MS = {
  blank: 4000,
  error: 4000,
  custom: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
} as const satisfies Record<ToastType, number>;

/**
 * A toast that offers Undo stays long enough to reach the button (decision 0015): the spec's 2 s
 * for success is for news, not for a choice. Hovering pauses it, as every toast.
 */
export const UNDO_TOAST_DURATION_MS = 8000;

/** Spec section 9: at most 20 toasts at once. */
export const MAX_VISIBLE_TOASTS = 20;

type ToastLike = { id: string; visible: boolean; createdAt: number };

/**
 * Ids of the oldest visible toasts beyond the limit, to dismiss. The library only trims its list
 * silently (counting toasts already fading out); this keeps the visible count honest and lets the
 * extras animate out.
 */
export function toastsBeyondLimit(toasts: readonly ToastLike[], limit = MAX_VISIBLE_TOASTS): string[] {
  const visible = toasts.filter((toast) => toast.visible).sort((a, b) => b.createdAt - a.createdAt);
  return visible.slice(limit).map((toast) => toast.id);
}
