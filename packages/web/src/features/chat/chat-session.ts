import {
  appendToPath,
  canContinueAnswer,
  chatPath,
  chatUpTo,
  editAsBranch,
  newAgentChat,
  newUserMessage,
  regenerateTarget,
  withoutComparison,
  withProvisionalTitle,
  type AnswerTarget,
} from '@parley/core/chat';
import {
  newChat,
  type Character,
  type Chat,
  type Message,
  type MessageContent,
  type Project,
} from '@parley/core/entities';
import { findModel, type ModelDescriptor } from '@parley/core/models';
import { planAnswer, type AnswerPlan } from './answer-plan';
import { answerRunnerDeps, type ChatSessionDeps } from './session-answers';
import { AnswerRunner, type AnswerRunnerDeps } from './answer-runner';
import { endComparison, isComparing, stopComparison } from './comparison-store';
import type { ChatNotice } from './chat-notices';
import { ChatWriter } from './chat-writer';
import { loadStreaming } from './streaming-chunk';
import { retryingImport } from '../../lib/retrying-import';
import type { StreamingStore } from './streaming-store';

export type { ChatSessionDeps } from './session-answers';

const loadComparison = () => retryingImport(() => import('./comparison-runner'));

/** Loads the provider streaming chunk ahead of the first send (the user started typing). */
export function preloadStreaming(): void {
  // A failure here is only a missed head start: the send loads it again and reports.
  loadStreaming().catch(() => undefined);
}

export type SendOutcome = { ok: true; chatId: string } | { ok: false; notice: ChatNotice | null };

/**
 * The chat session: sends messages and streams answers. The user message is saved before the call;
 * the answer is saved every couple of seconds while it streams and once more when it ends (finished,
 * failed or stopped, partial text kept). Nothing the user typed is lost: a send that cannot start
 * returns a notice and saves nothing, so the composer keeps the text.
 */
export class ChatSession {
  private readonly writer: ChatWriter;
  private readonly answers: AnswerRunner;
  private readonly runnerDeps: (streaming: StreamingStore, model?: ModelDescriptor) => AnswerRunnerDeps;

  constructor(private readonly deps: ChatSessionDeps) {
    this.writer = new ChatWriter(deps.services, (from, to) => this.followMove(from, to));
    // Tool steps and the persona re-plan go through prepare(), so their notices show (DC6).
    this.runnerDeps = (streaming, model) =>
      answerRunnerDeps(deps, (chat) => this.prepare(chat), streaming, model);
    this.answers = new AnswerRunner(this.runnerDeps(deps.streaming), this.writer);
  }

  /**
   * Chat `from` lives under `to` now (SC26: sync moved it). An answer streaming into it goes on
   * there (its text, Stop, its saves) and the open chat follows. The app calls this when a sync
   * reports a move; a save that finds the chat moved calls it too.
   */
  followMove(from: string, to: string): void {
    if (from === to) return;
    if (this.writer.recordMove(from, to)) this.answers.follow(from, to);
    void this.deps.active.follow(from, to);
  }

  isStreaming(chatId: string): boolean {
    return this.answers.isRunning(chatId) || isComparing(this.deps.comparisons, chatId);
  }

  stop(chatId: string): void {
    this.answers.stop(chatId);
    stopComparison(this.deps.comparisons, chatId);
  }

  /** MC4: the side-by-side answers close; the chat goes on from the selected one. */
  endComparison(chatId: string): void {
    endComparison(this.deps.comparisons, chatId);
  }

