import { answerUsage, answerUsageRecord, type ProviderAccessInput } from '@parley/core/chat';
import type { Chat, Message } from '@parley/core/entities';
import type { ChatAssembly } from '@parley/core/providers';
import type { ChatServices } from './chat-services';
import type { ReadyChatPlan } from './answer-plan';
import { loadStreaming } from './streaming-chunk';
import type { SyncedSettingsStore } from '../../state';

/** What an answer leaves behind once saved: its usage record, and the chat's title and keywords. */

/** Records the tokens and cost of an answer that got anywhere (usage or text); fire and forget. */
export function recordAnswerUsage(input: {
  store: ChatServices['store'];
  chatId: string;
  plan: ReadyChatPlan;
  assembly: ChatAssembly;
  settings: SyncedSettingsStore;
}): void {
  const { store, plan, assembly } = input;
  const { customModels } = input.settings.getState().values;
  // A call refused before any output used nothing; reasoning alone was still paid for.
  if (!assembly.usage && assembly.text === '' && assembly.reasoning === '') return;
  const usage = answerUsage(assembly, plan.estimatedPromptTokens);
  void store.usage
    .append(
      answerUsageRecord({
        chatID: input.chatId,
        model: plan.model,
        answer: usage,
        enhancements: [],
        customModels,
      }),
    )
    .catch((error: unknown) => console.warn('recording usage failed', error));
}

/** Starts the title and keywords of a saved answer (its own calls to the provider); not awaited. */
export async function startEnhancements(input: {
  services: ChatServices;
  chat: Chat;
  answer: Message;
  plan: ReadyChatPlan;
  access: ProviderAccessInput;
  settings: SyncedSettingsStore;
  onChat: (updated: Chat) => void;
}): Promise<void> {
  const { services, settings } = input;
  const { runEnhancements } = await loadStreaming();
  void runEnhancements({
    store: services.store,
    fetch: services.fetch,
    chat: input.chat,
    answer: input.answer,
    model: input.plan.model,
    access: input.access,
    settings: settings.getState().values,
    onChat: input.onChat,
  }).catch((error: unknown) => console.warn('title or keywords failed', error));
}
