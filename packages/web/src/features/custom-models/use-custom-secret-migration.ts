import { hasSecretValues } from '@parley/core/models';
import { useEffect } from 'react';
import { keyVaultStore } from '../api-keys/key-vault-store';
import { useKeyVault } from '../api-keys/use-key-vault';
import { useChatRuntime, useSyncedSettings } from '../chat/chat-runtime';
import { customModelsIn, queueCustomSecretMigration } from './custom-secret-migration';

/**
 * Moves custom models' secret values from the synced settings into the key vault whenever the vault
 * is open and some are there: at start, after unlock, and when sync brings in a model that has them.
 */
export function useCustomSecretMigration(): void {
  const { store } = useChatRuntime().services;
  const open = useKeyVault((state) => state.status === 'open');
  // How many models hold secret values: a change (sync brought one in) runs the migration again.
  const pending = useSyncedSettings((state) =>
    state.loaded ? state.values.customModels.filter(hasSecretValues).length : 0,
  );
  useEffect(() => {
    if (!open || pending === 0) return;
    void queueCustomSecretMigration(customModelsIn(store), keyVaultStore).catch(() => undefined);
  }, [open, pending, store]);
}

/** Placed once in the app, inside the chat runtime (it renders nothing). */
export function CustomSecretMigration(): null {
  useCustomSecretMigration();
  return null;
}
