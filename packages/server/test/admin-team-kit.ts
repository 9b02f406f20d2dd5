import type { AppDeps } from '../src/app';
import { parseAdminEmails } from '../src/auth/roles';
import type { OpenDatabase } from '../src/db';
import { syncTestApp } from './sync-test-kit';

/**
 * A server with an admin (ada, by ADMIN_EMAILS), a content-moderator (mod) and a member (bob),
 * signed up and signed in, for the admin routes' role tests.
 */
export async function teamTestApp(database: OpenDatabase, more: Partial<AppDeps> = {}) {
  const kit = syncTestApp(database, undefined, { adminEmails: parseAdminEmails('ada@example.com'), ...more });
  // Made directly, so a test of invite-only sign-up still starts with its three accounts.
  const open = syncTestApp(database, undefined, { adminEmails: parseAdminEmails('ada@example.com') });
  const ada = await open.signup('ada@example.com');
  const mod = await open.signup('mod@example.com');
  const bob = await open.signup('bob@example.com');
  await database.db
    .updateTable('users')
    .set({ role: 'content-moderator' })
    .where('id', '=', mod.userId)
    .execute();
  return { kit, ada, mod, bob };
}

export type TeamTestApp = Awaited<ReturnType<typeof teamTestApp>>;
