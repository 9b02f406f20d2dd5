import { canUse, type GatedFeature, type GateResult } from '@parley/core/license';
import { useMemo } from 'react';
import { useFeatureFlags } from './feature-flags-store';
import { useLicense } from '../../state';

/** Whether this app, in its current license state and with the deployment's flags, may use `feature`. */
export function useFeatureAccess(feature: GatedFeature): GateResult {
  const { state } = useLicense();
  const flags = useFeatureFlags((store) => store.flags);
  return useMemo(() => canUse(feature, state, flags), [feature, state, flags]);
}
