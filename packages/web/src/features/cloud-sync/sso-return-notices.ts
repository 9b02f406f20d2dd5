import type { TFunction } from 'i18next';
import { notify } from '../toasts';
import type { SsoError } from './sso-sign-in';

/**
 * What the user is told when back from the identity provider (server SSO3). The sentences are the
 * Settings dialog's strings, not the first screen's: use-sso-return loads this module with them.
 */
export const ssoReturnNotices = {
  signedIn: (t: TFunction, email: string) => notify.success(t('cloudSync.auth.signedIn', { email })),
  refused: (t: TFunction, error: SsoError) => notify.error(t(`cloudSync.sso.errors.${error}`)),
  sessionFailed: (t: TFunction) => notify.error(t('cloudSync.sso.errors.session')),
};
