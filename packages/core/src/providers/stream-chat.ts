import type { ChatEvent } from './chat-event';
import type { ChatRequest } from './chat-request';
import { buildRequest } from './build-request';
import { errorFromFetchFailure, type LocalStopReason } from './error-mapping';
import { FetchTimeoutError } from './fetch-with-timeout';
import { dialectOf } from './provider-registry';
import { normaliseJsonBody, normaliseStream } from './stream-normaliser';

export interface StreamChatOptions {
  /** The fetch to use (the browser's, a test fake, the provider simulator's). */
  fetch: typeof fetch;
  /** Aborting stops the network read at once; the last event is then an `aborted` error. */
  signal?: AbortSignal | undefined;
  /** Give up with a `timeout` error when the response headers take longer (ms). Default: no limit. */
  timeoutMs?: number | undefined;
}

function localStop(signal: AbortSignal): LocalStopReason {
  if (!signal.aborted) return undefined;
  return signal.reason instanceof FetchTimeoutError ? 'timeout' : 'aborted';
}

/**
 * One chat call as provider-neutral events. Never throws: every failure (HTTP status, network,
 * abort, time-out, a broken stream) ends the sequence with one `error` event (SPEC.md ER*).
 */
export async function* streamChat(
  request: ChatRequest,
  options: StreamChatOptions,
): AsyncGenerator<ChatEvent, void, undefined> {
  const { model } = request;
  const provider = model.provider;
  const { apiType } = model;
  const built = buildRequest(request);
  const controller = new AbortController();
  const outer = options.signal;
  const forward = (): void => controller.abort(outer?.reason);
  if (outer?.aborted) forward();
  else outer?.addEventListener('abort', forward, { once: true });
  const { timeoutMs } = options;
  let timer: ReturnType<typeof setTimeout> | undefined =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => controller.abort(new FetchTimeoutError(timeoutMs)), timeoutMs);
  const failure = (error: unknown, responseStarted: boolean): ChatEvent => ({
    type: 'error',
    error: errorFromFetchFailure(provider, error, localStop(controller.signal), responseStarted),
  });
  try {
    if (controller.signal.aborted) {
      yield failure(controller.signal.reason, false);
      return;
    }
    let response: Response;
    try {
      response = await options.fetch(built.url, { ...built.init, signal: controller.signal });
    } catch (error) {
      yield failure(error, false);
      return;
    } finally {
      clearTimeout(timer);
      timer = undefined;
    }
    const contentType = response.headers.get('content-type') ?? '';
    const isJson = contentType.includes('json') && !contentType.includes('event-stream');
    if (!response.ok || !request.settings.stream || isJson || !response.body) {
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        yield failure(error, true);
        return;
      }
      if (!response.ok) {
        // ER10: error bodies are read whole whatever their content type claims.
        yield { type: 'error', error: dialectOf(model).mapError(provider, response.status, text) };
        return;
      }
      for (const event of normaliseJsonBody(text, apiType, provider)) {
        if (controller.signal.aborted) {
          yield failure(controller.signal.reason, true);
          return;
        }
        yield event;
      }
      return;
    }
    yield* normaliseStream(response.body, { apiType, provider, signal: controller.signal });
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
    // Stops the request if the consumer left the loop early.
    controller.abort();
  }
}
