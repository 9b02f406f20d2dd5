export { pluginFunctionsOf, type PluginFunction, type PluginImplementationType } from './plugin-functions';
export {
  defaultSettingValue,
  isSecretSetting,
  pluginSecretId,
  resolvePluginSettings,
  type PluginSettingValue,
  type ResolvedPluginSettings,
} from './plugin-settings';
