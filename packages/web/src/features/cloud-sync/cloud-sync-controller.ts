import type { StoragePort } from '@parley/core/storage';
import type { Credentials } from '@parley/core/sync';
import {
  createBackupClient,
  createOrgClient,
  createShareClient,
  SHARE_PAGE_PREFIX,
  createSyncAccountClient,
  downloadBlob,
  LiveSyncListener,
  restoreBackup,
  TabSyncEngine,
  type BackupInfo,
  type LatestBackup,
  type OrgSharedResponse,
  type RemoteChanges,
  type RestoreCounts,
  type SyncFailure,
  type SyncScheduler,
  type SyncSnapshot,
  type TabCoordination,
} from '@parley/core/sync-client';
import { createStore, type StoreApi } from 'zustand/vanilla';
import {
  createFetchSyncEvents,
  createFetchSyncTransport,
  type CloudSyncLocalData,
} from '../../adapters/sync';

export type CloudSyncState = {
  /** The signed-in account's email; null when signed out. */
  email: string | null;
  enabled: boolean;
  attachments: boolean;
  /** The server in use, and the local override if one is set. */
  serverUrl: string;
  serverUrlOverride: string | null;
  sync: SyncSnapshot;
  usage: { totalUsageBytes: number; limitUsageBytes: number } | null;
  lastBackup: BackupInfo | null;
  /** The account's role in the organisation (the server); null: signed out or not known yet. */
  role: string | null;
  /** The organisation's shared agents and prompts (AD10), pulled on sign-in and with sync; null: none yet. */
  orgShared: OrgSharedResponse | null;
};

export type CloudSyncDeps = {
  store: StoragePort;
  fetch: typeof fetch;
  local: CloudSyncLocalData;
  scheduler: SyncScheduler;
  /** The server that served the app (or the license server override): the default sync server. */
  defaultServerUrl: () => string;
  /** Logout: spec section 4 clears local storage and reloads. */
  clearAllLocalData: () => Promise<void>;
  reload: () => void;
  reportError: (error: unknown) => void;
  onRemoteChanges?: (changes: RemoteChanges) => void;
  /** Every failed sync (toasts). */
  onFailure?: (failure: SyncFailure) => void;
  /** The other tabs, so that one of them syncs for all (SC21); null or absent: this tab syncs alone. */
  tabs?: TabCoordination | null;
  /** Calls back when another tab changed the local account data (signed in or out, switches). */
  watchLocal?: (onChange: () => void) => () => void;
  /**
   * The page's origin: a sync server on it is reached with the HttpOnly cookie alone, no token
   * kept by script (decision 0020). Absent: every server gets the bearer token.
   */
  pageOrigin?: () => string | undefined;
  /**
   * Whether the user can see the page and the browser is online: only then does it listen for
   * other devices' changes (SC36). Absent: always.
   */
  canListen?: () => boolean;
  /** The id of this page's notification stream (PR12); random by default. */
  listenerId?: string;
  /** [0, 1) for the jitter of pulls and reconnects (SC34, SC35); Math.random by default. */
  random?: () => number;
};

export type CloudSync = StoreApi<CloudSyncState> &
  ReturnType<typeof cloudSyncActions> & {
    downloadAttachment(id: string): Promise<boolean>;
    /** Opens or closes the notification stream after the page was shown, hidden, online or offline. */
    refreshLive(): void;
    /** Headers that carry the session to this server where no cookie does (a bearer token). */
    sessionHeaders(): Record<string, string>;
  };

/**
 * Cloud sync for the app: the core engine wired to fetch, localStorage and timers, the account and
 * backup calls, and the state the settings section and the status indicator show.
 */
