import { featureFlagDefaults, resolveFeatureFlags, type FeatureFlags } from '@parley/core/license';
import { create } from 'zustand';

type FeatureFlagsState = {
  flags: FeatureFlags;
  /** A deployment's flags (config or server answer), read flag by flag; junk keeps the default. */
  setFlags: (input: unknown) => void;
};

/** The deployment's feature switches (spec section 6); the spec defaults until someone sets them. */
export const useFeatureFlags = create<FeatureFlagsState>()((set) => ({
  flags: { ...featureFlagDefaults },
  setFlags: (input) => set({ flags: resolveFeatureFlags(input) }),
}));
