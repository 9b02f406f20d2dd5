import { useCallback, useEffect, useState, type ComponentProps } from 'react';
import { AgentsDialogHost, AgentsLink, PinnedAgentsLoader } from '../features/agents';
import { AppUpdateHost } from '../features/app-update';
import { VaultGate } from '../features/api-keys';
import {
  markChatCrashed,
  showAnswerFailure,
  ChatRuntimeProvider,
  createChatRuntime,
  ChatView,
  onComposerInsert,
  setRemoteAttachments,
} from '../features/chat';
import {
  CloudSyncProvider,
  CloudSyncReady,
  SyncStatusIndicator,
  useOrg,
  useSyncServerGiven,
} from '../features/cloud-sync';
import { hostedAccess, hostedModel, HostedModelsSync } from '../features/hosted-models';
import { requestShare, ShareHost } from '../features/share';
import { CommandPalette } from '../features/command-palette';
import { DocumentsAddon } from '../features/documents';
import { CrashTestTrigger, ErrorBoundary, FatalErrorScreen } from '../features/errors';
import { HelpDialogHost, HelpLink } from '../features/help';
import { KeyboardShortcutsButton, KeyboardShortcutsHost } from '../features/keyboard-shortcuts';
import { FollowLanguageSetting } from '../features/language';
import { LicenseBadge, useFeatureFlags } from '../features/license';
import { useSettingsDialog } from '../features/settings';
import { AppShell } from '../features/shell';
import { CompareButton, ModelPicker } from '../features/model-picker';
import { ModelSettingsButton } from '../features/model-settings';
import { RememberProposal } from '../features/memory';
import { ProfileSwitcher } from '../features/profiles';
import { ChatPluginsMenu, PluginsDialogHost, PluginsLink } from '../features/plugins';
import { PromptHost, PromptLibraryButton, promptSlashMenu } from '../features/prompts';
import { SearchClientProvider } from '../features/search';
import { OrganisedSidebar } from '../features/sidebar';
import { ProjectsHost } from '../features/projects';
import { AppToasterHost, notify } from '../features/toasts';
import type { AppServices } from './app-services';
import { AppProviders } from './AppProviders';
import {
  AppStateProvider,
  afterFirstScreen,
  createAppState,
  customSecretsIn,
  deferred,
  providerAccessIn,
  retryingImport,
  useDeferred,
} from '../state';
import { CanvasSlotLoader } from './CanvasSlotLoader';
import { SettingsDialogHost } from './SettingsDialogHost';
import { ImportDropListener } from '../features/portability';
import { CustomSecretMigration } from '../features/custom-models';

