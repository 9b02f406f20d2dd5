import { useCallback, useEffect, useState } from 'react';
import { VaultGate } from '../features/api-keys/VaultGate';
import { showAnswerFailure } from '../features/chat/answer-failure-toast';
import { ChatRuntimeProvider, createChatRuntime } from '../features/chat/chat-runtime';
import { ChatView } from '../features/chat/ChatView';
import { CloudSyncProvider, CloudSyncReady } from '../features/cloud-sync/cloud-sync-context';
import { SyncStatusIndicator } from '../features/cloud-sync/SyncStatusIndicator';
import { CommandPalette } from '../features/command-palette/CommandPalette';
import { CrashTestTrigger } from '../features/errors/crash-test-hook';
import { ErrorBoundary } from '../features/errors/ErrorBoundary';
import { FatalErrorScreen } from '../features/errors/FatalErrorScreen';
import { KeyboardShortcutsButton } from '../features/keyboard-shortcuts/KeyboardShortcutsButton';
import { KeyboardShortcutsHost } from '../features/keyboard-shortcuts/KeyboardShortcutsHost';
import { LicenseBadge } from '../features/license/LicenseStateBadge';
import { useSettingsDialog } from '../features/settings/settings-dialog-store';
import { AppShell } from '../features/shell/AppShell';
import { ModelPicker } from '../features/model-picker/ModelPicker';
import { ModelSettingsButton } from '../features/model-settings/ModelSettingsButton';
import { SearchClientProvider } from '../features/search/search-client-context';
import { OrganisedSidebar } from '../features/sidebar/OrganisedSidebar';
import { AppToaster } from '../features/toasts/AppToaster';
import type { AppServices } from './app-services';
import { AppProviders } from './AppProviders';
import { afterFirstScreen, deferred, useDeferred } from '../lib/deferred';
import { retryingImport } from '../features/chat/retrying-import';
import { SettingsDialogHost } from './SettingsDialogHost';
import { CustomSecretMigration } from '../features/custom-models/use-custom-secret-migration';

/** The composition root: services in, providers around, features placed into the shell's slots. */
export function App({ services }: { services: AppServices }) {
  const openSettings = useSettingsDialog((state) => state.open);
  const [chatRuntime] = useState(() =>
    createChatRuntime(services, { onAnswerFailed: (failure) => showAnswerFailure(services.i18n.t, failure) }),
  );
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
      retryingImport(() => import('../features/cloud-sync/browser-cloud-sync')).then((m) =>
        m.createBrowserCloudSync(services, {
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
        }),
      ),
    ),
  );
  useEffect(() => {
    // A chunk that still failed after its retries is asked for again when the network comes back.
    const load = () => {
      search.load().catch((error: unknown) => console.warn('Parley could not load chat search:', error));
      sync.load().catch((error: unknown) => console.warn('Parley could not load cloud sync:', error));
    };
    const cancel = afterFirstScreen(load);
    window.addEventListener('online', load);
    return () => {
      cancel();
      window.removeEventListener('online', load);
    };
  }, [search, sync]);
  const searchClient = useDeferred(search);
  const cloudSync = useDeferred(sync);
  const loadSearch = useCallback(() => void search.load().catch(() => undefined), [search]);
  const startNewChat = useCallback(() => chatRuntime.active.startNew(), [chatRuntime]);
  const subscribeToNavigation = useCallback(
    (listener: () => void) =>
      chatRuntime.active.subscribe((state, previous) => {
        // A chat that sync moved to a new id (SC26) is still the same chat: not a navigation.
        const moved = state.movedFrom !== undefined && state.movedFrom === previous.activeChatId;
        if (state.activeChatId !== previous.activeChatId && !moved) listener();
      }),
    [chatRuntime],
  );
  return (
    <AppProviders services={services}>
      <ErrorBoundary
        report={services.reportError}
        fallback={(error) => (
          <FatalErrorScreen error={error} recovery={services.recovery} reload={services.reload} />
        )}
      >
        <CrashTestTrigger />
        <VaultGate>
          <CloudSyncProvider cloudSync={cloudSync}>
            <ChatRuntimeProvider runtime={chatRuntime}>
              <SearchClientProvider value={searchClient}>
                <AppShell
                  modelPicker={
                    <div className="flex min-w-0 items-center gap-0.5">
                      <ModelPicker />
                      <ModelSettingsButton />
                    </div>
                  }
                  chatList={<OrganisedSidebar />}
                  status={
                    <>
                      {/* On a phone the model's name needs the room; Settings shows the license. */}
                      <LicenseBadge className="max-sm:hidden" />
                      <CloudSyncReady>
                        <SyncStatusIndicator />
                      </CloudSyncReady>
                      <KeyboardShortcutsButton />
                    </>
                  }
                  onNewChat={startNewChat}
                  onOpenSettings={() => openSettings()}
                  subscribeToNavigation={subscribeToNavigation}
                >
                  <ChatView onNewChat={startNewChat} />
                </AppShell>
                <SettingsDialogHost />
                <CustomSecretMigration />
                <KeyboardShortcutsHost />
                <CommandPalette onOpen={loadSearch} />
              </SearchClientProvider>
            </ChatRuntimeProvider>
          </CloudSyncProvider>
        </VaultGate>
      </ErrorBoundary>
      <AppToaster />
    </AppProviders>
  );
}
