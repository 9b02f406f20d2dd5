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

/**
 * dateGroupOf for a whole list against one `now`: the list comes newest first, so the next chat
 * nearly always falls on the local day of the one before, and that day's group is reused without
 * building Date objects (they were most of the cost of grouping 10,000 chats after an import).
 */
export function dateGrouper(now: number): (updatedAt: string) => DateGroup {
  let dayStart = Infinity;
  let dayEnd = -Infinity;
  let group: DateGroup = { kind: 'today' };
  return (updatedAt) => {
    const parsed = Date.parse(updatedAt);
    const time = Number.isNaN(parsed) ? 0 : parsed;
    if (time >= dayStart && time < dayEnd) return group;
    const date = new Date(time);
    dayStart = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
    dayEnd = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime();
    group = dateGroupOf(updatedAt, now);
    return group;
  };
}

export function dateGroupKey(group: DateGroup): string {
  return group.kind === 'month' ? `month-${group.year}-${group.month}` : group.kind;
}
