import type { Character, DynamicContextEndpoint } from '../entities';
import { stableHash } from '../platform';

/** Agent validation and presentation (rules AG*, agents/SPEC.md). Messages are the spec's, word for word. */

export const AGENT_MESSAGES = {
  titleAndInstruction: 'Title and instruction cannot be empty',
  endpointNameAndUrl: 'All dynamic context endpoints need a name and a URL.',
  endpointUrlEmpty: 'URL cannot be empty',
  endpointUrlScheme: 'The URL must start with http:// or https://',
  rowKeyRequired: 'Header and body rows need their required key.',
  tooManyEndpoints: 'You have reached the maximum number of dynamic context endpoints.',
} as const;

/** AG3: endpoints per agent. */
export const MAX_DYNAMIC_CONTEXT_ENDPOINTS = 5;

export type AgentDraft = Pick<Character, 'title' | 'instruction' | 'dynamicContextEndpoints'>;

/** AG1-AG3: the first problem of a draft agent, or undefined when it can be saved. */
export function validateAgent(draft: AgentDraft): string | undefined {
  if (draft.title.trim() === '' || draft.instruction.trim() === '') return AGENT_MESSAGES.titleAndInstruction;
  if (draft.dynamicContextEndpoints.length > MAX_DYNAMIC_CONTEXT_ENDPOINTS) {
    return AGENT_MESSAGES.tooManyEndpoints;
  }
  for (const endpoint of draft.dynamicContextEndpoints) {
    const problem = validateEndpoint(endpoint);
    if (problem) return problem;
  }
  return undefined;
}

/** AG2: name and URL required, http(s) only; a header or body row with a value needs its key. */
export function validateEndpoint(endpoint: DynamicContextEndpoint): string | undefined {
  if (endpoint.url.trim() === '') return AGENT_MESSAGES.endpointUrlEmpty;
  if (endpoint.name.trim() === '') return AGENT_MESSAGES.endpointNameAndUrl;
  if (!/^https?:\/\/[^\s/]+/i.test(endpoint.url.trim())) return AGENT_MESSAGES.endpointUrlScheme;
  const rows = [...endpoint.headers, ...endpoint.body];
  if (rows.some((row) => row.key.trim() === '' && row.value.trim() !== ''))
    return AGENT_MESSAGES.rowKeyRequired;
  return undefined;
}

/** AG3: whether one more endpoint may be added. */
export function canAddEndpoint(endpoints: readonly DynamicContextEndpoint[]): boolean {
  return endpoints.length < MAX_DYNAMIC_CONTEXT_ENDPOINTS;
}

/** AG4: up to two initials from the title's first words ("Travel Planner" → "TP"). */
export function agentInitials(title: string): string {
  const words = title
    .trim()
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  const letters = words.slice(0, 2).map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/**
 * AG4: the avatar's colour when it has no picture (spec section 9): deterministic from a hash of
 * `seed` (the agent's id), constant hue 217, lightness 0.4; the hash picks the saturation (35-84%),
 * so every agent keeps its own shade of blue. The initials are white: text at lightness 20% on it
 * would fail WCAG contrast.
 */
export const AVATAR_HUE = 217;
export const AVATAR_LIGHTNESS = 0.4;

export function avatarColor(seed: string): string {
  const saturation = 35 + (Number.parseInt(stableHash(seed).slice(0, 6), 16) % 50);
  return `hsl(${AVATAR_HUE} ${saturation}% ${AVATAR_LIGHTNESS * 100}%)`;
}

/**
 * AG5: what a user may see of an agent. The creator's own agents show everything; bundled agents
 * (and, later, shared ones) never expose their instruction, training examples or endpoints.
 */
export function isAgentEditable(agent: Pick<Character, 'id'>, bundledIds: ReadonlySet<string>): boolean {
  return !bundledIds.has(agent.id);
}

/** AG6: avatar pictures are http(s) URLs; anything else shows the initials. */
export function safeAvatarURL(url: string | null): string | undefined {
  if (url === null) return undefined;
  const trimmed = url.trim();
  return /^https?:\/\/\S+$/i.test(trimmed) ? trimmed : undefined;
}
