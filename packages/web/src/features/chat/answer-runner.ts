import {
  answerMessage,
  APP_CODE_MISSING_CODE,
  chatUpTo,
  failureCode,
  newMessageId,
  partialAnswerMessage,
  upsertMessage,
  type AnswerOutcome,
  type ProviderAccessInput,
} from '@parley/core/chat';
import { messageText, type Chat, type Message } from '@parley/core/entities';
import { emptyChatAssembly, ProviderError, type ChatAssembly } from '@parley/core/providers';
import { isoNow } from '@parley/core/platform';
import { toolCallsOf, withFunctionCall } from '@parley/core/tools';
import type { ActiveChatStore } from './active-chat-store';
import { joinContinuation, storedAs, withoutAnswer } from './answer-landing';
import { recordAnswerUsage, startEnhancements } from './answer-follow-ups';
import type { ReadyChatPlan } from './answer-plan';
import type { FrameScheduler } from './answer-stream';
import type { ChatServices } from './chat-services';
import type { AnswerFailure } from './chat-notices';
import type { ChatWriter } from './chat-writer';
import { checkpointInterval } from './save-cadence';
import { loadStreaming } from './streaming-chunk';
import { clearStreamingAnswer, setStreamingAnswer, type StreamingStore } from './streaming-store';
import type { SyncedSettingsStore } from '../../state';
import { runToolStep, withToolResults, type ToolLoopDeps } from './tool-steps';

export type AnswerRunnerDeps = {
  services: ChatServices;
  settings: SyncedSettingsStore;
  active: ActiveChatStore;
  streaming: StreamingStore;
  /** A failure with no place in the chat (a failed continuation): the app shows a toast (CE5). */
  onAnswerFailed: (failure: AnswerFailure) => void;
  scheduleFrame?: FrameScheduler;
  /**
   * The answer's one plan step just before the call: what its context sources gathered and the
   * tools it may offer (none for a continuation), into the request (decision 0095); Stop works
   * while it runs. Absent in tests that do not need it: the plan made at send time goes.
   */
  planStep?: (
    chat: Chat,
    plan: ReadyChatPlan,
    continueAnswer: boolean,
    signal: AbortSignal,
  ) => Promise<ReadyChatPlan>;
  /** The tool loop (tools SPEC TL*): absent, answers offer no tools and calls are not run. */
  tools?: ToolLoopDeps | undefined;
  /** Last step before the call: attached images are read from the attachments store (DO7). */
  resolveRequest?: (plan: ReadyChatPlan) => Promise<ReadyChatPlan['request']>;
};

/**
 * Streams answers into chats, one at a time per chat, and saves them: every couple of seconds
 * while they stream and once more when they end (finished, failed or stopped, partial text kept).
 */
export class AnswerRunner {
  private readonly controllers = new Map<string, AbortController>();

  constructor(
    private readonly deps: AnswerRunnerDeps,
    private readonly writer: ChatWriter,
  ) {}

  isRunning(chatId: string): boolean {
    return this.controllers.has(chatId);
  }

  stop(chatId: string): void {
    this.controllers.get(chatId)?.abort();
  }

