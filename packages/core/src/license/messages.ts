/** User-facing license texts, quoted from the spec's validation rules and error catalogue. */
export const licenseMessages = {
  invalidKey: 'Sorry, that license key is invalid.',
  deviceLimitReached: 'Device limit reached for the license key',
  /** Shown with deviceLimitReached: the way out of the limit (spec section 6). */
  unlinkAndReenter:
    'This license key is already used on the maximum number of devices. Unlink another device in the License Manager, then re-enter your license key on this device.',
  looksLikeOpenAIKey:
    'Uh oh! That looks like an OpenAI API Key, not a License Key. Please enter your license key instead.',
  needLicenseForFeature: 'You need to buy a license key to use this feature.',
  noLicenseKey:
    "You don't have a license key. Please buy or enter a license key to continue using all features.",
  /** Spec section 6 says a blocked feature shows it is unavailable for the plan; the wording is ours. */
  notInCurrentPlan: 'This feature is not available for your current plan.',
} as const;
