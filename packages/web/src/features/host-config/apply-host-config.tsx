import { readHostConfig } from '@parley/core/host-config';
import { I18nextProvider } from 'react-i18next';
import { retryingImport, setHostSettings, withStrings } from '../../state';
import { useFeatureFlags } from '../license';
import type { ShowHostConfigError } from './host-config-loader';

/**
 * Checks the file: valid, its feature flags go into the flags store (a flag left out keeps its spec
 * default), its welcome text into the host settings (decision 0126) and the app starts; malformed, the screen that lists its problems is ready to show.
 */
export async function applyHostConfig(text: string): Promise<ShowHostConfigError | null> {
  const reading = readHostConfig(text);
  if (reading.ok) {
    useFeatureFlags.getState().setFlags(reading.config.flags ?? {});
    const { welcomeText } = reading.config;
    setHostSettings(welcomeText === undefined ? {} : { welcomeText });
    return null;
  }
  const { default: HostConfigErrorScreen } = await withStrings('hosting', () =>
    retryingImport(() => import('./HostConfigErrorScreen')),
  );
  return (root, i18n) =>
    root.render(
      <I18nextProvider i18n={i18n}>
        <HostConfigErrorScreen problems={reading.problems} />
      </I18nextProvider>,
    );
}
