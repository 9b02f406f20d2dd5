import { useEffect, type ReactNode } from 'react';
import { firstScreenPartShown, useKeyVault } from '../../state';
import { UnlockScreen } from './UnlockScreen';

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
