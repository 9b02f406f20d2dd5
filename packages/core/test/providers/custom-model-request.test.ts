import { describe, expect, it } from 'vitest';
import { parseCustomModel } from '../../src/models/model-descriptor';
import { built, chatRequest } from './request-helpers';

/** Custom models: endpoint, header rows, bodyParams and body rows applied last (SPEC.md PR2, PR3). */

describe('custom model overrides', () => {
  const custom = parseCustomModel({
    id: 'custom-llama',
    modelID: 'llama3.1:8b',
    endpoint: 'http://localhost:11434/v1/chat/completions',
    skipAPIKey: true,
    headerRows: [
      { key: 'X-Team', value: 'blue' },
      { key: 'content-type', value: 'application/json; charset=utf-8' },
    ],
    bodyParams: { keep_alive: '5m', stream_options: null },
    bodyRows: [
      { key: 'num_ctx', value: '8192' },
      { key: 'temperature', value: '0.1' },
      { key: 'format', value: 'plain words' },
    ],
  });

  it('PR3 endpoint replaces the URL; rows and bodyParams override the builder', () => {
    const { url, headers, body } = built(
      chatRequest(custom, { settings: { stream: true, temperature: 0.9 } }),
    );
    expect(url).toBe('http://localhost:11434/v1/chat/completions');
    expect(headers).toEqual({ 'content-type': 'application/json; charset=utf-8', 'X-Team': 'blue' });
    expect(body).toMatchObject({
      model: 'llama3.1:8b',
      keep_alive: '5m',
      num_ctx: 8192,
      temperature: 0.1,
      format: 'plain words',
    });
  });

  it('PR3 a null bodyParam removes the field the builder set (stream_options)', () => {
    expect(built(chatRequest(custom)).body).not.toHaveProperty('stream_options');
  });

  it('PR3 skipAPIKey sends no auth header even with a key', () => {
    expect(built(chatRequest(custom, { apiKey: 'sk-x' })).headers.Authorization).toBeUndefined();
  });

  it('PR2 a model without system-message support gets the system text in the first user message', () => {
    const noSystem = { ...custom, system: false };
    const { body } = built(
      chatRequest(noSystem, {
        messages: [
          { role: 'system', content: 'Rules.' },
          { role: 'user', content: 'Hi' },
        ],
      }),
    );
    expect(body.messages).toEqual([{ role: 'user', content: 'Rules.\n\nHi' }]);
  });

  it('PR3 a custom Claude-compatible endpoint keeps the Anthropic body', () => {
    const proxy = parseCustomModel({
      id: 'proxy',
      modelID: 'claude-3-haiku-20240307',
      apiType: 'claude',
      endpoint: 'https://proxy.example/v1/messages',
    });
    const { url, headers, body } = built(chatRequest(proxy));
    expect(url).toBe('https://proxy.example/v1/messages');
    expect(headers['x-api-key']).toBe('test-key');
    expect(body.max_tokens).toBe(4096);
  });
});
