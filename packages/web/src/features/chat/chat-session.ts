import {
  answerMessage,
  answerUsage,
  answerUsageRecord,
  editAndTruncate,
  newMessageId,
  newUserMessage,
  partialAnswerMessage,
  planChatRequest,
  resolveChatModel,
  truncateForRegenerate,
  upsertMessage,
  type ChatRequestPlan,
  type PromptContext,
  type ProviderAccessInput,
} from '@parley/core/chat';
import { newChat, type Chat } from '@parley/core/entities';
import { findModel, type ModelDescriptor } from '@parley/core/models';
import { emptyChatAssembly, ProviderError, type ChatAssembly } from '@parley/core/providers';
import { isoNow } from '@parley/core/platform';
import { updateMovedChat } from '@parley/core/sync-client';
import type { ProviderAccess, ProviderId } from '../api-keys/provider-access';
import type { ActiveChatStore } from './active-chat-store';
import type { FrameScheduler } from './answer-stream';
import type { ChatServices } from './chat-services';
import type { AnswerFailure, ChatNotice, ChatNoticeStore } from './chat-notices';
import { clearStreamingAnswer, setStreamingAnswer, type StreamingStore } from './streaming-store';
import type { SyncedSettingsStore } from './synced-settings-store';
import { checkpointInterval } from './save-cadence';
import { WriteQueue } from './write-queue';

/**
 * The provider streaming code (parsers, normalisers) is its own chunk, loaded on the first send (or
 * earlier, by preloadStreaming when the user starts typing), so the first screen stays small.
 */
async function loadStreaming() {
  const [stream, enhancements] = await Promise.all([
    import('./answer-stream'),
    import('./chat-enhancements'),
  ]);
  return { runAnswerStream: stream.runAnswerStream, runEnhancements: enhancements.runEnhancements };
}

export function preloadStreaming(): void {
  void loadStreaming();
}

export type SendOutcome = { ok: true; chatId: string } | { ok: false; notice: ChatNotice | null };

export type ChatSessionDeps = {
  services: ChatServices;
  settings: SyncedSettingsStore;
  active: ActiveChatStore;
  streaming: StreamingStore;
  notices: ChatNoticeStore;
  providerAccess: (provider: ProviderId) => ProviderAccess;
  onAnswerFailed: (failure: AnswerFailure) => void;
  promptContext: () => PromptContext;
  scheduleFrame?: FrameScheduler;
};

/**
 * The chat session: sends messages and streams answers. The user message is saved before the call;
 * the answer is saved every couple of seconds while it streams and once more when it ends (finished,
 * failed or stopped, partial text kept). Nothing the user typed is lost: a send that cannot start
 * returns a notice and saves nothing, so the composer keeps the text.
 */
export class ChatSession {
  private readonly controllers = new Map<string, AbortController>();
  private readonly writes = new WriteQueue();
  /** How long the last save of each chat took (ms): large chats are saved less often mid-stream. */
  private readonly saveCost = new Map<string, number>();
  /** Chats that sync moved to a new id while this session worked on them (SC26): old id -> new id. */
  private readonly moves = new Map<string, string>();

  /** Saves through the per-chat queue, timing the write. */
  private timedWrite(chatId: string, write: () => Promise<Chat>): Promise<Chat> {
    return this.writes.run(chatId, async () => {
      const started = this.deps.services.clock.now();
      const chat = await write();
      this.saveCost.set(chatId, this.deps.services.clock.now() - started);
      return chat;
    });
  }

  /**
   * Saves a change of chat `id` through the per-chat queue (keyed `queue`), to wherever the chat
   * lives now: sync may have moved it to a new id (SC26), and the write then follows it.
   */
  private writeChat(queue: string, id: string, change: (chat: Chat) => Chat): Promise<Chat> {
    return this.timedWrite(queue, async () => {
      const written = await updateMovedChat(this.deps.services.store, this.currentId(id), change);
      this.followMove(id, written.id);
      return written;
    });
  }

  /** Where chat `id` lives now, as far as this session knows. */
  private currentId(id: string): string {
    let current = id;
    for (let hops = 0; hops <= this.moves.size; hops++) {
      const next = this.moves.get(current);
      if (next === undefined) break;
      current = next;
    }
    return current;
  }

  constructor(private readonly deps: ChatSessionDeps) {}

  /**
   * Chat `from` lives under `to` now (SC26: sync moved it). An answer streaming into it goes on
   * there (its text, Stop, its saves) and the open chat follows. The app calls this when a sync
   * reports a move; a save that finds the chat moved calls it too.
   */
  followMove(from: string, to: string): void {
    if (from === to) return;
    if (this.moves.get(from) !== to) {
      this.moves.set(from, to);
      const controller = this.controllers.get(from);
      if (controller) {
        this.controllers.delete(from);
        this.controllers.set(to, controller);
      }
      const streaming = this.deps.streaming.getState().answers[from];
      if (streaming) {
        clearStreamingAnswer(this.deps.streaming, from);
        setStreamingAnswer(this.deps.streaming, { ...streaming, chatId: to });
      }
    }
    void this.deps.active.follow(from, to);
  }

