import { chatPath, gatherContext, type PromptContext } from '@parley/core/chat';
import type { Chat } from '@parley/core/entities';
import type { CustomSecrets, ModelDescriptor } from '@parley/core/models';
import { toolsForNextRequest } from '@parley/core/tools';
import type { KeyProvider, ProviderAccess, SyncedSettingsStore } from '../../state';
import type { ActiveChatStore } from './active-chat-store';
import { planAnswer, type AnswerPlan, type AnswerPlanDeps, type ReadyChatPlan } from './answer-plan';
import type { AnswerRunnerDeps } from './answer-runner';
import type { AnswerSources } from './answer-sources';
import type { FrameScheduler } from './answer-stream';
import { resolveAttachments } from './attachment-request';
import type { AnswerFailure, ChatNoticeStore } from './chat-notices';
import type { ChatServices } from './chat-services';
import type { ComparisonStore } from './comparison-store';
import type { StreamingStore } from './streaming-store';

/** What the chat session is built from, and the deps of the answer runners it makes. */

export type ChatSessionDeps = {
  services: ChatServices;
  settings: SyncedSettingsStore;
  active: ActiveChatStore;
  streaming: StreamingStore;
  /** Several models' answers to one question, side by side (MC*). */
  comparisons: ComparisonStore;
  notices: ChatNoticeStore;
  providerAccess: (provider: KeyProvider) => ProviderAccess;
  /** Custom models' secret row values from the key vault, read when a request is planned. */
  customSecrets: () => CustomSecrets;
  /** A model from a provider's live list by app id (the default model may be one). */
  listedModel?: (id: string) => ModelDescriptor | undefined;
  /** How a chat with a model the organisation offers is sent (its server's relay, PR28). */
  hostedAccess?: AnswerPlanDeps['hostedAccess'];
  onAnswerFailed: (failure: AnswerFailure) => void;
  promptContext: () => PromptContext;
  scheduleFrame?: FrameScheduler;
  /** The context and tool sources the composition root registered (decision 0095). */
  sources: AnswerSources;
  /** A tool call's time-out (tools SPEC TL4); 30 s when not given. */
  toolTimeoutMs?: number | undefined;
};

/**
 * An answer runner's deps, streaming into `streaming`; with `model`, a compared answer's (MC3): its
 * plan step and its tool loop's next step are planned for that model, not the chat's.
 */
export function answerRunnerDeps(
  deps: ChatSessionDeps,
  prepare: (chat: Chat) => AnswerPlan,
  streaming: StreamingStore,
  model?: ModelDescriptor,
): AnswerRunnerDeps {
  const forModel = (chat: Chat): Chat =>
    model ? { ...chat, model: model.id, modelInfo: { ...model } } : chat;
  return {
    ...deps,
    streaming,
    planStep: (chat, plan, continueAnswer, signal) =>
      planWithSources(deps, forModel(chat), plan, continueAnswer, signal),
    tools: {
      registry: deps.sources.tools,
      replan: (chat) => prepare(forModel(chat)),
      timeoutMs: deps.toolTimeoutMs,
    },
    resolveRequest: (plan) => resolveAttachments(deps.services.store, plan),
  };
}

/**
 * The answer's one plan step, just before the call (decision 0095): every registered context
 * source (profile, memory, the agent's endpoints: SC*) and tool source (TL5, RQ6; none for a
 * continuation) at once, then the request from all of it. Endpoints that failed are named above
 * the composer (DC6); a plan that cannot be made keeps the one made at send time.
 */
async function planWithSources(
  deps: ChatSessionDeps,
  chat: Chat,
  plan: ReadyChatPlan,
  continueAnswer: boolean,
  signal: AbortSignal,
): Promise<ReadyChatPlan> {
  const { sources } = deps;
  // The app's sources load after the first screen; an answer that comes first waits for them.
  await sources.ready().catch((error: unknown) => console.warn('loading the answer sources failed', error));
  const [context, tools] = await Promise.all([
    gatherContext(sources.context, { chat, contextLength: plan.model.contextLength, signal }),
    continueAnswer
      ? undefined
      : sources.tools
          .list()
          .then((listed) => toolsForNextRequest(chatPath(chat), listed))
          .catch(() => undefined),
  ]);
  // Endpoints left off (DC7) are named first: the user may want to turn them on.
  if (context.off.length > 0)
    deps.notices.setState({ notice: { kind: 'context-off', endpoints: context.off } });
  else if (context.failures.length > 0)
    deps.notices.setState({ notice: { kind: 'context-failed', failures: context.failures } });
  const planned = planAnswer(chat, deps, {
    continueAnswer,
    persona: context.persona,
    ...(tools ? { tools } : {}),
  });
  return planned.ok ? planned.plan : plan;
}
