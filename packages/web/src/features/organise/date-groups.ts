/**
 * The sidebar's date groups (by updatedAt, in the user's local time): Today, Yesterday, Previous 7
 * days, Previous 30 days, then one group per calendar month, newest first.
 */
export type DateGroup =
  | { readonly kind: 'today' | 'yesterday' | 'previous7' | 'previous30' }
  | { readonly kind: 'month'; readonly year: number; readonly month: number };

const DAY_MS = 86_400_000;

function startOfLocalDay(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Days between two local midnights, robust to daylight-saving days of 23 or 25 hours. */
function localDaysBetween(later: number, earlier: number): number {
  return Math.round((later - earlier) / DAY_MS);
}

export function dateGroupOf(updatedAt: string, now: number): DateGroup {
  const time = Date.parse(updatedAt);
  const today = startOfLocalDay(now);
  const day = startOfLocalDay(Number.isNaN(time) ? 0 : time);
  const daysAgo = localDaysBetween(today, day);
  if (daysAgo <= 0) return { kind: 'today' };
  if (daysAgo === 1) return { kind: 'yesterday' };
  if (daysAgo <= 7) return { kind: 'previous7' };
  if (daysAgo <= 30) return { kind: 'previous30' };
  const date = new Date(day);
  return { kind: 'month', year: date.getFullYear(), month: date.getMonth() };
}

export function dateGroupKey(group: DateGroup): string {
  return group.kind === 'month' ? `month-${group.year}-${group.month}` : group.kind;
}