  isStreaming(chatId: string): boolean {
    return this.controllers.has(chatId);
  }

  stop(chatId: string): void {
    this.controllers.get(chatId)?.abort();
  }

  /** Sends `text` in the chat (null: a new chat, saved now with this first message). */
  async send(chatId: string | null, text: string): Promise<SendOutcome> {
    const { store, clock, ids } = this.deps.services;
    await this.deps.settings.ready;
    if (chatId && this.isStreaming(chatId)) return { ok: false, notice: null };
    const existing = chatId ? await this.currentChat(chatId) : undefined;
    const base = existing ?? this.newChat();
    const userMessage = newUserMessage(text, { clock, ids });
    const candidate: Chat = { ...base, messages: [...base.messages, userMessage] };
    const prepared = this.prepare(candidate);
    if (!prepared.ok) return prepared;
    // Shown at once; saving a long chat can take a moment.
    if (existing) this.deps.active.apply(candidate);
    const saved = await this.save(
      existing
        ? this.writeChat(base.id, base.id, (chat) => upsertMessage(chat, userMessage, { clock, ids }))
        : this.timedWrite(base.id, () => store.chats.put(candidate)),
    );
    if (!saved.ok) {
      if (existing) this.deps.active.apply(existing);
      return saved;
    }
    if (!existing) await this.deps.active.open(saved.chat.id);
    else this.deps.active.apply(saved.chat);
    void this.answer(saved.chat, prepared.plan, prepared.access);
    return { ok: true, chatId: saved.chat.id };
  }

  /** The open chat as shown (always the latest: every write is applied to it), else the stored one. */
  private async currentChat(chatId: string): Promise<Chat | undefined> {
    const open = this.deps.active.getState();
    if (open.activeChatId === chatId && open.chat?.id === chatId && !open.loading) return open.chat;
    return this.deps.services.store.chats.get(chatId);
  }

  /** ED3: answers the last user message again (also Retry on a failed answer). */
  async regenerate(chatId: string): Promise<SendOutcome> {
    return this.rewrite(chatId, (chat) => truncateForRegenerate(chat, this.deps.services));
  }

  /** ED2 */
  async editAndResubmit(chatId: string, messageId: string, text: string): Promise<SendOutcome> {
    return this.rewrite(chatId, (chat) => editAndTruncate(chat, messageId, text, this.deps.services));
  }

  private async rewrite(chatId: string, change: (chat: Chat) => Chat | undefined): Promise<SendOutcome> {
    await this.deps.settings.ready;
    if (this.isStreaming(chatId)) return { ok: false, notice: null };
    const chat = await this.currentChat(chatId);
    const changed = chat && change(chat);
    if (!changed) return { ok: false, notice: null };
    const prepared = this.prepare(changed);
    if (!prepared.ok) return prepared;
    const saved = await this.save(this.writeChat(chatId, chatId, (current) => change(current) ?? current));
    if (!saved.ok) return saved;
    this.deps.active.apply(saved.chat);
    void this.answer(saved.chat, prepared.plan, prepared.access);
    return { ok: true, chatId: saved.chat.id };
  }

  private newChat(): Chat {
    const { values } = this.deps.settings.getState();
    const model = findModel(values.defaultModel, values.customModels);
    return newChat(
      { model: values.defaultModel, modelInfo: model ? { ...model } : null },
      this.deps.services,
    );
  }

  private accessFor(model: ModelDescriptor): ProviderAccessInput | undefined {
    // A custom model carries its own endpoint, headers and key (PR3).
    if (model.provider === 'custom') return { apiKey: '' };
    const access = this.deps.providerAccess(model.provider);
    if (model.skipAPIKey) return { apiKey: '', endpoint: access.endpoint };
    return access.apiKey ? { apiKey: access.apiKey, endpoint: access.endpoint } : undefined;
  }

  private prepare(
    chat: Chat,
  ):
    | { ok: true; plan: Extract<ChatRequestPlan, { kind: 'ready' }>; access: ProviderAccessInput }
    | { ok: false; notice: ChatNotice } {
    const { values } = this.deps.settings.getState();
    const model = resolveChatModel(chat, values.customModels);
    const access = this.accessFor(model);
    if (!access) return this.refuse({ kind: 'missing-key', provider: model.provider });
    const plan = planChatRequest({
      chat,
      settings: values,
      access,
      prompt: this.deps.promptContext(),
      appInfo: {
        title: 'Parley',
        url: typeof location === 'undefined' ? 'https://parley.local' : location.origin,
      },
    });
    if (plan.kind === 'cannot-fit') return this.refuse({ kind: 'cannot-fit' });
    this.deps.notices.setState({ notice: null });
    return { ok: true, plan, access };
  }

  private refuse(notice: ChatNotice): { ok: false; notice: ChatNotice } {
    this.deps.notices.setState({ notice });
    return { ok: false, notice };
  }

