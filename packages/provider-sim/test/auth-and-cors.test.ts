import { describe, expect, it } from 'vitest';
import { anthropicMessages, geminiGenerate, openaiChat, useSim } from './helpers';

const sim = useSim();

describe('key check: any non-empty key passes unless it contains "invalid"', () => {
  it('OpenAI answers a wrong key with its real 401 invalid_api_key body, key masked', async () => {
    const response = await openaiChat(sim(), 'hi', {}, { key: 'sk-proj-invalid-abcdefghijklmnopMxYA' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: {
        message:
          'Incorrect API key provided: sk-proj-************************MxYA. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
  });

  it('OpenAI answers a missing key with 401 invalid_request_error', async () => {
    const response = await openaiChat(sim(), 'hi', {}, { key: null });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^You didn't provide an API key/);
  });

  it('OpenRouter answers a missing key with {"error":{"message":"No auth credentials found","code":401}}', async () => {
    const response = await openaiChat(sim(), 'hi', {}, { key: null, path: '/api/v1/chat/completions' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: 'No auth credentials found', code: 401 } });
  });

  it('OpenRouter (model id with a slash) answers a wrong key with its 401 shape', async () => {
    const response = await openaiChat(sim(), 'hi', { model: 'openai/gpt-4o-mini' }, { key: 'sk-or-invalid' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: 'User not found.', code: 401 } });
  });

  it('Anthropic answers a wrong x-api-key with its real authentication_error body', async () => {
    const response = await anthropicMessages(sim(), 'hi', {}, { 'x-api-key': 'sk-ant-invalid' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
  });

  it('Anthropic answers a missing key with 401 and a missing anthropic-version with 400', async () => {
    const noKey = await anthropicMessages(sim(), 'hi', {}, { 'x-api-key': null });
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { error: { type: string } }).error.type).toBe('authentication_error');
    const noVersion = await anthropicMessages(sim(), 'hi', {}, { 'anthropic-version': null });
    expect(noVersion.status).toBe(400);
    expect(((await noVersion.json()) as { error: { message: string } }).error.message).toBe(
      'anthropic-version: header is required',
    );
  });

  it('Anthropic refuses browser calls (Origin) without the direct-browser-access opt-in, as the real API does', async () => {
    const refused = await anthropicMessages(sim(), 'hi', {}, { origin: 'http://localhost:5173' });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      'anthropic-dangerous-direct-browser-access',
    );
    const allowed = await anthropicMessages(
      sim(),
      'hi',
      {},
      { origin: 'http://localhost:5173', 'anthropic-dangerous-direct-browser-access': 'true' },
    );
    expect(allowed.status).toBe(200);
    await allowed.text();
  });

  it('Gemini answers a wrong key with a 400 API_KEY_INVALID, pretty-printed, in header or ?key=', async () => {
    for (const keyInQuery of [false, true]) {
      const response = await geminiGenerate(sim(), 'hi', { stream: false, key: 'AIza-invalid', keyInQuery });
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).toMatch(/^\{\n {2}"error": \{\n {4}"code": 400,/);
      const body = JSON.parse(text) as {
        error: { status: string; message: string; details: { reason?: string }[] };
      };
      expect(body.error.status).toBe('INVALID_ARGUMENT');
      expect(body.error.message).toBe('API key not valid. Please pass a valid API key.');
      expect(body.error.details[0]?.reason).toBe('API_KEY_INVALID');
    }
  });

  it('Gemini accepts the key from ?key= and answers a missing key with 403 PERMISSION_DENIED', async () => {
    const ok = await geminiGenerate(sim(), 'hi', { stream: false, keyInQuery: true });
    expect(ok.status).toBe(200);
    await ok.text();
    const missing = await geminiGenerate(sim(), 'hi', { stream: false, key: null });
    expect(missing.status).toBe(403);
    expect(((await missing.json()) as { error: { status: string } }).error.status).toBe('PERMISSION_DENIED');
  });
});

describe('CORS', () => {
  it('answers a preflight with 204, echoing the origin and the requested headers', async () => {
    const response = await fetch(`${sim().url}/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key,anthropic-version,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'x-api-key,anthropic-version,content-type',
    );
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('puts Access-Control-Allow-Origin and Expose-Headers on normal and error responses', async () => {
    const ok = await openaiChat(sim(), 'hi');
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('access-control-expose-headers')).toContain('retry-after');
    await ok.text();
    const failed = await openaiChat(sim(), '[[sim:error 429]]');
    expect(failed.status).toBe(429);
    expect(failed.headers.get('access-control-allow-origin')).toBe('*');
    expect(failed.headers.get('retry-after')).toBe('19');
    await failed.text();
  });
});
