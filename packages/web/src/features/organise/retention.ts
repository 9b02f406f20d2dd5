/** Deleted chats and folders stay in Recently Deleted this long, then are purged on start. */
export const TOMBSTONE_RETENTION_MS = 30 * 86_400_000;

export function isWithinRetention(deletedAt: string | null, now: number): boolean {
  if (deletedAt === null) return false;
  return now - Date.parse(deletedAt) < TOMBSTONE_RETENTION_MS;
}

export function isPastRetention(deletedAt: string | null, now: number): boolean {
  if (deletedAt === null) return false;
  return now - Date.parse(deletedAt) >= TOMBSTONE_RETENTION_MS;
}

/** Whole days (rounded up) until a chat deleted at `deletedAt` is purged; 0 when it is due. */
export function daysUntilPurge(deletedAt: string, now: number): number {
  const left = Date.parse(deletedAt) + TOMBSTONE_RETENTION_MS - now;
  return Math.max(0, Math.ceil(left / 86_400_000));
}
