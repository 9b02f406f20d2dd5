import { MAX_RECORDING_MS, MAX_TRANSCRIPTION_BYTES } from '@parley/core/voice';

/**
 * The microphone: opening it (and saying why it cannot be), its loudness for the level meter and the
 * silence that ends a turn, and recording with MediaRecorder under the length and size caps. Audio
 * stays in memory and is dropped after the upload; nothing is stored.
 */
export type MicProblem = 'blocked' | 'no-mic' | 'unsupported';

export class MicError extends Error {
  constructor(readonly problem: MicProblem) {
    super(problem);
  }
}

export async function openMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new MicError('unsupported');
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') throw new MicError('blocked');
    if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') {
      throw new MicError('no-mic');
    }
    throw error;
  }
}

/** Releases the microphone: every track stopped, so the browser's recording indicator goes off. */
export function releaseMicrophone(stream: MediaStream | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * The first container this browser records that transcription endpoints accept: WebM/Opus in
 * Chromium and Firefox, MP4/AAC in Safari (decision 0086). Empty lets the browser choose.
 */
export function pickRecordingType(isSupported: (type: string) => boolean): string {
  const candidates = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];
  return candidates.find((type) => isSupported(type)) ?? '';
}

export const SILENCE_MS = 1500;
/** RMS loudness under which the microphone counts as silent (speech is ~0.05-0.3 with gain control). */
export const SILENCE_LEVEL = 0.015;

export type LevelWatch = { stop: () => void };

/**
 * Samples the loudness every 50 ms; after speech has been heard, `silenceMs` of quiet calls onSilence
 * once. A timer, not requestAnimationFrame, so a tab in the background still ends its turn.
 */
export function watchLevel(
  stream: MediaStream,
  handlers: { onLevel: (level: number) => void; onSilence?: () => void; onSpeech?: () => void },
  silenceMs = SILENCE_MS,
): LevelWatch {
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let heardSpeech = false;
  let quietSince: number | undefined;
  const timer = window.setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    const rms = Math.sqrt(sum / samples.length);
    handlers.onLevel(Math.min(1, rms * 6));
    const now = performance.now();
    if (rms >= SILENCE_LEVEL) {
      if (!heardSpeech) handlers.onSpeech?.();
      heardSpeech = true;
      quietSince = undefined;
    } else if (heardSpeech) {
      quietSince ??= now;
      if (now - quietSince >= silenceMs) {
        heardSpeech = false;
        quietSince = undefined;
        handlers.onSilence?.();
      }
    }
  }, 50);
  return {
    stop() {
      window.clearInterval(timer);
      void context.close().catch(() => undefined);
    },
  };
}

export type Recording = {
  blob: Blob;
  mimeType: string;
  durationMs: number;
  capped: 'length' | 'size' | undefined;
};

export type RecordingHandle = {
  /** Ends the recording and resolves with what was said. */
  finish: () => Promise<Recording>;
  cancel: () => void;
};

/** Records `stream` until finish(), or until the length or size cap, which finishes it by itself. */
export function startRecording(
  stream: MediaStream,
  onCapped: () => void,
  limits = { maxMs: MAX_RECORDING_MS, maxBytes: MAX_TRANSCRIPTION_BYTES },
): RecordingHandle {
  const mimeType = pickRecordingType((type) => MediaRecorder.isTypeSupported(type));
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  let bytes = 0;
  let capped: Recording['capped'];
  const started = performance.now();
  let ended: Promise<Recording> | undefined;
  const done = new Promise<Recording>((resolve) => {
    recorder.addEventListener('stop', () => {
      const type = recorder.mimeType || mimeType || 'audio/webm';
      resolve({
        blob: new Blob(chunks, { type }),
        mimeType: type,
        durationMs: performance.now() - started,
        capped,
      });
    });
  });
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size === 0) return;
    chunks.push(event.data);
    bytes += event.data.size;
    // The next second would go over the upload limit: stop now rather than record what cannot be sent.
    if (bytes > limits.maxBytes * 0.98 && recorder.state === 'recording') {
      capped = 'size';
      onCapped();
    }
  });
  // A second early, so the recording is under the limit that checkRecording enforces.
  const lengthCap = window.setTimeout(
    () => {
      capped = 'length';
      onCapped();
    },
    Math.max(0, limits.maxMs - 1000),
  );
  recorder.start(1000);
  const finish = () => {
    window.clearTimeout(lengthCap);
    ended ??= recorder.state !== 'inactive' ? (recorder.stop(), done) : done;
    return ended;
  };
  return {
    finish,
    cancel: () => {
      window.clearTimeout(lengthCap);
      chunks.length = 0;
      if (recorder.state !== 'inactive') recorder.stop();
    },
  };
}
