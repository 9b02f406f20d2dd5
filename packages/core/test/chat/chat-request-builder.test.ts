import { describe, expect, it } from 'vitest';
import { parseChat } from '../../src/entities/chat';
import { findModel } from '../../src/models/catalogue';
import type { ModelDescriptor } from '../../src/models/model-descriptor';
import { buildRequest } from '../../src/providers/build-request';
import { withChatModelSettings } from '../../src/chat/chat-model-settings';
import { newContextBoundary } from '../../src/chat/chat-messages';
import {
  planChatRequest,
  resolveChatModel,
  systemTextOf,
  toMessageInput,
} from '../../src/chat/chat-request-builder';
import { DETAILED_SYSTEM_PROMPT } from '../../src/chat/system-prompt';
import { chatWith, message, requestSettings, testDeps } from '../../src/chat/test-chats';

const prompt = { now: new Date('2024-05-03T12:05:00.000Z'), locale: 'en-GB', timeZone: 'UTC' };
const access = { apiKey: 'sk-test', endpoint: 'http://sim.local/v1' };

describe('model of a chat', () => {
  it('RQ1 catalogue first, then custom models, then the snapshot, else the default', () => {
    const custom: ModelDescriptor = {
      ...(findModel('gpt-4') as ModelDescriptor),
      id: 'my-llama',
      provider: 'custom',
      source: 'custom',
    };
    expect(resolveChatModel({ model: 'claude-3-opus', modelInfo: null }, []).id).toBe('claude-3-opus');
    expect(resolveChatModel({ model: 'my-llama', modelInfo: null }, [custom]).id).toBe('my-llama');
    expect(resolveChatModel({ model: 'my-llama', modelInfo: { ...custom } }, []).provider).toBe('custom');
    expect(resolveChatModel({ model: 'gone-model', modelInfo: null }, []).id).toBe('gpt-4-turbo');
  });
});

describe('system text', () => {
  it("SM1 the chat's own text, else a leading system message, else the default setting", () => {
    const deps = testDeps();
    const plain = chatWith([message('user', 'hi', deps)], deps);
    expect(systemTextOf(plain, 'Default.')).toBe('Default.');
    expect(systemTextOf({ ...plain, systemMessage: 'Be a pirate.' }, 'Default.')).toBe('Be a pirate.');
    const imported = chatWith([message('system', 'Legacy system.', deps), message('user', 'hi', deps)], deps);
    expect(systemTextOf(imported, 'Default.')).toBe('Legacy system.');
    const cleared = chatWith([newContextBoundary(deps), message('user', 'hi', deps)], deps);
    expect(systemTextOf(cleared, 'Default.')).toBe('Default.');
  });
});

