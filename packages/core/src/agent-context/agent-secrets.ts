import type { Character, DynamicContextEndpoint } from '../entities';
import { fillSecretRows, splitSecretRows, type CustomSecrets } from '../models';

/**
 * AG8: secret header and body rows of an agent's endpoints (Authorization, API keys, tokens: the
 * custom models' rule, decision 0016) are kept in the key vault of this device. The agent that is
 * stored and synced carries them empty; the request is filled in memory. Endpoints get a stable id
 * on save so their secrets have an owner: `<agent id>#<endpoint id>`.
 */
function owner(agentId: string, endpoint: DynamicContextEndpoint) {
  return {
    id: `${agentId}#${endpoint.id ?? endpoint.name}`,
    headerRows: endpoint.headers,
    bodyRows: endpoint.body,
  };
}

/** The agent to store (secret values emptied, endpoint ids set) and the secrets for the vault. */
export function splitAgentSecrets(
  agent: Character,
  newId: () => string,
): { agent: Character; secrets: CustomSecrets } {
  const secrets: Record<string, string> = {};
  const endpoints = agent.dynamicContextEndpoints.map((endpoint) => {
    const withId = endpoint.id ? endpoint : { ...endpoint, id: newId() };
    const split = splitSecretRows(owner(agent.id, withId));
    Object.assign(secrets, split.secrets);
    return { ...withId, headers: split.model.headerRows, body: split.model.bodyRows };
  });
  return { agent: { ...agent, dynamicContextEndpoints: endpoints }, secrets };
}

/** The endpoints with their empty secret rows filled from the vault (in memory only). */
export function fillAgentSecrets(
  agentId: string,
  endpoints: readonly DynamicContextEndpoint[],
  secrets: CustomSecrets,
): DynamicContextEndpoint[] {
  return endpoints.map((endpoint) => {
    const filled = fillSecretRows(owner(agentId, endpoint), secrets);
    return { ...endpoint, headers: filled.headerRows, body: filled.bodyRows };
  });
}
