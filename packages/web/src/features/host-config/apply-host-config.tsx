import { readHostConfig } from '@parley/core/host-config';
import { I18nextProvider } from 'react-i18next';
import { retryingImport, setHostSettings, withStrings, type HostSettings } from '../../state';
import { useFeatureFlags } from '../license';
import type { ShowHostConfigError } from './host-config-loader';

/**
 * Checks the file: valid, its feature flags go into the flags store (a flag left out keeps its spec
 * default), the rest into the host settings (welcome text 0126, defaults 0139, extensions 0140) and
 * the app starts; malformed, the screen that lists its problems is ready to show. Nothing here calls
 * a URL the file names.
 */
export async function applyHostConfig(text: string, fileUrl: string): Promise<ShowHostConfigError | null> {
  const reading = readHostConfig(text);
  if (reading.ok) {
    const { flags, extensions, ...settings } = reading.config;
    useFeatureFlags.getState().setFlags(flags ?? {});
    const host: HostSettings = { ...settings };
    // A script named by a path is the host's file beside the app: resolved against the config's URL.
    if (extensions) host.extensions = extensions.map((url) => new URL(url, fileUrl).href);
    setHostSettings(host);
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
