/**
 * What earlier queries learnt about the message scan, reused while the index is unchanged.
 * Typing extends a query one character at a time, and a chat whose messages do not contain "when"
 * cannot contain "when n": so a query starts from the state of the longest cached query it
 * contains, and only re-checks that query's possible hits plus the chats it never reached.
 * Backspacing finds the shorter query's own state. Any change to the index clears the cache.
 */
export interface ScanState {
  /** Positions (in recency order) [0, scannedUpTo) are classified... */
  readonly scannedUpTo: number;
  /** ...and among them only these (ascending) may contain the query in a message. */
  readonly maybe: readonly number[];
}

const EMPTY: ScanState = { scannedUpTo: 0, maybe: [] };
const MAX_STATES = 64;

export class ScanCache {
  private readonly states = new Map<string, ScanState>();

  clear(): void {
    this.states.clear();
  }

  /** The state to start `query` from: that of the longest cached query contained in it. */
  startFor(query: string): ScanState {
    let best: ScanState = EMPTY;
    let bestLength = -1;
    for (const [known, state] of this.states) {
      if (known.length > bestLength && query.includes(known)) {
        best = state;
        bestLength = known.length;
      }
    }
    return best;
  }

  remember(query: string, state: ScanState): void {
    const known = this.states.get(query);
    if (known && known.scannedUpTo >= state.scannedUpTo) return;
    this.states.delete(query);
    if (this.states.size >= MAX_STATES) {
      const oldest = this.states.keys().next();
      if (!oldest.done) this.states.delete(oldest.value);
    }
    this.states.set(query, state);
  }
}
