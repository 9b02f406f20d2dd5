import { bundledAgents, type BundledAgent } from '@parley/core/agents';
import type { Character } from '@parley/core/entities';
import { useMemo } from 'react';
import { useStoredRecords } from '../../state';
import { useFeatureFlags } from '../license';

export type AgentEntry =
  { kind: 'own'; agent: Character } | { kind: 'bundled'; agent: BundledAgent; pinned: boolean };

export type AgentLists = {
  own: Character[];
  bundled: AgentEntry[];
  /** Pinned on the main page, own and bundled (the pinned state of bundled ones is a synced setting). */
  pinned: AgentEntry[];
  loading: boolean;
};

/** Newest use first, then newest edit; pinned ones lead. */
function byUse(a: Character, b: Character): number {
  return (b.lastUsedAt ?? b.updatedAt).localeCompare(a.lastUsedAt ?? a.updatedAt);
}

/**
 * The user's agents (live from the store) and the bundled ones (flag `defaultCharacters`), with the
 * pinned ones of both. `pinnedBundled` are the ids of bundled agents the user pinned.
 */
export function useAgents(pinnedBundled: readonly string[]): AgentLists {
  const { records, loading } = useStoredRecords('characters');
  const flags = useFeatureFlags((state) => state.flags);
  return useMemo(() => {
    const own = [...records].sort(byUse);
    const bundled: AgentEntry[] = flags.defaultCharacters
      ? bundledAgents.map((agent) => ({ kind: 'bundled', agent, pinned: pinnedBundled.includes(agent.id) }))
      : [];
    const pinned: AgentEntry[] = [
      ...own.filter((agent) => agent.pinned).map((agent): AgentEntry => ({ kind: 'own', agent })),
      ...bundled.filter((entry) => entry.kind === 'bundled' && entry.pinned),
    ];
    return { own, bundled, pinned, loading };
  }, [records, loading, flags.defaultCharacters, pinnedBundled]);
}
