import { lazy } from 'react';
import { retryingImport, withStrings } from '../../state';

/** The host's `parley.config.json` (decision 0091): read before the first screen. */
export { loadHostConfig, type HostConfigStart } from './host-config-loader';

/** The screen shown instead of the app when the host's config file is malformed. */
export const HostConfigErrorScreen = lazy(() =>
  withStrings('hostConfig', () => retryingImport(() => import('./HostConfigErrorScreen'))),
);