  /** The answer streaming into chat `from` goes on under `to` (SC26): its Stop and its text. */
  follow(from: string, to: string): void {
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

  /**
   * Answers message `parentId` of `chat` (saved already) with `plan`: the answer is its child (BR1),
   * selected once first saved, or streams into `placeholder` (saved empty already, MC2). With `cut`
   * (the path's last answer, cut at max tokens) the plan continues it (RQ4), after its text.
   */
  async run(
    chat: Chat,
    plan: ReadyChatPlan,
    access: ProviderAccessInput,
    target: { parentId?: string; cut?: Message | undefined; placeholder?: Message },
  ): Promise<void> {
    const { cut, placeholder } = target;
    const parentId = cut ? undefined : target.parentId;
    const { services, streaming } = this.deps;
    const { clock, ids } = services;
    const deps = { clock, ids };
    const controller = new AbortController();
    this.controllers.set(chat.id, controller);
    const messageId = cut?.id ?? placeholder?.id ?? newMessageId(ids);
    const createdAt = cut?.createdAt ?? placeholder?.createdAt ?? isoNow(clock);
    const outcome = (assembly: ChatAssembly): AnswerOutcome => ({
      assembly: cut ? joinContinuation(cut, assembly, plan.estimatedPromptTokens) : assembly,
      messageId,
      model: plan.model,
      estimatedPromptTokens: plan.estimatedPromptTokens,
      createdAt,
      parentId,
    });
    const before = { text: cut ? messageText(cut) : '', reasoning: cut?.reasoning ?? '' };
    const base = { chatId: chat.id, messageId, modelId: plan.model.id, parentId };
    setStreamingAnswer(streaming, { ...base, ...before, phase: 'waiting' });
    let assembly: ChatAssembly;
    let codeMissing = false;
    try {
      if (this.deps.planStep) {
        // A failure to plan keeps the plan made at send time: the answer still goes.
        plan = await this.deps
          // BR5: planned from the path of the message it answers, like the first plan.
          .planStep(parentId ? chatUpTo(chat, parentId) : chat, plan, cut !== undefined, controller.signal)
          .catch((error: unknown) => (console.warn('planning the answer failed', error), plan));
      }
      if (this.deps.resolveRequest) plan = { ...plan, request: await this.deps.resolveRequest(plan) };
      const { runAnswerStream } = await loadStreaming();
      assembly = await runAnswerStream({
        request: plan.request,
        fetch: services.fetch,
        signal: controller.signal,
        now: () => clock.now(),
        scheduleFrame: this.deps.scheduleFrame,
        checkpointMs: () => checkpointInterval(this.writer.lastSaveMs(chat.id)),
        onProgress: (progress) =>
          setStreamingAnswer(streaming, {
            ...base,
            chatId: this.writer.currentId(chat.id),
            text: before.text + progress.text,
            reasoning: before.reasoning + progress.reasoning,
            phase: 'streaming',
          }),
        onCheckpoint: (progress) => {
          const partial = storedAs(cut, partialAnswerMessage(outcome(progress), deps));
          void this.writer
            .writeChat(chat.id, chat.id, (c) => upsertMessage(c, partial, deps))
            .catch((error: unknown) => console.warn('saving the partial answer failed', error));
        },
      });
    } catch (error) {
      // Only loading the code chunk can fail here (streamChat never throws): offline, or our own
      // code gone (a new version deployed while this tab was open), told apart in finish().
      codeMissing = true;
      const providerMessage = error instanceof Error ? error.message : String(error);
      assembly = {
        ...emptyChatAssembly,
        error: new ProviderError({ code: 'offline', provider: plan.model.provider, providerMessage }),
      };
    } finally {
      this.controllers.delete(chat.id);
      this.controllers.delete(this.writer.currentId(chat.id));
    }
    await this.finish({ chat, plan, access, assembly, outcome: outcome(assembly), codeMissing, cut });
  }

  private async finish({ chat, plan, access, assembly, outcome, codeMissing, cut }: Ending): Promise<void> {
    const { services, streaming, settings, active } = this.deps;
    const { clock, ids, store } = services;
    const deps = { clock, ids };
    const currentId = () => this.writer.currentId(chat.id);
    const stopped = assembly.error?.code === 'aborted';
    const nothingArrived =
      assembly.text === '' && assembly.reasoning === '' && assembly.toolCalls.length === 0;
    // A Stop before anything arrived leaves no answer (a continued one stays as it was); reasoning
    // the user was reading is kept.
    const keep = !(stopped && nothingArrived) || cut !== undefined;
    // CE2: "offline" only when the browser knows it is; otherwise the server could not be reached.
    const online = typeof navigator === 'undefined' || navigator.onLine;
    const failure =
      assembly.error && !stopped
        ? codeMissing && online
          ? APP_CODE_MISSING_CODE
          : failureCode(assembly.error.code, online)
        : null;
    // TL1: a single call is also kept as function_call, the spec's shape.
    const answer = withFunctionCall(answerMessage(outcome, deps));
    const failed =
      answer.error && failure ? { ...answer, error: { ...answer.error, code: failure } } : answer;
    // RQ4, CE4: a continuation that failed, or was stopped before anything came, leaves the cut answer
    // as it was (a partial save is undone): its note or error and Continue stay, and the failure shows
    // as a toast. A new error on it would offer only Retry, which would throw the cut answer away.
    const message = !cut
      ? failed
      : failed.error || (stopped && nothingArrived)
        ? { ...cut, updatedAt: failed.updatedAt }
        : storedAs(cut, failed);
    const withAnswer = (current: Chat): Chat =>
      keep ? upsertMessage(current, message, deps) : withoutAnswer(current, message);
    // The answer takes its place in the chat at once; the save follows.
    const open = active.getState().chat;
    if (open?.id === currentId()) active.apply(withAnswer(open));
    const calls = toolCallsOf(message);
    const tools = !assembly.error && !cut && keep && calls.length > 0 ? this.deps.tools : undefined;
    // With calls to run, the chat goes straight on to the waiting row (and its Stop): no moment
    // while the answer is saved in which it reads as done and takes a new message.
    const step = tools ? this.startToolStep(currentId(), message) : undefined;
    if (!step) clearStreamingAnswer(streaming, currentId());
    let stored: Chat | undefined;
    try {
      stored = await this.writer.writeChat(chat.id, chat.id, withAnswer);
      active.apply(stored);
    } catch (error) {
      console.error('saving the answer failed', error);
    }
    // CE5: an answer's error shows once, on the answer. Only a failed continuation, which leaves the
    // answer as it was, has no place in the chat to show it.
    if (assembly.error && failure && cut) {
      this.deps.onAnswerFailed({
        chatId: currentId(),
        code: failure,
        providerMessage: assembly.error.providerMessage,
        provider: plan.model.provider,
      });
    }
    recordAnswerUsage({ store, chatId: currentId(), plan, assembly, settings });
    if (tools && step) {
      if (stored) await this.toolStep(stored, message, calls, tools, step);
      else this.endToolStep(step, currentId());
      return;
    }
    // A continued answer already had its title and keywords; another paid call adds little.
    if (!stored || assembly.error || cut) return;
    await startEnhancements({
      services,
      chat: stored,
      answer: message,
      plan,
      access,
      settings,
      onChat: (updated) => active.apply(updated),
    });
  }

  /**
   * TL4-TL8: runs the answer's calls (Stop abandons them), stores a result per call under the
   * answer, and asks the model again from the last result. Meanwhile the chat shows a waiting
   * answer, so it reads as busy and offers Stop.
   */
  /** The waiting row under an answer whose calls are about to run, and the Stop that ends them. */
  private startToolStep(chatId: string, answer: Message): AbortController {
    const controller = new AbortController();
    this.controllers.set(chatId, controller);
    setStreamingAnswer(this.deps.streaming, {
      chatId,
      messageId: newMessageId(this.deps.services.ids),
      modelId: answer.model ?? '',
      parentId: answer.id,
      text: '',
      reasoning: '',
      phase: 'waiting',
    });
    return controller;
  }

  private endToolStep(controller: AbortController, chatId: string): void {
    for (const [id, held] of this.controllers) if (held === controller) this.controllers.delete(id);
    clearStreamingAnswer(this.deps.streaming, chatId);
  }

  private async toolStep(
    chat: Chat,
    answer: Message,
    calls: ReturnType<typeof toolCallsOf>,
    tools: ToolLoopDeps,
    controller: AbortController,
  ) {
    const { services, streaming, active } = this.deps;
    const chatId = this.writer.currentId(chat.id);
    this.controllers.set(chatId, controller);
    let stored: Chat | undefined;
    let goOn = false;
    let lastId: string | undefined;
    try {
      const step = await runToolStep({ chat, answer, calls, tools, services, signal: controller.signal });
      goOn = step.goOn;
      lastId = step.results.at(-1)?.id;
      const open = active.getState().chat;
      if (open?.id === this.writer.currentId(chat.id))
        active.apply(withToolResults(open, step.results, services));
      stored = await this.writer.writeChat(chat.id, chat.id, (current) =>
        withToolResults(current, step.results, services),
      );
      active.apply(stored);
      // The waiting row now follows the last result, so the list shows the results above it.
      if (lastId && goOn) {
        const waiting = streaming.getState().answers[this.writer.currentId(chat.id)];
        if (waiting) setStreamingAnswer(streaming, { ...waiting, parentId: lastId });
      }
    } catch (error) {
      console.error('running the tool calls failed', error);
    } finally {
      this.controllers.delete(chatId);
      this.controllers.delete(this.writer.currentId(chat.id));
    }
    const next = stored && lastId && goOn ? tools.replan(chatUpTo(stored, lastId)) : undefined;
    if (!stored || !lastId || !next?.ok) {
      clearStreamingAnswer(streaming, this.writer.currentId(chat.id));
      return;
    }
    await this.run(stored, next.plan, next.access, { parentId: lastId });
  }
}

type Ending = {
  chat: Chat;
  plan: ReadyChatPlan;
  access: ProviderAccessInput;
  /** What this call streamed (a continuation's new part only). */
  assembly: ChatAssembly;
  /** The answer to store (a continuation joined to the cut answer). */
  outcome: AnswerOutcome;
  codeMissing: boolean;
  cut: Message | undefined;
};
