import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SyncAccountError } from '@parley/core/sync-client';
import { notify } from '../toasts';
import { AccountPanel } from './AccountPanel';
import { BackupPanel } from './BackupPanel';
import { useCloudSync, useCloudSyncState } from './cloud-sync-context';
import { LogoutButton } from './LogoutButton';
import { useSyncServerGiven } from './default-sync-server';
import { ServerUrlSetting } from './ServerUrlSetting';
import { SignInForm } from './SignInForm';

/** Settings > Cloud Sync: the server, then sign in / sign up, or the account, sync, backup and log out. */
export function CloudSyncSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const cloudSync = useCloudSync();
  const signedIn = useCloudSyncState((state) => state.email !== null);
  // The static build with no server named (decision 0139): the server first, then signing in.
  const serverGiven = useSyncServerGiven();

  // Opening the section reads the account's storage numbers afresh.
  useEffect(() => {
    if (!signedIn) return;
    cloudSync.refreshAccount().catch((error: unknown) => {
      notify.error(
        error instanceof SyncAccountError ? error.userMessage : t('cloudSync.errors.userFetchFailed'),
      );
    });
  }, [cloudSync, signedIn, t]);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5">
      <header className="flex flex-col gap-1.5">
        <h3 id={headingId} className="text-sm font-semibold text-fg">
          {t('cloudSync.title')}
        </h3>
        <p className="text-[13px] text-fg-muted">{t('cloudSync.intro')}</p>
      </header>
      <ServerUrlSetting editable={!signedIn} />
      {signedIn ? (
        <>
          <AccountPanel />
          <BackupPanel />
          <LogoutButton />
          <LogoutButton everywhere />
        </>
      ) : (
        serverGiven && <SignInForm />
      )}
    </section>
  );
}
