import { openModelListCache } from '../../adapters/storage';
import type { KeyVaultStore } from '../key-vault/key-vault-store';
import { providerAccessIn } from '../key-vault/provider-access';
import type { PlatformServices } from '../app-state';
import { createModelListService } from './model-list-service';
import type { ModelListService, ModelListsStore } from './model-lists-store';

/** The lazily loaded half of the model lists: the service over the IndexedDB cache (one chunk). */
export function loadModelListService(
  store: ModelListsStore,
  services: Pick<PlatformServices, 'fetch' | 'clock'>,
  keyVault: KeyVaultStore,
): ModelListService {
  return createModelListService({
    store,
    fetch: services.fetch,
    clock: services.clock,
    cache: openModelListCache(globalThis.indexedDB),
    access: (provider) => providerAccessIn(keyVault.getState(), provider),
  });
}
