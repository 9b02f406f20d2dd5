import type { VoiceOutputEngine, VoiceSettings } from '@parley/core/entities';
import {
  buildElevenLabsSpeechRequest,
  buildOpenAISpeechRequest,
  cutAudio,
  speechAnswerProblem,
  speechChunks,
  type AudioRequest,
  type VoiceError,
} from '@parley/core/voice';
import type { TFunction } from 'i18next';
import type { KeyVaultState } from '../../state';
import { missingSpeechKeyText, voiceErrorText } from './voice-error-text';
import { browserSpeechSynthesis } from './browser-speech';
import { elevenLabsAccess, openAISpeechAccess } from './voice-access';
import type { SpeechControl } from './speech-store';
import { SLOW_FIRST_AUDIO_MS, useVoiceStatus } from './voice-status';

export type SpeechFailure =
  | { kind: 'voice'; error: VoiceError }
  | { kind: 'missing-key'; engine: 'openai' | 'elevenlabs' }
  | { kind: 'unsupported' }
  | { kind: 'browser'; message: string };

/** The toast a failed reading shows. */
export function failureText(t: TFunction, failure: SpeechFailure): string {
  switch (failure.kind) {
    case 'unsupported':
      return t('speech.unsupported');
    case 'missing-key':
      return missingSpeechKeyText(t, failure.engine);
    case 'browser':
      return t('speech.failed', { message: failure.message });
    case 'voice':
      return t('speech.failed', { message: voiceErrorText(t, failure.error) });
  }
}

export type SpeakDeps = {
  engine: VoiceOutputEngine;
  settings: VoiceSettings;
  vault: Pick<KeyVaultState, 'keys' | 'stored' | 'status' | 'secrets'>;
  fetch: typeof fetch;
  onEnd: () => void;
  onError: (failure: SpeechFailure) => void;
  /** The first sound (bench: answer start to first audio). */
  onFirstAudio?: () => void;
};

/**
 * Reads `text` (already plain, from speechTextFromMarkdown) aloud with the chosen engine, in
 * sentence chunks (decision 0087): the first chunk is short, so its audio comes back fast, and the
 * next chunk is fetched while one plays. Returns the controls; onEnd or onError is called once.
 */
export function speakText(text: string, given: SpeakDeps): SpeechControl {
  const chunks = speechChunks(text);
  const asked = performance.now();
  // The spec's status of the reading service: slow when the first sound takes long, error on failure.
  const deps: SpeakDeps = {
    ...given,
    onFirstAudio: () => {
      useVoiceStatus.setState({ speech: performance.now() - asked > SLOW_FIRST_AUDIO_MS ? 'slow' : 'ok' });
      given.onFirstAudio?.();
    },
    onError: (failure) => {
      if (failure.kind === 'voice' || failure.kind === 'browser')
        useVoiceStatus.setState({ speech: 'error' });
      given.onError(failure);
    },
  };
  if (deps.engine === 'browser') return speakWithBrowser(chunks, deps);
  const access =
    deps.engine === 'openai'
      ? openAISpeechAccess(deps.settings, deps.vault)
      : elevenLabsAccess(deps.settings, deps.vault);
  if (!access.apiKey) {
    deps.onError({ kind: 'missing-key', engine: deps.engine });
    return { stop() {}, pause() {}, resume() {} };
  }
  const requestFor = (chunk: string): AudioRequest =>
    deps.engine === 'openai'
      ? buildOpenAISpeechRequest({
          endpoint: access.endpoint,
          apiKey: access.apiKey!,
          model: deps.settings.openAISpeechModel,
          voice: deps.settings.openAIVoice,
          text: chunk,
          speed: deps.settings.openAISpeed,
          instructions: deps.settings.openAISpeechInstructions,
        })
      : buildElevenLabsSpeechRequest({
          endpoint: access.endpoint,
          apiKey: access.apiKey!,
          voiceId: deps.settings.elevenLabsVoiceID,
          model: deps.settings.elevenLabsModel,
          text: chunk,
          stability: deps.settings.elevenLabsStability,
          clarity: deps.settings.elevenLabsClarity,
        });
  return playChunks(chunks, requestFor, deps);
}

