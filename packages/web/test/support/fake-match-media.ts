type Listener = (event: MediaQueryListEvent) => void;

/** A matchMedia whose answer a test flips, firing 'change' like the OS switching to dark. */
export function fakeMatchMedia(initiallyMatches: boolean) {
  let matches = initiallyMatches;
  const listeners = new Set<Listener>();
  const list = {
    get matches() {
      return matches;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
  } as unknown as MediaQueryList;
  return {
    matchMedia: (_query: string) => list,
    set(next: boolean) {
      matches = next;
      listeners.forEach((listener) => listener({ matches: next } as MediaQueryListEvent));
    },
    listenerCount: () => listeners.size,
  };
}
