export {
  LICENSE_TOKEN_ALGORITHM,
  LICENSE_TOKEN_AUDIENCE,
  LICENSE_TOKEN_ISSUER,
  licenseCatalogue,
} from './catalogue';
export {
  featureFlagDefaults,
  resolveFeatureFlags,
  type FeatureFlag,
  type FeatureFlags,
} from './feature-flags';
export { blockedFeatureMessage, canUse, type GatedFeature, type GateResult } from './gating';
export { licenseStateLabel, type LicenseState } from './license-state';
export {
  licenseTokenPayloadSchema,
  verifyLicenseToken,
  type LicenseTokenClaims,
  type LicenseTokenFailure,
  type LicenseTokenVerification,
  type VerifyLicenseTokenOptions,
} from './license-token';
export { licenseMessages } from './messages';
export { looksLikeOpenAIKey } from './openai-key';
export {
  cheapestPlanWith,
  licensePlanSchema,
  licensePlans,
  planDetails,
  planFeatures,
  planIncludes,
  type LicensePlan,
  type PlanFeature,
} from './plans';
