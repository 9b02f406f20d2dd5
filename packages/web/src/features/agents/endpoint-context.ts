import type { ContextSource, PromptContext } from '@parley/core/chat';
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
    async gather(request) {
      if (!request.chat.character?.dynamicContextEndpoints?.length)
        return { persona: { dynamicContext: [] } };
      // Only agents with endpoints pay for this code.
      const { gatherEndpointContext } = await import('./endpoint-context-gather');
      return gatherEndpointContext(request, deps);
    },
  };
}
