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
