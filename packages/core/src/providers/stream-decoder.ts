import type { ProviderId } from '../models';
import type { ChatEvent, FinishReason, TokenUsage } from './chat-event';
import { ProviderError } from './errors';
import { ToolCallAccumulator } from './tool-call-accumulator';

/**
 * A provider's stream decoder: fed one SSE event (or one whole JSON response) at a time, it pushes
 * provider-neutral events into `out`. Synchronous, so the byte reader drains `out` once per read.
 */
export interface StreamDecoder {
  /** One SSE event: its data (lines joined with \n) and event name. */
  event(data: string, eventName: string | undefined): void;
  /** A whole JSON value: a non-streaming response, or a body that was not SSE. */
  json(value: unknown, raw: string): void;
  /** Input ended: emits the pending usage and finish, or stream_interrupted (ST2). */
  end(): void;
  /** Ends the stream with an error after whatever was already emitted. */
  fail(error: ProviderError): void;
  /** True once finish or error was emitted; later input is ignored. */
  readonly finished: boolean;
}

export abstract class DecoderBase implements StreamDecoder {
  protected readonly tools: ToolCallAccumulator;
  protected usage: TokenUsage | undefined;
  protected finishReason: FinishReason | undefined;
  /** True once text other than whitespace was emitted (ST19 shows a refusal's reason only without it). */
  protected sawText = false;
  private done = false;

  constructor(
    protected readonly out: ChatEvent[],
    protected readonly provider: ProviderId,
  ) {
    this.tools = new ToolCallAccumulator(out);
  }

  abstract event(data: string, eventName: string | undefined): void;
  abstract json(value: unknown, raw: string): void;

  get finished(): boolean {
    return this.done;
  }

  /**
   * Deltas that arrive in one network read are merged into one event: the consumer sees the same
   * text with far fewer events (and renders), which is most of the cost of a fast stream.
   */
  protected text(text: string): void {
    if (text === '') return;
    if (!this.sawText && text.trim() !== '') this.sawText = true;
    const last = this.out[this.out.length - 1];
    if (last?.type === 'text-delta') last.text += text;
    else this.out.push({ type: 'text-delta', text });
  }

  protected reasoning(text: string): void {
    if (text === '') return;
    const last = this.out[this.out.length - 1];
    if (last?.type === 'reasoning-delta' && last.signature === undefined && last.redactedData === undefined) {
      last.text += text;
    } else this.out.push({ type: 'reasoning-delta', text });
  }

  /** The finish reason this stream would end with if it ended now (undefined: not finished yet). */
  protected pendingFinish(): FinishReason | undefined {
    return this.finishReason;
  }

  /** Text a decoder held back (a tag that might still be completing) is given out before the end. */
  protected flushHeld(): void {}

  /** Terminal success: open tool calls complete, then usage, then finish (ST14). */
  protected complete(reason: FinishReason): void {
    if (this.done) return;
    this.flushHeld();
    this.done = true;
    this.tools.completeAll();
    this.emitUsage();
    this.out.push({ type: 'finish', reason });
  }

  fail(error: ProviderError): void {
    if (this.done) return;
    this.flushHeld();
    this.done = true;
    this.emitUsage();
    this.out.push({ type: 'error', error });
  }

  end(): void {
    if (this.done) return;
    const reason = this.pendingFinish();
    if (reason) this.complete(reason);
    else
      this.fail(
        new ProviderError({
          code: 'stream_interrupted',
          provider: this.provider,
          providerMessage: 'The response stream ended before the model finished',
        }),
      );
  }

  private emitUsage(): void {
    if (this.usage) this.out.push({ type: 'usage', ...this.usage });
  }
}
