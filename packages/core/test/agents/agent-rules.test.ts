import { describe, expect, it } from 'vitest';
import {
  AGENT_MESSAGES,
  avatarColor,
  agentInitials,
  canAddEndpoint,
  MAX_DYNAMIC_CONTEXT_ENDPOINTS,
  safeAvatarURL,
  validateAgent,
  validateEndpoint,
} from '../../src/agents/agent-rules';
import { DynamicContextEndpointSchema } from '../../src/entities/character';

const endpoint = (fields: Record<string, unknown>) =>
  DynamicContextEndpointSchema.parse({ name: 'Data', url: 'https://x.test', ...fields });

describe('agent rules', () => {
  it('AG1 title and instruction are required (the spec message)', () => {
    const draft = { title: 'Chef', instruction: 'Cook.', dynamicContextEndpoints: [] };
    expect(validateAgent(draft)).toBeUndefined();
    expect(validateAgent({ ...draft, title: ' ' })).toBe('Title and instruction cannot be empty');
    expect(validateAgent({ ...draft, instruction: '' })).toBe(AGENT_MESSAGES.titleAndInstruction);
  });

  it("AG2 an endpoint needs a URL ('URL cannot be empty'), a name, http(s), and keys on filled rows", () => {
    expect(validateEndpoint(endpoint({ url: ' ' }))).toBe('URL cannot be empty');
    expect(validateEndpoint(endpoint({ name: '' }))).toBe(
      'All dynamic context endpoints need a name and a URL.',
    );
    expect(validateEndpoint(endpoint({ url: 'javascript:alert(1)' }))).toBe(AGENT_MESSAGES.endpointUrlScheme);
    expect(validateEndpoint(endpoint({ headers: [{ key: '', value: 'x' }] }))).toBe(
      'Header and body rows need their required key.',
    );
    expect(validateEndpoint(endpoint({ body: [{ key: '', value: '' }] }))).toBeUndefined();
  });

  it('AG3 at most five endpoints, with the spec message', () => {
    const five = Array.from({ length: MAX_DYNAMIC_CONTEXT_ENDPOINTS }, () => endpoint({}));
    expect(canAddEndpoint(five)).toBe(false);
    expect(canAddEndpoint(five.slice(1))).toBe(true);
    expect(
      validateAgent({ title: 'T', instruction: 'I', dynamicContextEndpoints: [...five, endpoint({})] }),
    ).toBe('You have reached the maximum number of dynamic context endpoints.');
  });

  it('AG4 initials from the first two words, colours stable per id', () => {
    expect(agentInitials('Travel planner')).toBe('TP');
    expect(agentInitials('  émile  ')).toBe('É');
    expect(agentInitials('🍳 Chef de cuisine')).toBe('CD');
    expect(agentInitials('')).toBe('?');
    expect(avatarColor('character-a')).toBe(avatarColor('character-a'));
    expect(avatarColor('character-a')).toMatch(/^hsl\(217 \d+% 40%\)$/);
    const shades = new Set(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => avatarColor(`character-${id}`)));
    expect(shades.size).toBeGreaterThan(1);
  });

  it('AG6 only http(s) avatar URLs are used', () => {
    expect(safeAvatarURL('https://x.test/a.png')).toBe('https://x.test/a.png');
    expect(safeAvatarURL('javascript:alert(1)')).toBeUndefined();
    expect(safeAvatarURL('data:image/png;base64,AAAA')).toBeUndefined();
    expect(safeAvatarURL(null)).toBeUndefined();
  });
});

describe('AG9 built-in ids', () => {
  it('AG9 every built-in agent id is reserved, and a stored one is renamed once, the same way every time', async () => {
    const { bundledAgents } = await import('../../src/agents/bundled-agents');
    const { isBuiltInCharacterId, ownCharacterIdFor, withOwnCharacterId } =
      await import('../../src/entities/character');
    for (const agent of bundledAgents) expect(isBuiltInCharacterId(agent.id)).toBe(true);
    const renamed = withOwnCharacterId({ id: 'character-parley-writing-coach', title: 'Writing Coach' });
    expect(renamed).toEqual({ id: 'character-imported-parley-writing-coach', title: 'Writing Coach' });
    expect(isBuiltInCharacterId(renamed.id)).toBe(false);
    expect(withOwnCharacterId(renamed)).toBe(renamed);
    expect(ownCharacterIdFor('character-abc')).toBe('character-abc');
  });
});
