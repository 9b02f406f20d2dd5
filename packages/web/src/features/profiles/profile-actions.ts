import { switchCurrentProfile } from '@parley/core/persona';
import type { UserProfile } from '@parley/core/entities';
import type { StoragePort } from '@parley/core/storage';

/** UP3: makes `id` the one current profile; each changed profile is stamped so sync sends it. */
export async function makeProfileCurrent(store: StoragePort, id: string): Promise<void> {
  const profiles = await store.profiles.list();
  const changed = switchCurrentProfile(profiles, id);
  if (changed.length > 0) await store.profiles.putMany(changed, { touch: true });
}

/** Deletes a profile (a tombstone, synced); when it was current, the first one left becomes current. */
export async function deleteProfile(store: StoragePort, profile: UserProfile): Promise<void> {
  await store.profiles.delete(profile.id);
  if (!profile.isCurrent) return;
  const next = (await store.profiles.list())[0];
  if (next) await makeProfileCurrent(store, next.id);
}
