import { featureFlagDefaults, type FeatureFlag, type FeatureFlags } from './feature-flags';
import type { LicenseState } from './license-state';
import { licenseMessages } from './messages';
import { cheapestPlanWith, planFeatures, planIncludes, type LicensePlan, type PlanFeature } from './plans';

/**
 * What can be gated: the paid plan features, plus the prompts and AI agents a deployment ships,
 * which need a license only while their *ForOnlyMembers flag is on.
 */
export type GatedFeature = PlanFeature | 'systemPrompts' | 'systemCharacters';

export type GateResult =
  | { allowed: true }
  | { allowed: false; reason: 'no_license' | 'plan'; requiredPlan: LicensePlan }
  /** The deployment switched the feature off with a flag: no license changes that. */
  | { allowed: false; reason: 'disabled' };

// A plan feature is only offered while the flag that shows its area is on (LI7).
const flagShowingFeature: Record<GatedFeature, FeatureFlag | undefined> = {
  premiumCharacters: 'pickCharacters',
  fillContentWithAI: undefined,
  uploadDocuments: 'uploadDocument',
  textToSpeech: 'textToSpeech',
  webSearch: 'webSearch',
  unlimitedPlugins: 'usePlugins',
  vision: undefined,
  systemPrompts: 'promptLibrary',
  systemCharacters: 'pickCharacters',
};

const memberOnlyFlag: Partial<Record<GatedFeature, FeatureFlag>> = {
  systemPrompts: 'systemPromptsForOnlyMembers',
  systemCharacters: 'systemCharactersForOnlyMembers',
};

function isPlanFeature(feature: GatedFeature): feature is PlanFeature {
  return (planFeatures as readonly string[]).includes(feature);
}

/** Whether the app in `state` may use `feature` (LI1-LI7). */
export function canUse(
  feature: GatedFeature,
  state: LicenseState,
  flags: FeatureFlags = featureFlagDefaults,
): GateResult {
  const shownBy = flagShowingFeature[feature];
  if (shownBy && !flags[shownBy]) return { allowed: false, reason: 'disabled' };

  if (!isPlanFeature(feature)) {
    const onlyMembers = memberOnlyFlag[feature];
    if (!onlyMembers || !flags[onlyMembers] || state.kind === 'licensed') return { allowed: true };
    return { allowed: false, reason: 'no_license', requiredPlan: 'standard' };
  }

  const requiredPlan = cheapestPlanWith(feature);
  if (state.kind !== 'licensed') return { allowed: false, reason: 'no_license', requiredPlan };
  if (!planIncludes(state.plan, feature)) return { allowed: false, reason: 'plan', requiredPlan };
  return { allowed: true };
}

/** The message a blocked feature shows; undefined when the feature is allowed or switched off. */
export function blockedFeatureMessage(result: GateResult): string | undefined {
  if (result.allowed || result.reason === 'disabled') return undefined;
  return result.reason === 'no_license'
    ? licenseMessages.needLicenseForFeature
    : licenseMessages.notInCurrentPlan;
}
