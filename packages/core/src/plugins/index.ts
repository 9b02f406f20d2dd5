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
