import type { PromptContext } from '@parley/core/chat';
import { createContext, use, useEffect, type ReactNode } from 'react';
import { useStore } from 'zustand';
import {
  activeChatPref,
  createActiveChatStore,
  type ActiveChatState,
  type ActiveChatStore,
} from './active-chat-store';
import type { FrameScheduler } from './answer-stream';
import {
  createChatNoticeStore,
  type AnswerFailure,
  type ChatNotice,
  type ChatNoticeStore,
} from './chat-notices';
import type { PrefStorage } from '../../lib/local-pref';
import { createChatDrafts, type ChatDrafts } from './chat-drafts';
import type { ChatServices } from './chat-services';
import type { ChatSessionDeps } from './chat-session';
import { LazyChatSession } from './lazy-chat-session';
import {
  createModelChoiceStore,
  useOnModelChoiceRequest,
  type ModelChoiceStore,
} from './model-choice-request';
import { createStreamingStore, type StreamingStore } from './streaming-store';
import { createComparisonStore, followStoredComparison, type ComparisonStore } from './comparison-store';
import { createAnswerSources, type AnswerSources } from './answer-sources';
import { createSyncedSettingsStore, DEFAULT_PROVIDER_ENDPOINTS, type SyncedSettingsStore } from '../../state';

/**
 * Everything the chat features share at run time, built once per app: the synced settings, the open
 * chat, the streaming answers, the notices and the session that sends messages.
 */
export type ChatRuntime = {
  services: ChatServices;
  settings: SyncedSettingsStore;
  active: ActiveChatStore;
  streaming: StreamingStore;
  /** Several models' answers to one question, side by side until one is picked (MC*). */
  comparisons: ComparisonStore;
  notices: ChatNoticeStore;
  /**
   * What answers draw on: the composition root registers the context and tool sources here
   * (decision 0095); the chat only reads them.
   */
  sources: AnswerSources;
  /** Date, time and locale that fill a prompt's placeholders (and an agent endpoint's). */
  promptContext: () => PromptContext;
  /** Its code loads after the first screen, or at the first send (decision 0079). */
  session: LazyChatSession;
  /** Unsent composer text per chat ('' key: the new chat), kept across chat switches and reloads. */
  drafts: ChatDrafts;
  /** Requests to open the model picker for the open chat (a failed answer's "Choose another model"). */
  modelChoice: ModelChoiceStore;
  /** Re-opens the chat that was open before the reload. */
  start(): void;
};

export type ChatRuntimeOptions = {
  /** The app's synced settings (state layer); tests without one get a store of their own. */
  settings?: SyncedSettingsStore;
  /** Keys and endpoints, and custom models' secrets, from the key vault; none when not given. */
  providerAccess?: ChatSessionDeps['providerAccess'];
  customSecrets?: ChatSessionDeps['customSecrets'];
  listedModel?: ChatSessionDeps['listedModel'];
  hostedAccess?: ChatSessionDeps['hostedAccess'];
  onAnswerFailed?: (failure: AnswerFailure) => void;
  scheduleFrame?: FrameScheduler;
  promptContext?: () => PromptContext;
  /** Where drafts are kept (localStorage by default; tests give their own). */
  draftStorage?: () => PrefStorage | undefined;
  /** Context and tool sources registered ahead (tests); the app registers its own on `sources`. */
  sources?: AnswerSources;
  /** A tool call's time-out (tools SPEC TL4); 30 s by default. */
  toolTimeoutMs?: number;
};

const noProviderAccess: ChatSessionDeps['providerAccess'] = (provider) => ({
  apiKey: null,
  endpoint: DEFAULT_PROVIDER_ENDPOINTS[provider],
});

function browserPromptContext(): PromptContext {
  const options = Intl.DateTimeFormat().resolvedOptions();
  return { now: new Date(), locale: options.locale, timeZone: options.timeZone };
}

export function createChatRuntime(services: ChatServices, options: ChatRuntimeOptions = {}): ChatRuntime {
  const settings = options.settings ?? createSyncedSettingsStore(services.store);
  const active = createActiveChatStore(services.store, activeChatPref.read() !== null);
  const streaming = createStreamingStore();
  const notices = createChatNoticeStore();
  const comparisons = createComparisonStore();
  const sources = options.sources ?? createAnswerSources();
  const promptContext =
    options.promptContext ?? (() => ({ ...browserPromptContext(), now: new Date(services.clock.now()) }));
  // MC5: the open chat's stored comparison shows again (a reload, another tab) or closes.
  active.subscribe((state, previous) => {
    if (state.chat !== previous.chat) followStoredComparison(comparisons, state.chat);
  });
  const session = new LazyChatSession({
    services,
    settings,
    active,
    streaming,
    comparisons,
    notices,
    providerAccess: options.providerAccess ?? noProviderAccess,
    customSecrets: options.customSecrets ?? (() => ({})),
    listedModel: options.listedModel,
    hostedAccess: options.hostedAccess,
    onAnswerFailed: (failure) => options.onAnswerFailed?.(failure),
    promptContext,
    scheduleFrame: options.scheduleFrame,
    sources,
    toolTimeoutMs: options.toolTimeoutMs,
  });
  return {
    services,
    settings,
    active,
    streaming,
    comparisons,
    notices,
    sources,
    promptContext,
    session,
    drafts: createChatDrafts(options.draftStorage),
    modelChoice: createModelChoiceStore(),
    start() {
      const remembered = activeChatPref.read();
      const { activeChatId, loading } = active.getState();
      if (remembered && activeChatId === null) void active.open(remembered);
      // Started as reopening a chat that is no longer remembered: the start screen, then.
      else if (activeChatId === null && loading) active.setState({ loading: false });
    },
  };
}

const ChatRuntimeContext = createContext<ChatRuntime | null>(null);

export function ChatRuntimeProvider({ runtime, children }: { runtime: ChatRuntime; children: ReactNode }) {
  useEffect(() => {
    runtime.start();
  }, [runtime]);
  return <ChatRuntimeContext value={runtime}>{children}</ChatRuntimeContext>;
}

export function useChatRuntime(): ChatRuntime {
  const runtime = use(ChatRuntimeContext);
  if (!runtime) throw new Error('useChatRuntime must be used inside <ChatRuntimeProvider>');
  return runtime;
}

export function useActiveChat<T>(select: (state: ActiveChatState) => T): T {
  return useStore(useChatRuntime().active, select);
}

/** The model picker opens itself when a failed answer asks for another model. */
export function useModelChoiceRequest(onRequest: () => void): void {
  useOnModelChoiceRequest(useChatRuntime().modelChoice, onRequest);
}

export function useChatNotice(): ChatNotice | null {
  return useStore(useChatRuntime().notices, (state) => state.notice);
}
