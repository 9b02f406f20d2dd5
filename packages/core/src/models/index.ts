/** `@parley/core/models`: model descriptors, the built-in catalogue, token estimates and cost. */
export {
  apiTypes,
  providerIds,
  KeyValueRowSchema,
  ModelPricingSchema,
  ModelDescriptorSchema,
  CustomModelSchema,
  CUSTOM_MODEL_DEFAULT_TITLE,
  CUSTOM_MODEL_DEFAULT_CONTEXT_LENGTH,
  parseCustomModel,
} from './model-descriptor';
export type {
  ApiType,
  ProviderId,
  KeyValueRow,
  ModelPricing,
  ModelDescriptor,
  CustomModelInput,
} from './model-descriptor';
export {
  providerCatalogue,
  providerLists,
  keyedProviderIds,
  listedProviderIds,
  providerEndpoints,
  providerNames,
  providerEntry,
} from './provider-catalogue';
export type { KeyedProviderId, ListedProviderId } from './provider-catalogue';
export { modelListFormats, providerCapabilities } from './provider-entry';
export type { ProviderEntry, ProviderCapability, ModelListFormat } from './provider-entry';
export {
  NEW_CHAT_MODEL_ID,
  defaultModelId,
  cheapModelIds,
  modelCatalogue,
  findModel,
  titleModelFor,
} from './catalogue';
export { estimateTokens, estimateMessagesTokens } from './tokens';
export { formatTokenCount, formatContextLength, formatUsd, formatPricePer1M } from './number-format';
export type { TokenCountableMessage } from './tokens';
export { formatBytes } from './format-bytes';
export {
  isSecretRow,
  customSecretId,
  hasSecretValues,
  secretIdsOf,
  splitSecretRows,
  fillSecretRows,
  mapSecretRows,
  withoutModelSecrets,
  replaceModelSecrets,
  moveModelSecrets,
  missingSecretRows,
} from './secret-rows';
export type { SecretRowGroup, CustomSecrets, ModelWithRows } from './secret-rows';
export { costOfUsage } from './cost';
export {
  reasoningEfforts,
  verbosityLevels,
  reasoningControlsOf,
  hasReasoningControls,
  nearestEffort,
  budgetWithin,
  samplingLeftOut,
  NO_REASONING_CONTROLS,
  ANTHROPIC_MIN_THINKING_BUDGET,
} from './reasoning';
export type {
  ReasoningEffort,
  Verbosity,
  ReasoningControls,
  ThinkingBudgetRange,
  ReasoningChoice,
} from './reasoning';
export { modelSettingRanges, maxTokensRange, WIDEST_OUTPUT_LIMIT } from './setting-ranges';
export type { SettingRange, SamplingSettingKey, ModelSettingRanges } from './setting-ranges';
export type { UsageForCost } from './cost';
