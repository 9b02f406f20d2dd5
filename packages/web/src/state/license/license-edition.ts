import type { LicenseState } from '@parley/core/license';

/**
 * The state without a license key. A build made with VITE_PARLEY_EDITION=preview is the preview
 * version; =free_trial is the free trial (spec section 4: its chats are not saved). Neither unlocks
 * a paid feature (LI5); a license key still does.
 */
export function editionLicenseState(
  edition: string | undefined = import.meta.env.VITE_PARLEY_EDITION as string | undefined,
): LicenseState {
  if (edition === 'preview') return { kind: 'preview' };
  if (edition === 'free_trial') return { kind: 'free_trial' };
  return { kind: 'unlicensed' };
}
