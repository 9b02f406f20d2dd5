import { describe, expect, it } from 'vitest';
import { licenseCatalogue } from '../../src/license/catalogue';
import { featureFlagDefaults, resolveFeatureFlags } from '../../src/license/feature-flags';
import { blockedFeatureMessage, canUse } from '../../src/license/gating';
import { licenseStateLabel, type LicenseState } from '../../src/license/license-state';
import { licenseMessages } from '../../src/license/messages';
import { planDetails, planFeatures, type PlanFeature } from '../../src/license/plans';

const states: Record<string, LicenseState> = {
  unlicensed: { kind: 'unlicensed' },
  free_trial: { kind: 'free_trial' },
  preview: { kind: 'preview' },
  standard: { kind: 'licensed', plan: 'standard' },
  extended: { kind: 'licensed', plan: 'extended' },
  premium: { kind: 'licensed', plan: 'premium' },
  team: { kind: 'licensed', plan: 'team' },
};

// Y = allowed, N = refused for lack of a license, P = refused because the plan lacks it.
// Columns: unlicensed, free_trial, preview, standard, extended, premium, team.
const expectedTable: Record<PlanFeature, string> = {
  premiumCharacters: 'N N N Y Y Y Y',
  fillContentWithAI: 'N N N Y Y Y Y',
  uploadDocuments: 'N N N Y Y Y Y',
  textToSpeech: 'N N N P Y Y Y',
  webSearch: 'N N N P Y Y Y',
  unlimitedPlugins: 'N N N P P Y Y',
  vision: 'N N N P P Y Y',
};

const cheapest: Record<PlanFeature, string> = {
  premiumCharacters: 'standard',
  fillContentWithAI: 'standard',
  uploadDocuments: 'standard',
  textToSpeech: 'extended',
  webSearch: 'extended',
  unlimitedPlugins: 'premium',
  vision: 'premium',
};

describe('canUse: every plan state x plan feature (LI1-LI5)', () => {
  for (const feature of planFeatures) {
    const cells = expectedTable[feature].split(' ');
    Object.entries(states).forEach(([name, state], column) => {
      const cell = cells[column];
      it(`LI1-LI5 ${feature} for ${name} is ${cell}`, () => {
        const result = canUse(feature, state, featureFlagDefaults);
        if (cell === 'Y') expect(result).toEqual({ allowed: true });
        else
          expect(result).toEqual({
            allowed: false,
            reason: cell === 'N' ? 'no_license' : 'plan',
            requiredPlan: cheapest[feature],
          });
      });
    });
  }
});

describe('plans', () => {
  it('LI4 team has exactly the premium features, 10 users on 50 devices; others 5 devices', () => {
    expect(planDetails.team.features).toEqual(planDetails.premium.features);
    expect(planDetails.team).toMatchObject({ defaultMaxUsers: 10, defaultMaxDevices: 50 });
    expect(licenseCatalogue.team.label).toBe('10 users for $395');
    for (const plan of ['standard', 'extended', 'premium'] as const) {
      expect(planDetails[plan]).toMatchObject({ defaultMaxUsers: 1, defaultMaxDevices: 5 });
    }
  });
});

describe('flags and gating', () => {
  it('LI6 shipped prompts and agents are free unless the member-only flag is on', () => {
    for (const state of Object.values(states)) {
      expect(canUse('systemPrompts', state)).toEqual({ allowed: true });
      expect(canUse('systemCharacters', state)).toEqual({ allowed: true });
    }
    const flags = resolveFeatureFlags({
      systemPromptsForOnlyMembers: true,
      systemCharactersForOnlyMembers: true,
    });
    for (const feature of ['systemPrompts', 'systemCharacters'] as const) {
      expect(canUse(feature, states.unlicensed!, flags)).toEqual({
        allowed: false,
        reason: 'no_license',
        requiredPlan: 'standard',
      });
      expect(canUse(feature, states.free_trial!, flags)).toMatchObject({
        allowed: false,
        reason: 'no_license',
      });
      expect(canUse(feature, states.standard!, flags)).toEqual({ allowed: true });
    }
  });

  it('LI7 a switched-off area is disabled even for the top plan', () => {
    const cases = [
      ['uploadDocument', 'uploadDocuments'],
      ['textToSpeech', 'textToSpeech'],
      ['webSearch', 'webSearch'],
      ['usePlugins', 'unlimitedPlugins'],
      ['pickCharacters', 'premiumCharacters'],
      ['promptLibrary', 'systemPrompts'],
    ] as const;
    for (const [flag, feature] of cases) {
      const flags = resolveFeatureFlags({ [flag]: false });
      expect(canUse(feature, states.team!, flags)).toEqual({ allowed: false, reason: 'disabled' });
      expect(canUse(feature, states.team!, featureFlagDefaults)).toEqual({ allowed: true });
    }
  });

  it('feature flags default per spec section 6; null or junk values keep the default', () => {
    const on = Object.entries(featureFlagDefaults).filter(([, value]) => value);
    expect(on).toHaveLength(24);
    expect(featureFlagDefaults).toMatchObject({
      systemPromptsForOnlyMembers: false,
      systemCharactersForOnlyMembers: false,
      useOpenAIWhisper: false,
      hideWelcomeMessageForLoggedInUsers: false,
      chatMemory: true,
      navBar: true,
    });
    const flags = resolveFeatureFlags({ navBar: false, commandK: null, webSearch: 'no', unknownFlag: true });
    expect(flags).toEqual({ ...featureFlagDefaults, navBar: false });
    expect(resolveFeatureFlags('garbage')).toEqual(featureFlagDefaults);
  });
});

describe('license state texts', () => {
  it('labels each state; a licensed app shows its plan name', () => {
    expect(Object.values(states).map(licenseStateLabel)).toEqual([
      'Unlicensed',
      'Free trial',
      'Preview version',
      'Standard',
      'Extended',
      'Premium',
      'Team',
    ]);
  });

  it('maps a refusal to its message', () => {
    expect(blockedFeatureMessage(canUse('vision', states.unlicensed!))).toBe(
      'You need to buy a license key to use this feature.',
    );
    expect(blockedFeatureMessage(canUse('vision', states.standard!))).toBe(licenseMessages.notInCurrentPlan);
    expect(blockedFeatureMessage(canUse('vision', states.premium!))).toBeUndefined();
  });

  it('quotes the catalogue messages exactly', () => {
    expect(licenseMessages).toMatchObject({
      invalidKey: 'Sorry, that license key is invalid.',
      deviceLimitReached: 'Device limit reached for the license key',
      looksLikeOpenAIKey:
        'Uh oh! That looks like an OpenAI API Key, not a License Key. Please enter your license key instead.',
      needLicenseForFeature: 'You need to buy a license key to use this feature.',
      noLicenseKey:
        "You don't have a license key. Please buy or enter a license key to continue using all features.",
    });
    expect(licenseCatalogue).toMatchObject({
      devicesPerLicense: 5,
      moneyBackGuaranteeDays: 14,
      supportDays: 365,
    });
  });
});
