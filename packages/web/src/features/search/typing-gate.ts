/**
 * While the user types, the host's background work waits (decision 0159): a query that arrives
 * while the worker writes the persisted index or reads texts ahead waits behind that work (the
 * puts' serialisation runs on the worker's thread, and the commit holds the origin's IndexedDB
 * while the query reads its texts), and misses its frame. Background work asks `whenQuiet()`
 * before each unit; it goes on once no query has come for `quietMs` and none is being answered.
 * Index changes (edits, the first build) do not wait: a query must see them (SE14, SE16).
 */
export interface TypingGate {
  /** A query arrived: background work holds from now on. */
  queryArrived(): void;
  /** A query's answer waits for its texts: background work holds until `answered()`. */
  answering(): void;
  answered(): void;
  /** Resolves once no query came for the quiet time and none is being answered. */
  whenQuiet(): Promise<void>;
  /** Resolves once no query is being answered (short work may run between keystrokes). */
  whenAnswered(): Promise<void>;
}

export interface TypingGateOptions {
  readonly now: () => number;
  readonly quietMs: number;
  /** Calls back after `ms` (setTimeout by default; tests pass their own). */
  readonly wait?: (ms: number, then: () => void) => void;
}

/** Never holds: for hosts without queries worth waiting for (and the default in tests). */
export const OPEN_GATE: TypingGate = {
  queryArrived() {},
  answering() {},
  answered() {},
  whenQuiet: () => Promise.resolve(),
  whenAnswered: () => Promise.resolve(),
};

export function createTypingGate({ now, quietMs, wait = defaultWait }: TypingGateOptions): TypingGate {
  let lastQueryAt = Number.NEGATIVE_INFINITY;
  let inProgress = 0;
  let answeredWaiters: (() => void)[] = [];

  function whenQuiet(): Promise<void> {
    const left = lastQueryAt + quietMs - now();
    if (inProgress === 0 && left <= 0) return Promise.resolve();
    // Looked at again once the quiet time could be over: a later query moves it on.
    return new Promise((resolve) => wait(Math.max(left, quietMs / 4), () => void whenQuiet().then(resolve)));
  }

  return {
    queryArrived() {
      lastQueryAt = now();
    },
    answering() {
      inProgress += 1;
    },
    answered() {
      inProgress = Math.max(0, inProgress - 1);
      lastQueryAt = now();
      if (inProgress > 0) return;
      const waiters = answeredWaiters;
      answeredWaiters = [];
      for (const resolve of waiters) resolve();
    },
    whenQuiet,
    whenAnswered() {
      if (inProgress === 0) return Promise.resolve();
      return new Promise((resolve) => answeredWaiters.push(resolve));
    },
  };
}

function defaultWait(ms: number, then: () => void): void {
  setTimeout(then, ms);
}
