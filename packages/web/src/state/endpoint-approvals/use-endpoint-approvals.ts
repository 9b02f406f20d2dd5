import { useAppState } from '../app-state';
import type { EndpointApprovals } from './endpoint-approvals';

/** This device's approved agent endpoints (DC7). */
export function useEndpointApprovals(): EndpointApprovals {
  return useAppState().endpointApprovals;
}
