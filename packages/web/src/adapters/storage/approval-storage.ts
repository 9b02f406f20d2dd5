/** Where this device's endpoint approvals (state/endpoint-approvals) keep their one serialised entry. */
export type ApprovalStorage = {
  read(): string | null;
  write(serialised: string): void;
};

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

/** This device's approved agent endpoints (DC7), in localStorage beside the key vault, never synced. */
export const ENDPOINT_APPROVALS_STORAGE_KEY = 'parley_approvedEndpoints';

export function localApprovalStorage(win: Window = window): ApprovalStorage {
  return {
    read: () => {
      try {
        return win.localStorage.getItem(ENDPOINT_APPROVALS_STORAGE_KEY);
      } catch {
        return null;
      }
    },
    write: (serialised) => {
      try {
        win.localStorage.setItem(ENDPOINT_APPROVALS_STORAGE_KEY, serialised);
      } catch {
        // Storage full or blocked: the approval is not kept, and the endpoint is asked for again.
      }
    },
  };
}
