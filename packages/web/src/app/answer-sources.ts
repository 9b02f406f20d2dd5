import { WEB_SEARCH_PLUGIN_ID } from '@parley/core/plugins';
import { endpointContextSource } from '../features/agents';
import { CANVAS_TOOLS_ID, createCanvasSource } from '../features/canvas';
import {
  LazyToolImageCard,
  loadAttachment,
  onRemoteAttachmentsChange,
  rememberAttachmentUrl,
  setAnswerAddon,
  type ChatRuntime,
} from '../features/chat';
import { chatCodeFiles, CODE_INTERPRETER_ID, lazyRunCodeSource } from '../features/code-run';
import { extensionToolSource } from '../features/extensions';
import { imageSettingsOf, lazyImageActions, lazyImageSource } from '../features/image-gen';
import { KnowledgeCitations, knowledgeContextSource, startKnowledgeSync } from '../features/knowledge';
import { memoryContextSource } from '../features/memory';
import { profileContextSource } from '../features/profiles';
import { projectContextSource } from '../features/projects';
import {
  lazyDefaultToolSources,
  loadPluginRuntime,
  setImageActions,
  setToolImageView,
  useWebSearchToggle,
} from '../features/tools';
import { useFeatureFlags } from '../features/license';
import { customSecretsIn, providerAccessIn, type AppState } from '../state';

export type AnswerSourceDeps = {
  runtime: Pick<ChatRuntime, 'services' | 'settings' | 'active' | 'sources' | 'promptContext' | 'session'>;
  appState: Pick<AppState, 'keyVault' | 'endpointApprovals'>;
  /** An MCP server the chat uses could not list its tools (MC8): its tools are left out. */
  onMcpServerFailed: (server: { id: string; name: string }, message: string) => void;
};

/**
 * Registers everything an answer draws on (decision 0095), in the order it is offered: the context
 * gathered before each answer (the current profile, memory, an agent chat's endpoints) and the tool
 * sources (web search, plugins, memory, MCP servers; a plugin's function keeps a name an MCP tool
 * also has, MC3). A new source, such as a code interpreter or a knowledge base, is one line here.
 */
export function registerAnswerSources({ runtime, appState, onMcpServerFailed }: AnswerSourceDeps) {
  const { services, settings, active, sources } = runtime;
  const secrets = () => customSecretsIn(appState.keyVault.getState());
  const values = () => settings.getState().values;
  const imageDeps = {
    settings: () => imageSettingsOf(values().userPluginSettings),
    access: (provider: Parameters<typeof providerAccessIn>[1]) =>
      providerAccessIn(appState.keyVault.getState(), provider),
    fetch: (input: RequestInfo | URL, init?: RequestInit) => services.fetch(input, init),
    store: services.store,
    chatId: () => active.getState().chat?.id ?? null,
    remember: rememberAttachmentUrl,
  };
  // The host's feature flags (parley.config.json): a source whose feature is off adds nothing.
  const flags = () => useFeatureFlags.getState().flags;
  sources.addContext(
    // SC8: a project's instructions for the chats in it (decision 0104).
    projectContextSource({ store: services.store }),
    ...(flags().yourProfile ? [profileContextSource(services.store)] : []),
    memoryContextSource({
      store: services.store,
      enabled: () => flags().chatMemory && values().enableGlobalMemory,
    }),
    endpointContextSource({
      fetch: (input, init) => services.fetch(input, init),
      promptContext: runtime.promptContext,
      customSecrets: secrets,
      approvedEndpoint: (fingerprint) => appState.endpointApprovals.isApproved(fingerprint),
    }),
    // The knowledge base's passages for the question (decision 0107), cited under the answer.
    knowledgeContextSource({
      access: (provider) => providerAccessIn(appState.keyVault.getState(), provider),
    }),
  );
  setAnswerAddon(KnowledgeCitations);
  // Decision 0131: documents another device added are indexed here (their bytes come like a
  // synced picture's, SC32), those removed there are removed; with this device's own key.
  startKnowledgeSync({
    store: services.store,
    download: async (id) => (await loadAttachment(services.store, id)) !== undefined,
    retry: onRemoteAttachmentsChange,
    access: (provider) => providerAccessIn(appState.keyVault.getState(), provider),
    now: () => services.clock.now(),
  });
  sources.addTools(
    ...lazyDefaultToolSources({
      webSearch: {
        fetch: (input, init) => services.fetch(input, init),
        searchEngine: () => values().searchEngine,
        pluginSettings: () => values().userPluginSettings[WEB_SEARCH_PLUGIN_ID] ?? {},
        secrets,
        enabled: () => flags().webSearch && useWebSearchToggle.getState().turn,
      },
      plugins: {
        plugins: async () => (flags().usePlugins ? services.store.plugins.list() : []),
        userPluginSettings: () => values().userPluginSettings,
        secrets,
        runtime: loadPluginRuntime,
        chosen: () => active.getState().chat?.pluginIds ?? null,
      },
      memory: {
        store: services.store,
        ids: services.ids,
        enabled: () => flags().chatMemory && values().enableGlobalMemory,
      },
      mcp: {
        servers: () => values().mcpServers,
        chosen: () => active.getState().chat?.mcpServerIds ?? null,
        secrets,
        updateSecrets: (change) => appState.keyVault.getState().updateCustomSecrets(change),
        onServerFailed: onMcpServerFailed,
      },
    }),
    // The host's extensions (decision 0140): their tools run in the plugin sandbox.
    extensionToolSource(),
    // The code interpreter (decision 0092): only when the user switched it on.
    lazyRunCodeSource({
      enabled: () => builtinEnabled(values().userPluginSettings, CODE_INTERPRETER_ID),
      // The chat's attached files, by name, in the code's working directory.
      files: async () => {
        const chat = active.getState().chat;
        return chat ? chatCodeFiles(chat.id, chat.messages, services.store.attachments) : [];
      },
    }),
    // The canvas tools (decision 0093): only when the user switched them on.
    createCanvasSource({ enabled: () => builtinEnabled(values().userPluginSettings, CANVAS_TOOLS_ID) }),
    // Image generation (decision 0127): only when the user switched it on; pictures become attachments.
    lazyImageSource(imageDeps),
  );
  setToolImageView(LazyToolImageCard);
  // The composer's "Create image" and an image card's "Edit this image" (decision 0136).
  setImageActions(
    lazyImageActions({
      ...imageDeps,
      messages: { clock: services.clock, ids: services.ids },
      now: () => services.clock.now(),
      append: (chatId, messages) => runtime.session.append(chatId, messages),
    }),
  );
}

/** A built-in tool's switch, kept with the plugins' settings (synced): `{ enabled: true }`. */
function builtinEnabled(settings: Readonly<Record<string, unknown>>, id: string): boolean {
  const own = settings[id];
  return typeof own === 'object' && own !== null && (own as { enabled?: unknown }).enabled === true;
}
