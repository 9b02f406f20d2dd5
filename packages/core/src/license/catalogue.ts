/** Fixed identity of license tokens: the server signs with these, every verifier demands them (LI10). */
export const LICENSE_TOKEN_ISSUER = 'parley-license-server';
export const LICENSE_TOKEN_AUDIENCE = 'parley-app';
export const LICENSE_TOKEN_ALGORITHM = 'RS256';

/** Catalogue facts shown on the buy and License Manager screens (spec section 1). */
export const licenseCatalogue = {
  devicesPerLicense: 5,
  team: { users: 10, devices: 50, label: '10 users for $395' },
  moneyBackGuaranteeDays: 14,
  supportDays: 365,
} as const;
