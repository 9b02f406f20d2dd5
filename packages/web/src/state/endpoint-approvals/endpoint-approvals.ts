/**
 * DC7: the agent endpoints this device has approved, by fingerprint (core's endpointFingerprint).
 * Kept on this device only: never synced, exported or restored from a file, so that nothing that
 * arrives from elsewhere can approve itself.
 */
export type ApprovalStorage = {
  read(): string | null;
  write(serialised: string): void;
};

export type EndpointApprovals = {
  isApproved(fingerprint: string): boolean;
  approve(fingerprints: readonly string[]): void;
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
  return {
    isApproved: (fingerprint) => parse(storage.read()).includes(fingerprint),
    approve(fingerprints) {
      if (fingerprints.length === 0) return;
      const kept = parse(storage.read()).filter((known) => !fingerprints.includes(known));
      storage.write(JSON.stringify([...kept, ...new Set(fingerprints)].slice(-MAX_APPROVALS)));
    },
  };
}

/** For tests and for a browser without localStorage: approvals that last as long as the page. */
export function memoryApprovalStorage(): ApprovalStorage {
  let value: string | null = null;
  return {
    read: () => value,
    write: (serialised) => {
      value = serialised;
    },
  };
}
