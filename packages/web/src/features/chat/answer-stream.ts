import { PARTIAL_SAVE_INTERVAL_MS } from './save-cadence';
import {
  applyChatEvent,
  emptyChatAssembly,
  streamChat,
  type ChatAssembly,
  type ChatRequest,
} from '@parley/core/providers';

/** How long to wait for a provider's response headers before calling it unresponsive (spec: slow provider). */
export const RESPONSE_TIMEOUT_MS = 60_000;
export type FrameScheduler = (callback: () => void) => void;

export const animationFrameScheduler: FrameScheduler = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 16);
};

export type AnswerStreamOptions = {
  request: ChatRequest;
  fetch: typeof fetch;
  signal: AbortSignal;
  now: () => number;
  /** Called at most once per frame with the answer so far (the streaming message re-renders). */
  onProgress: (assembly: ChatAssembly) => void;
  /** Called while text keeps coming, at most every `checkpointMs()` (default PARTIAL_SAVE_INTERVAL_MS). */
  onCheckpoint: (assembly: ChatAssembly) => void;
  checkpointMs?: () => number;
  scheduleFrame?: FrameScheduler;
  timeoutMs?: number;
};

/**
 * Streams one answer and folds its events with the core reducer. Rendering is batched to animation
 * frames: a fast provider sends hundreds of deltas a second and re-rendering on each would waste the
 * main thread. Resolves with the final assembly (errors included: streamChat never throws).
 */
export async function runAnswerStream(options: AnswerStreamOptions): Promise<ChatAssembly> {
  const schedule = options.scheduleFrame ?? animationFrameScheduler;
  let assembly = emptyChatAssembly;
  let framePending = false;
  let finished = false;
  let lastCheckpoint = options.now();
  const flush = () => {
    framePending = false;
    if (!finished) options.onProgress(assembly);
  };
  const events = streamChat(options.request, {
    fetch: options.fetch,
    signal: options.signal,
    timeoutMs: options.timeoutMs ?? RESPONSE_TIMEOUT_MS,
  });
  for await (const event of events) {
    assembly = applyChatEvent(assembly, event);
    if (event.type !== 'text-delta' && event.type !== 'reasoning-delta') continue;
    if (!framePending) {
      framePending = true;
      schedule(flush);
    }
    const now = options.now();
    if (now - lastCheckpoint >= (options.checkpointMs?.() ?? PARTIAL_SAVE_INTERVAL_MS)) {
      lastCheckpoint = now;
      options.onCheckpoint(assembly);
    }
  }
  finished = true;
  return assembly;
}
