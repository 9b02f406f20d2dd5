import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { withStrings } from '../../state';
import { notify } from '../toasts';
import type { CloudSync } from './cloud-sync-controller';
import { takeSsoReturn } from './sso-sign-in';

/**
 * Back from the identity provider (server SSO3): signed in, the cookie session is taken up and
 * sync starts, as after a password sign-in; refused, the reason is told.
 */
export function useSsoReturn(cloudSync: CloudSync | null): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!cloudSync) return;
    const back = takeSsoReturn(window.location, window.history);
    if (!back) return;
    // The sentences are the Settings dialog's strings, not the first screen's: fetched first.
    const strings = withStrings('settings', () => Promise.resolve()).catch(() => undefined);
    if (!back.signedIn) {
      void strings.then(() => notify.error(t(`cloudSync.sso.errors.${back.error}`)));
      return;
    }
    void Promise.all([cloudSync.signInWithCookie(), strings]).then(
      ([email]) => notify.success(t('cloudSync.auth.signedIn', { email })),
      () => strings.then(() => notify.error(t('cloudSync.sso.errors.session'))),
    );
  }, [cloudSync, t]);
}
