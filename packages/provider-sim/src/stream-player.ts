import type { ServerResponse } from 'node:http';
import type { Ending } from './reply-plan';

/** One write to the client: an SSE event, a comment line, or raw bytes. */
export interface Frame {
  data: string | Buffer;
  /** Output tokens this frame carries; paced at the configured tokens per second. */
  tokens: number;
}

/** A provider's whole stream for one reply, in parts so the same script can end in different ways. */
export interface StreamScript {
  /** Keep-alive comments, role chunk, message_start: sent before any content. */
  preamble: Frame[];
  /** Reasoning, text and tool-call deltas: a cut or mid-stream error happens half-way through these. */
  content: Frame[];
  /** Finish reason, usage and the terminator ([DONE], message_stop). */
  finale: Frame[];
  /** The provider's mid-stream error shape, written instead of the rest of the content and the finale. */
  midstreamError: Frame[];
  /** Only for streams that are not SSE (Gemini without `alt=sse` streams a JSON array). */
  contentType?: string;
}

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
};

/** Frames to send for an ending; a cut keeps about half the content so the client has seen some text. */
export function framesFor(script: StreamScript, ending: Ending): Frame[] {
  const half = script.content.slice(0, Math.max(1, Math.ceil(script.content.length / 2)));
  switch (ending) {
    case 'done':
      return [...script.preamble, ...script.content, ...script.finale];
    case 'cut':
    case 'cut-reset':
      return [...script.preamble, ...half];
    case 'midstream-error':
      return [...script.preamble, ...half, ...script.midstreamError];
    case 'hang':
      return [];
  }
}

/** Writes to a response one frame at a time, noticing a client that went away instead of crashing. */
export class ResponseWriter {
  private closed = false;
  private readonly closedPromise: Promise<void>;

  constructor(private readonly res: ServerResponse) {
    this.closedPromise = new Promise((resolve) => {
      res.once('close', () => {
        this.closed = true;
        resolve();
      });
    });
    res.socket?.setNoDelay(true);
  }

  get isOpen(): boolean {
    return !this.closed && !this.res.destroyed;
  }

  /** Writes now (no buffering) and waits for drain when the socket pushes back. False once the client left. */
  async write(chunk: string | Buffer): Promise<boolean> {
    if (!this.isOpen) return false;
    if (!this.res.write(chunk)) {
      await Promise.race([new Promise((resolve) => this.res.once('drain', resolve)), this.closedPromise]);
    }
    return this.isOpen;
  }

  /** Sleeps, waking early if the client disconnects. */
  async pause(ms: number): Promise<void> {
    if (ms <= 0) {
      // Yield anyway so each frame leaves in its own write and a disconnect is noticed between frames.
      await new Promise((resolve) => setImmediate(resolve));
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([new Promise((resolve) => (timer = setTimeout(resolve, ms))), this.closedPromise]);
    clearTimeout(timer);
  }

  waitForClose(): Promise<void> {
    return this.closedPromise;
  }

  end(): void {
    if (this.isOpen) this.res.end();
  }

  /** Ends the TCP connection without the final chunk, so the client sees a broken body, not a clean end. */
  reset(): void {
    const socket = this.res.socket;
    if (socket && this.isOpen) socket.end();
  }
}

/** Sends a scripted stream with status 200 and SSE headers, pacing content at `tokensPerSecond` if set. */
export async function playStream(
  res: ServerResponse,
  script: StreamScript,
  ending: Ending,
  tokensPerSecond: number | null,
  headers: Record<string, string> = {},
): Promise<void> {
  const writer = new ResponseWriter(res);
  const contentType = script.contentType ? { 'content-type': script.contentType } : {};
  res.writeHead(200, { ...SSE_HEADERS, ...contentType, ...headers });
  res.flushHeaders();
  if (ending === 'hang') {
    await writer.waitForClose();
    return;
  }
  for (const frame of framesFor(script, ending)) {
    const delay = tokensPerSecond && frame.tokens > 0 ? (frame.tokens / tokensPerSecond) * 1000 : 0;
    await writer.pause(delay);
    if (!(await writer.write(frame.data))) return;
  }
  if (ending === 'cut-reset') writer.reset();
  else writer.end();
}
