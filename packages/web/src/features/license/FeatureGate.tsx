import type { GatedFeature } from '@parley/core/license';
import type { ReactNode } from 'react';
import { BlockedFeatureNotice, type BlockedGateResult } from './BlockedFeatureNotice';
import { useFeatureAccess } from './use-feature-access';
import { useLicense } from '../../state';

export type FeatureGateProps = {
  feature: GatedFeature;
  children: ReactNode;
  /** Replaces the default blocked notice (e.g. a compact one in a toolbar). */
  blocked?: (result: BlockedGateResult) => ReactNode;
};

/**
 * Renders children when the license and flags allow `feature`; otherwise the blocked message with
 * "Upgrade". A feature the deployment switched off (LI7) renders nothing: no license would help.
 */
export function FeatureGate({ feature, children, blocked }: FeatureGateProps) {
  const access = useFeatureAccess(feature);
  const { loading } = useLicense();
  if (access.allowed) return children;
  // Until the stored license is verified a licensed user must not be told to upgrade.
  if (access.reason === 'disabled' || loading) return null;
  return blocked ? blocked(access) : <BlockedFeatureNotice result={access} />;
}
