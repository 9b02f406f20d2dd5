import type { ReactNode } from 'react';
import { UnlockScreen } from './UnlockScreen';
import { useKeyVault } from '../../state/key-vault/use-key-vault';

/** The app behind its password: nothing of it renders until the key vault is unlocked. */
export function VaultGate({ children }: { children: ReactNode }) {
  const locked = useKeyVault((state) => state.status === 'locked');
  return locked ? <UnlockScreen /> : children;
}
