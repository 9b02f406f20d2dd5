import type { PromptContext } from '@parley/core/chat';
import type { Chat } from '@parley/core/entities';
import type { CustomSecrets, ModelDescriptor } from '@parley/core/models';
import type { KeyProvider, ProviderAccess, SyncedSettingsStore } from '../../state';
import type { ToolRegistry } from '../tools';
import type { ActiveChatStore } from './active-chat-store';
import { planAnswer, type AnswerPlan, type ReadyChatPlan } from './answer-plan';
import type { AnswerRunnerDeps } from './answer-runner';
import type { FrameScheduler } from './answer-stream';
import { resolveAttachments } from './attachment-request';
import type { AnswerFailure, ChatNoticeStore } from './chat-notices';
import type { ChatServices } from './chat-services';
import type { ComparisonStore } from './comparison-store';
import { gatherPersona, type PersonaSourceDeps } from './persona-source';
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
  /** Whether this device approved an agent endpoint, by fingerprint (DC7). */
  approvedEndpoint: (fingerprint: string) => boolean;
  /** A model from a provider's live list by app id (the default model may be one). */
  listedModel?: (id: string) => ModelDescriptor | undefined;
  onAnswerFailed: (failure: AnswerFailure) => void;
  promptContext: () => PromptContext;
  scheduleFrame?: FrameScheduler;
  /** Tool sources for the tool loop (plugins); none, answers offer no tools. */
  tools?: ToolRegistry | undefined;
  /** A tool call's time-out (tools SPEC TL4); 30 s when not given. */
  toolTimeoutMs?: number | undefined;
};

/**
 * An answer runner's deps, streaming into `streaming`; with `model`, a compared answer's (MC3): its
 * persona re-plan and its tool loop's next step are planned for that model, not the chat's.
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
    beforeAnswer: (chat, plan, continueAnswer, signal) =>
      withPersona(deps, forModel(chat), plan, continueAnswer, signal),
    tools: deps.tools && {
      registry: deps.tools,
      replan: (chat) => prepare(forModel(chat)),
      timeoutMs: deps.toolTimeoutMs,
    },
    resolveRequest: (plan) => resolveAttachments(deps.services.store, plan),
  };
}

/**
 * The answer's plan again, with the profile, memory and the agent's endpoint data (SC*). Endpoints
 * that failed are named above the composer (DC6); a plan that no longer fits keeps the first one.
 */
async function withPersona(
  deps: ChatSessionDeps,
  chat: Chat,
  plan: ReadyChatPlan,
  continueAnswer: boolean,
  signal: AbortSignal,
): Promise<ReadyChatPlan> {
  const { persona, failures, off } = await gatherPersona(
    chat,
    plan.model.contextLength,
    personaDeps(deps),
    signal,
  );
  // Endpoints left off (DC7) are named first: the user may want to turn them on.
  if (off.length > 0) deps.notices.setState({ notice: { kind: 'context-off', endpoints: off } });
  else if (failures.length > 0) deps.notices.setState({ notice: { kind: 'context-failed', failures } });
  const replanned = planAnswer(chat, deps, { continueAnswer, persona });
  return replanned.ok ? replanned.plan : plan;
}

function personaDeps(deps: ChatSessionDeps): PersonaSourceDeps {
  return {
    store: deps.services.store,
    fetch: deps.services.fetch,
    globalMemory: () => deps.settings.getState().values.enableGlobalMemory,
    promptContext: deps.promptContext,
    customSecrets: deps.customSecrets,
    approvedEndpoint: deps.approvedEndpoint,
  };
}
