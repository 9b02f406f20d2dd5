import type { ContextSource, PromptContext } from '@parley/core/chat';
import { messageText } from '@parley/core/entities';
import type { CustomSecrets } from '@parley/core/models';

export type EndpointContextDeps = {
  fetch: typeof fetch;
  promptContext: () => PromptContext;
  /** Secret row values of the agent's endpoints, kept in the key vault (AG8). */
  customSecrets: () => CustomSecrets;
  /** Whether this device approved an endpoint, by fingerprint (DC7). */
  approvedEndpoint: (fingerprint: string) => boolean;
};

/**
 * What the agent's dynamic context endpoints answer, fetched before each answer of its chat (DC*).
 * Only endpoints this device approved are called (DC7): one that came with an imported chat, a
 * synced agent or a chat's copy of an agent is named instead, and sends nothing. Those that failed
 * are named too (DC6).
 */
export function endpointContextSource(deps: EndpointContextDeps): ContextSource {
  return {
    async gather({ chat, contextLength, signal }) {
      const endpoints = chat.character?.dynamicContextEndpoints ?? [];
      if (endpoints.length === 0) return { persona: { dynamicContext: [] } };
      // Only agents with endpoints pay for this code.
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
        failures: context.flatMap((result) =>
          result.ok ? [] : [{ name: result.name, error: result.error }],
        ),
        off: offNamed,
      };
    },
  };
}