export function createCloudSync(deps: CloudSyncDeps): CloudSync {
  const { local } = deps;
  const serverUrl = () => local.serverUrl.read() ?? deps.defaultServerUrl().replace(/\/+$/, '');
  const session = cloudSession(local);
  // Other tabs share this localStorage: whatever one of them changed is read here again.
  const localState = () => ({
    email: session.held() ? (local.email.read() ?? null) : null,
    enabled: local.enabled.read() ?? true,
    attachments: local.attachments.read() ?? false,
    serverUrl: serverUrl(),
    serverUrlOverride: local.serverUrl.read() ?? null,
  });
  const api = createStore<CloudSyncState>()(() => ({
    ...localState(),
    sync: { status: 'init', failure: null, lastSyncAt: null, stats: null },
    usage: null,
    lastBackup: null,
    role: null,
    orgShared: null,
  }));
  const listenerId = deps.listenerId ?? crypto.randomUUID();
  const transport = createFetchSyncTransport({
    baseUrl: serverUrl,
    token: () => local.token.read(),
    listenerId,
    // A rotated token (AU8) replaces the kept one; a cookie session gets its new cookie instead.
    onToken: (token) => {
      if (local.token.read()) local.token.write(token);
    },
    fetch: deps.fetch,
  });
  const engine = new TabSyncEngine({
    store: deps.store,
    transport,
    scheduler: deps.scheduler,
    // Read from localStorage each time: the leader tab syncs for a sign-in made in another tab.
    availability: {
      isActive: () => (local.enabled.read() ?? true) && session.held() && !!local.email.read(),
      syncsAttachments: () => local.attachments.read() ?? false,
    },
    report: deps.reportError,
    onRemoteChanges: deps.onRemoteChanges,
    tabs: deps.tabs ?? null,
  });
  engine.subscribe((snapshot) => {
    const previous = api.getState().sync;
    const usage = snapshot.stats
      ? { totalUsageBytes: snapshot.stats.totalUsageBytes, limitUsageBytes: snapshot.stats.limitUsageBytes }
      : api.getState().usage;
    api.setState({ sync: snapshot, usage });
    // The organisation's shared content comes along with each sync that went through.
    if (snapshot.status === 'ready' && previous.status === 'started') void refreshOrgSoon();
    // Once per failed run (a run always goes started -> ready | error), unless it failed just like
    // the run before it: automatic retries while offline (SC27) must not bring a dismissed toast back.
    if (snapshot.status === 'error' && previous.status === 'started' && snapshot.failure) {
      if (!sameFailure(previous.failure, snapshot.failure)) deps.onFailure?.(snapshot.failure);
      // The server no longer knows the token: show the sign-in form again, keeping the local data.
      if (snapshot.failure.sessionExpired) {
        session.clear();
        api.setState({ email: null });
      }
    }
  });
  const isActive = () => (local.enabled.read() ?? true) && session.held() && !!local.email.read();
  // SC34-SC36: another device's change reaches this page within about a second, without a reload.
  const live = new LiveSyncListener({
    events: createFetchSyncEvents({
      baseUrl: serverUrl,
      token: () => local.token.read(),
      listenerId,
      fetch: deps.fetch,
    }),
    scheduler: deps.scheduler,
    clock: { now: () => Date.now() },
    random: deps.random ?? Math.random,
    lastSyncAt: () => engine.getSnapshot().lastSyncAt,
    pull: () => void engine.syncNow(),
  });
  let started = false;
  const refreshLive = () => {
    const listen = started && isActive() && (deps.canListen?.() ?? true);
    if (listen) live.start();
    else live.stop();
  };
  // Signed in or out, sync switched, here or in another tab: the stream follows.
  api.subscribe(refreshLive);
  const actions = cloudSyncActions({ deps, api, engine, transport, serverUrl, localState, session });
  // At most once a minute with sync: the shared agents and prompts change rarely.
  let orgPulledAt = 0;
  const refreshOrgSoon = async () => {
    if (Date.now() - orgPulledAt < 60_000) return;
    orgPulledAt = Date.now();
    await actions.refreshOrg();
  };
  const { start, stop, logout } = actions;
  return Object.assign(api, actions, {
    async start() {
      await start();
      started = true;
      refreshLive();
    },
    stop() {
      started = false;
      live.stop();
      stop();
    },
    async logout(options?: { everywhere?: boolean }) {
      started = false;
      live.stop();
      await logout(options);
    },
    refreshLive,
    /**
     * What a call to this server other than sync needs besides the cookie (the organisation's models):
     * the bearer token where the session is kept as one, nothing on a cookie session.
     */
    sessionHeaders(): Record<string, string> {
      const token = local.token.read();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    /**
     * SC32: an attachment a synced chat names but this device lacks, fetched into the local store;
     * true when it is there now. Signed out, sync off or not on the server: false.
     */
    async downloadAttachment(id: string): Promise<boolean> {
      if (!isActive()) return false;
      const now = new Date().toISOString();
      return (await downloadBlob(transport, deps.store, id, { now, sha256Hex })) === 'stored';
    },
  });
}

function cloudSyncActions({
  deps,
  api,
  engine,
  transport,
  serverUrl,
  localState,
  session,
}: {
  deps: CloudSyncDeps;
  api: StoreApi<CloudSyncState>;
  engine: TabSyncEngine;
  transport: ReturnType<typeof createFetchSyncTransport>;
  serverUrl: () => string;
  localState: () => Pick<
    CloudSyncState,
    'email' | 'enabled' | 'attachments' | 'serverUrl' | 'serverUrlOverride'
  >;
  session: ReturnType<typeof cloudSession>;
}) {
  const { local } = deps;
  const account = createSyncAccountClient(transport);
  const backups = createBackupClient(transport);
  const shares = createShareClient(transport);
  const org = createOrgClient(transport);
  let stopWatchingLocal: (() => void) | null = null;
  /** Merges a backup from the server into the local data (SC20); null when there is none. */
  const mergeBackup = async (
    backup: LatestBackup | null,
  ): Promise<(RestoreCounts & { backup: BackupInfo }) | null> => {
    if (!backup) return null;
    const counts = await restoreBackup(deps.store, backup.data);
    const { data: _data, ...info } = backup;
    return { ...counts, backup: info };
  };

  // The cookie alone, no bearer: does the browser keep and send the server's cookie?
  const cookieAccount = createSyncAccountClient(
    createFetchSyncTransport({ baseUrl: serverUrl, token: () => undefined, fetch: deps.fetch }),
  );
  const onPageOrigin = () => {
    const page = deps.pageOrigin?.();
    if (!page) return false;
    try {
      return new URL(serverUrl()).origin === page;
    } catch {
      return false;
    }
  };
  /**
   * On our own origin the cookie carries the session and no token stays readable by script; a
   * browser that does not keep the cookie (a Secure cookie over plain http) keeps the bearer.
   */
  const holdSession = async (token: string) => {
    if (
      onPageOrigin() &&
      (await cookieAccount.self().then(
        () => true,
        () => false,
      ))
    ) {
      session.useCookie();
    } else {
      session.useToken(token);
    }
  };

  const signedIn = async (answer: { token: string; user: { email: string } }) => {
    await holdSession(answer.token);
    local.email.write(answer.user.email);
    local.enabled.write(true);
    api.setState({ email: answer.user.email, enabled: true });
    await refreshOrg();
    // First sync of this account here: everything goes up, everything comes down.
    await engine.fullResync();
  };

  /**
   * The role and the organisation's shared agents and prompts (AD10). A server without them (an
   * older one) or a failure keeps what the app had: they are shown as they were last pulled. Only
   * the tab that syncs calls the server (SC21): a follower tab pulls them once it leads.
   */
  const refreshOrg = async () => {
    if (!session.held() || engine.tabRole === 'follower') return;
    try {
      const self = await account.self();
      api.setState({ role: self.role ?? 'member' });
      api.setState({ orgShared: await org.shared() });
    } catch {
      // Offline, signed out meanwhile or an older server: the next sync tries again.
    }
  };

  /** The account's usage numbers; rejects with a SyncAccountError (its userMessage is shown). */
  const refreshAccount = async () => {
    const self = await account.self();
    api.setState({
      email: self.user.email,
      usage: { totalUsageBytes: self.totalUsageBytes, limitUsageBytes: self.limitUsageBytes },
      role: self.role ?? 'member',
    });
  };

  return {
    engine,
    /**
     * Starts syncing, or following the tab that syncs (SC21). The tab that syncs watches local
     * changes and, signed in with sync on, pulls what other devices did at once.
     */
    async start() {
      // A token kept by an earlier version for our own origin moves to the cookie (decision 0020).
      const kept = local.token.read();
      if (kept && onPageOrigin()) await holdSession(kept);
      stopWatchingLocal ??= deps.watchLocal?.(() => api.setState(localState())) ?? null;
      await engine.start();
      void refreshOrg();
    },
    stop() {
      stopWatchingLocal?.();
      stopWatchingLocal = null;
      engine.stop();
    },
    /** `invite`: the token of the invitation link the app was opened with (server admin SPEC AD7). */
    signUp: async (credentials: Credentials, invite?: string) =>
      signedIn(await account.signup(credentials, invite)),
    signIn: async (credentials: Credentials) => signedIn(await account.login(credentials)),
    /**
     * Back from single sign-on (server sso SPEC SSO3): the server set its HttpOnly cookie, which
     * holds the session; the account is read through it, then everything syncs as after a sign-in.
     */
    async signInWithCookie(): Promise<string> {
      const self = await cookieAccount.self();
      session.useCookie();
      local.email.write(self.user.email);
      local.enabled.write(true);
      api.setState({ email: self.user.email, enabled: true });
      await engine.fullResync();
      return self.user.email;
    },
    refreshAccount,
    refreshOrg,
    /** The organisation's calls (the admin panel's), with this account's session. */
    org,
    setEnabled(enabled: boolean) {
      local.enabled.write(enabled);
      api.setState({ enabled });
      if (enabled) void engine.syncNow();
    },
    setAttachments(attachments: boolean) {
      local.attachments.write(attachments);
      api.setState({ attachments });
      // SC33: chats sent without their pictures go again with them, and the pictures go up.
      if (attachments) void engine.fullResync();
    },
    /** null goes back to the default server. */
    setServerUrl(url: string | null) {
      if (url === null) local.serverUrl.clear();
      else local.serverUrl.write(url);
      api.setState({ serverUrl: serverUrl(), serverUrlOverride: local.serverUrl.read() ?? null });
    },
    syncNow: () => engine.syncNow(),
    fullResync: () => engine.fullResync(),
    /** Syncs first, so the server holds everything, then asks it for a snapshot. */
    async createBackup(): Promise<BackupInfo> {
      const synced = await engine.syncNow();
      if (synced.failure) throw new BackupNotTaken(synced.failure);
      const info = await backups.create();
      api.setState({ lastBackup: info });
      return info;
    },
    /** Merges the latest backup into the local data; null when there is none. */
    async restoreBackup(): Promise<(RestoreCounts & { backup: BackupInfo }) | null> {
      const restored = await mergeBackup(await backups.latest());
      if (restored) api.setState({ lastBackup: restored.backup });
      return restored;
    },
    /** Share links (server share SPEC) on the sync server, with this account. */
    shares,
    /** The public page of a share link: on the sync server, which serves it. */
    shareUrl: (id: string) => new URL(`${SHARE_PAGE_PREFIX}${id}`, serverUrl()).href,
    /** SY12: the server's scheduled backups, newest first. */
    scheduledBackups: () => backups.history(),
    /** Merges one scheduled backup into the local data (like restoreBackup); null when it is gone. */
    restoreScheduledBackup: async (id: string) => mergeBackup(await backups.scheduled(id)),
    /**
     * Spec section 4: removes the tokens, clears local storage, reloads. `everywhere`: the server
     * revokes every token of the account, so every device is signed out (AU9).
     */
    async logout(options: { everywhere?: boolean } = {}) {
      stopWatchingLocal?.();
      engine.stop();
      try {
        await (options.everywhere ? account.logoutEverywhere() : account.logout());
      } catch (error) {
        // The server may be unreachable; the local copy of the token goes anyway.
        console.warn('cloud sync: the server did not confirm the logout', error);
      }
      session.clear();
      local.email.clear();
      await deps.clearAllLocalData();
      deps.reload();
    },
  };
}

async function sha256Hex(data: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function sameFailure(a: SyncFailure | null, b: SyncFailure): boolean {
  return a !== null && a.code === b.code && a.message === b.message;
}

/** "Create backup" stops when the sync before it failed (its failure is shown). */
export class BackupNotTaken extends Error {
  constructor(readonly failure: SyncFailure) {
    super(failure.message);
    this.name = 'BackupNotTaken';
  }
}

/** How this device holds its session: the server's cookie, or a bearer token kept here. */
function cloudSession(local: CloudSyncLocalData) {
  return {
    held: () => !!local.token.read() || local.cookieSession.read() === true,
    useCookie() {
      local.cookieSession.write(true);
      local.token.clear();
    },
    useToken(token: string) {
      local.token.write(token);
      local.cookieSession.clear();
    },
    clear() {
      local.token.clear();
      local.cookieSession.clear();
    },
  };
}
