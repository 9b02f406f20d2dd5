import { readHostConfig } from '@parley/core/host-config';
import { useFeatureFlags } from '../license';
import type { HostConfigStart } from './host-config-loader';

/** Checks the file and, when it is valid, sets the deployment's feature flags from it. */
export function applyHostConfig(text: string): HostConfigStart {
  const reading = readHostConfig(text);
  if (!reading.ok) return { kind: 'invalid', problems: reading.problems };
  // A flag the file leaves out keeps its spec default.
  useFeatureFlags.getState().setFlags(reading.config.flags ?? {});
  return { kind: 'applied' };
}
