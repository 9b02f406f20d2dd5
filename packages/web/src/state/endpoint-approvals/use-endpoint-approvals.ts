import { useSyncExternalStore } from 'react';
import { useAppState } from '../app-state';
import type { EndpointApprovals } from './endpoint-approvals';

/**
 * This device's approved agent endpoints (DC7). A component that shows which are on re-renders when
 * they change in this page.
 */
export function useEndpointApprovals(): EndpointApprovals {
  const approvals = useAppState().endpointApprovals;
  useSyncExternalStore(approvals.subscribe, approvals.version);
  return approvals;
}
