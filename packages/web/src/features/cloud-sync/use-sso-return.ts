import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { withStrings } from '../../state';
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
    // The sentences are the Settings dialog's strings, not the first screen's: they come with the
    // module that tells them.
    const notices = withStrings('settings', () => import('./sso-return-notices')).then(
      (module) => module.ssoReturnNotices,
    );
    if (!back.signedIn) {
      void notices.then((tell) => tell.refused(t, back.error)).catch(() => undefined);
      return;
    }
    void cloudSync
      .signInWithCookie()
      .then(
        (email) => notices.then((tell) => tell.signedIn(t, email)),
        () => notices.then((tell) => tell.sessionFailed(t)),
      )
      .catch(() => undefined);
  }, [cloudSync, t]);
}
