import { describe, expect, it } from 'vitest';
import type { ChatMessageInput } from '../../src/providers/chat-request';
import { CONVERSATION_START_TEXT } from '../../src/providers/message-content';
import { built, chatRequest, weatherTool } from './request-helpers';

/** Anthropic Messages request shape (SPEC.md PR10–PR16). */

describe('Anthropic request', () => {
  it('PR10 POST {endpoint}/messages with x-api-key, version and direct-browser-access headers', () => {
    const { url, headers, body } = built(
      chatRequest('claude-3-opus', {
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'system', content: 'Use French.' },
          { role: 'user', content: 'Hi' },
        ],
        settings: {
          stream: true,
          temperature: 1.5,
          topP: 0.9,
          topK: 40,
          presencePenalty: 1,
          frequencyPenalty: 1,
          stop: ['END'],
        },
      }),
    );
    expect(url).toBe('https://api.anthropic.com/v1/messages');
    expect(headers).toEqual({
      'Content-Type': 'application/json',
      'x-api-key': 'test-key',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
    // PR14 default max_tokens, PR15 temperature clamped to 1 and no penalties, top_k kept.
    expect(body).toEqual({
      model: 'claude-3-opus-20240229',
      max_tokens: 4096,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
      stream: true,
      system: 'Be brief.\n\nUse French.',
      temperature: 1,
      top_p: 0.9,
      top_k: 40,
      stop_sequences: ['END'],
    });
  });

  it('PR11 tool_use and tool_result pair across turns; results sit first in the next user turn', () => {
    const messages: ChatMessageInput[] = [
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: 'Checking.',
        tool_calls: [
          { id: 'toolu_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { id: 'toolu_2', name: 'get_weather', arguments: '' },
        ],
      },
      { role: 'function', name: 'get_weather', tool_call_id: 'toolu_1', content: 'Sunny' },
      { role: 'function', name: 'get_weather', tool_call_id: 'toolu_2', content: 'Rain' },
      { role: 'user', content: 'Thanks' },
    ];
    const { body } = built(
      chatRequest('claude-3-5-sonnet', {
        messages,
        tools: [weatherTool],
        settings: { stream: true, maxTokens: 100 },
      }),
    );
    expect(body.tools).toEqual([
      { name: 'get_weather', description: 'Weather for a city', input_schema: weatherTool.parameters },
    ]);
    expect(body.max_tokens).toBe(100);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and Rome?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_2', name: 'get_weather', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Sunny' },
          { type: 'tool_result', tool_use_id: 'toolu_2', content: 'Rain' },
          { type: 'text', text: 'Thanks' },
        ],
      },
    ]);
  });

  it('PR11 a legacy function_call pairs with the next result of the same name', () => {
    const messages: ChatMessageInput[] = [
      { role: 'user', content: 'Search cats' },
      { role: 'assistant', content: null, function_call: { name: 'search', arguments: '{"q":"cats"}' } },
      { role: 'function', name: 'search', content: 'Cats are mammals' },
    ];
    const { body } = built(
      chatRequest('claude-3-haiku', { messages, tools: [{ ...weatherTool, name: 'search' }] }),
    );
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Search cats' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_legacy_0', name: 'search', input: { q: 'cats' } }],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_legacy_0', content: 'Cats are mammals' }],
      },
    ]);
  });

  it('PR11 a call without a result is dropped and an orphan result becomes text', () => {
    const messages: ChatMessageInput[] = [
      { role: 'user', content: 'Go' },
      {
        role: 'assistant',
        content: 'Calling.',
        tool_calls: [{ id: 'lost', name: 'get_weather', arguments: '{}' }],
      },
      { role: 'user', content: 'Never mind' },
      { role: 'function', name: 'get_weather', tool_call_id: 'other', content: 'stale' },
    ];
    const { body } = built(chatRequest('claude-3-haiku', { messages, tools: [weatherTool] }));
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Go' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Calling.' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Never mind' },
          { type: 'text', text: '[Tool result]\nstale' },
        ],
      },
    ]);
  });

  it('PR11 without tools in the request, tool history is sent as text', () => {
    const messages: ChatMessageInput[] = [
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: null, tool_calls: [{ id: 't', name: 'f', arguments: '{"a":1}' }] },
      { role: 'function', name: 'f', tool_call_id: 't', content: 'done' },
    ];
    const { body } = built(chatRequest('claude-3-haiku', { messages }));
    expect(body.tools).toBeUndefined();
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Go' }] },
      { role: 'assistant', content: [{ type: 'text', text: '[Called f with {"a":1}]' }] },
      { role: 'user', content: [{ type: 'text', text: '[Result of f]\ndone' }] },
    ]);
  });

  it('PR12 consecutive same-role messages are merged; PR13 the first message is a user turn', () => {
    const messages: ChatMessageInput[] = [
      { role: 'assistant', content: 'Welcome! I am your tutor.' },
      { role: 'user', content: 'Hi' },
      { role: 'user', content: 'Are you there?' },
      { role: 'assistant', content: 'Yes.  ' },
    ];
    const { body } = built(chatRequest('claude-3-haiku', { messages }));
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: CONVERSATION_START_TEXT }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Welcome! I am your tutor.' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Hi' },
          { type: 'text', text: 'Are you there?' },
        ],
      },
      // A final assistant turn may not end with whitespace.
      { role: 'assistant', content: [{ type: 'text', text: 'Yes.' }] },
    ]);
  });

  it('PR16 images become base64 or url image blocks; text files become text', () => {
    const messages: ChatMessageInput[] = [
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,/9j/' } },
          { type: 'image_url', image_url: { url: 'https://img.example/cat.png' } },
          { type: 'tm_text_file', text: 'notes', metadata: { name: 'a.md' } },
        ],
      },
    ];
    expect(built(chatRequest('claude-3-opus', { messages })).body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/' } },
          { type: 'image', source: { type: 'url', url: 'https://img.example/cat.png' } },
          { type: 'text', text: 'File: a.md\n\nnotes' },
        ],
      },
    ]);
  });
});
