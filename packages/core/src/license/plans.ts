import { z } from 'zod/mini';
import { licenseCatalogue } from './catalogue';

/** Paid plans, cheapest first. The spec's "basic" plan is our `standard` (same feature list, LI1). */
export const licensePlans = ['standard', 'extended', 'premium', 'team'] as const;
export type LicensePlan = (typeof licensePlans)[number];
export const licensePlanSchema = z.enum(licensePlans);

/** Features a license unlocks; the free tier has none of them. */
export const planFeatures = [
  'premiumCharacters',
  'fillContentWithAI',
  'uploadDocuments',
  'textToSpeech',
  'webSearch',
  'unlimitedPlugins',
  'vision',
] as const;
export type PlanFeature = (typeof planFeatures)[number];

const standardFeatures = ['premiumCharacters', 'fillContentWithAI', 'uploadDocuments'] as const;
const extendedFeatures = [...standardFeatures, 'textToSpeech', 'webSearch'] as const;
const premiumFeatures = [...extendedFeatures, 'unlimitedPlugins', 'vision'] as const;

type PlanDetails = {
  label: string;
  features: readonly PlanFeature[];
  defaultMaxDevices: number;
  defaultMaxUsers: number;
};

// LI1-LI3: each plan includes everything of the one before. Team is a premium license for a group
// (LI4): the same features, more users and devices.
export const planDetails: Record<LicensePlan, PlanDetails> = {
  standard: {
    label: 'Standard',
    features: standardFeatures,
    defaultMaxDevices: licenseCatalogue.devicesPerLicense,
    defaultMaxUsers: 1,
  },
  extended: {
    label: 'Extended',
    features: extendedFeatures,
    defaultMaxDevices: licenseCatalogue.devicesPerLicense,
    defaultMaxUsers: 1,
  },
  premium: {
    label: 'Premium',
    features: premiumFeatures,
    defaultMaxDevices: licenseCatalogue.devicesPerLicense,
    defaultMaxUsers: 1,
  },
  team: {
    label: 'Team',
    features: premiumFeatures,
    defaultMaxDevices: licenseCatalogue.team.devices,
    defaultMaxUsers: licenseCatalogue.team.users,
  },
};

export function planIncludes(plan: LicensePlan, feature: PlanFeature): boolean {
  return planDetails[plan].features.includes(feature);
}

/** The cheapest plan that unlocks a feature: what a blocked feature asks the user to buy. */
export function cheapestPlanWith(feature: PlanFeature): LicensePlan {
  const plan = licensePlans.find((candidate) => planIncludes(candidate, feature));
  if (!plan) throw new Error(`No plan includes ${feature}`);
  return plan;
}
