import { describe, expect, it } from 'vitest';
import { modelCatalogue } from '../../src/models/catalogue';
import { apiTypes, parseCustomModel } from '../../src/models/model-descriptor';
import type { ChatEvent } from '../../src/providers/chat-event';
import { ProviderError } from '../../src/providers/errors';
import type { ProviderDialect } from '../../src/providers/provider-dialect';
import { defaultEndpoint } from '../../src/providers/provider-endpoints';
import { dialectOf, providerDialects } from '../../src/providers/provider-registry';
import { streamChat } from '../../src/providers/stream-chat';
import { built, chatRequest } from './request-helpers';

/** One dialect per apiType, and everything that depends on the wire format asks the registry. */

describe('provider registry', () => {
  it('API9 has one dialect for every apiType and nothing else', () => {
    expect(Object.keys(providerDialects).sort()).toEqual([...apiTypes].sort());
  });

  it('API9 every catalogue model is sent to its provider’s default endpoint, in its dialect’s shape', () => {
    const paths = { openai: '/chat/completions', claude: '/messages', gemini: ':streamGenerateContent' };
    for (const model of modelCatalogue) {
      const { url } = built(chatRequest(model));
      expect(url.startsWith(`${defaultEndpoint(model)}/`)).toBe(true);
      expect(url).toContain(paths[model.apiType as keyof typeof paths]);
    }
  });

  it('API9 each vendor’s default endpoint is its dialect’s; OpenRouter hosts the OpenAI dialect', () => {
    expect(defaultEndpoint({ provider: 'openai' })).toBe(providerDialects.openai.defaultEndpoint);
    expect(defaultEndpoint({ provider: 'anthropic' })).toBe(providerDialects.claude.defaultEndpoint);
    expect(defaultEndpoint({ provider: 'gemini' })).toBe(providerDialects.gemini.defaultEndpoint);
    expect(defaultEndpoint({ provider: 'openrouter' })).toBe('https://openrouter.ai/api/v1');
    expect(defaultEndpoint({ provider: 'custom' })).toBe('');
  });

  it('PR22 the setapp dialect is the OpenAI contract at the hosting app’s path, with no default endpoint', () => {
    const setapp = parseCustomModel({ id: 'hosted', modelID: 'gpt-4o', apiType: 'setapp' });
    expect(providerDialects.setapp.defaultEndpoint).toBe('');
    const { url, body } = built(chatRequest(setapp, { endpoint: 'https://host.example' }));
    expect(url).toBe('https://host.example/api/hosted/tm_completions');
    expect(body).toMatchObject({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('API9 streamChat decodes with the model’s dialect and maps a non-2xx with its mapError', async () => {
    const model = modelCatalogue.find((m) => m.apiType === 'claude');
    if (!model) throw new Error('no Claude model in the catalogue');
    const dialect: ProviderDialect = dialectOf(model);
    const seen: number[] = [];
    const original = dialect.mapError;
    // The registry's entry is what streamChat calls: a spy on it sees the status.
    dialect.mapError = (provider, status, body) => {
      seen.push(status);
      return original(provider, status, body);
    };
    try {
      const fetch = (async () =>
        new Response('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}', {
          status: 529,
        })) as typeof globalThis.fetch;
      const events: ChatEvent[] = [];
      for await (const event of streamChat(chatRequest(model), { fetch })) events.push(event);
      const last = events.at(-1);
      expect(seen).toEqual([529]);
      expect(last?.type === 'error' && last.error instanceof ProviderError && last.error.code).toBe(
        'overloaded',
      );
    } finally {
      dialect.mapError = original;
    }
  });
});
