import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useSim } from './helpers';

const sim = useSim();
const audioDir = new URL('../../../fixtures/audio/', import.meta.url);
const questionWav = readFileSync(new URL('question-capital-of-france.wav', audioDir));
const answerMp3 = readFileSync(new URL('answer-paris.mp3', audioDir));

function upload(bytes: Uint8Array, fields: Record<string, string>, key = 'sk-sim') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'audio/wav' }), 'speech.wav');
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return fetch(`${sim().url}/v1/audio/transcriptions`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}` },
    body: form,
  });
}

describe('transcriptions', () => {
  it('knows the fixture by its bytes, logs the upload as fields, answers anything else with the fixed sentence', async () => {
    sim().clearRequests();
    const known = await upload(questionWav, { model: 'whisper-1', response_format: 'json', prompt: 'Paris' });
    expect(known.status).toBe(200);
    expect(await known.json()).toEqual({ text: 'What is the capital of France?' });
    const logged = sim().requests().at(-1)!;
    expect(logged.path).toBe('/v1/audio/transcriptions');
    expect(logged.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(logged.body).toEqual({
      file: { fileName: 'speech.wav', type: 'audio/wav', bytes: questionWav.length },
      model: 'whisper-1',
      response_format: 'json',
      prompt: 'Paris',
    });
    const other = await upload(new Uint8Array([1, 2, 3]), { model: 'gpt-4o-mini-transcribe' });
    expect(((await other.json()) as { text: string }).text).toBe('What is the capital of France?');
    const scripted = await upload(new Uint8Array([1]), {
      model: 'whisper-large-v3-turbo',
      prompt: '[[sim:reply Hello Groq]]',
    });
    expect(await scripted.json()).toEqual({ text: 'Hello Groq' });
  });

  it('answers errors in OpenAI shape: a wrong key, a 429 on demand, an empty file, HTML', async () => {
    const wrongKey = await upload(questionWav, { model: 'whisper-1' }, 'sk-invalid-key-1234567');
    expect(wrongKey.status).toBe(401);
    expect(((await wrongKey.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    const limited = await upload(questionWav, { model: 'whisper-1', prompt: '[[sim:error 429]]' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('19');
    const empty = await upload(new Uint8Array(), { model: 'whisper-1' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { code: string } }).error.code).toBe('audio_too_short');
    const html = await upload(questionWav, { model: 'whisper-1', prompt: '[[sim:html]]' });
    expect(html.headers.get('content-type')).toBe('text/html');
    expect(await html.text()).toContain('<title>502 Bad Gateway</title>');
    const json = await fetch(`${sim().url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
  });
});

describe('speech', () => {
  it('OpenAI: streams the MP3 chunked with audio/mpeg', async () => {
    const response = await fetch(`${sim().url}/v1/audio/speech`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini-tts',
        voice: 'coral',
        input: 'Paris.',
        instructions: 'Calm',
      }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    expect(Buffer.from(await response.arrayBuffer()).equals(answerMp3)).toBe(true);
  });

  it('OpenAI: [[sim:pace N]] in the instructions sends the MP3 in pieces, the first before the rest', async () => {
    const response = await fetch(`${sim().url}/v1/audio/speech`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini-tts',
        voice: 'coral',
        input: 'Paris.',
        instructions: 'Calm [[sim:pace 50]]',
      }),
    });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(first.value!.byteLength).toBeLessThan(answerMp3.length);
    const pieces = [Buffer.from(first.value!)];
    for (let next = await reader.read(); !next.done; next = await reader.read())
      pieces.push(Buffer.from(next.value));
    expect(pieces.length).toBeGreaterThan(1);
    expect(Buffer.concat(pieces).equals(answerMp3)).toBe(true);
  });

  it('OpenAI: a cut stream ends early; errors come in its shape', async () => {
    const cut = await fetch(`${sim().url}/v1/audio/speech`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk', 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: 'x [[sim:cut]]' }),
    });
    await expect(cut.arrayBuffer()).rejects.toThrow();
    const limited = await fetch(`${sim().url}/v1/audio/speech`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk', 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', voice: 'alloy', input: '[[sim:error 429]]' }),
    });
    expect(limited.status).toBe(429);
    const unknown = await fetch(`${sim().url}/v1/audio/speech`, {
      method: 'POST',
      headers: { Authorization: 'Bearer sk', 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'tts-9', voice: 'alloy', input: 'x' }),
    });
    expect(unknown.status).toBe(404);
  });

  it('ElevenLabs: MP3 with its headers; detail bodies for a wrong key and a busy account', async () => {
    const speak = (key: string, text: string) =>
      fetch(`${sim().url}/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/stream`, {
        method: 'POST',
        headers: { 'xi-api-key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          text,
          model_id: 'eleven_flash_v2_5',
          voice_settings: { stability: 0.75, similarity_boost: 0.75 },
        }),
      });
    const ok = await speak('xi-key', 'Paris.');
    expect(ok.headers.get('content-type')).toBe('audio/mpeg');
    expect(ok.headers.get('x-character-count')).toBe('6');
    expect(ok.headers.get('history-item-id')).toBeTruthy();
    expect(Buffer.from(await ok.arrayBuffer()).equals(answerMp3)).toBe(true);
    const wrong = await speak('xi-invalid', 'Paris.');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    const busy = await speak('xi-key', '[[sim:error 429]]');
    expect(busy.status).toBe(429);
    expect(((await busy.json()) as { detail: { status: string } }).detail.status).toBe(
      'too_many_concurrent_requests',
    );
  });
});
