import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { OAUTH_CALLBACK_PATH, VaultOAuthProvider, type OAuthVaultEntry } from './oauth-provider';
import { OAUTH_PAGE_RESULT_KEY } from './oauth-page-result';

/**
 * The user's sign-in to an OAuth MCP server (decision 0058): the SDK discovers the authorization
 * server, registers Parley as a client, and builds the authorization URL (PKCE, state); the page
 * opens in the popup the click opened (or in this tab when popups are blocked). The callback page
 * (public/oauth-callback.html) sends the code back over a BroadcastChannel, which only pages of
 * this origin can use; the state must be the one this sign-in stored before the code is used.
 */

export const OAUTH_CHANNEL = 'parley-mcp-oauth';
/** Where the callback page leaves the code when the whole tab went to the authorization page. */
export { OAUTH_PAGE_RESULT_KEY };

export interface CallbackMessage {
  type: 'parley-mcp-oauth';
  state: string;
  code?: string | undefined;
  error?: string | undefined;
  errorDescription?: string | undefined;
}

export class SignInError extends Error {
  override name = 'SignInError';
}

export function isCallbackMessage(value: unknown): value is CallbackMessage {
  const message = value as Partial<CallbackMessage> | null;
  return !!message && message.type === 'parley-mcp-oauth' && typeof message.state === 'string';
}

/** Runs the code exchange for a callback whose state is the one this server's sign-in stored. */
export async function finishSignIn(
  provider: VaultOAuthProvider,
  serverUrl: string,
  message: CallbackMessage,
): Promise<void> {
  const expected = provider.expectedState();
  if (!expected || message.state !== expected) {
    throw new SignInError('The sign-in answer does not belong to this sign-in (state mismatch).');
  }
  if (message.error || !message.code) {
    throw new SignInError(
      `The authorization server refused the sign-in: ${message.errorDescription || message.error || 'no code'}.`,
    );
  }
  await auth(provider, { serverUrl, authorizationCode: message.code });
}

export interface SignInOptions {
  serverUrl: string;
  entry: OAuthVaultEntry;
  origin: string;
  /** The window the click opened (about:blank), or null when popups are blocked. */
  popup: Window | null;
  /** Sends this tab to the authorization page (popups blocked). */
  leave: (url: string) => void;
  channel: () => BroadcastChannel;
}

/**
 * Signs in; resolves 'signed-in', or 'left' when this tab went to the authorization page (the
 * Servers screen finishes it when the tab comes back). Rejects when the popup is closed first.
 */
export async function signIn(options: SignInOptions): Promise<'signed-in' | 'left'> {
  const { popup, serverUrl } = options;
  const provider = new VaultOAuthProvider(options.entry, options.origin + OAUTH_CALLBACK_PATH);
  // A new sign-in: tokens kept from before would be refreshed instead of asking the user.
  await provider.invalidateCredentials('tokens');
  provider.beginSignIn(popup ? 'popup' : 'page', (url) => {
    if (popup) popup.location.href = url.href;
    else options.leave(url.href);
  });
  const channel = options.channel();
  let watch: ReturnType<typeof setInterval> | undefined;
  try {
    const answer = new Promise<CallbackMessage>((resolve, reject) => {
      channel.onmessage = (event: MessageEvent) => {
        if (isCallbackMessage(event.data) && event.data.state === provider.expectedState())
          resolve(event.data);
      };
      // The user closing the popup is the only way to learn they gave up (it has no other signal).
      watch = setInterval(() => {
        if (popup?.closed) reject(new SignInError('The sign-in window was closed before the sign-in ended.'));
      }, 500);
    });
    // Not awaited when the SDK needs no page (tokens already good) or the tab leaves.
    answer.catch(() => undefined);
    const result = await auth(provider, { serverUrl });
    if (result === 'AUTHORIZED') {
      popup?.close();
      return 'signed-in';
    }
    if (!popup) return 'left';
    await finishSignIn(provider, serverUrl, await answer);
    return 'signed-in';
  } catch (error) {
    popup?.close();
    throw error;
  } finally {
    clearInterval(watch);
    provider.endSignIn();
    channel.close();
  }
}

/** After a full-page sign-in: the code the callback page left for this tab, if any (read once). */
export function takePageResult(storage: Storage): CallbackMessage | null {
  const text = storage.getItem(OAUTH_PAGE_RESULT_KEY);
  if (text === null) return null;
  storage.removeItem(OAUTH_PAGE_RESULT_KEY);
  try {
    const value = JSON.parse(text) as unknown;
    return isCallbackMessage(value) ? value : null;
  } catch {
    return null;
  }
}
