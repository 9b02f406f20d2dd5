/** The host's `parley.config.json` (decision 0091): read before the first screen. */
export { loadHostConfig, type ShowHostConfigError } from './host-config-loader';