/** The page's one speech <audio> element (tests and the bench read it). */
function speechAudioElement(): HTMLAudioElement {
  const existing = document.querySelector<HTMLAudioElement>('audio[data-speech-audio]');
  if (existing) return existing;
  const audio = document.createElement('audio');
  audio.dataset.speechAudio = '';
  audio.hidden = true;
  document.body.append(audio);
  return audio;
}

/** An answer whose head says audio, its body not read yet; or what went wrong before any audio. */
type Fetched = { ok: true; response: Response; contentType: string } | { ok: false; error: VoiceError };
type Source =
  { ok: true; url: string; streamed?: Promise<VoiceError | undefined> } | { ok: false; error: VoiceError };

async function openAudio(
  request: AudioRequest,
  fetcher: typeof fetch,
  signal: AbortSignal,
): Promise<Fetched> {
  let response: Response;
  try {
    response = await fetcher(request.url, { ...request.init, signal });
  } catch (error) {
    return { ok: false, error: { code: 'network', detail: error instanceof Error ? error.message : '' } };
  }
  const contentType = response.headers.get('content-type');
  const headProblem = speechAnswerProblem(response.status, contentType);
  if (headProblem) {
    const body = await response.text().catch(() => '');
    return { ok: false, error: speechAnswerProblem(response.status, contentType, body) ?? headProblem };
  }
  return { ok: true, response, contentType: contentType ?? 'audio/mpeg' };
}

/**
 * Decision 0123: MP3 is played while it downloads through MediaSource where the browser takes
 * `audio/mpeg` there (Chromium, Firefox, Edge); elsewhere (Safari without MSE for MP3, iPhone's
 * ManagedMediaSource) the whole chunk is fetched first and played from a blob.
 */
export function canStreamAudio(contentType: string): boolean {
  return (
    typeof MediaSource !== 'undefined' &&
    /^audio\/mpeg\b/i.test(contentType) &&
    MediaSource.isTypeSupported('audio/mpeg')
  );
}

async function wholeAudio(response: Response, contentType: string): Promise<Source> {
  let bytes: ArrayBuffer;
  try {
    bytes = await response.arrayBuffer();
  } catch {
    return { ok: false, error: { code: 'cut_stream', status: response.status, detail: '' } };
  }
  const cut = cutAudio(bytes.byteLength, response.headers.get('content-length'));
  if (cut) return { ok: false, error: cut };
  return { ok: true, url: URL.createObjectURL(new Blob([bytes], { type: contentType })) };
}

function appended(buffer: SourceBuffer, bytes: Uint8Array<ArrayBuffer>): Promise<void> {
  return new Promise((resolve, reject) => {
    buffer.addEventListener('updateend', () => resolve(), { once: true });
    buffer.addEventListener('error', () => reject(new Error('the audio could not be decoded')), {
      once: true,
    });
    buffer.appendBuffer(bytes);
  });
}

/**
 * The answer's bytes fed into a MediaSource as they arrive, so the element can play the first
 * frames while the rest downloads. `streamed` settles when the body has ended: with nothing, or with
 * the error of a stream that broke off or came up short (a cut answer is an error, decision 0087).
 */
function streamedAudio(response: Response, signal: AbortSignal): Source {
  const body = response.body;
  if (!body) return { ok: false, error: { code: 'cut_stream', status: response.status, detail: 'no audio' } };
  const source = new MediaSource();
  const url = URL.createObjectURL(source);
  const streamed = new Promise<VoiceError | undefined>((resolve) => {
    const feed = async () => {
      const reader = body.getReader();
      let received = 0;
      try {
        const buffer = source.addSourceBuffer('audio/mpeg');
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          received += value.byteLength;
          await appended(buffer, value as Uint8Array<ArrayBuffer>);
        }
      } catch (error) {
        if (signal.aborted) return resolve(undefined);
        const detail = error instanceof Error && /decode/.test(error.message) ? error.message : '';
        return resolve({ code: 'cut_stream', status: response.status, detail });
      }
      const cut = cutAudio(received, response.headers.get('content-length'));
      if (cut) return resolve(cut);
      if (source.readyState === 'open') source.endOfStream();
      resolve(undefined);
    };
    source.addEventListener('sourceopen', () => void feed(), { once: true });
  });
  return { ok: true, url, streamed };
}

