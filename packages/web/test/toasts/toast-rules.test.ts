import { describe, expect, it } from 'vitest';
import {
  MAX_VISIBLE_TOASTS,
  TOAST_DURATION_MS,
  toastsBeyondLimit,
} from '../../src/features/toasts/toast-rules';

const toastAt = (id: string, createdAt: number, visible = true) => ({ id, createdAt, visible });

describe('toast rules (spec section 9)', () => {
  it('spec §9: error, custom and blank last 4000 ms, success 2000 ms, loading until dismissed', () => {
    expect(TOAST_DURATION_MS).toEqual({
      blank: 4000,
      error: 4000,
      custom: 4000,
      success: 2000,
      loading: Number.POSITIVE_INFINITY,
    });
  });

  it('spec §9: at most 20 toasts; the oldest visible ones beyond 20 are picked for dismissal', () => {
    expect(MAX_VISIBLE_TOASTS).toBe(20);
    const toasts = Array.from({ length: 23 }, (_, index) => toastAt(`t${index}`, 1000 + index));
    expect(toastsBeyondLimit(toasts)).toEqual(['t2', 't1', 't0']);
  });

  it('does not count toasts that are already fading out', () => {
    const fading = Array.from({ length: 5 }, (_, index) => toastAt(`old${index}`, index, false));
    const visible = Array.from({ length: 20 }, (_, index) => toastAt(`new${index}`, 100 + index));
    expect(toastsBeyondLimit([...visible, ...fading])).toEqual([]);
  });

  it('orders by creation time, not by list position', () => {
    const toasts = [toastAt('newest', 30), toastAt('oldest', 10), toastAt('middle', 20)];
    expect(toastsBeyondLimit(toasts, 2)).toEqual(['oldest']);
  });
});
