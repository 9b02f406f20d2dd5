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
