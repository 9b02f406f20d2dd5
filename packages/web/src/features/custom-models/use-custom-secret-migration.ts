import { hasSecretValues } from '@parley/core/models';
import { useEffect } from 'react';
import {
  afterFirstScreen,
  useKeyVault,
  useKeyVaultStore,
  usePlatformServices,
  useSyncedSettings,
} from '../../state';
import { customModelsIn, queueCustomSecretMigration } from './custom-secret-migration';
import { localSweepMarker, sweepOncePerDevice } from './stored-copies-sweep';

/**
 * Moves custom models' secret values from the synced settings into the key vault whenever the vault
 * is open and some are there: at start, after unlock, and when sync brings in a model that has them.
 */
export function useCustomSecretMigration(): void {
  const { store } = usePlatformServices();
  const keyVault = useKeyVaultStore();
  const open = useKeyVault((state) => state.status === 'open');
  // How many models hold secret values: a change (sync brought one in) runs the migration again.
  const pending = useSyncedSettings((state) =>
    state.loaded ? state.values.customModels.filter(hasSecretValues).length : 0,
  );
  useEffect(() => {
    if (!open || pending === 0) return;
    void queueCustomSecretMigration(customModelsIn(store), keyVault).catch(() => undefined);
  }, [open, pending, store, keyVault]);
}

/**
 * Once per device, after the first screen: rewrites the chats and agents whose stored model copy
 * still holds secret values (written before storage EN22), in batches, keeping their updatedAt.
 */
export function useStoredModelCopiesSweep(): void {
  const { store } = usePlatformServices();
  useEffect(() => {
    const marker = localSweepMarker();
    if (marker.done()) return;
    return afterFirstScreen(() => {
      sweepOncePerDevice(store, marker).catch((error: unknown) =>
        console.warn('removing secret values from stored model copies failed', error),
      );
    });
  }, [store]);
}

/** Placed once in the app, inside the chat runtime (it renders nothing). */
export function CustomSecretMigration(): null {
  useCustomSecretMigration();
  useStoredModelCopiesSweep();
  return null;
}
