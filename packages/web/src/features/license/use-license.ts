import { useEffect } from 'react';
import { useLicenseStore } from '../../state/license/license-store';

/** The license snapshot; the first caller starts verifying the stored token. */
export function useLicense() {
  const ensureLoaded = useLicenseStore((store) => store.ensureLoaded);
  useEffect(() => ensureLoaded(), [ensureLoaded]);
  const snapshot = useLicenseStore((store) => store.snapshot);
  const status = useLicenseStore((store) => store.status);
  return { ...snapshot, loading: status !== 'ready' };
}