function playChunks(
  chunks: string[],
  requestFor: (chunk: string) => AudioRequest,
  deps: SpeakDeps,
): SpeechControl {
  const audio = speechAudioElement();
  const abort = new AbortController();
  const urls: string[] = [];
  const fetched = new Map<number, Promise<Fetched>>();
  let stopped = false;
  let firstHeard = false;
  const fetchChunk = (index: number) => {
    if (index >= chunks.length || fetched.has(index)) return;
    fetched.set(index, openAudio(requestFor(chunks[index]!), deps.fetch, abort.signal));
  };
  const cleanUp = () => {
    audio.onended = null;
    audio.onplaying = null;
    audio.pause();
    audio.removeAttribute('src');
    audio.load(); // drops the stopped audio, so nothing can resume it
    for (const url of urls) URL.revokeObjectURL(url);
  };
  const play = async (index: number): Promise<void> => {
    if (stopped) return;
    if (index >= chunks.length) {
      stopped = true;
      cleanUp();
      deps.onEnd();
      return;
    }
    fetchChunk(index);
    const answer = await fetched.get(index)!;
    if (stopped) return;
    const fail = (error: VoiceError) => {
      if (stopped) return;
      stopped = true;
      abort.abort();
      cleanUp();
      deps.onError({ kind: 'voice', error });
    };
    if (!answer.ok) return fail(answer.error);
    const streaming = canStreamAudio(answer.contentType);
    const result = streaming
      ? streamedAudio(answer.response, abort.signal)
      : await wholeAudio(answer.response, answer.contentType);
    if (stopped) return;
    if (!result.ok) return fail(result.error);
    urls.push(result.url);
    void result.streamed?.then((error) => error && fail(error));
    // How this chunk arrived (tests and the bench read it): played while downloading, or whole.
    audio.dataset.speechDelivery = streaming ? 'streamed' : 'whole';
    audio.onplaying = () => {
      if (!firstHeard) deps.onFirstAudio?.();
      firstHeard = true;
      // The next chunk is fetched while this one plays.
      fetchChunk(index + 1);
    };
    audio.onended = () => void play(index + 1);
    audio.src = result.url;
    try {
      await audio.play();
    } catch (error) {
      if (stopped) return;
      stopped = true;
      cleanUp();
      deps.onError({ kind: 'browser', message: error instanceof Error ? error.message : String(error) });
    }
  };
  void play(0);
  return {
    stop() {
      stopped = true;
      abort.abort();
      cleanUp();
    },
    pause() {
      audio.pause();
    },
    resume() {
      void audio.play().catch(() => undefined);
    },
  };
}

function speakWithBrowser(chunks: string[], deps: SpeakDeps): SpeechControl {
  const synthesis = browserSpeechSynthesis();
  if (!synthesis) {
    deps.onError({ kind: 'unsupported' });
    return { stop() {}, pause() {}, resume() {} };
  }
  synthesis.cancel();
  const voice = deps.settings.browserVoiceName
    ? synthesis.getVoices().find((candidate) => candidate.name === deps.settings.browserVoiceName)
    : undefined;
  let stopped = false;
  // One utterance per chunk: Chrome cuts a single long utterance off after about 15 seconds.
  chunks.forEach((chunk, index) => {
    const utterance = new SpeechSynthesisUtterance(chunk);
    utterance.rate = deps.settings.browserRate;
    utterance.pitch = deps.settings.browserPitch;
    if (voice) utterance.voice = voice;
    if (index === 0) utterance.onstart = () => deps.onFirstAudio?.();
    if (index === chunks.length - 1) utterance.onend = () => !stopped && deps.onEnd();
    utterance.onerror = (event) => {
      if (stopped) return;
      stopped = true;
      synthesis.cancel();
      if (event.error === 'canceled' || event.error === 'interrupted') deps.onEnd();
      else deps.onError({ kind: 'browser', message: event.error });
    };
    synthesis.speak(utterance);
  });
  if (chunks.length === 0) deps.onEnd();
  return {
    stop() {
      stopped = true;
      synthesis.cancel();
    },
    pause() {
      synthesis.pause();
    },
    resume() {
      synthesis.resume();
    },
  };
}
