import type { ApprovalStorage } from '../state';

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
