import { retryingImport, withStrings } from '../../state';

/**
 * The model settings form and its strings: a chunk of its own (the first screen shows only the
 * button), fetched once that has painted so it opens offline too.
 */
export const loadSettingsForm = () =>
  withStrings('modelSettings', () => retryingImport(() => import('./ModelSettingsForm')));
