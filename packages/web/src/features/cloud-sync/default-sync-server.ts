import { useHostSettings } from '../../state';
import { licenseServerUrlSetting } from '../license';
import { useServerUrlOverride } from './cloud-sync-context';

/** The static build (`npm run build:static`) is served by no server of ours. */
const servedByParley = import.meta.env.MODE !== 'static';

/**
 * The sync server used until the user picks one (decision 0139): a local TM_licenseServerURL, else
 * the host's `defaultSyncServer` (parley.config.json), else the server that served the app; null in
 * the static build with neither (there is no server to sync with until the user names one).
 */
export function defaultSyncServer(origin: string, servedByServer = servedByParley): string | null {
  const chosen = licenseServerUrlSetting().read() ?? useHostSettings.getState().defaultSyncServer;
  if (chosen) return chosen.replace(/\/+$/, '');
  return servedByServer ? origin.replace(/\/+$/, '') : null;
}

/** Where the default comes from, for Settings → Cloud Sync's words. */
export function defaultSyncServerSource(): 'host' | 'app' {
  return !licenseServerUrlSetting().read() && useHostSettings.getState().defaultSyncServer ? 'host' : 'app';
}

/**
 * Whether this copy has a sync server at all: the user's own, or a default. Without one, signing in,
 * sync and share links are hidden; Settings → Cloud Sync asks for a server instead.
 */
export function useSyncServerGiven(): boolean {
  const override = useServerUrlOverride();
  const hostDefault = useHostSettings((settings) => settings.defaultSyncServer);
  return override !== null || hostDefault !== undefined || defaultSyncServer(window.location.origin) !== null;
}
