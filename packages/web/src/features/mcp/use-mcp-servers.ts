import type { McpServer } from '@parley/core/entities';
import { parseMcpServer } from '@parley/core/entities';
import { defaultServerName, mcpHeaderSecretId, mcpOAuthSecretId, withServer } from '@parley/core/mcp';
import { useCallback } from 'react';
import { useKeyVaultStore, usePlatformServices, useSyncedSetting } from '../../state';

/** What the add form gives: the entry's fields and the header rows (values go to the vault). */
export interface ServerDraft {
  name: string;
  url: string;
  transport: McpServer['transport'];
  auth: McpServer['auth'];
  headers: { name: string; value: string }[];
}

/**
 * The servers (synced setting `mcpServers`) and their changes. Header values are written to the
 * key vault before the entry that names them is saved (MC9), so a synced entry never waits on a
 * secret another device cannot see anyway.
 */
export function useMcpServers() {
  const { value: stored, save } = useSyncedSetting('mcpServers');
  const vault = useKeyVaultStore();
  const { clock, ids } = usePlatformServices();
  const servers = stored.filter((server) => !server.deletedAt);

  const now = useCallback(() => new Date(clock.now()).toISOString(), [clock]);

  /** Adds servers in one write (header values first, to the vault). */
  const addAll = useCallback(
    async (drafts: readonly ServerDraft[]): Promise<McpServer[]> => {
      const time = now();
      const secrets: Record<string, string> = {};
      const added = drafts.map((draft) => {
        const id = ids.randomId();
        const rows = draft.auth === 'headers' ? draft.headers.filter((row) => row.name.trim() !== '') : [];
        for (const row of rows) secrets[mcpHeaderSecretId(id, row.name.trim())] = row.value;
        return parseMcpServer({
          id,
          name: draft.name.trim() || defaultServerName(draft.url.trim()),
          url: draft.url.trim(),
          transport: draft.transport,
          auth: rows.length > 0 ? 'headers' : draft.auth === 'oauth' ? 'oauth' : 'none',
          headerNames: rows.map((row) => row.name.trim()),
          createdAt: time,
          updatedAt: time,
        });
      });
      if (Object.keys(secrets).length > 0) {
        await vault.getState().updateCustomSecrets((current) => ({ ...current, ...secrets }));
      }
      await save(added.reduce(withServer, stored));
      return added;
    },
    [ids, vault, now, save, stored],
  );

  const add = useCallback(async (draft: ServerDraft) => (await addAll([draft]))[0]!, [addAll]);

  const update = useCallback(
    (server: McpServer, change: Partial<McpServer>) =>
      save(withServer(stored, { ...server, ...change, updatedAt: now() })),
    [save, stored, now],
  );

  /** A tombstone syncs the removal; the vault forgets the server's secrets. */
  const remove = useCallback(
    async (server: McpServer) => {
      await save(withServer(stored, { ...server, deletedAt: now(), updatedAt: now() }));
      if (vault.getState().status === 'open') {
        const drop = new Set([
          ...server.headerNames.map((name) => mcpHeaderSecretId(server.id, name)),
          mcpOAuthSecretId(server.id),
        ]);
        await vault
          .getState()
          .updateCustomSecrets((current) =>
            Object.fromEntries(Object.entries(current).filter(([key]) => !drop.has(key))),
          );
      }
      const pool = await import('./mcp-pool');
      await pool.disconnect(server.id);
    },
    [save, stored, now, vault],
  );

  return { servers, add, addAll, update, remove };
}
