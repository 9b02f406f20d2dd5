export {
  HostConfigSchema,
  readHostConfig,
  WELCOME_TEXT_MAX,
  EXTENSIONS_MAX,
  type HostConfig,
  type HostConfigReading,
} from './host-config';
