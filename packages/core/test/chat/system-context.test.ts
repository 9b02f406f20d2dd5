import { describe, expect, it } from 'vitest';
import { assembleSystemContext, selectMemory } from '../../src/chat/system-context';
import { planChatRequest } from '../../src/chat/chat-request-builder';
import { isModelLocked, newAgentChat } from '../../src/chat/agent-chat';
import { newCharacter } from '../../src/entities/character';
import { estimateTokens } from '../../src/models/tokens';
import { chatWith, message, requestSettings, testDeps } from '../../src/chat/test-chats';

const prompt = { now: new Date('2024-05-03T12:05:00.000Z'), locale: 'en-GB', timeZone: 'UTC' };
const access = { apiKey: 'sk-test', endpoint: 'http://sim.local/v1' };
const memory = (content: string, updatedAt = '2024-05-01T00:00:00.000Z') => ({ content, updatedAt });

describe('system context', () => {
  it('SC1-SC6 instruction, profile, custom instruction, memory, endpoint data, in that order', () => {
    const context = assembleSystemContext({
      baseSystemText: 'Default.',
      agent: { instruction: 'You are a chef.', trainingExamples: [] },
      persona: {
        profile: { name: 'Ann', information: 'I live in Lyon.', customInstruction: 'Be brief.' },
        memory: [memory('Allergic to nuts.')],
        dynamicContext: [
          { name: 'Menu', ok: true, text: 'Soup', truncated: false },
          { name: 'Broken', ok: false, error: 'answered HTTP 500' },
        ],
      },
      contextLength: 8000,
      lastUserMessage: 'What should I cook?',
    });
    expect(context.systemText).toBe(
      [
        'You are a chef.',
        '## About the user\nI live in Lyon.',
        '## How the user wants you to respond\nBe brief.',
        '## What you remember about the user\n- Allergic to nuts.',
        '## Menu\nSoup',
      ].join('\n\n'),
    );
    expect(context.memoryUsed).toBe(1);
  });

  it('SC1 without an agent instruction the chat system text stays; empty parts are left out', () => {
    const context = assembleSystemContext({
      baseSystemText: 'Default.',
      agent: { instruction: '  ', trainingExamples: [] },
      persona: { profile: { name: 'Unnamed', information: '', customInstruction: '' } },
      contextLength: 8000,
      lastUserMessage: '',
    });
    expect(context.systemText).toBe('Default.');
  });

  it('SC4 memory: relevant entries first, then the newest, within the budget', () => {
    const entries = [
      memory('Has a dog named Rex.', '2024-05-01T00:00:00.000Z'),
      memory('Works as a nurse in Lyon.', '2024-04-01T00:00:00.000Z'),
      memory('Prefers metric units.', '2024-05-02T00:00:00.000Z'),
      memory('   '),
    ];
    expect(selectMemory(entries, 'Restaurants in Lyon for a nurse?', 1000)).toEqual([
      'Works as a nurse in Lyon.',
      'Prefers metric units.',
      'Has a dog named Rex.',
    ]);
    // Room for the relevant entry only: the shorter, newer ones do not squeeze it out.
    const room = estimateTokens('Works as a nurse in Lyon.') + 2;
    expect(selectMemory(entries, 'Lyon', room)).toEqual(['Works as a nurse in Lyon.']);
  });

  it('SC4 memory never takes more than 10% of a small context', () => {
    const many = Array.from({ length: 200 }, (_, i) => memory(`Fact number ${i} about the user.`));
    const context = assembleSystemContext({
      baseSystemText: '',
      agent: null,
      persona: { memory: many },
      contextLength: 2048,
      lastUserMessage: '',
    });
    expect(context.memoryUsed).toBeGreaterThan(0);
    expect(context.memoryUsed).toBeLessThan(30);
  });

  it('SC5 SC7 the request: system, training examples as prior turns, conversation; the welcome message is not sent', () => {
    const deps = testDeps();
    const character = newCharacter(
      {
        title: 'Chef',
        instruction: 'You are a chef.',
        welcomeMessage: 'Bonjour!',
        trainingExamples: [
          { role: 'user', content: 'Pasta?' },
          { role: 'assistant', content: 'Al dente.' },
        ],
      },
      deps,
    );
    const chat = chatWith(
      [
        message('assistant', 'Bonjour!', deps, { type: 'character-welcome-message' }),
        message('user', 'Soup?', deps),
      ],
      deps,
      { character },
    );
    const plan = planChatRequest({
      chat,
      settings: requestSettings({}),
      access,
      prompt,
      persona: { profile: { name: 'Ann', information: 'Vegetarian.', customInstruction: '' } },
    });
    if (plan.kind !== 'ready') throw new Error(`plan is ${plan.kind}`);
    expect(plan.request.messages).toEqual([
      { role: 'system', content: 'You are a chef.\n\n## About the user\nVegetarian.' },
      { role: 'user', content: 'Pasta?' },
      { role: 'assistant', content: 'Al dente.' },
      { role: 'user', content: 'Soup?' },
    ]);
  });
});

describe('chats with an agent', () => {
  it('AC1 the chat keeps the agent, takes its model and opens with the welcome message', () => {
    const deps = testDeps();
    const agent = newCharacter(
      { title: 'Chef', instruction: 'Cook.', welcomeMessage: 'Bonjour!', model: 'claude-3-opus' },
      deps,
    );
    const chat = newAgentChat(agent, { defaultModel: 'gpt-4-turbo', customModels: [] }, deps);
    expect(chat.character?.id).toBe(agent.id);
    expect(chat.model).toBe('claude-3-opus');
    expect(chat.messages).toMatchObject([
      { role: 'assistant', content: 'Bonjour!', type: 'character-welcome-message' },
    ]);
    const unknownModel = newAgentChat(
      { ...agent, model: 'gone', welcomeMessage: ' ' },
      { defaultModel: 'gpt-4-turbo', customModels: [] },
      deps,
    );
    expect(unknownModel.model).toBe('gpt-4-turbo');
    expect(unknownModel.messages).toEqual([]);
  });

  it('AC2 only a locked agent locks the model', () => {
    const deps = testDeps();
    const agent = newCharacter({ title: 'A', instruction: 'I' }, deps);
    expect(isModelLocked({ character: agent })).toBe(false);
    expect(isModelLocked({ character: { ...agent, modelLocked: true } })).toBe(true);
    expect(isModelLocked(null)).toBe(false);
  });
});
