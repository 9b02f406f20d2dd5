import { create } from 'zustand';
import type { LicenseDeviceList } from './license-api';
import { createBrowserLicenseClient } from './license-browser-client';
import type { LicenseClient, LicenseProblem, LicenseSnapshot } from './license-client';
import { editionLicenseState } from './license-edition';
import { licenseErrorCode } from './license-errors';

type LicenseStoreState = {
  status: 'idle' | 'loading' | 'ready';
  snapshot: LicenseSnapshot;
  /** Set when the stored token was refused on load or by the server; cleared by a new activation. */
  problem: LicenseProblem | 'token_refused' | undefined;
  /** Starts verifying the stored token once; every license-aware component calls it. */
  ensureLoaded: () => void;
  activate: (key: string, deviceName: string) => Promise<LicenseSnapshot>;
  listDevices: () => Promise<LicenseDeviceList>;
  unlinkDevice: (deviceId: string) => Promise<{ unlinkedThisDevice: boolean }>;
  deactivate: () => Promise<void>;
};

let client: LicenseClient | undefined;
const currentClient = () => (client ??= createBrowserLicenseClient());

export const useLicenseStore = create<LicenseStoreState>()((set, get) => {
  /** A refused token means this device was unlinked elsewhere or the key revoked (LS5, LS8). */
  async function guard<T>(action: () => Promise<T>): Promise<T> {
    try {
      return await action();
    } catch (error) {
      if (licenseErrorCode(error) === 'token_refused')
        set({ snapshot: { state: currentClient().baseState }, problem: 'token_refused' });
      throw error;
    }
  }

  return {
    status: 'idle',
    snapshot: { state: editionLicenseState() },
    problem: undefined,
    ensureLoaded() {
      if (get().status !== 'idle') return;
      set({ status: 'loading' });
      const loading = currentClient();
      void loading.load().then(({ problem, ...snapshot }) => {
        // A client swapped meanwhile (tests) owns the store now.
        if (client === loading) set({ status: 'ready', snapshot, problem });
      });
    },
    async activate(key, deviceName) {
      const snapshot = await currentClient().activate(key, deviceName);
      set({ status: 'ready', snapshot, problem: undefined });
      return snapshot;
    },
    listDevices: () => guard(() => currentClient().listDevices()),
    async unlinkDevice(deviceId) {
      const result = await guard(() => currentClient().unlinkDevice(deviceId));
      if (result.unlinkedThisDevice) set({ snapshot: { state: currentClient().baseState } });
      return result;
    },
    async deactivate() {
      const snapshot = await guard(() => currentClient().deactivate());
      set({ snapshot });
    },
  };
});

/** Swaps the license client (tests, or a composition root with its own) and starts over. */
export function setLicenseClient(next: LicenseClient) {
  client = next;
  useLicenseStore.setState({ status: 'idle', snapshot: { state: next.baseState }, problem: undefined });
}
