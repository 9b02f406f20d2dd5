import type { ReadOutcome, ReadStage } from './read-file';

/** Main thread → worker. */
export type PortabilityRequest =
  { type: 'read'; file: Blob; now: number } | { type: 'zip'; files: Record<string, string> };

/** Worker → main thread. */
export type PortabilityReply =
  | { type: 'stage'; stage: ReadStage }
  | { type: 'read'; outcome: ReadOutcome }
  | { type: 'zipped'; bytes: Uint8Array }
  | { type: 'failed'; message: string };
