import { useEffect, useState } from 'react';
import { afterFirstScreen, lazyPart } from '../../state';
import { loadToasts, onToastsLoading } from './notify';

const AppToaster = lazyPart(() => import('./AppToaster'), { pick: (module) => module.AppToaster });

/** Toasts are no screen of their own: a toaster that could not load shows nothing, and loads once back online. */
const quietly = () => undefined;

/**
 * Places the toaster once the first screen has painted, or at the first toast if one comes sooner
 * (decision 0079): the toast library is not in the first chunk. Toasts asked for earlier wait in
 * the library's store and show when the toaster mounts.
 */
export function AppToasterHost() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const want = () => setWanted(true);
    const offLoading = onToastsLoading(want);
    const cancel = afterFirstScreen(() => void loadToasts().catch(() => undefined));
    return () => {
      offLoading();
      cancel();
    };
  }, []);
  return wanted ? <AppToaster onLoadFailed={quietly} /> : null;
}
