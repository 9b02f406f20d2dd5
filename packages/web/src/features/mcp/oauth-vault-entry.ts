import { mcpOAuthSecretId } from '@parley/core/mcp';
import type { CustomSecrets } from '@parley/core/models';
import type { OAuthVaultEntry } from './oauth-provider';

/** One server's OAuth record in the key vault's custom secrets (MC9). */
export function oauthVaultEntry(
  serverId: string,
  secrets: () => CustomSecrets,
  update: (change: (current: CustomSecrets) => CustomSecrets) => Promise<void>,
): OAuthVaultEntry {
  const id = mcpOAuthSecretId(serverId);
  return {
    read: () => secrets()[id],
    write: (change) =>
      update((current) => {
        const next = change(current[id]);
        const { [id]: _old, ...rest } = current;
        return next === undefined ? rest : { ...rest, [id]: next };
      }),
  };
}
