export { pluginFunctionsOf, type PluginFunction, type PluginImplementationType } from './plugin-functions';
export {
  defaultSettingValue,
  isSecretSetting,
  pluginSecretId,
  resolvePluginSettings,
  type PluginSettingValue,
  type ResolvedPluginSettings,
} from './plugin-settings';
export {
  fillPlaceholders,
  planHttpAction,
  type HttpActionBody,
  type HttpActionPlan,
  type HttpActionRequest,
  type HttpResultTransform,
} from './http-action';
export {
  formatSearchResults,
  GOOGLE_FREE_QUERIES_PER_DAY,
  GOOGLE_SEARCH_ENDPOINT,
  googleErrorMessage,
  googleResultsOf,
  googleSearchUrl,
  searchResultCount,
  MAX_SEARCH_RESULTS,
  DEFAULT_SEARCH_RESULTS,
  searxngResultsOf,
  searxngSearchUrl,
  WEB_SEARCH_FUNCTION,
  WEB_SEARCH_MISSING_GOOGLE,
  WEB_SEARCH_MISSING_SEARXNG,
  WEB_SEARCH_PLUGIN_ID,
  webSearchPlugin,
  type SearchEngine,
  type SearchResult,
} from './web-search';
export {
  canEnableAnotherPlugin,
  chatPlugins,
  enabledPlugins,
  isPluginEnabled,
  pluginStatus,
  PLUGIN_LIMIT_WITHOUT_UNLIMITED,
  toggleChatPlugin,
  type PluginBlock,
  type PluginLicense,
  type PluginSettingsStatus,
  type PluginStatus,
} from './chat-plugins';
export {
  checkPluginRecord,
  installedCounterpart,
  pluginImportError,
  readPluginFile,
  readRepositoryPlugin,
  type PluginFileResult,
  type PluginGeneration,
} from './plugin-file';
export { pluginFileName, pluginFileOf, pluginFromRecord, type InstallOptions } from './plugin-install';
export {
  httpActionError,
  MAX_PLUGIN_CODE_CHARS,
  MAX_PLUGIN_FILE_CHARS,
  MAX_PLUGIN_FUNCTIONS,
  parametersError,
  pluginMessages,
} from './plugin-validation';
export { userSettingsError, userSettingsMessages } from './user-settings-validation';
