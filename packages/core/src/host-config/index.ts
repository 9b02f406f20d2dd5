export { HostConfigSchema, readHostConfig, type HostConfig, type HostConfigReading } from './host-config';
