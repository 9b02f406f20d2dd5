import { describe, expect, it } from 'vitest';
import {
  audioFileName,
  buildTranscriptionRequest,
  checkRecording,
  GROQ_AUDIO_ENDPOINT,
  GROQ_TRANSCRIPTION_MODEL,
  MAX_RECORDING_MS,
  MAX_TRANSCRIPTION_BYTES,
  readTranscription,
} from '../../src/voice';

const audio = new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' });

describe('transcription request', () => {
  it('posts multipart to OpenAI with the model, prompt, language and JSON answer', async () => {
    const request = buildTranscriptionRequest({
      endpoint: '',
      apiKey: 'sk-test',
      model: 'gpt-4o-mini-transcribe',
      audio,
      fileName: audioFileName('audio/webm;codecs=opus'),
      prompt: ' Parley, Groq ',
      language: 'de-CH',
    });
    expect(request.url).toBe('https://api.openai.com/v1/audio/transcriptions');
    expect(request.init.headers).toEqual({ Authorization: 'Bearer sk-test' });
    const form = request.init.body as FormData;
    expect(form.get('model')).toBe('gpt-4o-mini-transcribe');
    expect(form.get('response_format')).toBe('json');
    expect(form.get('prompt')).toBe('Parley, Groq');
    expect(form.get('language')).toBe('de');
    const file = form.get('file') as File;
    expect(file.name).toBe('speech.webm');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('goes to Groq or any compatible base URL; empty prompt and language are left out', () => {
    const groq = buildTranscriptionRequest({
      endpoint: `${GROQ_AUDIO_ENDPOINT}/`,
      apiKey: 'gsk',
      model: GROQ_TRANSCRIPTION_MODEL,
      audio,
      fileName: 'speech.mp4',
    });
    expect(groq.url).toBe('https://api.groq.com/openai/v1/audio/transcriptions');
    const form = groq.init.body as FormData;
    expect(form.get('model')).toBe('whisper-large-v3-turbo');
    expect(form.has('prompt')).toBe(false);
    expect(form.has('language')).toBe(false);
    const local = buildTranscriptionRequest({
      endpoint: 'http://localhost:8000/v1',
      apiKey: 'k',
      model: 'whisper-1',
      audio,
      fileName: 'speech.wav',
    });
    expect(local.url).toBe('http://localhost:8000/v1/audio/transcriptions');
  });

  it('names the file after the container each endpoint reads', () => {
    expect(audioFileName('audio/mp4')).toBe('speech.mp4');
    expect(audioFileName('audio/ogg;codecs=opus')).toBe('speech.ogg');
    expect(audioFileName('audio/wav')).toBe('speech.wav');
    expect(audioFileName('')).toBe('speech.webm');
  });

  it('refuses a 0-byte, an over-long and an over-size recording before sending it', () => {
    expect(checkRecording({ bytes: 0, durationMs: 1000 })?.code).toBe('empty_recording');
    expect(checkRecording({ bytes: 1000, durationMs: 30 * 60 * 1000 })?.code).toBe('too_long');
    expect(checkRecording({ bytes: MAX_TRANSCRIPTION_BYTES + 1, durationMs: 1000 })?.code).toBe('too_large');
    expect(checkRecording({ bytes: 1000, durationMs: MAX_RECORDING_MS })).toBeUndefined();
  });
});

describe('transcription answer', () => {
  it('reads the text', () => {
    expect(readTranscription(200, 'application/json', '{"text":" Hello there. "}')).toEqual({
      ok: true,
      value: 'Hello there.',
    });
  });

  it('reads a 401, a 429 and a 413 into codes with the provider words', () => {
    const unauthorized = readTranscription(
      401,
      'application/json',
      '{"error":{"message":"Incorrect API key provided: sk-bad.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}',
    );
    expect(unauthorized).toEqual({
      ok: false,
      error: { code: 'invalid_key', status: 401, detail: 'Incorrect API key provided: sk-bad.' },
    });
    const limited = readTranscription(429, 'application/json', '{"error":{"message":"Rate limit reached"}}');
    expect(limited.ok === false && limited.error.code).toBe('rate_limited');
    const large = readTranscription(413, 'text/plain', 'Request Entity Too Large');
    expect(large).toEqual({
      ok: false,
      error: { code: 'too_large', status: 413, detail: 'Request Entity Too Large' },
    });
  });

  it('says an HTML answer is not an API answer, even with status 200', () => {
    const html = '<!DOCTYPE html><html><head><title>Sign in</title></head><body></body></html>';
    expect(readTranscription(200, 'text/html; charset=utf-8', html)).toEqual({
      ok: false,
      error: { code: 'not_json', status: 200, detail: 'Sign in' },
    });
    expect(readTranscription(502, 'text/html', html)).toMatchObject({
      ok: false,
      error: { code: 'not_json' },
    });
  });

  it('says a cut answer was cut, and broken JSON is not JSON', () => {
    expect(readTranscription(200, 'application/json', '')).toMatchObject({
      ok: false,
      error: { code: 'cut_stream' },
    });
    expect(readTranscription(200, 'application/json', '{"text":"Hel')).toMatchObject({
      ok: false,
      error: { code: 'not_json' },
    });
  });
});
