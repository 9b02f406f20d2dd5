import { describe, expect, it } from 'vitest';
import type { ChatMessageInput } from '../../src/providers/chat-request';
import { built, catalogueModel, chatRequest, weatherTool } from './request-helpers';

/** OpenAI Chat Completions request shape (SPEC.md PR1, PR4–PR9, PR22). */

describe('OpenAI request', () => {
  it('PR5 POST {endpoint}/chat/completions with a Bearer key and the documented body fields', () => {
    const { url, headers, body } = built(
      chatRequest('gpt-4-turbo', {
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
        ],
        settings: {
          stream: true,
          temperature: 0.7,
          topP: 0.9,
          presencePenalty: 0.1,
          frequencyPenalty: 0.2,
          maxTokens: 500,
          stop: ['END'],
        },
      }),
    );
    expect(url).toBe('https://api.openai.com/v1/chat/completions');
    expect(headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer test-key' });
    expect(body).toEqual({
      model: 'gpt-4-turbo',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.7,
      top_p: 0.9,
      presence_penalty: 0.1,
      frequency_penalty: 0.2,
      max_tokens: 500,
      stop: ['END'],
    });
  });

  it('PR6 include_usage only when streaming, and never for a model flagged against it', () => {
    expect(built(chatRequest('gpt-4o', { settings: { stream: false } })).body.stream_options).toBeUndefined();
    const local = {
      ...catalogueModel('gpt-4o'),
      id: 'local',
      provider: 'custom' as const,
      streamUsageSupported: false,
    };
    expect(built(chatRequest(local)).body.stream_options).toBeUndefined();
  });

  it('PR6 top_k is sent to OpenRouter and custom servers only', () => {
    expect(built(chatRequest('gpt-4o', { settings: { stream: true, topK: 40 } })).body.top_k).toBeUndefined();
    expect(
      built(chatRequest('openai/gpt-4o-mini', { settings: { stream: true, topK: 40 } })).body.top_k,
    ).toBe(40);
  });

  it('PR7 tools, parallel tool calls and tool results in the tools format', () => {
    const messages: ChatMessageInput[] = [
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
          { id: 'call_2', name: 'get_weather', arguments: '{"city":"Rome"}' },
        ],
      },
      { role: 'function', name: 'get_weather', tool_call_id: 'call_1', content: 'Sunny' },
      { role: 'function', name: 'get_weather', tool_call_id: 'call_2', content: 'Rain' },
    ];
    const { body } = built(chatRequest('gpt-4o', { messages, tools: [weatherTool] }));
    expect(body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_weather',
          description: 'Weather for a city',
          parameters: weatherTool.parameters,
        },
      },
    ]);
    expect(body.messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
          { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'Sunny' },
      { role: 'tool', tool_call_id: 'call_2', content: 'Rain' },
    ]);
  });

  it('PR7 a legacy function_call and a function result without tool_call_id stay legacy', () => {
    const messages: ChatMessageInput[] = [
      { role: 'user', content: 'Search cats' },
      {
        role: 'assistant',
        content: null,
        function_call: { name: 'get_web_search_results', arguments: '{"keyword":"cats"}' },
      },
      { role: 'function', name: 'get_web_search_results', content: 'Title: Cats' },
    ];
    expect(built(chatRequest('gpt-4', { messages })).body.messages).toEqual([
      { role: 'user', content: 'Search cats' },
      {
        role: 'assistant',
        content: null,
        function_call: { name: 'get_web_search_results', arguments: '{"keyword":"cats"}' },
      },
      { role: 'function', name: 'get_web_search_results', content: 'Title: Cats' },
    ]);
  });

  it('PR4 text-file parts are sent as text headed by the file name', () => {
    const messages: ChatMessageInput[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Summarise' },
          { type: 'tm_text_file', text: 'a,b\n1,2', metadata: { name: 'data.csv' } },
        ],
      },
    ];
    expect(built(chatRequest('gpt-4o', { messages })).body.messages).toEqual([
      { role: 'user', content: 'Summarise\n\nFile: data.csv\n\na,b\n1,2' },
    ]);
  });

  it('PR4 a picture’s file name stays in Parley: the request carries only its URL', () => {
    const part = {
      type: 'image_url',
      image_url: { url: 'data:image/png;base64,AAAA' },
      metadata: { name: 'holiday.png' },
    } as const;
    const messages: ChatMessageInput[] = [{ role: 'user', content: [part] }];
    expect(JSON.stringify(built(chatRequest('gpt-4o', { messages })).body)).not.toContain('holiday.png');
  });

  it('PR4 images keep the parts array for vision', () => {
    const messages: ChatMessageInput[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
        ],
      },
    ];
    expect(built(chatRequest('gpt-4o', { messages })).body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
        ],
      },
    ]);
  });

  it('PR8 vision preview models cap max_tokens at 1000 and always send it', () => {
    expect(
      built(chatRequest('gpt-4-vision-preview', { settings: { stream: true, maxTokens: 4000 } })).body
        .max_tokens,
    ).toBe(1000);
    expect(
      built(chatRequest('gpt-4-vision-preview', { settings: { stream: true, maxTokens: 300 } })).body
        .max_tokens,
    ).toBe(300);
    expect(built(chatRequest('gpt-4-vision-preview')).body.max_tokens).toBe(1000);
  });

  it('PR9 OpenRouter gets its base URL and attribution headers', () => {
    const { url, headers } = built(
      chatRequest('openai/gpt-4o-mini', { appInfo: { title: 'Parley', url: 'https://parley.example' } }),
    );
    expect(url).toBe('https://openrouter.ai/api/v1/chat/completions');
    expect(headers).toMatchObject({
      Authorization: 'Bearer test-key',
      'HTTP-Referer': 'https://parley.example',
      'X-Title': 'Parley',
    });
  });

  it('PR22 Setapp models post the OpenAI body to /api/hosted/tm_completions of the given host', () => {
    const setapp = { ...catalogueModel('gpt-4o'), id: 'setapp-gpt-4o', apiType: 'setapp' as const };
    const { url, body } = built(chatRequest(setapp, { endpoint: 'https://host.example/' }));
    expect(url).toBe('https://host.example/api/hosted/tm_completions');
    expect(body).toMatchObject({
      model: 'gpt-4o',
      stream: true,
      messages: [{ role: 'user', content: 'Hi' }],
    });
  });

  it('PR1 an endpoint given in the request replaces the default base URL', () => {
    expect(built(chatRequest('gpt-4o', { endpoint: 'https://proxy.example/v1' })).url).toBe(
      'https://proxy.example/v1/chat/completions',
    );
  });
});
