import type { Migration, MigrationProvider } from 'kysely';
import * as accounts from './2026_11_22_0001_accounts';
import * as licenses from './2026_11_22_0002_licenses';
import * as sync from './2026_11_23_0001_sync';
import * as backups from './2026_11_24_0001_backups';
import * as licenseUsers from './2026_11_25_0001_license_users';
import * as tokenLifetime from './2026_11_25_0020_token_lifetime';
import * as backupHistory from './2026_11_25_0030_backup_history';
import * as sharedChats from './2026_11_25_0040_shared_chats';
import * as syncBlobs from './2026_11_26_0001_sync_blobs';
import * as shareUsageEtag from './2026_11_27_0001_share_usage_etag';
import * as bufferedBytes from './2026_11_28_0001_buffered_bytes';
import * as accountRoles from './2026_11_29_0010_account_roles';
import * as sso from './2026_11_29_0020_sso';
import * as scim from './2026_11_29_0021_scim';
import * as auditLog from './2026_11_29_0030_audit_log';
import * as sharedContentInvites from './2026_11_29_0031_shared_content_invites';
import * as hostedModels from './2026_11_29_0040_hosted_models';
import * as cluster from './2026_11_29_0050_cluster';

/**
 * Every migration, by timestamped name. Forward-only: there are no `down` steps; a mistake is fixed
 * by a newer migration. Listed statically so nothing scans the file system at run time.
 */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_accounts': accounts,
  '2026_11_22_0002_licenses': licenses,
  '2026_11_23_0001_sync': sync,
  '2026_11_24_0001_backups': backups,
  '2026_11_25_0001_license_users': licenseUsers,
  '2026_11_25_0020_token_lifetime': tokenLifetime,
  '2026_11_25_0030_backup_history': backupHistory,
  '2026_11_25_0040_shared_chats': sharedChats,
  '2026_11_26_0001_sync_blobs': syncBlobs,
  '2026_11_27_0001_share_usage_etag': shareUsageEtag,
  '2026_11_28_0001_buffered_bytes': bufferedBytes,
  '2026_11_29_0010_account_roles': accountRoles,
  '2026_11_29_0020_sso': sso,
  '2026_11_29_0021_scim': scim,
  '2026_11_29_0030_audit_log': auditLog,
  '2026_11_29_0031_shared_content_invites': sharedContentInvites,
  '2026_11_29_0040_hosted_models': hostedModels,
  '2026_11_29_0050_cluster': cluster,
};

export const staticMigrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
