import type { PlanFeature } from '@parley/core/license';

/**
 * The paid features this app enforces: each one has a gate in the code (`useFeatureAccess` or
 * `canUse`) that a license opens. The plans screen and the license's feature list are derived from
 * this list: a plan feature in it is sold as there, any other is marked "coming". A test
 * (test/license/enforced-features.test.ts) reads the app's source and fails when a gate names a plan
 * feature missing here, or when a feature listed here has no gate, so the plans cannot drift from
 * what the app does.
 */
export const enforcedFeatures = [
  'premiumCharacters',
  'uploadDocuments',
  'textToSpeech',
  'webSearch',
  'unlimitedPlugins',
  'vision',
] as const satisfies readonly PlanFeature[];

const enforced: ReadonlySet<PlanFeature> = new Set<PlanFeature>(enforcedFeatures);

export function isEnforced(feature: PlanFeature): boolean {
  return enforced.has(feature);
}
