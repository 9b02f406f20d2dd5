import { defaultVoiceSettings } from '@parley/core/entities';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { speakText, type SpeechFailure } from '../../src/features/speech/speech-player';

// Decision 0123: MP3 speech plays through MediaSource while it downloads. jsdom has no MediaSource,
// so a small one stands in: it opens at once and takes every append, as Chromium's does.
const vault = {
  status: 'open' as const,
  keys: {},
  stored: {
    version: 1 as const,
    endpoints: {},
    plainKeys: {},
    lock: null,
    sealedKeys: {},
    plainSecrets: {},
    sealedSecrets: {},
  },
  secrets: { 'voice:elevenlabs:apiKey': 'xi-test' },
};
const settings = { ...defaultVoiceSettings(), outputEngine: 'elevenlabs' as const };

class FakeSourceBuffer extends EventTarget {
  appended: number[] = [];
  appendBuffer(bytes: Uint8Array) {
    this.appended.push(bytes.byteLength);
    queueMicrotask(() => this.dispatchEvent(new Event('updateend')));
  }
}
class FakeMediaSource extends EventTarget {
  static mpeg = true;
  static made: FakeMediaSource[] = [];
  static isTypeSupported(type: string) {
    return FakeMediaSource.mpeg && type === 'audio/mpeg';
  }
  readyState: 'closed' | 'open' | 'ended' = 'closed';
  buffer = new FakeSourceBuffer();
  constructor() {
    super();
    FakeMediaSource.made.push(this);
    queueMicrotask(() => {
      this.readyState = 'open';
      this.dispatchEvent(new Event('sourceopen'));
    });
  }
  addSourceBuffer() {
    return this.buffer;
  }
  endOfStream() {
    this.readyState = 'ended';
  }
}

/** A speech answer whose pieces the test hands over one by one. */
function trickle() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (given) => void (controller = given) });
  const response = new Response(body, { headers: { 'content-type': 'audio/mpeg' } });
  return { response, controller };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const audioElement = () => document.querySelector<HTMLAudioElement>('audio[data-speech-audio]')!;

let played: string[];
beforeEach(() => {
  FakeMediaSource.mpeg = true;
  FakeMediaSource.made = [];
  vi.stubGlobal('MediaSource', FakeMediaSource);
  let next = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => `blob:test/${next++}`, revokeObjectURL: () => {} }),
  );
  played = [];
  // play() starts playing; the test says when the audio ends.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    played.push(this.getAttribute('src') ?? '');
    queueMicrotask(() => this.dispatchEvent(new Event('playing')));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.querySelector('audio[data-speech-audio]')?.remove();
});

function speak(fetch: typeof globalThis.fetch) {
  const outcome = { ended: false, firstAudio: false, failure: undefined as SpeechFailure | undefined };
  speakText('Paris is the capital.', {
    engine: 'elevenlabs',
    settings,
    vault,
    fetch,
    onFirstAudio: () => (outcome.firstAudio = true),
    onEnd: () => (outcome.ended = true),
    onError: (failure) => (outcome.failure = failure),
  });
  return outcome;
}

describe('streamed speech (decision 0123)', () => {
  it('plays the first bytes while the rest downloads, appends the rest, then ends the stream', async () => {
    const { response, controller } = trickle();
    const outcome = speak(async () => response);
    controller.enqueue(new Uint8Array(400));
    await flush();
    // Playing already, with one piece of the answer in: the element reads the MediaSource.
    expect(played).toEqual(['blob:test/0']);
    expect(outcome.firstAudio).toBe(true);
    expect(audioElement().dataset.speechDelivery).toBe('streamed');
    const [source] = FakeMediaSource.made;
    expect(source?.buffer.appended).toEqual([400]);
    expect(source?.readyState).toBe('open');

    controller.enqueue(new Uint8Array(300));
    controller.close();
    await flush();
    expect(source?.buffer.appended).toEqual([400, 300]);
    expect(source?.readyState).toBe('ended');
    audioElement().dispatchEvent(new Event('ended'));
    await flush();
    expect(outcome).toMatchObject({ ended: true, failure: undefined });
  });

  it('a stream cut while it plays stops the reading with the cut message', async () => {
    const { response, controller } = trickle();
    const outcome = speak(async () => response);
    controller.enqueue(new Uint8Array(400));
    await flush();
    expect(played).toHaveLength(1);
    controller.error(new TypeError('network error'));
    await flush();
    expect(outcome.failure).toMatchObject({ kind: 'voice', error: { code: 'cut_stream' } });
    expect(audioElement().hasAttribute('src')).toBe(false);
  });

  it('where MediaSource takes no MP3 (Safari), the whole chunk is fetched before it plays', async () => {
    FakeMediaSource.mpeg = false;
    const { response, controller } = trickle();
    speak(async () => response);
    controller.enqueue(new Uint8Array(400));
    await flush();
    expect(played).toEqual([]);
    controller.close();
    await flush();
    expect(played).toEqual(['blob:test/0']);
    expect(audioElement().dataset.speechDelivery).toBe('whole');
    expect(FakeMediaSource.made).toEqual([]);
  });
});
