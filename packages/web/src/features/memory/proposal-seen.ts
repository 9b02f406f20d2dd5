import { localPref } from '../../lib/local-pref';

/** How many answered messages' proposals are remembered as seen (the oldest are forgotten first). */
const MAX_SEEN = 300;

/** Ids of user messages whose "Remember this?" was answered or dismissed: never shown twice. */
const seenPref = localPref<string[]>(
  'TM_memoryProposalsSeen',
  (decoded) =>
    Array.isArray(decoded) && decoded.every((id) => typeof id === 'string') ? decoded : undefined,
  [],
);

export function wasProposed(messageId: string): boolean {
  return seenPref.read().includes(messageId);
}

export function markProposed(messageId: string): void {
  const seen = seenPref.read().filter((id) => id !== messageId);
  seenPref.write([...seen, messageId].slice(-MAX_SEEN));
}
