import { defaultVoiceSettings } from '@parley/core/entities';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { speakText, type SpeechFailure } from '../../src/features/speech/speech-player';

const vault = {
  status: 'open' as const,
  keys: { openai: 'sk-test' },
  stored: {
    version: 1 as const,
    endpoints: { openai: 'http://sim.test/v1' },
    plainKeys: {},
    lock: null,
    sealedKeys: {},
    plainSecrets: {},
    sealedSecrets: {},
  },
  secrets: {},
};
const settings = { ...defaultVoiceSettings(), outputEngine: 'openai' as const, openAIVoice: 'nova' as const };
const mp3 = new Uint8Array([0xff, 0xfb, 0x90, 0x64, 1, 2, 3, 4]);

/** The element's play(): it "plays" and ends at once, as a short clip would. */
function fakePlayback() {
  const played: string[] = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.getAttribute('src') ?? '');
    queueMicrotask(() => {
      this.dispatchEvent(new Event('playing'));
      queueMicrotask(() => this.dispatchEvent(new Event('ended')));
    });
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  return played;
}

function speak(text: string, fetch: typeof globalThis.fetch) {
  return new Promise<{ ended: boolean; failure?: SpeechFailure; firstAudio: boolean }>((resolve) => {
    let firstAudio = false;
    speakText(text, {
      engine: 'openai',
      settings,
      vault,
      fetch,
      onFirstAudio: () => (firstAudio = true),
      onEnd: () => resolve({ ended: true, firstAudio }),
      onError: (failure) => resolve({ ended: false, failure, firstAudio }),
    });
  });
}

beforeEach(() => {
  let next = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:test/${next++}`, revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  document.querySelector('audio[data-speech-audio]')?.remove();
});

describe('speech player (OpenAI)', () => {
  it('asks for each sentence chunk in order, the first alone, and plays each', async () => {
    const played = fakePlayback();
    const bodies: unknown[] = [];
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      bodies.push(JSON.parse(init!.body as string));
      return new Response(mp3, { headers: { 'content-type': 'audio/mpeg' } });
    });
    const result = await speak('Paris is the capital. It is on the Seine.', fetch as typeof globalThis.fetch);
    expect(result).toEqual({ ended: true, firstAudio: true });
    expect(fetch.mock.calls[0]![0]).toBe('http://sim.test/v1/audio/speech');
    expect(bodies).toEqual([
      expect.objectContaining({ input: 'Paris is the capital.', voice: 'nova', response_format: 'mp3' }),
      expect.objectContaining({ input: 'It is on the Seine.' }),
    ]);
    expect(played).toEqual(['blob:test/0', 'blob:test/1']);
    // Done: the element is emptied and its blob URLs freed.
    expect(document.querySelector('audio[data-speech-audio]')?.hasAttribute('src')).toBe(false);
  });

  it('a 401 stops with the key message and the provider words; nothing plays', async () => {
    const played = fakePlayback();
    const fetch = async () =>
      new Response('{"error":{"message":"Incorrect API key provided: sk-t***.","code":"invalid_api_key"}}', {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    const result = await speak('Hello.', fetch);
    expect(result.failure).toEqual({
      kind: 'voice',
      error: { code: 'invalid_key', status: 401, detail: 'Incorrect API key provided: sk-t***.' },
    });
    expect(played).toEqual([]);
  });

  it('a 429, an HTML page with status 200, and a cut stream each say what happened', async () => {
    fakePlayback();
    const limited = await speak(
      'Hi.',
      async () => new Response('{"error":{"message":"Rate limit reached"}}', { status: 429 }),
    );
    expect(limited.failure).toMatchObject({ error: { code: 'rate_limited' } });
    const html = await speak(
      'Hi.',
      async () => new Response('<!DOCTYPE html><html></html>', { headers: { 'content-type': 'text/html' } }),
    );
    expect(html.failure).toMatchObject({ error: { code: 'not_audio' } });
    const cut = await speak(
      'Hi.',
      async () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(mp3);
              controller.error(new TypeError('network error'));
            },
          }),
          { headers: { 'content-type': 'audio/mpeg' } },
        ),
    );
    expect(cut.failure).toMatchObject({ error: { code: 'cut_stream' } });
    const short = await speak(
      'Hi.',
      async () => new Response(mp3, { headers: { 'content-type': 'audio/mpeg', 'content-length': '100' } }),
    );
    expect(short.failure).toMatchObject({ error: { code: 'cut_stream', detail: '8 of 100 bytes' } });
  });

  it('says which key is missing before asking anything', async () => {
    const fetch = vi.fn();
    const result = await new Promise<SpeechFailure>((resolve) =>
      speakText('Hi.', {
        engine: 'elevenlabs',
        settings,
        vault,
        fetch: fetch as typeof globalThis.fetch,
        onEnd: () => {},
        onError: resolve,
      }),
    );
    expect(result).toEqual({ kind: 'missing-key', engine: 'elevenlabs' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
