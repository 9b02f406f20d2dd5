import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/**
 * The SDK's OAuth client for one MCP server (decision 0058), its state kept in the key vault under
 * `mcp:<serverId>#oauth` (MC9): sealed with the keys when the vault has a password, never synced.
 *
 * Connections made in the background (the Servers screen, an answer) use it too: with tokens they
 * are sent, refreshed on a 401; without, the SDK stops at the authorization URL, and `needsSignIn`
 * says the user must choose Sign in. Only a sign-in the user started opens the authorization page
 * (`beginSignIn`), so no window opens by itself.
 */

/** What the vault keeps for one server (JSON text). */
export interface OAuthRecord {
  tokens?: OAuthTokens | undefined;
  client?: OAuthClientInformationMixed | undefined;
  /** The PKCE verifier and state of the sign-in under way (they must survive a full-page redirect). */
  verifier?: string | undefined;
  state?: string | undefined;
  /** When the tokens were saved (ms): with their `expires_in`, when the access token runs out. */
  tokensSavedAt?: number | undefined;
}

/** A token this close to its end is refreshed before use rather than refused by the server. */
const EXPIRY_MARGIN_MS = 30_000;

/** The vault entry of one server: read now, and change (the vault writes in order). */
export interface OAuthVaultEntry {
  read(): string | undefined;
  write(change: (current: string | undefined) => string | undefined): Promise<void>;
}

/** How the authorization page was opened: its redirect comes back to a popup or to this tab. */
export type SignInMode = 'popup' | 'page';

export const OAUTH_CALLBACK_PATH = '/oauth-callback.html';

export function parseOAuthRecord(text: string | undefined): OAuthRecord {
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as OAuthRecord) : {};
  } catch {
    return {};
  }
}

/** A random state naming how the page was opened, so the callback page knows where to go (`popup.` / `page.`). */
export function newState(mode: SignInMode, random: () => string = randomHex): string {
  return `${mode}.${random()}`;
}

function randomHex(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class VaultOAuthProvider implements OAuthClientProvider {
  /** Set while the user's sign-in runs: where the authorization URL goes. */
  private signIn: { mode: SignInMode; open: (url: URL) => void } | null = null;
  private signInNeeded = false;

  constructor(
    private readonly entry: OAuthVaultEntry,
    readonly redirectUrl: string,
    private readonly random: () => string = randomHex,
    private readonly now: () => number = Date.now,
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Parley',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A browser keeps no secret: a public client, PKCE instead (OAuth 2.1).
      token_endpoint_auth_method: 'none',
    };
  }

  /** True once a connection found no usable tokens (the server wants the user to sign in). */
  get needsSignIn(): boolean {
    return this.signInNeeded;
  }

  private record(): OAuthRecord {
    return parseOAuthRecord(this.entry.read());
  }

  private update(change: (record: OAuthRecord) => OAuthRecord): Promise<void> {
    return this.entry.write((current) => {
      const next = change(parseOAuthRecord(current));
      const empty = Object.values(next).every((value) => value === undefined);
      return empty ? undefined : JSON.stringify(next);
    });
  }

  hasTokens(): boolean {
    return this.record().tokens !== undefined;
  }

  /** The user chose Sign in: the next authorization URL goes to `open` (a popup, or this tab). */
  beginSignIn(mode: SignInMode, open: (url: URL) => void) {
    this.signIn = { mode, open };
  }

  endSignIn() {
    this.signIn = null;
  }

  state(): string {
    // A background connection's state is never used: nothing is stored for it.
    return newState(this.signIn?.mode ?? 'popup', this.random);
  }

  clientInformation() {
    return this.record().client;
  }

  saveClientInformation(client: OAuthClientInformationMixed) {
    return this.update((record) => ({ ...record, client }));
  }

  tokens() {
    return this.record().tokens;
  }

  async saveTokens(tokens: OAuthTokens) {
    this.signInNeeded = false;
    // The verifier and state were for this exchange only.
    await this.update((record) => ({
      ...record,
      tokens,
      tokensSavedAt: this.now(),
      verifier: undefined,
      state: undefined,
    }));
  }

  /**
   * The access token has run out (or will within half a minute) by its `expires_in`, and a refresh
   * token can renew it: the connection refreshes first instead of learning it from a 401.
   */
  needsRefresh(): boolean {
    const { tokens, tokensSavedAt } = this.record();
    if (!tokens?.refresh_token || tokens.expires_in === undefined || tokensSavedAt === undefined)
      return false;
    return this.now() >= tokensSavedAt + tokens.expires_in * 1000 - EXPIRY_MARGIN_MS;
  }

  async saveCodeVerifier(verifier: string) {
    if (!this.signIn) return;
    await this.update((record) => ({ ...record, verifier }));
  }

  codeVerifier(): string {
    const verifier = this.record().verifier;
    if (!verifier) throw new Error('No sign-in is under way for this server.');
    return verifier;
  }

  async redirectToAuthorization(url: URL) {
    if (!this.signIn) {
      this.signInNeeded = true;
      return;
    }
    const state = url.searchParams.get('state') ?? undefined;
    await this.update((record) => ({ ...record, state }));
    this.signIn.open(url);
  }

  /** The state the callback must bring back (checked before the code is used). */
  expectedState(): string | undefined {
    return this.record().state;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'discovery') return;
    await this.update((record) => ({
      tokens: scope === 'all' || scope === 'tokens' ? undefined : record.tokens,
      client: scope === 'all' || scope === 'client' ? undefined : record.client,
      verifier: scope === 'all' || scope === 'verifier' ? undefined : record.verifier,
      state: scope === 'all' || scope === 'verifier' ? undefined : record.state,
    }));
  }
}
