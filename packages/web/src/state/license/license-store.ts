import { createStore, type StoreApi } from 'zustand/vanilla';
import { afterFirstScreen } from '../../lib/deferred';
import type { LicenseDeviceList } from './license-api';
import type { LicenseClient, LicenseProblem, LicenseSnapshot } from './license-client';
import { editionLicenseState } from './license-edition';
import { licenseErrorCode } from './license-errors';

export type LicenseStoreState = {
  status: 'idle' | 'loading' | 'ready';
  snapshot: LicenseSnapshot;
  /** Set when the stored token was refused on load or by the server; cleared by a new activation. */
  problem: LicenseProblem | 'token_refused' | undefined;
  /** Starts verifying the stored token once; every license-aware component calls it. */
  ensureLoaded: () => void;
  /** `userName`: who uses this device, counted by team keys (LS11); blank names nobody. */
  activate: (key: string, deviceName: string, userName?: string) => Promise<LicenseSnapshot>;
  listDevices: () => Promise<LicenseDeviceList>;
  unlinkDevice: (deviceId: string) => Promise<{ unlinkedThisDevice: boolean }>;
  deactivate: () => Promise<void>;
};

export type LicenseStore = StoreApi<LicenseStoreState>;

/**
 * The license snapshot the app gates on. `loadClient` gives the client: in the app the browser
 * client (token verification with jose, the license API) is its own chunk, so the first screen shows
 * the edition's state and the stored license appears once it is verified; tests give a fake server's.
 */
export function createLicenseStore(
  loadClient: () => Promise<LicenseClient>,
  baseState = editionLicenseState(),
): LicenseStore {
  let client: LicenseClient | undefined;
  async function currentClient(): Promise<LicenseClient> {
    if (client) return client;
    const loaded = await loadClient();
    return (client ??= loaded);
  }
  return createStore<LicenseStoreState>()((set, get) => {
    /** A refused token means this device was unlinked elsewhere or the key revoked (LS5, LS8). */
    async function guard<T>(action: (client: LicenseClient) => Promise<T>): Promise<T> {
      const active = await currentClient();
      try {
        return await action(active);
      } catch (error) {
        if (licenseErrorCode(error) === 'token_refused')
          set({ snapshot: { state: active.baseState }, problem: 'token_refused' });
        throw error;
      }
    }

    return {
      status: 'idle',
      snapshot: { state: baseState },
      problem: undefined,
      ensureLoaded() {
        if (get().status !== 'idle') return;
        set({ status: 'loading' });
        // Verifying the stored token waits for the first screen: it needs the license chunk (jose).
        afterFirstScreen(() => {
          currentClient()
            .then(async (loading) => {
              const { problem, ...snapshot } = await loading.load();
              set({ status: 'ready', snapshot, problem });
            })
            .catch((error: unknown) => {
              // The license code could not be fetched: the edition's own state, so nothing waits forever.
              console.warn('Parley could not check the stored license:', error);
              set({ status: 'ready', snapshot: { state: baseState } });
            });
        });
      },
      async activate(key, deviceName, userName) {
        const snapshot = await (await currentClient()).activate(key, deviceName, userName);
        set({ status: 'ready', snapshot, problem: undefined });
        return snapshot;
      },
      listDevices: () => guard((active) => active.listDevices()),
      async unlinkDevice(deviceId) {
        const active = await currentClient();
        const result = await guard(() => active.unlinkDevice(deviceId));
        if (result.unlinkedThisDevice) set({ snapshot: { state: active.baseState } });
        return result;
      },
      async deactivate() {
        const snapshot = await guard((active) => active.deactivate());
        set({ snapshot });
      },
    };
  });
}
