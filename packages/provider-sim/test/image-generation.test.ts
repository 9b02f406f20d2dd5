import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useSim } from './helpers';

const sim = useSim();

/** Reads a PNG's size and checks its signature and pixel data inflate. */
function pngSize(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const idatLength = bytes.readUInt32BE(33);
  expect(bytes.subarray(37, 41).toString('ascii')).toBe('IDAT');
  expect(inflateSync(bytes.subarray(41, 41 + idatLength)).length).toBe(64 * (1 + 64 * 3));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = { Authorization: 'Bearer sk-sim' },
) {
  return fetch(`${sim().url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('image generation', () => {
  it('OpenAI generations answer n real PNGs as b64_json; the same prompt gives the same bytes', async () => {
    const answer = await post('/v1/images/generations', { model: 'gpt-image-1', prompt: 'a fox', n: 2 });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { output_format: string; data: { b64_json: string }[] };
    expect(body.output_format).toBe('png');
    expect(body.data).toHaveLength(2);
    expect(pngSize(body.data[0]!.b64_json)).toEqual({ width: 64, height: 64 });
    expect(body.data[0]!.b64_json).not.toBe(body.data[1]!.b64_json);
    const again = (await (
      await post('/v1/images/generations', { model: 'gpt-image-1', prompt: 'a fox' })
    ).json()) as typeof body;
    expect(again.data[0]!.b64_json).toBe(body.data[0]!.b64_json);
  });

  it('OpenAI edits take a multipart form with image[] and refuse one without it', async () => {
    const form = new FormData();
    form.append('model', 'gpt-image-1');
    form.append('prompt', 'make it blue');
    form.append('image[]', new Blob([Buffer.from('png')], { type: 'image/png' }), 'image-1.png');
    const answer = await fetch(`${sim().url}/v1/images/edits`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk-sim' },
      body: form,
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { data: { b64_json: string }[] };
    pngSize(body.data[0]!.b64_json);
    const form2 = new FormData();
    form2.append('prompt', 'make it blue');
    const missing = await fetch(`${sim().url}/v1/images/edits`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk-sim' },
      body: form2,
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { param: string } }).error.param).toBe('image');
  });

  it("OpenAI's refusals and billing errors have the real bodies; a bad key is a 401", async () => {
    const refused = await post('/v1/images/generations', {
      model: 'gpt-image-1',
      prompt: 'x [[sim:image-refused]]',
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('moderation_blocked');
    const billing = await post('/v1/images/generations', {
      model: 'gpt-image-1',
      prompt: 'x [[sim:image-billing]]',
    });
    expect(((await billing.json()) as { error: { code: string } }).error.code).toBe(
      'billing_hard_limit_reached',
    );
    const badKey = await post(
      '/v1/images/generations',
      { prompt: 'x' },
      { Authorization: 'Bearer sk-invalid' },
    );
    expect(badKey.status).toBe(401);
  });

  it('Gemini image models answer a PNG as inlineData, or an IMAGE_SAFETY finish', async () => {
    const path = '/v1beta/models/gemini-2.5-flash-image:generateContent';
    const request = (text: string) => ({
      contents: [{ role: 'user', parts: [{ text }] }],
      generationConfig: { responseModalities: ['TEXT', 'IMAGE'] },
    });
    const answer = await post(path, request('a fox'), { 'x-goog-api-key': 'g-sim' });
    const body = (await answer.json()) as {
      candidates: {
        content: { parts: { text?: string; inlineData?: { mimeType: string; data: string } }[] };
      }[];
    };
    const inline = body.candidates[0]!.content.parts.find((part) => part.inlineData)!.inlineData!;
    expect(inline.mimeType).toBe('image/png');
    pngSize(inline.data);
    const refused = await post(path, request('[[sim:image-refused]]'), { 'x-goog-api-key': 'g-sim' });
    expect(
      ((await refused.json()) as { candidates: { finishReason: string }[] }).candidates[0]!.finishReason,
    ).toBe('IMAGE_SAFETY');
  });

  it('OpenRouter chat with an image modality answers message.images as a data URL', async () => {
    const answer = await post('/api/v1/chat/completions', {
      model: 'google/gemini-2.5-flash-image',
      messages: [{ role: 'user', content: 'a fox' }],
      modalities: ['image', 'text'],
    });
    const body = (await answer.json()) as {
      choices: { message: { images: { image_url: { url: string } }[] } }[];
    };
    const url = body.choices[0]!.message.images[0]!.image_url.url;
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    pngSize(url.slice('data:image/png;base64,'.length));
  });
});
