import { createParser } from 'eventsource-parser';
import type { ApiType, ProviderId } from '../models';
import type { ChatEvent } from './chat-event';
import { errorFromFetchFailure, errorFromStreamPayload } from './error-mapping';
import { ProviderError } from './errors';
import { tryParseJson } from './json-guards';
import { providerDialects } from './provider-registry';

/** Bytes in, provider-neutral events out (SPEC.md ST0–ST26). */

export interface NormaliseOptions {
  /** The wire format of the response (the model's apiType). */
  apiType: ApiType;
  provider: ProviderId;
  /** Aborting cancels the read at once; the only event after that is an `aborted` error. */
  signal?: AbortSignal | undefined;
}

/** A body that was not SSE is kept, up to this many characters, to be read as one JSON value (ST10). */
const NON_SSE_LIMIT = 4 * 1024 * 1024;

function abortedError(provider: ProviderId, signal: AbortSignal): ProviderError {
  const reason: unknown = signal.reason;
  const timedOut = reason instanceof Error && reason.name === 'TimeoutError';
  return errorFromFetchFailure(provider, reason, timedOut ? 'timeout' : 'aborted', true);
}

/**
 * Reads an SSE response body. One streaming TextDecoder turns bytes into text (ST12: multi-byte
 * characters split across reads), eventsource-parser does all SSE framing (ST1, ST7, ST11, ST13),
 * and the provider's decoder turns each event into ChatEvents, drained once per network read.
 */
export async function* normaliseStream(
  body: ReadableStream<Uint8Array>,
  options: NormaliseOptions,
): AsyncGenerator<ChatEvent, void, undefined> {
  const { provider, signal } = options;
  const out: ChatEvent[] = [];
  const decoder = providerDialects[options.apiType].decoder(out, provider);
  // Lines that are not SSE fields: a whole JSON body sent as text/event-stream (ST10), or the rest
  // of a payload whose writer broke it over lines without repeating `data:` (ST13).
  const nonSseLines: string[] = [];
  let nonSseChars = 0;
  let strayLines: string[] = [];
  let strayChars = 0;
  let sawEvent = false;
  const parser = createParser({
    onEvent(message) {
      sawEvent = true;
      let data = message.data;
      if (strayLines.length > 0) {
        const joined = data + strayLines.join('');
        strayLines = [];
        strayChars = 0;
        if (tryParseJson(data) === undefined && tryParseJson(joined) !== undefined) data = joined;
      }
      decoder.event(data, message.event);
    },
    onError(error) {
      const line = error.line;
      if (line === undefined) return;
      if (error.type === 'unknown-field' && error.field === 'error') {
        // ST27: an `error:` field line (some proxies write the failure so) ends the answer as that
        // error, after what came before it; it is never taken for a stray line and dropped.
        const value = (error.value ?? '').trim();
        const payload = tryParseJson(value) ?? { error: value };
        decoder.fail(errorFromStreamPayload(provider, payload, value));
        return;
      }
      if (strayChars <= NON_SSE_LIMIT) {
        strayLines.push(line);
        strayChars += line.length;
      }
      if (!sawEvent && nonSseChars <= NON_SSE_LIMIT) {
        nonSseLines.push(line);
        nonSseChars += line.length;
      }
    },
  });
  const textDecoder = new TextDecoder('utf-8');
  const reader = body.getReader();
  const cancel = (): void => {
    reader.cancel().catch(() => undefined);
  };
  signal?.addEventListener('abort', cancel);
  let readFailure: unknown;
  let failed = false;
  try {
    if (signal?.aborted) {
      yield { type: 'error', error: abortedError(provider, signal) };
      return;
    }
    for (;;) {
      let result: Awaited<ReturnType<typeof reader.read>>;
      try {
        result = await reader.read();
      } catch (error) {
        readFailure = error;
        failed = true;
        break;
      }
      if (signal?.aborted || result.done) break;
      parser.feed(textDecoder.decode(result.value, { stream: true }));
      for (let i = 0; i < out.length; i++) {
        if (signal?.aborted) break;
        yield out[i] as ChatEvent;
      }
      out.length = 0;
      if (signal?.aborted || decoder.finished) break;
    }
    if (signal?.aborted) {
      yield { type: 'error', error: abortedError(provider, signal) };
      return;
    }
    if (failed) {
      decoder.fail(errorFromFetchFailure(provider, readFailure, undefined, true));
    } else if (!decoder.finished) {
      // Flush the decoder and dispatch a last event that had no blank line after it.
      parser.feed(`${textDecoder.decode()}\n\n`);
      if (!sawEvent && nonSseLines.length > 0) {
        const raw = nonSseLines.join('\n');
        const value = tryParseJson(raw);
        if (value !== undefined) decoder.json(value, raw);
      }
    }
    decoder.end();
    for (const event of out) yield event;
    out.length = 0;
  } finally {
    signal?.removeEventListener('abort', cancel);
    cancel();
  }
}

/** A whole JSON body (non-streaming call, or a server that ignored `stream`) → the same events. */
export function normaliseJsonBody(text: string, apiType: ApiType, provider: ProviderId): ChatEvent[] {
  const out: ChatEvent[] = [];
  const decoder = providerDialects[apiType].decoder(out, provider);
  const value = tryParseJson(text);
  if (value === undefined) {
    decoder.fail(
      new ProviderError({
        code: 'provider_error',
        provider,
        providerMessage: 'The response was not valid JSON',
        rawBody: text,
      }),
    );
  } else {
    decoder.json(value, text);
    decoder.end();
  }
  return out;
}
