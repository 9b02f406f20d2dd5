/**
 * Where the OAuth callback page (public/oauth-callback.js) leaves the code when the whole tab went
 * to the authorization page. Small and import-free: the first screen checks it to finish a sign-in
 * at once after the tab comes back, without loading the sign-in code until one is waiting.
 */
export const OAUTH_PAGE_RESULT_KEY = 'parley-mcp-oauth-result';

/** Whether a full-page sign-in came back and waits to be finished (storage may be blocked). */
export function hasPageSignInResult(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(OAUTH_PAGE_RESULT_KEY) != null;
  } catch {
    return false;
  }
}
