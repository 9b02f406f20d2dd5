import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useAppState } from '../app-state';
import type { LicenseStoreState } from './license-store';

/** A slice of the license store (activation, devices, the problem with a stored token). */
export function useLicenseStore<T>(select: (state: LicenseStoreState) => T): T {
  return useStore(useAppState().license, select);
}

/** The license snapshot; the first caller starts verifying the stored token. */
export function useLicense() {
  const ensureLoaded = useLicenseStore((store) => store.ensureLoaded);
  useEffect(() => ensureLoaded(), [ensureLoaded]);
  const snapshot = useLicenseStore((store) => store.snapshot);
  const status = useLicenseStore((store) => store.status);
  return { ...snapshot, loading: status !== 'ready' };
}
