export {
  HostConfigSchema,
  readHostConfig,
  WELCOME_TEXT_MAX,
  type HostConfig,
  type HostConfigReading,
} from './host-config';
