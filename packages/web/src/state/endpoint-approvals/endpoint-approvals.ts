import type { ApprovalStorage } from '../../adapters/storage';

/**
 * DC7: the agent endpoints this device has approved, by fingerprint (core's endpointFingerprint).
 * Kept on this device only: never synced, exported or restored from a file, so that nothing that
 * arrives from elsewhere can approve itself.
 */

export type EndpointApprovals = {
  isApproved(fingerprint: string): boolean;
  approve(fingerprints: readonly string[]): void;
  /** Turns endpoints off again on this device. */
  revoke(fingerprints: readonly string[]): void;
  /** Called after every approve or revoke in this page; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Changes with every approve or revoke in this page (for React's external store snapshot). */
  version(): number;
};

/** Older approvals are forgotten past this many (an endpoint forgotten is asked for again). */
const MAX_APPROVALS = 1000;

function parse(serialised: string | null): string[] {
  if (!serialised) return [];
  try {
    const value: unknown = JSON.parse(serialised);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Read at every question, so an approval given in another tab counts at once. */
export function createEndpointApprovals(storage: ApprovalStorage): EndpointApprovals {
  const listeners = new Set<() => void>();
  let version = 0;
  const write = (approved: string[]) => {
    storage.write(JSON.stringify(approved.slice(-MAX_APPROVALS)));
    version++;
    for (const listener of [...listeners]) listener();
  };
  return {
    isApproved: (fingerprint) => parse(storage.read()).includes(fingerprint),
    approve(fingerprints) {
      if (fingerprints.length === 0) return;
      const kept = parse(storage.read()).filter((known) => !fingerprints.includes(known));
      write([...kept, ...new Set(fingerprints)]);
    },
    revoke(fingerprints) {
      const approved = parse(storage.read());
      const kept = approved.filter((known) => !fingerprints.includes(known));
      if (kept.length !== approved.length) write(kept);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
