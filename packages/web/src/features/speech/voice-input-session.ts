import type { VoiceInputEngine, VoiceSettings } from '@parley/core/entities';
import {
  audioFileName,
  buildTranscriptionRequest,
  checkRecording,
  readTranscription,
  type VoiceError,
} from '@parley/core/voice';
import type { KeyVaultState } from '../../state';
import { browserRecognition, recognisedText } from './browser-recognition';
import { transcriptionAccess } from './voice-access';
import { useVoiceInput, type VoiceInputProblem } from './voice-input-store';
import { useVoiceStatus } from './voice-status';
import {
  MicError,
  openMicrophone,
  releaseMicrophone,
  startRecording,
  watchLevel,
  type LevelWatch,
  type Recording,
} from './voice-recorder';

export type VoiceInputDeps = {
  engine: VoiceInputEngine;
  settings: VoiceSettings;
  vault: Pick<KeyVaultState, 'keys' | 'stored' | 'status' | 'secrets'>;
  fetch: typeof fetch;
  /** The app's language, for the browser's recognition when the settings name none. */
  appLanguage: string;
  /** The words heard; called once per turn, never with empty text. */
  onText: (text: string) => void;
};

/**
 * User Timing marks around a turn (bench/voice.ts reads them): the end of speech (silence or the
 * second press) and the words handed to the message box.
 */
export const VOICE_INPUT_MARKS = { stopped: 'parley:voice-stopped', text: 'parley:voice-text' } as const;

/** A transcription taking longer than this shows as slow (the spec's SLOW status). */
export const SLOW_TRANSCRIPTION_MS = 4000;

const set = useVoiceInput.setState;

function fail(problem: VoiceInputProblem) {
  set({ phase: 'error', problem, level: 0, stop: undefined, cancel: undefined, slow: false });
}

function micProblem(error: unknown): VoiceInputProblem {
  if (error instanceof MicError) return { kind: error.problem };
  return { kind: 'voice', code: 'network', detail: error instanceof Error ? error.message : String(error) };
}

/**
 * One turn of dictation: opens the microphone, shows the level, stops on the second press or after
 * ~1.5 s of silence, turns the audio into text with the chosen engine and hands it over. The
 * microphone is released whatever happens.
 */
export async function startVoiceInput(deps: VoiceInputDeps): Promise<void> {
  if (useVoiceInput.getState().phase === 'listening' || useVoiceInput.getState().phase === 'starting') return;
  set({ phase: 'starting', problem: undefined, level: 0, slow: false });
  if (deps.engine === 'browser') return browserTurn(deps);
  const access = transcriptionAccess(deps.engine, deps.settings, deps.vault);
  if (!access.apiKey) return fail({ kind: 'missing-key', engine: deps.engine });
  let stream: MediaStream;
  try {
    stream = await openMicrophone();
  } catch (error) {
    return fail(micProblem(error));
  }
  const end = () => {
    level.stop();
    releaseMicrophone(stream);
  };
  let recording: ReturnType<typeof startRecording>;
  try {
    recording = startRecording(stream, () => finish());
  } catch (error) {
    releaseMicrophone(stream);
    return fail(micProblem(error));
  }
  const finish = () => {
    if (useVoiceInput.getState().phase !== 'listening') return;
    performance.mark(VOICE_INPUT_MARKS.stopped);
    set({ phase: 'transcribing', level: 0, stop: undefined, cancel: undefined });
    void recording.finish().then(async (audio) => {
      end();
      await transcribe(deps, access, audio);
    });
  };
  const cancel = () => {
    recording.cancel();
    end();
    set({ phase: 'idle', level: 0, stop: undefined, cancel: undefined });
  };
  const level: LevelWatch = watchLevel(stream, {
    onLevel: (value) => set({ level: value }),
    onSilence: finish,
  });
  set({ phase: 'listening', stop: finish, cancel });
}

