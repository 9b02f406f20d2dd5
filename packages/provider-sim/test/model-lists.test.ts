import { describe, expect, it } from 'vitest';
import { useSim } from './helpers';

const sim = useSim();

async function getJson(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${sim().url}${path}`, { headers });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('model lists', () => {
  it('OpenAI lists chat and non-chat models in one unpaginated list', async () => {
    const { status, body } = await getJson('/v1/models', { authorization: 'Bearer sk-test' });
    expect(status).toBe(200);
    const ids = (body.data as { id: string; object: string }[]).map((m) => m.id);
    expect(ids).toEqual(
      expect.arrayContaining(['gpt-5.1', 'text-embedding-3-small', 'whisper-1', 'dall-e-3']),
    );
    expect(body.object).toBe('list');
  });

  it('Anthropic pages by after_id with has_more, first_id and last_id', async () => {
    const headers = { 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' };
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i += 1) {
      const { body } = await getJson(`/v1/models?limit=1000${after ? `&after_id=${after}` : ''}`, headers);
      seen.push(...(body.data as { id: string }[]).map((m) => m.id));
      expect(body.last_id).toBe(seen.at(-1));
      if (!body.has_more) break;
      after = body.last_id as string;
    }
    expect(seen).toHaveLength(5);
    expect(seen[0]).toBe('claude-opus-4-5-20251101');
  });

  it('Gemini pages by pageToken and marks what cannot generate content', async () => {
    const names: string[] = [];
    let token: string | undefined;
    do {
      const { body } = await getJson(`/v1beta/models?pageSize=1000${token ? `&pageToken=${token}` : ''}`, {
        'x-goog-api-key': 'AIza-test',
      });
      const models = body.models as { name: string; supportedGenerationMethods: string[] }[];
      names.push(...models.map((m) => m.name));
      token = body.nextPageToken as string | undefined;
    } while (token);
    expect(names).toHaveLength(7);
    expect(names[0]).toBe('models/gemini-3-pro-preview');
  });

  it('OpenRouter is public and carries context, string prices, modalities and parameters', async () => {
    const { body } = await getJson('/api/v1/models');
    const first = (body.data as Record<string, unknown>[])[0]!;
    expect(first).toMatchObject({
      id: 'openai/gpt-5.2-pro',
      context_length: 400000,
      pricing: { prompt: '0.000021', completion: '0.000168' },
      architecture: { input_modalities: ['text', 'image', 'file'] },
    });
  });

  it('route options: 401, html, not-json, count, and a bad key', async () => {
    expect(
      (await fetch(`${sim().url}/__models/401/v1/models`, { headers: { authorization: 'Bearer sk-x' } }))
        .status,
    ).toBe(401);
    const html = await fetch(`${sim().url}/__models/html/api/v1/models`);
    expect([html.status, html.headers.get('content-type'), (await html.text()).slice(0, 9)]).toEqual([
      200,
      'text/html; charset=utf-8',
      '<!DOCTYPE',
    ]);
    const text = await fetch(`${sim().url}/__models/not-json/v1beta/models`, {
      headers: { 'x-goog-api-key': 'k' },
    });
    expect(await text.text()).toMatch(/warming up/);
    const { body } = await getJson('/__models/count=2000/api/v1/models');
    expect((body.data as unknown[]).length).toBe(2000);
    expect(
      (await fetch(`${sim().url}/v1/models`, { headers: { authorization: 'Bearer sk-invalid' } })).status,
    ).toBe(401);
  });

  it('local servers under /compat answer their own shapes without a key', async () => {
    const vllm = await getJson('/compat/vllm/v1/models');
    expect((vllm.body.data as Record<string, unknown>[])[0]).toMatchObject({
      id: 'llama3.2:3b',
      max_model_len: 32768,
    });
    const llama = await getJson('/compat/llamacpp/v1/models');
    expect((llama.body.data as Record<string, unknown>[])[0]).toMatchObject({ meta: { n_ctx_train: 40960 } });
    const ollama = await getJson('/compat/ollama/v1/models');
    expect((ollama.body.data as unknown[]).length).toBe(3);
  });
});