  /**
   * Sends `text` in the chat (null: a new chat, saved now with this first message); text with
   * attached files comes as message parts. With `compareWith`, those models answer it too, side by
   * side with the chat's own (MC*).
   */
  async send(
    chatId: string | null,
    text: MessageContent,
    compareWith: readonly ModelDescriptor[] = [],
  ): Promise<SendOutcome> {
    const { store, clock, ids } = this.deps.services;
    await this.deps.settings.ready;
    if (chatId && this.isStreaming(chatId)) return { ok: false, notice: null };
    const existing = chatId ? await this.currentChat(chatId) : undefined;
    const base = existing ?? this.newChat();
    const userMessage = newUserMessage(text, { clock, ids });
    // TT5: named after its first question from the start, so no failure leaves it "Untitled Chat".
    const { automaticTitle } = this.deps.settings.getState().values;
    // BR2: the question follows the end of the path on screen, where the user typed it.
    const parentId = chatPath(base).at(-1)?.id ?? null;
    const asked = { ...userMessage, parentId };
    // MC6: a question asked without a pick closes the side-by-side answers (a new one opens below).
    const withMessage = (chat: Chat) =>
      withProvisionalTitle(appendToPath(withoutComparison(chat), asked, { clock, ids }), automaticTitle);
    const candidate: Chat = withMessage(base);
    const prepared = this.prepare(candidate);
    if (!prepared.ok) return prepared;
    // MC*: the comparison code is a chunk of its own, loaded when a question goes to several models.
    const comparison = compareWith.length > 0 ? await loadComparison() : null;
    const compared = comparison?.planCompared(candidate, asked.id, prepared, compareWith, (chat) =>
      this.prepare(chat),
    );
    if (compared && !compared.ok) return compared;
    // Shown at once; saving a long chat can take a moment.
    if (existing) this.deps.active.apply(candidate);
    const saved = await this.save(
      existing
        ? this.writer.writeChat(base.id, base.id, withMessage)
        : this.writer.timedWrite(base.id, () => store.chats.put(candidate)),
    );
    if (!saved.ok) {
      if (existing) this.deps.active.apply(existing);
      return saved;
    }
    if (!existing) await this.deps.active.open(saved.chat.id);
    else this.deps.active.apply(saved.chat);
    endComparison(this.deps.comparisons, saved.chat.id);
    if (comparison && compared) {
      const newRunner = (model: ModelDescriptor, streaming: StreamingStore) =>
        new AnswerRunner(this.runnerDeps(streaming, model), this.writer);
      const deps = { ...this.deps, newRunner };
      void comparison.runComparison(deps, this.writer, saved.chat, asked.id, compared.columns);
    } else void this.answers.run(saved.chat, prepared.plan, prepared.access, { parentId: asked.id });
    return { ok: true, chatId: saved.chat.id };
  }

  /** AC1: a new chat with `agent`, saved and opened at once (its welcome message shows first). */
  async startWithAgent(agent: Character): Promise<SendOutcome> {
    await this.deps.settings.ready;
    const { values } = this.deps.settings.getState();
    const chat = newAgentChat(agent, values, this.deps.services);
    const saved = await this.save(
      this.writer.timedWrite(chat.id, () => this.deps.services.store.chats.put(chat)),
    );
    if (!saved.ok) return saved;
    await this.deps.active.open(saved.chat.id);
    return { ok: true, chatId: saved.chat.id };
  }

  /**
   * EN27: a new chat in a project, saved and opened at once: with the project's default agent when
   * given (the agent's own model first, AC1), else its default model, else the app's.
   */
  async startInProject(
    project: Pick<Project, 'id' | 'defaultModel'>,
    agent?: Character,
  ): Promise<SendOutcome> {
    await this.deps.settings.ready;
    const { values } = this.deps.settings.getState();
    const base = agent
      ? newAgentChat(
          agent,
          { defaultModel: project.defaultModel ?? values.defaultModel, customModels: values.customModels },
          this.deps.services,
        )
      : this.newChat(project.defaultModel);
    const chat = { ...base, projectId: project.id };
    const saved = await this.save(
      this.writer.timedWrite(chat.id, () => this.deps.services.store.chats.put(chat)),
    );
    if (!saved.ok) return saved;
    await this.deps.active.open(saved.chat.id);
    return { ok: true, chatId: saved.chat.id };
  }

  /** The open chat as shown (always the latest: every write is applied to it), else the stored one. */
  private async currentChat(chatId: string): Promise<Chat | undefined> {
    const open = this.deps.active.getState();
    if (open.activeChatId === chatId && open.chat?.id === chatId && !open.loading) return open.chat;
    return this.deps.services.store.chats.get(chatId);
  }

  /** ED3: answers the path's last user message again, as a new version (also Retry). */
  async regenerate(chatId: string): Promise<SendOutcome> {
    return this.answerAgain(chatId, (chat) => regenerateTarget(chat, this.deps.services));
  }

  /**
   * RQ4: asks the model to go on with the chat's last answer, cut at the max-tokens limit or by a
   * reload (AN5); the new
   * text streams into that same message. Nothing changes before the call: the answer stays as it is
   * until the continuation arrives (a failure leaves it untouched).
   */
  async continueAnswer(chatId: string): Promise<SendOutcome> {
    await this.deps.settings.ready;
    if (this.isStreaming(chatId)) return { ok: false, notice: null };
    const chat = await this.currentChat(chatId);
    // The last message on screen: a deleted one after the answer is a tombstone, not a turn.
    const cut = chat ? chatPath(chat).at(-1) : undefined;
    if (!chat || !cut || !canContinueAnswer(cut)) return { ok: false, notice: null };
    const prepared = this.prepare(chat, { continueAnswer: true });
    if (!prepared.ok) return prepared;
    endComparison(this.deps.comparisons, chat.id);
    void this.answers.run(chat, prepared.plan, prepared.access, { cut });
    return { ok: true, chatId: chat.id };
  }