async function transcribe(
  deps: VoiceInputDeps,
  access: { endpoint: string; apiKey: string | null; model: string },
  audio: Recording,
): Promise<void> {
  const refused = checkRecording({ bytes: audio.blob.size, durationMs: audio.durationMs });
  if (refused) return fail({ kind: 'voice', code: refused.code, detail: '' });
  const request = buildTranscriptionRequest({
    endpoint: access.endpoint,
    apiKey: access.apiKey ?? '',
    model: access.model,
    audio: audio.blob,
    fileName: audioFileName(audio.mimeType),
    prompt: deps.settings.whisperPrompt,
    language: deps.settings.language,
  });
  const slowTimer = window.setTimeout(() => set({ slow: true }), SLOW_TRANSCRIPTION_MS);
  const asked = performance.now();
  let result: { ok: true; value: string } | { ok: false; error: VoiceError };
  try {
    const response = await deps.fetch(request.url, request.init);
    // A body that breaks off reads as empty: a cut answer.
    const body = await response.text().catch(() => '');
    result = readTranscription(response.status, response.headers.get('content-type'), body);
  } catch (error) {
    result = { ok: false, error: { code: 'network', detail: error instanceof Error ? error.message : '' } };
  } finally {
    window.clearTimeout(slowTimer);
  }
  if (!result.ok) {
    useVoiceStatus.setState({ transcription: 'error' });
    return fail({ kind: 'voice', code: result.error.code, detail: result.error.detail });
  }
  useVoiceStatus.setState({
    transcription: performance.now() - asked > SLOW_TRANSCRIPTION_MS ? 'slow' : 'ok',
  });
  set({ phase: 'idle', level: 0, slow: false, problem: undefined });
  if (result.value !== '') {
    deps.onText(result.value);
    performance.mark(VOICE_INPUT_MARKS.text);
  }
  // A recording that hit a limit says so, once its words are in the box.
  if (audio.capped) set({ phase: 'error', problem: { kind: 'capped', by: audio.capped } });
}

async function browserTurn(deps: VoiceInputDeps): Promise<void> {
  const Recognition = browserRecognition();
  if (!Recognition) return fail({ kind: 'unsupported' });
  // The microphone is opened for the level meter (and so a refusal is reported the same way).
  let stream: MediaStream | undefined;
  try {
    stream = await openMicrophone();
  } catch (error) {
    return fail(micProblem(error));
  }
  const recognition = new Recognition();
  recognition.lang = deps.settings.language || deps.appLanguage;
  recognition.continuous = true;
  recognition.interimResults = false;
  let text = '';
  let failed = false;
  const level = watchLevel(stream, { onLevel: (value) => set({ level: value }), onSilence: () => stop() });
  const release = () => {
    level.stop();
    releaseMicrophone(stream);
  };
  const stop = () => {
    if (useVoiceInput.getState().phase !== 'listening') return;
    performance.mark(VOICE_INPUT_MARKS.stopped);
    set({ phase: 'transcribing', level: 0, stop: undefined, cancel: undefined });
    recognition.stop();
  };
  recognition.onresult = (event) => {
    text = recognisedText(event.results);
  };
  recognition.onerror = (event) => {
    failed = true;
    release();
    if (event.error === 'not-allowed' || event.error === 'service-not-allowed')
      return fail({ kind: 'blocked' });
    if (event.error === 'audio-capture') return fail({ kind: 'no-mic' });
    if (event.error === 'no-speech' || event.error === 'aborted') {
      return set({ phase: 'idle', level: 0, stop: undefined, cancel: undefined });
    }
    fail({ kind: 'recognition', detail: event.message || event.error });
  };
  recognition.onend = () => {
    release();
    if (failed) return;
    set({ phase: 'idle', level: 0, stop: undefined, cancel: undefined });
    if (text !== '') {
      deps.onText(text);
      performance.mark(VOICE_INPUT_MARKS.text);
    }
  };
  recognition.start();
  set({
    phase: 'listening',
    stop,
    cancel: () => {
      failed = true;
      recognition.abort();
      release();
      set({ phase: 'idle', level: 0, stop: undefined, cancel: undefined });
    },
  });
}
