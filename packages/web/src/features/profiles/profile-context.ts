import type { ContextSource } from '@parley/core/chat';
import type { StoragePort } from '@parley/core/storage';

/** SC2, SC3: the current profile goes into each answer's system context. */
export function profileContextSource(store: StoragePort): ContextSource {
  return {
    gather: async () => {
      const profiles = await store.profiles.list();
      return { persona: { profile: profiles.find((candidate) => candidate.isCurrent) ?? null } };
    },
  };
}
