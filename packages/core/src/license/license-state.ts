import { planDetails, type LicensePlan } from './plans';

/**
 * Where the app stands with its license (spec section 4). Free trial (chats are not saved) and
 * preview builds unlock no paid feature: only a license does (LI5).
 */
export type LicenseState =
  | { kind: 'unlicensed' }
  | { kind: 'free_trial' }
  | { kind: 'preview' }
  | { kind: 'licensed'; plan: LicensePlan };

/** The text the app shows for its license state; a licensed app shows its plan name. */
export function licenseStateLabel(state: LicenseState): string {
  switch (state.kind) {
    case 'unlicensed':
      return 'Unlicensed';
    case 'free_trial':
      return 'Free trial';
    case 'preview':
      return 'Preview version';
    case 'licensed':
      return planDetails[state.plan].label;
  }
}
