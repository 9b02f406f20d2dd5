import type { PlanFeature } from '@parley/core/license';

/**
 * The paid features this app has a screen for. A plan lists the others too, but until a feature
 * ships it is not sold as bought: the plans and the feature list mark it "coming". Add a feature
 * here in the change that ships its screen.
 */
const shippedFeatures: ReadonlySet<PlanFeature> = new Set<PlanFeature>(['textToSpeech']);

export function isShipped(feature: PlanFeature): boolean {
  return shippedFeatures.has(feature);
}
