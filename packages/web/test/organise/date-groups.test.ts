import { describe, expect, it } from 'vitest';
import { dateGrouper, dateGroupOf } from '../../src/features/organise/date-groups';

// Local times, so the test holds in any time zone.
const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();
const now = new Date(2026, 2, 10, 9, 30).getTime(); // 10 March 2026, 09:30 local

describe('sidebar date groups', () => {
  it('Today and Yesterday follow local midnights, not 24-hour spans', () => {
    expect(dateGroupOf(at(2026, 3, 10, 0), now)).toEqual({ kind: 'today' });
    expect(dateGroupOf(at(2026, 3, 9, 23), now)).toEqual({ kind: 'yesterday' });
    expect(dateGroupOf(at(2026, 3, 9, 0), now)).toEqual({ kind: 'yesterday' });
  });
  it('Previous 7 days, then Previous 30 days', () => {
    expect(dateGroupOf(at(2026, 3, 8), now)).toEqual({ kind: 'previous7' });
    expect(dateGroupOf(at(2026, 3, 3), now)).toEqual({ kind: 'previous7' });
    expect(dateGroupOf(at(2026, 3, 2), now)).toEqual({ kind: 'previous30' });
    expect(dateGroupOf(at(2026, 2, 8), now)).toEqual({ kind: 'previous30' });
  });
  it('older chats are grouped by calendar month', () => {
    expect(dateGroupOf(at(2026, 2, 7), now)).toEqual({ kind: 'month', year: 2026, month: 1 });
    expect(dateGroupOf(at(2025, 12, 31), now)).toEqual({ kind: 'month', year: 2025, month: 11 });
  });
  it('a time in the future (clock skew between devices) counts as today', () => {
    expect(dateGroupOf(at(2026, 3, 12), now)).toEqual({ kind: 'today' });
  });
});

describe('dateGrouper (one now for a whole list)', () => {
  it('gives every chat of a newest-first list the same group as dateGroupOf', () => {
    const group = dateGrouper(now);
    // Every 5 hours back over 90 days: day changes, month changes, and the same day many times.
    const times = Array.from({ length: 432 }, (_, i) => new Date(now - i * 5 * 3_600_000).toISOString());
    for (const time of [...times, 'not a date', times[3]!])
      expect(group(time)).toEqual(dateGroupOf(time, now));
  });
});