/** The composition root: services in, providers around, features placed into the shell's slots. */
export function App({ services }: { services: AppServices }) {
  const openSettings = useSettingsDialog((state) => state.open);
  // The shared state (settings, key vault, license) is built here, once, and handed down.
  const [appState] = useState(() => createAppState(services));
  const [chatRuntime] = useState(() => {
    const runtime = createChatRuntime(services, {
      settings: appState.settings,
      providerAccess: (provider) => providerAccessIn(appState.keyVault.getState(), provider),
      customSecrets: () => customSecretsIn(appState.keyVault.getState()),
      listedModel: (id) => appState.modelLists.getState().known.get(id) ?? hostedModel(id),
      hostedAccess,
      onAnswerFailed: (failure) => showAnswerFailure(services.i18n.t, failure),
    });
    // Every context and tool source an answer draws on: a chunk loaded after the first screen.
    runtime.sources.addLater(() =>
      retryingImport(() => import('./answer-sources')).then((module) =>
        module.registerAnswerSources({
          runtime,
          appState,
          onMcpServerFailed: (server, message) =>
            notify.error(services.i18n.t('mcp.serverFailed', { name: server.name, message }), {
              id: `mcp-${server.id}`,
            }),
        }),
      ),
    );
    return runtime;
  });
  // Chat search (an index in a Web Worker) and cloud sync are fetched and started after the
  // first screen; the palette asks for search at once when it opens earlier than that.
  const [search] = useState(() =>
    deferred(() =>
      retryingImport(() => import('../features/search/search-client')).then((m) =>
        m.createSearchClient({ store: services.store }),
      ),
    ),
  );
  const [sync] = useState(() =>
    deferred(() =>
      retryingImport(() => import('../features/cloud-sync/browser-cloud-sync')).then((m) => {
        const cloudSync = m.createBrowserCloudSync(services, {
          // Changes of the open chat that a sync brought in are shown at once.
          onRemoteChanges: ({ chats, movedChats }) => {
            // A chat the sync moved to a new id (SC26): the open chat and an answer streaming
            // into it follow it there.
            for (const { from, to } of movedChats) {
              void chatRuntime.active.follow(from, to);
              chatRuntime.session.followMove(from, to);
            }
            const openChatId = chatRuntime.active.getState().activeChatId;
            if (openChatId && chats.includes(openChatId)) void chatRuntime.active.open(openChatId);
          },
        });
        // Pictures of synced chats that this device lacks come from the sync server (SC32).
        setRemoteAttachments((id) => cloudSync.downloadAttachment(id));
        return cloudSync;
      }),
    ),
  );
  const refreshModelLists = useCallback(
    () =>
      void appState.modelLists
        .refresh()
        .catch((error: unknown) => console.warn('Parley could not refresh model lists:', error)),
    [appState],
  );
  useEffect(() => {
    // A chunk that still failed after its retries is asked for again when the network comes back.
    const load = () => {
      search.load().catch((error: unknown) => console.warn('Parley could not load chat search:', error));
      // The host's syncToCloud flag off: no cloud sync at all (nothing loads, nothing syncs).
      if (useFeatureFlags.getState().flags.syncToCloud)
        sync.load().catch((error: unknown) => console.warn('Parley could not load cloud sync:', error));
      refreshModelLists();
      // The code that sends and streams, so the first send (also offline) does not wait for it.
      chatRuntime.session.load().catch(() => undefined);
      chatRuntime.sources.ready().catch(() => undefined);
    };
    const cancel = afterFirstScreen(load);
    window.addEventListener('online', load);
    return () => {
      cancel();
      window.removeEventListener('online', load);
    };
  }, [search, sync, refreshModelLists, chatRuntime]);
  // Providers' model lists: read from the cache and refreshed (at most daily) after the first
  // screen, and again when a key is added or changed (decision 0033).
  useEffect(
    () =>
      appState.keyVault.subscribe((state, previous) => {
        const changed = state.keys !== previous.keys || state.status !== previous.status;
        // Before the first screen the vault is still opening: that refresh comes after it.
        if (changed && appState.modelLists.getState().cacheRead) refreshModelLists();
      }),
    [appState, refreshModelLists],
  );
  const searchClient = useDeferred(search);
  const cloudSync = useDeferred(sync);
  const loadSearch = useCallback(() => void search.load().catch(() => undefined), [search]);
  const startNewChat = useCallback(() => chatRuntime.active.startNew(), [chatRuntime]);
  // The host's feature flags (parley.config.json): a feature turned off is not placed at all.
  const flags = useFeatureFlags((state) => state.flags);
  // Share links live on the sync server: none without one (the static build, decision 0139).
  const syncServerGiven = useSyncServerGiven();
  const canShare = flags.externalShare && flags.syncToCloud && syncServerGiven;
  const subscribeToNavigation = useCallback(
    (listener: () => void) => {
      const offChat = chatRuntime.active.subscribe((state, previous) => {
        // A chat that sync moved to a new id (SC26) is still the same chat: not a navigation.
        const moved = state.movedFrom !== undefined && state.movedFrom === previous.activeChatId;
        if (state.activeChatId !== previous.activeChatId && !moved) listener();
      });
      // A library prompt put into the message box: the box must be in reach.
      const offInsert = onComposerInsert(listener);
      return () => {
        offChat();
        offInsert();
      };
    },
    [chatRuntime],
  );
  return (
    <AppProviders services={services}>
      <ErrorBoundary
        report={(error, context) => {
          // The next start opens without the chat that was open (decision 0068).
          markChatCrashed();
          services.reportError(error, context);
        }}
        fallback={(error) => (
          <FatalErrorScreen error={error} recovery={services.recovery} reload={services.reload} />
        )}
      >
        <CrashTestTrigger />
        <AppStateProvider state={appState} vault={services.vault}>
          <FollowLanguageSetting />
          <VaultGate>
            <CloudSyncProvider cloudSync={cloudSync}>
              <ChatRuntimeProvider runtime={chatRuntime}>
                <SearchClientProvider value={searchClient}>
                  <AppShell
                    modelPicker={
                      <div className="flex min-w-0 items-center gap-0.5">
                        <ModelPicker />
                        <CompareButton />
                        {flags.modelSettings && <ModelSettingsButton />}
                      </div>
                    }
                    chatList={<OrganisedSidebar />}
                    sidebarLinks={
                      // navBar off: no row of links (the palette and Settings still lead there).
                      flags.navBar && (
                        <>
                          {flags.pickCharacters && <AgentsLink />}
                          <PromptLibraryButton />
                          <PluginsLink />
                          <HelpLink />
                        </>
                      )
                    }
                    sidebarFooter={flags.yourProfile && <ProfileSwitcher />}
                    status={
                      <>
                        {/* On a phone the model's name needs the room; Settings shows the license. */}
                        <LicenseBadge className="max-sm:hidden" />
                        <CloudSyncReady>
                          <SyncStatusIndicator />
                          <HostedModelsSync />
                        </CloudSyncReady>
                        <KeyboardShortcutsButton />
                      </>
                    }
                    onNewChat={startNewChat}
                    onOpenSettings={() => openSettings()}
                    subscribeToNavigation={subscribeToNavigation}
                  >
                    <ChatViewForMember
                      onNewChat={startNewChat}
                      emptyChat={flags.pickCharacters && <PinnedAgentsLoader />}
                      slashMenu={promptSlashMenu}
                      aboveComposer={flags.chatMemory && <RememberProposal />}
                      onShare={canShare ? requestShare : undefined}
                      toolbarExtra={<ChatPluginsMenu />}
                      composerAddon={DocumentsAddon}
                    />
                  </AppShell>
                  <SettingsDialogHost />
                  <ShareHost />
                  <AgentsDialogHost />
                  <ProjectsHost />
                  <PluginsDialogHost />
                  <HelpDialogHost />
                  <CustomSecretMigration />
                  <KeyboardShortcutsHost />
                  {/* commandK off: no palette and no Ctrl/Cmd+K. */}
                  {flags.commandK && <CommandPalette onOpen={loadSearch} />}
                  <PromptHost />
                  <CanvasSlotLoader />
                  <ImportDropListener />
                </SearchClientProvider>
              </ChatRuntimeProvider>
            </CloudSyncProvider>
          </VaultGate>
        </AppStateProvider>
      </ErrorBoundary>
      <AppToasterHost />
      <AppUpdateHost />
    </AppProviders>
  );
}

/**
 * The spec's hideWelcomeMessageForLoggedInUsers: a member signed in to the organisation's server
 * (its role is known) sees the start screen without the greeting.
 */
function ChatViewForMember(props: ComponentProps<typeof ChatView>) {
  const hideWelcome = useFeatureFlags((state) => state.flags.hideWelcomeMessageForLoggedInUsers);
  const signedIn = useOrg().role !== null;
  return <ChatView {...props} hideGreeting={hideWelcome && signedIn} />;
}
