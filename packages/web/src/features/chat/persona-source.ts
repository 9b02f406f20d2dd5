import type { PersonaInput, PromptContext } from '@parley/core/chat';
import { messageText, type Chat } from '@parley/core/entities';
import type { CustomSecrets } from '@parley/core/models';
import type { StoragePort } from '@parley/core/storage';

/** An agent endpoint that failed before an answer (DC6): the chat names it under the answer. */
export type ContextFailure = { name: string; error: string };

export type GatheredPersona = { persona: PersonaInput; failures: ContextFailure[] };

export type PersonaSourceDeps = {
  store: StoragePort;
  fetch: typeof fetch;
  globalMemory: () => boolean;
  promptContext: () => PromptContext;
  /** Secret row values of the agent's endpoints, kept in the key vault (AG8). */
  customSecrets: () => CustomSecrets;
};

/**
 * What the model is told about the user and by the agent's endpoints, gathered before each answer
 * (chat/SPEC SC*): the current profile, the memory entries when global memory is on, and the
 * agent's dynamic context. A store read that fails leaves that part out: the answer still goes.
 */
export async function gatherPersona(
  chat: Chat,
  contextLength: number,
  deps: PersonaSourceDeps,
  signal: AbortSignal,
): Promise<GatheredPersona> {
  const [profile, memory, context] = await Promise.all([
    deps.store.profiles
      .list()
      .then((profiles) => profiles.find((candidate) => candidate.isCurrent) ?? null)
      .catch(() => null),
    deps.globalMemory() ? deps.store.memory.list().catch(() => []) : Promise.resolve([]),
    dynamicContextOf(chat, contextLength, deps, signal),
  ]);
  return {
    persona: { profile, memory, dynamicContext: context },
    failures: context.flatMap((result) => (result.ok ? [] : [{ name: result.name, error: result.error }])),
  };
}

async function dynamicContextOf(
  chat: Chat,
  contextLength: number,
  deps: PersonaSourceDeps,
  signal: AbortSignal,
) {
  const endpoints = chat.character?.dynamicContextEndpoints ?? [];
  if (endpoints.length === 0) return [];
  // Only agents with endpoints pay for this code.
  const { fetchAllDynamicContext, fillAgentSecrets } = await import('@parley/core/agent-context');
  const agentId = chat.character?.id ?? '';
  const prompt = deps.promptContext();
  const lastUser = chat.messages.findLast((message) => message.role === 'user' && !message.deletedAt);
  const date = new Intl.DateTimeFormat(prompt.locale, { dateStyle: 'full', timeZone: prompt.timeZone });
  const time = new Intl.DateTimeFormat(prompt.locale, { timeStyle: 'short', timeZone: prompt.timeZone });
  return fetchAllDynamicContext(
    fillAgentSecrets(agentId, endpoints, deps.customSecrets()),
    {
      lastUserMessage: lastUser ? messageText(lastUser) : '',
      chatID: chat.id,
      chatTitle: chat.chatTitle,
      localDate: date.format(prompt.now),
      localTime: time.format(prompt.now),
    },
    contextLength,
    { fetch: deps.fetch, signal },
  );
}
