import { create } from 'zustand';
import { useSettingsDialog } from '../settings';

export type LicenseView = 'overview' | 'plans';

type LicenseViewState = {
  view: LicenseView;
  show: (view: LicenseView) => void;
};

/** Which page the License settings section shows: the key and devices, or the plans to buy. */
export const useLicenseView = create<LicenseViewState>()((set) => ({
  view: 'overview',
  show: (view) => set({ view }),
}));

/** The Buy / Upgrade screen, from anywhere (a blocked feature's "Upgrade"). */
export function openUpgradeScreen() {
  useLicenseView.getState().show('plans');
  useSettingsDialog.getState().open('license');
}

export function openLicenseSettings() {
  useLicenseView.getState().show('overview');
  useSettingsDialog.getState().open('license');
}