  private async save(
    write: Promise<Chat>,
  ): Promise<{ ok: true; chat: Chat } | { ok: false; notice: ChatNotice }> {
    try {
      return { ok: true, chat: await write };
    } catch (error) {
      console.error('saving the chat failed', error);
      return this.refuse({
        kind: 'storage',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private async answer(
    chat: Chat,
    plan: Extract<ChatRequestPlan, { kind: 'ready' }>,
    access: ProviderAccessInput,
  ): Promise<void> {
    const { services, streaming } = this.deps;
    const { clock, ids } = services;
    const deps = { clock, ids };
    const controller = new AbortController();
    this.controllers.set(chat.id, controller);
    const messageId = newMessageId(ids);
    const createdAt = isoNow(clock);
    const outcome = (assembly: ChatAssembly) => ({
      assembly,
      messageId,
      model: plan.model,
      estimatedPromptTokens: plan.estimatedPromptTokens,
      createdAt,
    });
    const base = { chatId: chat.id, messageId, modelId: plan.model.id, reasoning: '' };
    setStreamingAnswer(streaming, { ...base, text: '', phase: 'waiting' });
    let assembly: ChatAssembly;
    try {
      const { runAnswerStream } = await loadStreaming();
      assembly = await runAnswerStream({
        request: plan.request,
        fetch: services.fetch,
        signal: controller.signal,
        now: () => clock.now(),
        scheduleFrame: this.deps.scheduleFrame,
        checkpointMs: () => checkpointInterval(this.saveCost.get(chat.id) ?? 0),
        onProgress: (progress) =>
          setStreamingAnswer(streaming, {
            ...base,
            chatId: this.currentId(chat.id),
            text: progress.text,
            reasoning: progress.reasoning,
            phase: 'streaming',
          }),
        onCheckpoint: (progress) => {
          const partial = partialAnswerMessage(outcome(progress), deps);
          void this.writeChat(chat.id, chat.id, (c) => upsertMessage(c, partial, deps)).catch(
            (error: unknown) => console.warn('saving the partial answer failed', error),
          );
        },
      });
    } catch (error) {
      // Only loading the code chunk can fail here (streamChat never throws): shown as offline.
      const providerMessage = error instanceof Error ? error.message : String(error);
      assembly = {
        ...emptyChatAssembly,
        error: new ProviderError({ code: 'offline', provider: plan.model.provider, providerMessage }),
      };
    } finally {
      this.controllers.delete(chat.id);
      this.controllers.delete(this.currentId(chat.id));
    }
    await this.finish(chat, plan, access, assembly, outcome(assembly));
  }

  private async finish(
    chat: Chat,
    plan: Extract<ChatRequestPlan, { kind: 'ready' }>,
    access: ProviderAccessInput,
    assembly: ChatAssembly,
    outcome: Parameters<typeof answerMessage>[0],
  ): Promise<void> {
    const { services, streaming, settings } = this.deps;
    const { clock, ids, store } = services;
    const deps = { clock, ids };
    const stopped = assembly.error?.code === 'aborted';
    const keep = !(stopped && assembly.text === '' && assembly.toolCalls.length === 0);
    const message = answerMessage(outcome, deps);
    const withAnswer = (current: Chat): Chat =>
      keep
        ? upsertMessage(current, message, deps)
        : { ...current, messages: current.messages.filter((m) => m.id !== message.id) };
    // The answer takes its place in the chat at once; the save follows.
    const open = this.deps.active.getState().chat;
    if (open?.id === this.currentId(chat.id)) this.deps.active.apply(withAnswer(open));
    clearStreamingAnswer(streaming, this.currentId(chat.id));
    let stored: Chat | undefined;
    try {
      stored = await this.writeChat(chat.id, chat.id, withAnswer);
      this.deps.active.apply(stored);
    } catch (error) {
      console.error('saving the answer failed', error);
    }
    if (assembly.error && !stopped) {
      this.deps.onAnswerFailed({
        chatId: this.currentId(chat.id),
        code: assembly.error.code,
        providerMessage: assembly.error.providerMessage,
        provider: plan.model.provider,
      });
    }
    const { customModels } = settings.getState().values;
    if (assembly.usage || assembly.text !== '') {
      const usage = answerUsage(assembly, plan.estimatedPromptTokens);
      void store.usage
        .append(
          answerUsageRecord({
            chatID: this.currentId(chat.id),
            model: plan.model,
            answer: usage,
            enhancements: [],
            customModels,
          }),
        )
        .catch((error: unknown) => console.warn('recording usage failed', error));
    }
    if (!stored || assembly.error) return;
    const { runEnhancements } = await loadStreaming();
    void runEnhancements({
      store,
      fetch: services.fetch,
      chat: stored,
      answer: message,
      model: plan.model,
      access,
      settings: settings.getState().values,
      onChat: (updated) => this.deps.active.apply(updated),
    }).catch((error: unknown) => console.warn('title or keywords failed', error));
  }
}
