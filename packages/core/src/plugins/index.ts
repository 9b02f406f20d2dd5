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
