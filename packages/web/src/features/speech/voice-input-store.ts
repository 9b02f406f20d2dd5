import type { VoiceErrorCode } from '@parley/core/voice';
import { create } from 'zustand';

/**
 * What the microphone is doing, app-wide (one recording at a time). `blocked` is the browser's or
 * the user's refusal of the microphone; `no-mic` is a device without one.
 */
export type VoiceInputPhase = 'idle' | 'starting' | 'listening' | 'transcribing' | 'error';
export type VoiceInputProblem =
  | { kind: 'blocked' }
  | { kind: 'no-mic' }
  | { kind: 'unsupported' }
  | { kind: 'missing-key'; engine: 'openai' | 'groq' | 'custom' }
  | { kind: 'voice'; code: VoiceErrorCode; detail: string }
  | { kind: 'recognition'; detail: string }
  /** Not a failure: the recording reached a limit and what was said until then was transcribed. */
  | { kind: 'capped'; by: 'length' | 'size' };

export type VoiceInputState = {
  phase: VoiceInputPhase;
  /** 0..1, the microphone's loudness while listening (the level meter). */
  level: number;
  problem: VoiceInputProblem | undefined;
  /** The transcription is taking long (the spec's SLOW). */
  slow: boolean;
  /** Stops the running recording (transcribes what was said); undefined when none runs. */
  stop: (() => void) | undefined;
  /** Drops the running recording without transcribing it. */
  cancel: (() => void) | undefined;
};

export const useVoiceInput = create<VoiceInputState>()(() => ({
  phase: 'idle',
  level: 0,
  problem: undefined,
  slow: false,
  stop: undefined,
  cancel: undefined,
}));
