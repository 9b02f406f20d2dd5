export {
  HostConfigSchema,
  readHostConfig,
  WELCOME_TEXT_MAX,
  EXTENSIONS_MAX,
  type HostConfig,
  type HostConfigReading,
} from './host-config';
export {
  EXTENSION_DESCRIBE_FUNCTION,
  EXTENSION_RUN_FUNCTION,
  EXTENSION_TOOLS_MAX,
  ExtensionManifestSchema,
  extensionDescribeCode,
  extensionRunCode,
  readExtensionManifest,
  type ExtensionManifest,
  type ExtensionToolDescription,
} from './extension-manifest';
