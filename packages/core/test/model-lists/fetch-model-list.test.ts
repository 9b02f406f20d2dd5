import { describe, expect, it } from 'vitest';
import { fetchModelList } from '../../src/model-lists';
import { json, routeFetch } from './fake-fetch';
import * as bodies from './fixtures';

describe('fetchModelList', () => {
  it('ML1 OpenAI: GET {base}/models with a bearer key', async () => {
    const { fetchFn, calls } = routeFetch(() => json(bodies.openaiBody));
    const result = await fetchModelList(fetchFn, {
      provider: 'openai',
      base: 'https://api.openai.com/v1/',
      apiKey: 'sk-1',
    });
    expect(result).toMatchObject({ ok: true, truncated: false, skipped: 0 });
    expect(calls[0]?.url.href).toBe('https://api.openai.com/v1/models');
    expect(calls[0]?.headers.authorization).toBe('Bearer sk-1');
  });

  it('ML1/ML7 Anthropic: version and browser-access headers, follows after_id while has_more', async () => {
    const { fetchFn, calls } = routeFetch((url) =>
      json(
        url.searchParams.get('after_id') === 'claude-sonnet-4-5-20250929'
          ? bodies.anthropicPage2
          : bodies.anthropicPage1,
      ),
    );
    const result = await fetchModelList(fetchFn, {
      provider: 'anthropic',
      base: 'https://api.anthropic.com/v1',
      apiKey: 'k',
    });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.entries.map((e) => e.id)).toEqual([
      'claude-opus-4-5-20251101',
      'claude-sonnet-4-5-20250929',
      'claude-haiku-4-5-20251001',
    ]);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.url.searchParams.get('limit')).toBe('1000');
    expect(calls[0]?.headers).toMatchObject({
      'x-api-key': 'k',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
  });

  it('ML1 Gemini: key in x-goog-api-key never in the URL, follows pageToken', async () => {
    const { fetchFn, calls } = routeFetch((url) =>
      json(url.searchParams.get('pageToken') ? bodies.geminiPage2 : bodies.geminiPage1),
    );
    const result = await fetchModelList(fetchFn, {
      provider: 'gemini',
      base: 'https://generativelanguage.googleapis.com/v1beta',
      apiKey: 'AIza-secret',
    });
    if (!result.ok) throw new Error(result.error.code);
    expect(result.entries.filter((e) => e.chat).map((e) => e.id)).toEqual([
      'gemini-2.5-pro',
      'gemini-2.5-flash',
    ]);
    expect(calls[1]?.url.searchParams.get('pageToken')).toBe(bodies.geminiPage1.nextPageToken);
    for (const call of calls) expect(call.url.href).not.toContain('AIza-secret');
    expect(calls[0]?.headers['x-goog-api-key']).toBe('AIza-secret');
  });

  it('ML1 OpenRouter: no key is sent even when one is given', async () => {
    const { fetchFn, calls } = routeFetch(() => json(bodies.openRouterBody));
    const result = await fetchModelList(fetchFn, {
      provider: 'openrouter',
      base: 'https://openrouter.ai/api/v1',
    });
    expect(result.ok).toBe(true);
    expect(calls[0]?.url.pathname).toBe('/api/v1/models');
    expect(calls[0]?.headers.authorization).toBeUndefined();
  });

  it('ML7 a cursor that does not move ends the pages; duplicate ids are kept once', async () => {
    const { fetchFn, calls } = routeFetch(() => json({ ...bodies.anthropicPage1, has_more: true }));
    const result = await fetchModelList(fetchFn, {
      provider: 'anthropic',
      base: 'https://a/v1',
      apiKey: 'k',
    });
    if (!result.ok) throw new Error(result.error.code);
    expect(calls).toHaveLength(2);
    expect(result.entries).toHaveLength(2);
  });

  it('ML6 401 and 403 are unauthorized with the provider message; 404, 429 and 5xx have their codes', async () => {
    const cases: [number, string][] = [
      [401, 'unauthorized'],
      [403, 'unauthorized'],
      [404, 'not_found'],
      [429, 'rate_limited'],
      [503, 'server_error'],
      [418, 'http_error'],
    ];
    for (const [status, code] of cases) {
      const { fetchFn } = routeFetch(() =>
        json({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }, status),
      );
      const result = await fetchModelList(fetchFn, {
        provider: 'openai',
        base: 'https://x/v1',
        apiKey: 'bad',
      });
      expect(result, String(status)).toEqual({
        ok: false,
        error: { code, status, detail: 'Incorrect API key provided' },
      });
    }
  });

  it('ML6 Gemini refuses a wrong key with 400 API_KEY_INVALID: that is unauthorized too', async () => {
    const body = {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
      },
    };
    const { fetchFn } = routeFetch(() => json(body, 400));
    const result = await fetchModelList(fetchFn, {
      provider: 'gemini',
      base: 'https://g/v1beta',
      apiKey: 'AIza-x',
    });
    expect(result).toEqual({
      ok: false,
      error: { code: 'unauthorized', status: 400, detail: 'API key not valid. Please pass a valid API key.' },
    });
  });

  it('ML6 an HTML page, a body that is not JSON, and JSON of the wrong shape have their own codes', async () => {
    const html = routeFetch(
      () =>
        new Response('<!DOCTYPE html><html><body>Sign in</body></html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    );
    expect(await fetchModelList(html.fetchFn, { provider: 'custom', base: 'http://h/v1' })).toMatchObject({
      ok: false,
      error: { code: 'html' },
    });
    const text = routeFetch(() => new Response('model list coming soon', { status: 200 }));
    expect(await fetchModelList(text.fetchFn, { provider: 'custom', base: 'http://h/v1' })).toMatchObject({
      ok: false,
      error: { code: 'not_json' },
    });
    const shape = routeFetch(() => json({ data: { id: 'x' } }));
    expect(await fetchModelList(shape.fetchFn, { provider: 'openai', base: 'http://h/v1' })).toMatchObject({
      ok: false,
      error: { code: 'bad_shape', detail: expect.stringContaining('data') },
    });
    const broken = routeFetch(() => json({ data: [{ id: 1 }, { id: 2 }] }));
    expect(await fetchModelList(broken.fetchFn, { provider: 'openai', base: 'http://h/v1' })).toMatchObject({
      ok: false,
      error: { code: 'bad_shape' },
    });
  });

  it('ML6 no answer is network (CORS included); a hung server is a timeout', async () => {
    const refused = routeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await fetchModelList(refused.fetchFn, { provider: 'custom', base: 'http://h/v1' })).toMatchObject({
      ok: false,
      error: { code: 'network', detail: 'Failed to fetch' },
    });
    const hung = routeFetch(
      (_url) =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"data": ['));
            },
          }),
        ),
    );
    const result = await fetchModelList(
      hung.fetchFn,
      { provider: 'openai', base: 'http://h/v1' },
      { timeoutMs: 30 },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'timeout' } });
  });

  it('ML5 100,000 entries: the first 5,000 are kept and the result says it was cut', async () => {
    const data = Array.from({ length: 100_000 }, (_, i) => ({
      id: `model-${i}`,
      object: 'model',
      created: 1,
      owned_by: 'x',
    }));
    const { fetchFn } = routeFetch(() => json({ object: 'list', data }));
    const result = await fetchModelList(fetchFn, { provider: 'custom', base: 'http://h/v1' });
    if (!result.ok) throw new Error(result.error.code);
    expect([
      result.entries.length,
      result.truncated,
      result.entries[0]?.id,
      result.entries[4999]?.id,
    ]).toEqual([5000, true, 'model-0', 'model-4999']);
  });

  it('ML5 a body over the byte bound is too_large, whatever it says its length is', async () => {
    const { fetchFn } = routeFetch(() => new Response('x'.repeat(2000)));
    const result = await fetchModelList(
      fetchFn,
      { provider: 'custom', base: 'http://h/v1' },
      { maxBodyBytes: 1000 },
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'too_large' } });
  });
});
