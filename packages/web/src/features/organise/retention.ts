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
