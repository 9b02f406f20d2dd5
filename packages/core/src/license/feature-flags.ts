/**
 * Switches a deployment uses to show or hide whole features (spec section 6), independent of the
 * license. The *ForOnlyMembers flags make shipped prompts and agents require a license (LI6).
 */
export const featureFlagDefaults = {
  navBar: true,
  commandK: true,
  webSearch: true,
  promptLibrary: true,
  outputSettings: true,
  pickCharacters: true,
  uploadDocument: true,
  systemMessage: true,
  textToSpeech: true,
  communityPrompts: true,
  syncToCloud: true,
  modelSettings: true,
  defaultCharacters: true,
  addNewCharacters: true,
  customModels: true,
  usePlugins: true,
  addNewPlugins: true,
  addExampleChats: true,
  yourProfile: true,
  voiceInput: true,
  importFromOpenAI: true,
  changeUILanguage: true,
  externalShare: true,
  chatMemory: true,
  systemPromptsForOnlyMembers: false,
  systemCharactersForOnlyMembers: false,
  useOpenAIWhisper: false,
  hideWelcomeMessageForLoggedInUsers: false,
} as const satisfies Record<string, boolean>;

export type FeatureFlag = keyof typeof featureFlagDefaults;
export type FeatureFlags = Record<FeatureFlag, boolean>;

const featureFlagNames = Object.keys(featureFlagDefaults) as FeatureFlag[];

/**
 * Reads flags from config or a server answer, flag by flag: a missing, null or non-boolean value
 * takes its default, and unknown flags (from a newer server) are ignored.
 */
export function resolveFeatureFlags(input: unknown): FeatureFlags {
  const given = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const flags = { ...featureFlagDefaults } as FeatureFlags;
  for (const name of featureFlagNames) {
    const value = given[name];
    if (typeof value === 'boolean') flags[name] = value;
  }
  return flags;
}
