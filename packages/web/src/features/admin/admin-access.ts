import { useOrg } from '../cloud-sync';

export type AdminTab = 'members' | 'shared' | 'models' | 'usage' | 'audit';

/**
 * The tabs a role sees (AD4-AD10): an admin all of them, a content-moderator the shared agents and
 * prompts only, anyone else none. The server checks every call again (AU11); this only hides.
 */
export function adminTabsFor(role: string | null): AdminTab[] {
  if (role === 'admin') return ['members', 'shared', 'models', 'usage', 'audit'];
  if (role === 'content-moderator') return ['shared'];
  return [];
}

/** Whether Settings lists the Admin section: the signed-in account is an admin or content-moderator. */
export function useAdminPanelShown(): boolean {
  return adminTabsFor(useOrg().role).length > 0;
}
