import { describe, expect, it } from 'vitest';
import type { ChatMessageInput } from '../../src/providers/chat-request';
import { built, chatRequest, weatherTool } from './request-helpers';

/** Gemini generateContent request shape (SPEC.md PR17–PR21). */

describe('Gemini request', () => {
  it('PR17 streamGenerateContent?alt=sse when streaming, generateContent otherwise; key in x-goog-api-key', () => {
    const streaming = built(chatRequest('gemini-1.5-pro'));
    expect(streaming.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-pro:streamGenerateContent?alt=sse',
    );
    expect(streaming.headers).toEqual({ 'Content-Type': 'application/json', 'x-goog-api-key': 'test-key' });
    expect(streaming.url).not.toContain('test-key');
    const whole = built(chatRequest('gemini-1.5-pro', { settings: { stream: false } }));
    expect(whole.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-1.5-pro:generateContent',
    );
  });

  it('PR18 systemInstruction, contents with user/model roles and generationConfig', () => {
    const { body } = built(
      chatRequest('gemini-1.5-flash', {
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello!' },
          { role: 'user', content: 'Capital of France?' },
        ],
        settings: {
          stream: true,
          temperature: 0.5,
          topP: 0.8,
          topK: 20,
          maxTokens: 256,
          stop: ['x'],
          presencePenalty: 0.1,
          frequencyPenalty: 0.2,
        },
      }),
    );
    expect(body).toEqual({
      contents: [
        { role: 'user', parts: [{ text: 'Hi' }] },
        { role: 'model', parts: [{ text: 'Hello!' }] },
        { role: 'user', parts: [{ text: 'Capital of France?' }] },
      ],
      systemInstruction: { parts: [{ text: 'Be brief.' }] },
      generationConfig: {
        temperature: 0.5,
        topP: 0.8,
        topK: 20,
        maxOutputTokens: 256,
        stopSequences: ['x'],
        presencePenalty: 0.1,
        frequencyPenalty: 0.2,
      },
    });
  });

  it('PR19 tools as functionDeclarations; functionCall and functionResponse parts', () => {
    const messages: ChatMessageInput[] = [
      { role: 'user', content: 'Weather?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'gemini-call-0', name: 'get_weather', arguments: '{"city":"Paris"}', signature: 'SIG' },
        ],
      },
      { role: 'function', tool_call_id: 'gemini-call-0', content: '{"temp":21}' },
      { role: 'function', name: 'get_weather', content: 'plain text result' },
    ];
    const { body } = built(chatRequest('gemini-1.5-pro', { messages, tools: [weatherTool] }));
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          { name: 'get_weather', description: 'Weather for a city', parameters: weatherTool.parameters },
        ],
      },
    ]);
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather?' }] },
      {
        role: 'model',
        parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } }, thoughtSignature: 'SIG' }],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'get_weather', response: { temp: 21 } } },
          { functionResponse: { name: 'get_weather', response: { content: 'plain text result' } } },
        ],
      },
    ]);
  });

  it('PR20 inline images; a chat opening with the model gets a user turn first', () => {
    const messages: ChatMessageInput[] = [
      { role: 'assistant', content: 'Welcome!' },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: 'data:image/webp;base64,UklG' } }] },
    ];
    const { body } = built(chatRequest('gemini-1.5-pro', { messages }));
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: '(conversation start)' }] },
      { role: 'model', parts: [{ text: 'Welcome!' }] },
      { role: 'user', parts: [{ inlineData: { mimeType: 'image/webp', data: 'UklG' } }] },
    ]);
  });

  it('PR21 no generationConfig or systemInstruction when nothing is set', () => {
    const { body } = built(chatRequest('gemini-1.0-pro'));
    expect(body).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Hi' }] }] });
  });
});
