import { useEffect, type ReactNode } from 'react';
import { firstScreenPartShown, lazyPart, useKeyVault } from '../../state';

// Only a locked vault shows it, so it is fetched then, not with every first screen (decision 0141).
const UnlockScreen = lazyPart(() => import('./UnlockScreen'), { pick: (module) => module.UnlockScreen });

/** The app behind its password: nothing of it renders until the key vault is unlocked. */
export function VaultGate({ children }: { children: ReactNode }) {
  const locked = useKeyVault((state) => state.status === 'locked');
  return locked ? (
    <>
      <UnlockScreen />
      <LockedFirstScreen />
    </>
  ) : (
    children
  );
}

/** While locked, the unlock screen is the whole first screen: deferred work need not wait on more. */
function LockedFirstScreen() {
  useEffect(() => {
    firstScreenPartShown('sidebar');
    firstScreenPartShown('chat');
  }, []);
  return null;
}
