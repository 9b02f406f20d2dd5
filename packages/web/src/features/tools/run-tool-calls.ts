import {
  toolTimeoutMessage,
  type PreparedToolCall,
  type ToolCallOutcome,
  type ToolResult,
} from '@parley/core/tools';
import type { ToolRegistry } from './tool-registry';

/**
 * Runs one answer's calls in parallel (tools SPEC TL4): each ends with its result, an error, its
 * time-out, or Stop (TL8: abandoned, marked stopped). Never rejects.
 */
export interface RunToolCallsInput {
  prepared: readonly PreparedToolCall[];
  registry: ToolRegistry;
  signal: AbortSignal;
  timeoutMs: number;
  userMessage: string;
  now: () => number;
}

export async function runToolCalls(input: RunToolCallsInput): Promise<ToolCallOutcome[]> {
  const { registry, signal, timeoutMs, now } = input;
  return Promise.all(
    input.prepared.map(async (prepared): Promise<ToolCallOutcome> => {
      if (prepared.kind === 'invalid') {
        const { id, name, rawArguments, message } = prepared;
        return { id, name, rawArguments, durationMs: 0, result: { status: 'error', message } };
      }
      const { call, tool, rawArguments } = prepared;
      const started = now();
      const callController = new AbortController();
      const stop = (): void => callController.abort();
      signal.addEventListener('abort', stop, { once: true });
      let timer: ReturnType<typeof setTimeout> | undefined;
      // The source ends its own work on time-out; this race makes sure the loop never waits longer.
      const timedOut = new Promise<ToolResult>((resolve) => {
        timer = setTimeout(() => {
          callController.abort();
          resolve({ status: 'error', message: toolTimeoutMessage(call.name, timeoutMs) });
        }, timeoutMs);
      });
      const stopped = new Promise<'stopped'>((resolve) => {
        if (signal.aborted) resolve('stopped');
        signal.addEventListener('abort', () => resolve('stopped'), { once: true });
      });
      const result = await Promise.race([
        registry.run(tool, call, {
          signal: callController.signal,
          userMessage: input.userMessage,
          timeoutMs,
        }),
        timedOut,
        stopped,
      ]);
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
      return {
        id: call.id,
        name: call.name,
        rawArguments,
        durationMs: now() - started,
        origin: tool.origin,
        result: result === 'stopped' ? { status: 'stopped' } : result,
      };
    }),
  );
}
