import { bundledAgents, type BundledAgent } from '@parley/core/agents';
import type { Character } from '@parley/core/entities';
import { useMemo } from 'react';
import { parseCharacter } from '@parley/core/entities';
import { useStoredRecords } from '../../state';
import { useOrg } from '../cloud-sync';
import { useFeatureFlags } from '../license';

export type AgentEntry =
  | { kind: 'own'; agent: Character }
  | { kind: 'bundled'; agent: BundledAgent; pinned: boolean }
  /** Published by the organisation on its server (AD10): read-only, can be used and duplicated. */
  | { kind: 'org'; agent: Character; pinned: boolean };

export type AgentLists = {
  own: Character[];
  bundled: AgentEntry[];
  /** The organisation's agents (signed in to a Parley server that shares some). */
  org: AgentEntry[];
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
  const { orgShared } = useOrg();
  return useMemo(() => {
    const own = [...records].sort(byUse);
    const bundled: AgentEntry[] = flags.defaultCharacters
      ? bundledAgents.map((agent) => ({ kind: 'bundled', agent, pinned: pinnedBundled.includes(agent.id) }))
      : [];
    const org = orgAgents(orgShared?.agents ?? [], pinnedBundled);
    const pinned: AgentEntry[] = [
      ...own.filter((agent) => agent.pinned).map((agent): AgentEntry => ({ kind: 'own', agent })),
      ...org.filter((entry) => entry.kind === 'org' && entry.pinned),
      ...bundled.filter((entry) => entry.kind === 'bundled' && entry.pinned),
    ];
    return { own, bundled, org, pinned, loading };
  }, [records, loading, flags.defaultCharacters, pinnedBundled, orgShared]);
}

/**
 * The organisation's agents as the app's own parser reads them (data from a server is parsed like
 * any other, rule 7); one that does not parse is left out. Pins are kept with the bundled ones'.
 */
function orgAgents(
  items: readonly { item: Record<string, unknown> }[],
  pinnedIds: readonly string[],
): AgentEntry[] {
  const entries: AgentEntry[] = [];
  for (const { item } of items) {
    try {
      const agent = parseCharacter(item);
      entries.push({ kind: 'org', agent, pinned: pinnedIds.includes(agent.id) });
    } catch {
      // Not an agent this version can read: not shown.
    }
  }
  return entries;
}