  /** ED2: the edited text is a new version of the message, answered; the old one stays. */
  async editAndResubmit(chatId: string, messageId: string, text: string): Promise<SendOutcome> {
    return this.answerAgain(chatId, (chat) => editAsBranch(chat, messageId, text, this.deps.services));
  }

  /**
   * ED2, ED3: saves what the edit changes, then answers `parentId` from its own path (BR5). The
   * earlier versions stay in the chat as branches.
   */
  private async answerAgain(
    chatId: string,
    target: (chat: Chat) => AnswerTarget | undefined,
  ): Promise<SendOutcome> {
    await this.deps.settings.ready;
    if (this.isStreaming(chatId)) return { ok: false, notice: null };
    const chat = await this.currentChat(chatId);
    const planned = chat && target(chat);
    if (!planned) return { ok: false, notice: null };
    const prepared = this.prepare(chatUpTo(planned.chat, planned.parentId));
    if (!prepared.ok) return prepared;
    // The edit is made once, on what is open; the save applies the same new messages to the stored copy.
    const added = planned.chat.messages.filter((message) => !chat.messages.includes(message));
    const changedIds = new Map(added.map((message) => [message.id, message]));
    const saved = await this.save(
      this.writer.writeChat(chatId, chatId, (current) => ({
        ...current,
        messages: [
          ...current.messages.map((message) => changedIds.get(message.id) ?? message),
          ...added.filter((message) => !current.messages.some((m) => m.id === message.id)),
        ],
        selectedPath: planned.chat.selectedPath,
        // MC6: answering again (or an edit) goes on from one version: no comparison stays open.
        comparison: null,
        updatedAt: planned.chat.updatedAt,
      })),
    );
    if (!saved.ok) return saved;
    this.deps.active.apply(saved.chat);
    endComparison(this.deps.comparisons, chatId);
    void this.answers.run(saved.chat, prepared.plan, prepared.access, { parentId: planned.parentId });
    return { ok: true, chatId: saved.chat.id };
  }

  /**
   * Messages the user made outside a question, saved at the end of the path on screen and not
   * answered: a version made in the canvas (chat SPEC CV5), a picture made from the composer
   * (decision 0136). Each follows the one before it.
   */
  async append(chatId: string, messages: readonly Message[]): Promise<SendOutcome> {
    if (this.isStreaming(chatId) || messages.length === 0) return { ok: false, notice: null };
    const chat = await this.currentChat(chatId);
    if (!chat) return { ok: false, notice: null };
    const deps = { clock: this.deps.services.clock, ids: this.deps.services.ids };
    let parentId = chatPath(chat).at(-1)?.id ?? null;
    const chained = messages.map((message) => {
      const linked = { ...message, parentId };
      parentId = message.id;
      return linked;
    });
    const withMessages = (current: Chat) =>
      chained.reduce((next, message) => appendToPath(next, message, deps), current);
    this.deps.active.apply(withMessages(chat));
    const saved = await this.save(this.writer.writeChat(chatId, chatId, withMessages));
    if (!saved.ok) return saved;
    return { ok: true, chatId: saved.chat.id };
  }

  /** A new chat with `modelId` when this device knows that model, else the default model. */
  private newChat(modelId: string | null = null): Chat {
    const { values } = this.deps.settings.getState();
    const known = (id: string) => findModel(id, values.customModels) ?? this.deps.listedModel?.(id);
    const chosen = modelId !== null ? known(modelId) : undefined;
    const id = chosen && modelId !== null ? modelId : values.defaultModel;
    const model = chosen ?? known(values.defaultModel);
    return newChat({ model: id, modelInfo: model ? { ...model } : null }, this.deps.services);
  }

  /** Plans the answer; a send that cannot start shows why, one that can clears the last notice. */
  private prepare(chat: Chat, options?: { continueAnswer?: boolean }): AnswerPlan {
    const prepared = planAnswer(chat, this.deps, options);
    if (!prepared.ok) return this.refuse(prepared.notice);
    this.deps.notices.setState({ notice: null });
    return prepared;
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
}
