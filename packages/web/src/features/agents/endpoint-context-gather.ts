import type { ContextPart, ContextRequest } from '@parley/core/chat';
import { messageText } from '@parley/core/entities';
import type { EndpointContextDeps } from './endpoint-context';

/**
 * The endpoints' part of an answer's context (endpoint-context.ts): a chunk loaded with the first
 * agent chat that has endpoints.
 */
export async function gatherEndpointContext(
  { chat, contextLength, signal }: ContextRequest,
  deps: EndpointContextDeps,
): Promise<ContextPart> {
  const endpoints = chat.character?.dynamicContextEndpoints ?? [];
  const { describeEndpoint, fetchAllDynamicContext, fillAgentSecrets, partitionByApproval } =
    await import('@parley/core/agent-context');
  const { on, off } = partitionByApproval(endpoints, deps.approvedEndpoint);
  const offNamed = off.map((endpoint) => {
    const { name, host } = describeEndpoint(endpoint);
    return { name, host };
  });
  if (on.length === 0) return { persona: { dynamicContext: [] }, off: offNamed };
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
  return {
    persona: { dynamicContext: context },
    failures: context.flatMap((result) => (result.ok ? [] : [{ name: result.name, error: result.error }])),
    off: offNamed,
  };
}
