import type { ContextSource } from '@parley/core/chat';
import type { StoragePort } from '@parley/core/storage';

/** SC4: with global memory on, the memory entries are offered to each answer (SC4 picks what fits). */
export function memoryContextSource(deps: { store: StoragePort; enabled: () => boolean }): ContextSource {
  return {
    gather: async () => (deps.enabled() ? { persona: { memory: await deps.store.memory.list() } } : {}),
  };
}
