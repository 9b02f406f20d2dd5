import { browserLocalStorage, localPref, type LocalPref, type PrefStorage } from '../../lib/local-pref';

/**
 * The hosts whose images in answers load without a click (decision 0025). Kept on this device only
 * (`TM_imageHosts`): letting a site see when you read an answer is a choice for this browser, and a
 * synced list would let any device signed in to the account widen it for all.
 */
export const IMAGE_HOSTS_KEY = 'TM_imageHosts';

export type ImageHostList = {
  /** The allowed hosts, sorted; the same array until the list changes (for useSyncExternalStore). */
  hosts(): readonly string[];
  allows(host: string): boolean;
  allow(host: string): void;
  remove(host: string): void;
  subscribe(listener: () => void): () => void;
};

/** A host as `URL.host` gives it (lower case, port kept), or undefined for anything else. */
export function normaliseHost(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const host = value.trim().toLowerCase();
  return /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/.test(host) ? host : undefined;
}

const parseHosts = (decoded: unknown): string[] | undefined =>
  Array.isArray(decoded) ? sortedUnique(decoded.map(normaliseHost)) : undefined;

function sortedUnique(hosts: ReadonlyArray<string | undefined>): string[] {
  return [...new Set(hosts.filter((host): host is string => host !== undefined))].sort();
}

export function createImageHostList(
  pref: LocalPref<string[]>,
  /** Where other tabs' changes are heard; nothing is attached until someone subscribes. */
  events: () => Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined = () =>
    typeof window === 'undefined' ? undefined : window,
): ImageHostList {
  let current: readonly string[] | undefined;
  const listeners = new Set<() => void>();
  const read = () => (current ??= pref.read());
  const changed = (next: readonly string[]) => {
    current = next;
    for (const listener of listeners) listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === pref.key || event.key === null) changed(pref.read());
  };

  return {
    hosts: read,
    allows: (host) => read().includes(host),
    allow(host) {
      const normal = normaliseHost(host);
      if (!normal || read().includes(normal)) return;
      const next = sortedUnique([...read(), normal]);
      pref.write(next);
      changed(next);
    },
    remove(host) {
      if (!read().includes(host)) return;
      const next = read().filter((kept) => kept !== host);
      pref.write(next);
      changed(next);
    },
    subscribe(listener) {
      if (listeners.size === 0) events()?.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) events()?.removeEventListener('storage', onStorage);
      };
    },
  };
}

export function imageHostPref(storage: () => PrefStorage | undefined = browserLocalStorage) {
  return localPref<string[]>(IMAGE_HOSTS_KEY, parseHosts, [], storage);
}

/** The app's list; building it reads nothing (localStorage is read on first use). */
export const imageHostList: ImageHostList = createImageHostList(imageHostPref());
