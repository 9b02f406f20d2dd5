import { nonEmptyString, localPref, type PrefStorage } from '../../state';

export const PURCHASE_URL_KEY = 'TM_purchaseURL';

/** Shown when no deployment set a shop: a page of this app that explains how keys are made. */
export const DEFAULT_PURCHASE_PATH = '/buy';

/** Where "Buy a license" leads: a local setting, else VITE_PURCHASE_URL at build time, else /buy. */
export function resolvePurchaseUrl(
  buildTimeUrl: string | undefined = import.meta.env.VITE_PURCHASE_URL as string | undefined,
  storage?: () => PrefStorage | undefined,
): string {
  return (
    localPref(PURCHASE_URL_KEY, nonEmptyString, undefined, storage).read() ??
    nonEmptyString(buildTimeUrl) ??
    DEFAULT_PURCHASE_PATH
  );
}

export function isBuyPagePath(pathname: string): boolean {
  return pathname.replace(/\/+$/, '') === DEFAULT_PURCHASE_PATH;
}