describe('planChatRequest', () => {
  it('AN4 the reasoning kept on an earlier answer is not sent back', () => {
    const deps = testDeps();
    const answer = { ...message('assistant', 'The moon.', deps), reasoning: 'SECRET-CHAIN' };
    const chat = chatWith(
      [message('user', 'Why tides?', deps), answer, message('user', 'More?', deps)],
      deps,
      {
        model: 'gpt-4',
      },
    );
    const plan = planChatRequest({ chat, settings: requestSettings({}), access, prompt });
    if (plan.kind !== 'ready') throw new Error(`plan is ${plan.kind}`);
    expect(plan.request.messages.slice(1)).toEqual([
      { role: 'user', content: 'Why tides?' },
      { role: 'assistant', content: 'The moon.' },
      { role: 'user', content: 'More?' },
    ]);
    expect(buildRequest(plan.request).init.body).not.toContain('SECRET-CHAIN');
  });

  it('SM1 SM2 RQ2 sends the filled-in system message, the conversation and the default settings', () => {
    const deps = testDeps();
    const chat = chatWith([message('user', 'hello', deps)], deps, {
      model: 'gpt-4',
      systemMessage: DETAILED_SYSTEM_PROMPT,
    });
    const plan = planChatRequest({
      chat,
      settings: requestSettings({ defaultTemperature: 0.7 }),
      access,
      prompt,
    });
    expect(plan.kind).toBe('ready');
    if (plan.kind !== 'ready') return;
    expect(plan.request.messages[0]?.role).toBe('system');
    expect(plan.request.messages[0]?.content).toContain('Friday, 3 May 2024');
    expect(plan.request.messages.slice(1)).toEqual([{ role: 'user', content: 'hello' }]);
    expect(plan.request.settings).toMatchObject({ temperature: 0.7, stream: true });
    expect(plan.request.settings.maxTokens).toBeUndefined();
    expect(plan.request.apiKey).toBe('sk-test');
    expect(plan.request.endpoint).toBe('http://sim.local/v1');
    expect(plan.model.id).toBe('gpt-4');
  });

  it("RQ2 the chat's own settings win over the defaults; stream off per chat", () => {
    const deps = testDeps();
    const chat = withChatModelSettings(chatWith([message('user', 'hello', deps)], deps), {
      temperature: 0.1,
      topK: 5,
      maxTokens: 256,
      stream: false,
    });
    const plan = planChatRequest({
      chat,
      settings: requestSettings({ defaultTemperature: 0.9, defaultTopP: 0.5, defaultMaxTokens: 1000 }),
      access,
      prompt,
    });
    expect(plan.kind === 'ready' && plan.request.settings).toEqual({
      temperature: 0.1,
      presencePenalty: undefined,
      frequencyPenalty: undefined,
      topP: 0.5,
      topK: 5,
      maxTokens: 256,
      stream: false,
    });
  });

  it('RQ2 reasoning settings: the chat own over the synced defaults, sent in the model shape (PR24)', () => {
    const deps = testDeps();
    const chat = withChatModelSettings(
      chatWith([message('user', 'think', deps)], deps, { model: 'claude-sonnet-4-5' }),
      { thinkingBudget: 6000, verbosity: null },
    );
    const settings = requestSettings({
      defaultThinkingBudget: 2000,
      defaultReasoningEffort: 'low',
      defaultVerbosity: 'high',
    });
    const plan = planChatRequest({ chat, settings, access, prompt });
    if (plan.kind !== 'ready') throw new Error('not ready');
    expect(plan.request.settings).toMatchObject({
      thinkingBudget: 6000,
      reasoningEffort: 'low',
      verbosity: 'high',
    });
    const body = JSON.parse(buildRequest(plan.request).init.body) as Record<string, unknown>;
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 6000 });
    expect(body).not.toHaveProperty('reasoning_effort');
    expect(body).not.toHaveProperty('verbosity');
    // No reasoning setting anywhere: none on the request.
    const plain = planChatRequest({
      chat: chatWith([message('user', 'x', deps)], deps),
      settings: requestSettings(),
      access,
      prompt,
    });
    expect(plain.kind === 'ready' && plain.request.settings).toMatchObject({
      reasoningEffort: undefined,
      thinkingBudget: undefined,
      verbosity: undefined,
    });
  });

  it('RQ2 a stored per-chat value that is damaged counts as unset; the valid ones still apply', () => {
    const deps = testDeps();
    const chat = parseChat({
      ...chatWith([message('user', 'x', deps)], deps),
      modelSettings: { temperature: 'hot', topP: 7, maxTokens: 300 },
    });
    const plan = planChatRequest({
      chat,
      settings: requestSettings({ defaultTemperature: 0.4, defaultTopP: 0.8 }),
      access,
      prompt,
    });
    expect(plan.kind === 'ready' && plan.request.settings).toMatchObject({
      temperature: 0.4,
      topP: 0.8,
      maxTokens: 300,
    });
  });

  it('RQ2 a null per-chat value means the default; no settings of its own means every default', () => {
    const deps = testDeps();
    const chat = chatWith([message('user', 'x', deps)], deps);
    const settings = requestSettings({ defaultTemperature: 0.6, defaultContextLimit: 3, streaming: false });
    const plain = planChatRequest({ chat, settings, access, prompt });
    const reset = planChatRequest({
      chat: withChatModelSettings(chat, { temperature: null, stream: null }),
      settings,
      access,
      prompt,
    });
    for (const plan of [plain, reset]) {
      expect(plan.kind === 'ready' && plan.request.settings).toMatchObject({
        temperature: 0.6,
        stream: false,
      });
      expect(plan.kind === 'ready' && plan.modelSettings.contextLimit).toBe(3);
    }
  });

  it('CX1 RQ2 a chat as stored today (marker message, settings on the chat) builds its request from the typed fields', () => {
    const at = (minute: number) => `2024-05-03T12:0${minute}:00.000Z`;
    const stored = JSON.parse(
      JSON.stringify({
        id: 'ch-stored',
        chatID: 'ch-stored',
        schemaVersion: 2,
        model: 'gpt-4',
        createdAt: at(0),
        updatedAt: at(5),
        modelSettings: { temperature: 0.25, maxTokens: 100, stream: false },
        messages: [
          { id: 'm-1', role: 'user', content: 'secret plan', createdAt: at(1), updatedAt: at(1) },
          { id: 'm-2', role: 'assistant', content: 'noted', createdAt: at(2), updatedAt: at(2) },
          {
            id: 'm-3',
            role: 'system',
            content: null,
            contextBoundary: true,
            createdAt: at(3),
            updatedAt: at(3),
          },
          { id: 'm-4', role: 'user', content: 'fresh start', createdAt: at(4), updatedAt: at(4) },
        ],
      }),
    ) as unknown;
    const chat = parseChat(stored);
    const plan = planChatRequest({
      chat,
      settings: requestSettings({ defaultTemperature: 0.9, defaultTopP: 0.5 }),
      access,
      prompt,
    });
    if (plan.kind !== 'ready') throw new Error('expected a request');
    expect(plan.request.messages.map((m) => m.content)).toEqual([
      'You are a helpful AI assistant.',
      'fresh start',
    ]);
    expect(plan.request.settings).toEqual({
      temperature: 0.25,
      presencePenalty: undefined,
      frequencyPenalty: undefined,
      topP: 0.5,
      topK: undefined,
      maxTokens: 100,
      stream: false,
    });
    expect(plan.dropped).toBe(0);
  });

  it('CX1 a damaged boundary flag is no boundary: the messages before it are sent', () => {
    const deps = testDeps();
    const chat = parseChat({
      id: 'ch-damaged',
      model: 'gpt-4',
      messages: [
        message('user', 'q1', deps),
        { ...message('system', null, deps), contextBoundary: 'true' },
        message('user', 'q2', deps),
      ],
    });
    const plan = planChatRequest({ chat, settings: requestSettings(), access, prompt });
    expect(plan.kind === 'ready' && plan.request.messages.map((m) => m.content).slice(1)).toEqual([
      'q1',
      'q2',
    ]);
  });

  it('SM4 a blank system text sends no system message', () => {
    const deps = testDeps();
    const chat = chatWith([message('user', 'hello', deps)], deps, { systemMessage: '   ' });
    const plan = planChatRequest({ chat, settings: requestSettings(), access, prompt });
    expect(plan.kind === 'ready' && plan.request.messages.map((m) => m.role)).toEqual(['user']);
  });

  it('CX1 CX3 the boundary and the context limit shape what reaches the provider body', () => {
    const deps = testDeps();
    const chat = withChatModelSettings(
      chatWith(
        [
          message('user', 'forgotten', deps),
          newContextBoundary(deps),
          message('user', 'q1', deps),
          message('assistant', 'a1', deps),
          message('user', 'q2', deps),
        ],
        deps,
        { model: 'gpt-4' },
      ),
      { contextLimit: 2 },
    );
    const plan = planChatRequest({ chat, settings: requestSettings(), access, prompt });
    if (plan.kind !== 'ready') throw new Error('expected a request');
    const body = JSON.parse(buildRequest(plan.request).init.body) as { messages: { content: string }[] };
    expect(body.messages.map((m) => m.content)).toEqual(['You are a helpful AI assistant.', 'a1', 'q2']);
    expect(plan.dropped).toBe(1);
  });

  it('CX7 a last message larger than the window is not sent', () => {
    const deps = testDeps();
    const chat = chatWith([message('user', 'z'.repeat(8192 * 4), deps)], deps, { model: 'gpt-4' });
    const plan = planChatRequest({ chat, settings: requestSettings(), access, prompt });
    expect(plan).toMatchObject({ kind: 'cannot-fit', budget: 8192 - 2048 });
  });

  it('RQ3 tool messages become function results, stored tool calls become tool_calls', () => {
    const deps = testDeps();
    const call = message('assistant', null, deps, {
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      ],
    });
    const result = message('tool', 'sunny', deps, { tool_call_id: 'call_1', name: 'get_weather' });
    expect(toMessageInput(call)).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' }],
    });
    expect(toMessageInput(result)).toEqual({
      role: 'function',
      content: 'sunny',
      tool_call_id: 'call_1',
      name: 'get_weather',
    });
  });
});
