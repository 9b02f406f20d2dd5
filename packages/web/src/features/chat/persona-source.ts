import type { PersonaInput, PromptContext } from '@parley/core/chat';
import { messageText, type Chat } from '@parley/core/entities';
import type { CustomSecrets } from '@parley/core/models';
import type { StoragePort } from '@parley/core/storage';

/** An agent endpoint that failed before an answer (DC6): the chat names it under the answer. */
export type ContextFailure = { name: string; error: string };

/** An agent endpoint this device has not approved (DC7): not called; the chat names it and its host. */
export type EndpointOff = { name: string; host: string };

export type GatheredPersona = { persona: PersonaInput; failures: ContextFailure[]; off: EndpointOff[] };

export type PersonaSourceDeps = {
  store: StoragePort;
  fetch: typeof fetch;
  globalMemory: () => boolean;
  promptContext: () => PromptContext;
  /** Secret row values of the agent's endpoints, kept in the key vault (AG8). */
  customSecrets: () => CustomSecrets;
  /** Whether this device approved an endpoint, by fingerprint (DC7). */
  approvedEndpoint: (fingerprint: string) => boolean;
};

/**
 * What the model is told about the user and by the agent's endpoints, gathered before each answer
 * (chat/SPEC SC*): the current profile, the memory entries when global memory is on, and the
 * agent's dynamic context. A store read that fails leaves that part out: the answer still goes.
 * Only endpoints this device approved are called (DC7): one that came with an imported chat, a
 * synced agent or a chat's copy of an agent is named instead, and sends nothing.
 */
export async function gatherPersona(
  chat: Chat,
  contextLength: number,
  deps: PersonaSourceDeps,
  signal: AbortSignal,
): Promise<GatheredPersona> {
  const [profile, memory, { context, off }] = await Promise.all([
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
    off,
  };
}

async function dynamicContextOf(
  chat: Chat,
  contextLength: number,
  deps: PersonaSourceDeps,
  signal: AbortSignal,
) {
  const endpoints = chat.character?.dynamicContextEndpoints ?? [];
  if (endpoints.length === 0) return { context: [], off: [] };
  // Only agents with endpoints pay for this code.
  const { describeEndpoint, fetchAllDynamicContext, fillAgentSecrets, partitionByApproval } =
    await import('@parley/core/agent-context');
  const { on, off } = partitionByApproval(endpoints, deps.approvedEndpoint);
  const offNamed = off.map((endpoint) => {
    const { name, host } = describeEndpoint(endpoint);
    return { name, host };
  });
  if (on.length === 0) return { context: [], off: offNamed };
  const agentId = chat.character?.id ?? '';
  const prompt = deps.promptContext();
  const lastUser = chat.messages.findLast((message) => message.role === 'user' && !message.deletedAt);
  const date = new Intl.DateTimeFormat(prompt.locale, { dateStyle: 'full', timeZone: prompt.timeZone });
  const time = new Intl.DateTimeFormat(prompt.locale, { timeStyle: 'short', timeZone: prompt.timeZone });
  const context = await fetchAllDynamicContext(
    fillAgentSecrets(agentId, on, deps.customSecrets()),
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
  return { context, off: offNamed };
}
